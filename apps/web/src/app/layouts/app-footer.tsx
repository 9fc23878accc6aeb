import { Group, Text } from '@mantine/core';
import { APP_NAME, APP_VERSION, jakartaDay } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { serverNow } from '../../lib/clock.ts';

/** Application name, version and copyright. */
export function AppFooter() {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" px="md" h="100%" gap="xs" wrap="nowrap" data-testid="app-footer">
      <Text size="xs" fw={600}>
        {APP_NAME} <span data-testid="app-version">{t('app.version', { version: APP_VERSION })}</span>
      </Text>
      <Text size="xs" c="dimmed" truncate>
        {t('app.copyright', { year: jakartaDay(serverNow()).slice(0, 4), name: APP_NAME })}
      </Text>
    </Group>
  );
}
