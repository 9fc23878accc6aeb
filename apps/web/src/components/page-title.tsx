import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The heading of a school screen with optional actions on the right; left off a printout (a printed paper
 * starts with its letterhead and carries its own title).
 */
export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" mb="md" wrap="wrap" gap="sm" data-page-title>
      <Title order={1} fz="h3">
        {children}
      </Title>
      {actions}
    </Group>
  );
}
