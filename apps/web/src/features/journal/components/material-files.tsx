import { ActionIcon, Anchor, FileInput, Group, Stack, Text } from '@mantine/core';
import { MATERIAL_MAX_ATTACHMENTS, type SubjectMaterial } from '@mms/shared';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { useAddMaterialFile, useRemoveMaterialFile } from '../api.ts';

/** The files of a material: links to read them; for its managers, upload (JPG, PNG, PDF) and remove after confirmation. */
export function MaterialFiles({ material, manage = false }: { material: SubjectMaterial; manage?: boolean }) {
  const { t } = useTranslation();
  const [files, setFiles] = useState(material.attachments);
  const add = useAddMaterialFile(material.id);
  const remove = useRemoveMaterialFile(material.id);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t('journal.material.files')}
      </Text>
      {files.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('journal.material.noFiles')}
        </Text>
      )}
      {files.map((f, i) => (
        <Group key={f.url} gap="xs" wrap="nowrap">
          <Anchor href={f.url} target="_blank" size="sm" style={{ flex: 1 }}>
            {f.name}
          </Anchor>
          {manage && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('journal.material.removeFile', { name: f.name })}
              onClick={() =>
                confirmDialog({
                  title: t('journal.material.delete'),
                  text: t('journal.material.removeFile', { name: f.name }),
                  confirm: t('journal.material.delete'),
                  destructive: true,
                  onConfirm: () =>
                    remove.mutate(i, { onSuccess: (m) => setFiles(m.attachments), onError: notifyError }),
                })
              }
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      ))}
      {manage && files.length < MATERIAL_MAX_ATTACHMENTS && (
        <FileInput
          label={t('journal.material.addFile')}
          accept="image/jpeg,image/png,application/pdf"
          value={null}
          disabled={add.isPending}
          onChange={(file) =>
            file && add.mutate(file, { onSuccess: (m) => setFiles(m.attachments), onError: notifyError })
          }
        />
      )}
    </Stack>
  );
}
