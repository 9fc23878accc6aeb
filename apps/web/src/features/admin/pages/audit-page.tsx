import { Button, Code, Group, Modal, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { AuditEntry } from '@mms/shared';
import { IconEye } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { auditActionText, auditEntityText } from '../../../i18n/audit/index.ts';
import { rowActionsColumn, RowActions } from '../../../components/data-list/row-actions.tsx';
import { DateField } from '../../../components/date-fields.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { dateText } from '../../../lib/display.ts';
import { dateTimeText, recordText } from '../format.ts';

function Record({ label, value }: { label: string; value: unknown }) {
  const { t } = useTranslation();
  const text = recordText(value);
  return (
    <Stack gap={4}>
      <Title order={3} fz="h5">
        {label}
      </Title>
      {text === null ? (
        <Text size="sm" c="dimmed">
          {t('admin.audit.nothing')}
        </Text>
      ) : (
        <Code block data-testid={`audit-${label}`}>
          {text}
        </Code>
      )}
    </Stack>
  );
}

function AuditDetail({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  return (
    <Modal
      opened={entry !== null}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
      title={entry ? t('admin.audit.detailTitle', { action: auditActionText(entry.action) }) : ''}
      size="xl"
    >
      {entry && (
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Text size="sm">
              {t('admin.audit.at')}: {dateTimeText(entry.at, lang)}
            </Text>
            <Text size="sm">
              {t('admin.audit.actor')}: {entry.actorUsername ?? t('admin.audit.system')}
            </Text>
            <Text size="sm">
              {t('admin.audit.entityType')}: {auditEntityText(entry.entityType)} {entry.entityId ?? ''}
            </Text>
            <Text size="sm">
              {t('admin.audit.ip')}: {entry.ip ?? '–'}
            </Text>
            <Text size="sm">
              {t('admin.audit.requestId')}: {entry.requestId ?? '–'}
            </Text>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Record label={t('admin.audit.before')} value={entry.before} />
            <Record label={t('admin.audit.after')} value={entry.after} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin.user.cancel')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** other-audit: the audit trail with filters (actor, action prefix, record, Jakarta days), details and Excel. */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const [actorText, setActor] = useState('');
  const [actionText, setAction] = useState('');
  const [entityText, setEntity] = useState('');
  const [actor] = useDebouncedValue(actorText.trim(), 300);
  const [action] = useDebouncedValue(actionText.trim(), 300);
  const [entityType] = useDebouncedValue(entityText.trim(), 300);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [open, setOpen] = useState<AuditEntry | null>(null);

  const columns = useMemo<ListColumn<AuditEntry>[]>(
    () => [
      { accessor: 'at', title: t('admin.audit.at'), render: (a) => dateTimeText(a.at, lang) },
      {
        accessor: 'actorUsername',
        title: t('admin.audit.actor'),
        render: (a) => a.actorUsername ?? t('admin.audit.system'),
      },
      { accessor: 'action', title: t('admin.audit.action'), render: (a) => auditActionText(a.action) },
      { accessor: 'entityType', title: t('admin.audit.entityType'), render: (a) => auditEntityText(a.entityType) },
      { accessor: 'entityId', title: t('admin.audit.entityId'), render: (a) => a.entityId ?? '–' },
      { accessor: 'ip', title: t('admin.audit.ip'), render: (a) => a.ip ?? '–' },
      rowActionsColumn<AuditEntry>((a) => (
        <RowActions
          name={`${auditActionText(a.action)} ${dateTimeText(a.at, lang)}`}
          actions={[
            { label: t('admin.audit.detail'), icon: <IconEye size={18} aria-hidden />, onClick: () => setOpen(a) },
          ]}
        />
      )),
    ],
    [t, lang],
  );
  const exportColumns = useMemo(
    () => [
      { title: t('admin.audit.at'), value: (a: AuditEntry) => dateTimeText(a.at, lang) },
      { title: t('admin.audit.actor'), value: (a: AuditEntry) => a.actorUsername ?? t('admin.audit.system') },
      { title: t('admin.audit.action'), value: (a: AuditEntry) => auditActionText(a.action) },
      { title: t('admin.audit.entityType'), value: (a: AuditEntry) => auditEntityText(a.entityType) },
      { title: t('admin.audit.entityId'), value: (a: AuditEntry) => a.entityId },
      { title: t('admin.audit.ip'), value: (a: AuditEntry) => a.ip },
      { title: t('admin.audit.before'), value: (a: AuditEntry) => recordText(a.before) },
      { title: t('admin.audit.after'), value: (a: AuditEntry) => recordText(a.after) },
    ],
    [t, lang],
  );
  const exportFilters = [
    ...(actor ? [[t('admin.audit.actor'), actor] as const] : []),
    ...(action ? [[t('admin.audit.action'), action] as const] : []),
    ...(entityType ? [[t('admin.audit.entityType'), entityType] as const] : []),
    ...(from ? [[t('admin.audit.from'), dateText(from)] as const] : []),
    ...(to ? [[t('admin.audit.to'), dateText(to)] as const] : []),
  ];

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <PageTitle>{t('admin.audit.title')}</PageTitle>
      <DataList<AuditEntry>
        path="/audit"
        label={t('admin.audit.label')}
        columns={columns}
        searchLabel={t('admin.audit.searchLabel')}
        exportName={t('admin.audit.exportName')}
        exportColumns={exportColumns}
        exportFilters={exportFilters}
        filters={{ actor, action, entityType, from, to }}
        filterControls={
          <>
            <TextInput
              label={t('admin.audit.actorFilter')}
              value={actorText}
              onChange={(e) => setActor(e.currentTarget.value)}
              w={{ base: '100%', sm: 180 }}
            />
            <TextInput
              label={t('admin.audit.actionFilter')}
              placeholder={t('admin.audit.actionPlaceholder')}
              value={actionText}
              onChange={(e) => setAction(e.currentTarget.value)}
              w={{ base: '100%', sm: 160 }}
            />
            <TextInput
              label={t('admin.audit.entityType')}
              value={entityText}
              onChange={(e) => setEntity(e.currentTarget.value)}
              w={{ base: '100%', sm: 140 }}
            />
            <DateField label={t('admin.audit.from')} value={from} onChange={setFrom} max={to || undefined} clearable />
            <DateField label={t('admin.audit.to')} value={to} onChange={setTo} min={from || undefined} clearable />
          </>
        }
      />
      <AuditDetail entry={open} onClose={() => setOpen(null)} />
    </Paper>
  );
}
