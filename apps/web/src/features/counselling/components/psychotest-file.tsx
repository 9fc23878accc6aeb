import { Anchor, Button, FileInput, Group, Stack, Text } from '@mantine/core';
import type { Psychotest } from '@mms/shared';
import { IconDownload, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { PSYCHOTESTS_PATH, useAttachPsychotestFile, useRemovePsychotestFile } from '../api.ts';

/** The result's file (PDF or image): download (an audited read), upload or replace, remove. */
export function PsychotestFile({ result, onChanged }: { result: Psychotest; onChanged: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const attach = useAttachPsychotestFile(result.id);
  const detach = useRemovePsychotestFile(result.id);
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('counselling.attachment')}</Text>
      {result.attachment ? (
        <Group gap="sm">
          <Anchor href={`/api/v1${PSYCHOTESTS_PATH}/${result.id}/attachment`} download={result.attachment.name}>
            <Group gap={4}>
              <IconDownload size={16} aria-hidden />
              {t('counselling.attachmentDownload')}: {result.attachment.name}
            </Group>
          </Anchor>
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            leftSection={<IconTrash size={16} aria-hidden />}
            loading={detach.isPending}
            onClick={() =>
              confirmDialog({
                title: t('counselling.attachmentRemove'),
                text: result.attachment!.name,
                confirm: t('counselling.attachmentRemove'),
                destructive: true,
                onConfirm: () =>
                  detach.mutate(undefined, {
                    onSuccess: () => {
                      notifyDone('deleted');
                      onChanged();
                    },
                    onError: notifyError,
                  }),
              })
            }
          >
            {t('counselling.attachmentRemove')}
          </Button>
        </Group>
      ) : (
        <Text size="sm">{t('counselling.attachmentNone')}</Text>
      )}
      <Group align="flex-end">
        <FileInput
          label={t('counselling.attachmentChoose')}
          accept="application/pdf,image/jpeg,image/png"
          value={file}
          onChange={setFile}
          clearable
          w={{ base: '100%', sm: 320 }}
        />
        <Button
          leftSection={<IconUpload size={16} aria-hidden />}
          disabled={!file}
          loading={attach.isPending}
          onClick={() =>
            file &&
            attach.mutate(file, {
              onSuccess: () => {
                setFile(null);
                notifyDone('saved');
                onChanged();
              },
              onError: notifyError,
            })
          }
        >
          {t('counselling.attachmentUpload')}
        </Button>
      </Group>
    </Stack>
  );
}
