import { Divider, Drawer, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SettingsPanel } from '../../features/settings/components/settings-panel.tsx';
import { TodayFacts } from '../../components/today-facts.tsx';
import { useOpenAfterMount } from './use-open-after-mount.ts';

/**
 * The side overlay (today's facts and the layout settings). Its code (a drawer, switches, selects) loads the first
 * time it is opened, not with every backend screen.
 */
export function SideOverlay({
  opened,
  onClose,
  position,
}: {
  opened: boolean;
  onClose: () => void;
  position: 'left' | 'right';
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={useOpenAfterMount(opened)}
      onClose={onClose}
      position={position}
      title={
        <Title order={2} fz="h4">
          {t('settings.title')}
        </Title>
      }
      closeButtonProps={{ 'aria-label': t('settings.close') }}
      size={340}
      data-testid="side-overlay"
    >
      <Stack gap="md">
        <TodayFacts />
        <Divider />
        <SettingsPanel />
      </Stack>
    </Drawer>
  );
}
