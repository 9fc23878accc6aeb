import '../../../i18n/content/index.ts';
import { Button } from '@mantine/core';
import type { CropRect } from '@mms/shared';
import { IconCrop } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyDone } from '../../../lib/notify.ts';
import { useSetPersonAvatar } from '../api.ts';
import { CropDialog } from '../components/crop-dialog.tsx';

/**
 * "Crop a photo (1:1)" for a student (the student-photo path and rules) or an employee (their account's avatar
 * too): the crop dialog sends the original and the square, the server cuts it.
 */
export default function PersonAvatarButton({
  kind,
  id,
  name,
}: {
  kind: 'students' | 'employees';
  id: number;
  name: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const set = useSetPersonAvatar(kind, id);
  const save = (file: File, rect: CropRect | null) =>
    rect &&
    set.mutate(
      { file, rect },
      {
        onSuccess: () => {
          setOpen(false);
          notifyDone('saved', t('content.avatar.photoOf', { name }));
        },
      },
    );
  return (
    <>
      <Button variant="light" size="xs" leftSection={<IconCrop size={14} aria-hidden />} onClick={() => setOpen(true)}>
        {t('content.avatar.crop')}
      </Button>
      <CropDialog
        opened={open}
        onClose={() => setOpen(false)}
        title={t('content.avatar.cropOf', { name })}
        ratio="AVATAR"
        onSave={save}
        saving={set.isPending}
        error={set.error}
      />
    </>
  );
}
