import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The heading of a school screen with optional actions on the right. */
export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
      <Title order={1} fz="h3">
        {children}
      </Title>
      {actions}
    </Group>
  );
}
