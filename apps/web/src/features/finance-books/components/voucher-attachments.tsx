import { ActionIcon, Anchor, FileInput, Group, Stack, Text, Title } from '@mantine/core';
import { type Voucher } from '@mms/shared';
import { IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { printClasses } from '../../../components/print/printed-paper.tsx';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { attachmentHref, useAddAttachment, useRemoveAttachment, useVoucherAttachments } from '../api.ts';
import { userCan } from '../../../lib/permissions.ts';

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${(bytes - (bytes % 1024)) / 1024} KB` : '> 1 MB');

/**
 * A voucher's scans, photos and PDFs: links to open them; the treasurer adds one (draft or posted) and may
 * remove one only while the voucher is a draft (a posted voucher never loses its evidence).
 */
export function VoucherAttachments({ voucher }: { voucher: Voucher }) {
  const { t } = useTranslation();
  const canManage = userCan(useCurrentUser(), 'finance.manage');
  const list = useVoucherAttachments(voucher.id);
  const add = useAddAttachment(voucher.id);
  const remove = useRemoveAttachment();
  const items = list.data?.items ?? [];
  return (
    <Stack gap={4} mt="md" className={printClasses.noPrint}>
      <Title order={2} fz="h5">
        {t('financeBooks.attachments.title')}
      </Title>
      {list.isSuccess && items.length === 0 && <Text size="sm">{t('financeBooks.attachments.none')}</Text>}
      {items.map((a) => (
        <Group key={a.id} gap="xs" wrap="nowrap">
          <IconPaperclip size={16} aria-hidden />
          <Anchor href={attachmentHref(a.id)} target="_blank" size="sm">
            {a.fileName}
          </Anchor>
          <Text size="sm">
            ({sizeText(a.size)}, {a.uploadedByName})
          </Text>
          {canManage && voucher.state === 'DRAFT' && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('financeBooks.attachments.remove', { name: a.fileName })}
              onClick={() =>
                confirmDialog({
                  title: t('financeBooks.attachments.removeTitle'),
                  text: t('financeBooks.attachments.remove', { name: a.fileName }),
                  confirm: t('financeBooks.attachments.removeConfirm'),
                  destructive: true,
                  onConfirm: () =>
                    remove.mutate(a.id, { onSuccess: () => notifyDone('deleted'), onError: notifyError }),
                })
              }
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      ))}
      {canManage && (
        <FileInput
          label={t('financeBooks.attachments.add')}
          description={t('financeBooks.attachments.hint')}
          accept="image/jpeg,image/png,application/pdf"
          value={null}
          disabled={add.isPending}
          w={{ base: '100%', sm: 360 }}
          onChange={(file) => file && add.mutate(file, { onSuccess: () => notifyDone('saved'), onError: notifyError })}
        />
      )}
    </Stack>
  );
}
