import '../../../i18n/content/index.ts';
import { Button, Group } from '@mantine/core';
import type { CropRect } from '@mms/shared';
import { IconCamera } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyDone } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useRemoveOwnAvatar, useSetOwnAvatar } from '../api.ts';
import { CropDialog } from '../components/crop-dialog.tsx';

/** The profile's avatar controls: choose a photo, crop it square (the server crops), or remove it. */
export default function AvatarEditor() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const set = useSetOwnAvatar();
  const remove = useRemoveOwnAvatar();
  const save = (file: File, rect: CropRect | null) =>
    rect &&
    set.mutate(
      { file, rect },
      {
        onSuccess: () => {
          setOpen(false);
          notifyDone('saved', t('content.avatar.title'));
        },
      },
    );
  return (
    <Group gap="xs">
      <Button
        variant="light"
        size="xs"
        leftSection={<IconCamera size={14} aria-hidden />}
        onClick={() => setOpen(true)}
      >
        {t('content.avatar.change')}
      </Button>
      {user.avatarUrl && (
        <Button
          variant="subtle"
          color="red"
          size="xs"
          loading={remove.isPending}
          onClick={() =>
            confirmDialog({
              title: t('content.avatar.removeTitle'),
              text: t('content.avatar.removeText'),
              confirm: t('content.avatar.remove'),
              destructive: true,
              onConfirm: () => remove.mutate(),
            })
          }
        >
          {t('content.avatar.remove')}
        </Button>
      )}
      <CropDialog
        opened={open}
        onClose={() => setOpen(false)}
        title={t('content.avatar.title')}
        ratio="AVATAR"
        onSave={save}
        saving={set.isPending}
        error={set.error}
      />
    </Group>
  );
}
