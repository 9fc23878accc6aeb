import { ActionIcon, Badge, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { toJakarta, type StoredFile } from '@mms/shared';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { rowActionsColumn } from '../../../components/data-list/row-actions.tsx';
import { DateField } from '../../../components/date-fields.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { dateText } from '../../../lib/display.ts';
import { notifyError, notifyInfo } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { UPLOAD_HISTORY, useFileKinds, useRemoveFile } from '../api.ts';
import { userCan } from '../../../lib/permissions.ts';

type T = (key: string, options?: Record<string, unknown>) => string;

/** A size as people read it: 900 B, 12,5 KB, 3,2 MB. */
export function sizeText(bytes: number, lang: string): string {
  const locale = lang === 'en' ? 'en-US' : 'id-ID';
  const [value, unit] =
    bytes < 1024 ? [bytes, 'B'] : bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / 1024 / 1024, 'MB'];
  return `${value.toLocaleString(locale, { maximumFractionDigits: 1 })} ${unit}`;
}

const known = (t: T, key: string, fallback: string) => {
  const text = t(key, { defaultValue: '' });
  return text || fallback;
};
const kindText = (t: T, kind: string) => known(t, `files.kinds.${kind}`, kind);
const uploadedText = (iso: string) => {
  const j = toJakarta(new Date(iso));
  return `${dateText(j.date, 'short')} ${j.time.slice(0, 5)}`;
};
const ownersText = (t: T, row: StoredFile) =>
  row.owners
    .map((o) => `${known(t, `files.entities.${o.entity}`, o.entity)} #${o.id}${o.label ? ` (${o.label})` : ''}`)
    .join(', ');
const usageText = (t: T, row: StoredFile) =>
  row.inUse === null ? t('files.unchecked') : row.inUse ? t('files.used') : t('files.unused');

function columns(t: T, lang: string): ListColumn<StoredFile>[] {
  return [
    { accessor: 'uploadedAt', title: t('files.uploadedAt'), render: (r) => uploadedText(r.uploadedAt) },
    { accessor: 'kind', title: t('files.kind'), render: (r) => kindText(t, r.kind) },
    {
      accessor: 'name',
      title: t('files.name'),
      render: (r) => (
        <Text ff="monospace" fz="sm">
          {r.name.slice(0, 12)}…
        </Text>
      ),
      exportValue: (r) => r.name,
    },
    { accessor: 'size', title: t('files.size'), textAlign: 'right', render: (r) => sizeText(r.size, lang) },
    { accessor: 'mime', title: t('files.type'), render: (r) => r.mime ?? '-' },
    {
      accessor: 'uploadedBy',
      title: t('files.uploadedBy'),
      render: (r) =>
        r.uploadedBy ? `${r.uploadedBy.displayName} (${r.uploadedBy.username})` : t('files.unknownUploader'),
    },
    {
      accessor: 'purpose',
      title: t('files.purpose'),
      render: (r) => (r.purpose ? known(t, `files.purposes.${r.purpose}`, r.purpose) : '-'),
    },
    {
      accessor: 'inUse',
      title: t('files.usage'),
      render: (r) => (
        <Badge variant="light" color={r.inUse === false ? 'gray' : r.inUse ? 'green' : 'yellow'}>
          {usageText(t, r)}
        </Badge>
      ),
      exportValue: (r) => usageText(t, r),
    },
    { accessor: 'owners', title: t('files.usedBy'), render: (r) => ownersText(t, r) || '-' },
  ];
}

/** `other-upload-history`: every uploaded file with who, when, what for and its size; ADMIN removes unused ones. */
export function UploadHistoryPage() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const remover = userCan(user, 'files.remove');
  const kinds = useFileKinds();
  const remove = useRemoveFile();
  const [kind, setKind] = useState<string | null>(null);
  const [usage, setUsage] = useState<string | null>(null);
  const [uploaderText, setUploaderText] = useState('');
  const [uploader] = useDebouncedValue(uploaderText.trim(), 300);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');

  const confirmRemove = (row: StoredFile) =>
    confirmDialog({
      title: t('files.removeTitle'),
      text: t('files.removeText', {
        name: row.name,
        kind: kindText(t, row.kind),
        size: sizeText(row.size, i18n.language),
      }),
      confirm: t('files.remove'),
      destructive: true,
      onConfirm: () => remove.mutate(row, { onSuccess: () => notifyInfo(t('files.removed')), onError: notifyError }),
    });

  const cols: ListColumn<StoredFile>[] = [
    ...columns(t, i18n.language),
    ...(remover
      ? [
          rowActionsColumn<StoredFile>((r) =>
            r.inUse === false ? (
              <Tooltip label={t('files.remove')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('files.removeLabel', { name: r.name })}
                  onClick={() => confirmRemove(r)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null,
          ),
        ]
      : []),
  ];
  const filters = { kind, usage, uploader: uploader || undefined, from: from || undefined, to: to || undefined };
  const exportFilters = [
    ...(kind ? [[t('files.kind'), kindText(t, kind)] as const] : []),
    ...(usage ? [[t('files.usage'), t(`files.${usage}`)] as const] : []),
    ...(uploader ? [[t('files.uploadedBy'), uploader] as const] : []),
    ...(from ? [[t('files.from'), dateText(from, 'short')] as const] : []),
    ...(to ? [[t('files.to'), dateText(to, 'short')] as const] : []),
  ];
  return (
    <Stack gap="md">
      <PageTitle>{t('files.title')}</PageTitle>
      <DataList<StoredFile>
        path={UPLOAD_HISTORY}
        label={t('files.title')}
        columns={cols}
        filters={filters}
        rowId={(r) => `${r.kind}/${r.name}`}
        exportName="riwayat-unggahan"
        exportFilters={exportFilters}
        print={{ unitId: null }}
        filterControls={
          <>
            <Select
              label={t('files.kind')}
              placeholder={t('files.allKinds')}
              data={(kinds.data?.items ?? []).map((k) => ({
                value: k.kind,
                label: `${kindText(t, k.kind)} (${k.files})`,
              }))}
              value={kind}
              onChange={setKind}
              clearable
              w={200}
            />
            <Select
              label={t('files.usage')}
              placeholder={t('files.allUsage')}
              data={[
                { value: 'used', label: t('files.used') },
                { value: 'unused', label: t('files.unused') },
              ]}
              value={usage}
              onChange={setUsage}
              clearable
              w={160}
            />
            <TextInput
              label={t('files.uploader')}
              value={uploaderText}
              onChange={(e) => setUploaderText(e.currentTarget.value)}
              w={200}
            />
            <DateField label={t('files.from')} value={from} onChange={setFrom} clearable />
            <DateField label={t('files.to')} value={to} onChange={setTo} clearable />
          </>
        }
      />
    </Stack>
  );
}
