import { Group, Loader, Text } from '@mantine/core';
import { IconCheck, IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SyncSnapshot } from '../exam-sync.ts';

/** "Tersimpan" / "Menyimpan…" / "Offline — N jawaban menunggu dikirim": always visible, announced politely. */
export function SyncStatus({ sync, offline }: { sync: SyncSnapshot; offline: boolean }) {
  const { t } = useTranslation();
  const waiting = sync.pending;
  const state = waiting === 0 && !sync.sending ? 'saved' : offline ? 'offline' : 'saving';
  return (
    <Group gap={6} role="status" aria-live="polite" data-testid="exam-sync-status">
      {state === 'saved' && <IconCheck size={18} aria-hidden />}
      {state === 'saving' && <Loader size={14} aria-hidden />}
      {state === 'offline' && <IconCloudOff size={18} aria-hidden />}
      <Text size="sm" fw={600} c={state === 'offline' ? 'red' : undefined}>
        {state === 'saved'
          ? t('examPlay.saved')
          : state === 'offline'
            ? t('examPlay.offlineWaiting', { count: waiting })
            : t('examPlay.saving')}
      </Text>
    </Group>
  );
}
