import '../../../i18n/backups/index.ts';
import '@mantine/core/styles/Code.css';
import { Alert, Anchor, Button, Card, Code, Group, Loader, Progress, Stack, Table, Text, Title } from '@mantine/core';
import type { BackupOverview, BackupRun } from '@mms/shared';
import { IconDatabaseExport, IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title.tsx';
import { api } from '../../../lib/api.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { dateTimeText, displayLanguage } from '../../../lib/display.ts';
import { notifyError, notifyInfo } from '../../../lib/notify.ts';

/** The backup screen's path under /api/v1. */
export const BACKUPS_PATH = '/backups';

const isOpen = (run: BackupRun | null | undefined) => run?.state === 'queued' || run?.state === 'running';

/** A size as people read it: 900 B, 12,5 KB, 3,2 MB, 1,4 GB. */
export function sizeText(bytes: number, lang: 'id' | 'en'): string {
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toLocaleString(lang === 'en' ? 'en-US' : 'id-ID', { maximumFractionDigits: 1 })} ${units[unit]}`;
}

/** The overview; polled each second while a backup runs, so its progress moves. */
export const useBackups = () =>
  useQuery({
    queryKey: [BACKUPS_PATH],
    queryFn: () => api<BackupOverview>(BACKUPS_PATH),
    refetchInterval: (query) =>
      isOpen(query.state.data?.current) || isOpen(query.state.data?.daily.last) ? 1000 : false,
  });

/**
 * Backups (ADMIN, issue 39): the archives with their time and size, each one downloadable; a backup made now (a job
 * of the server, its progress shown); when the daily backup last ran and whether it succeeded. A restore stays a
 * command on the server: the screen names it.
 */
export function BackupsPage() {
  const { t } = useTranslation();
  const lang = displayLanguage();
  const client = useQueryClient();
  const overview = useBackups();
  const create = useMutation({
    mutationFn: () => api<BackupRun>(BACKUPS_PATH, { method: 'POST' }),
    onSuccess: () => {
      notifyInfo(t('backups.started'));
      return client.invalidateQueries({ queryKey: [BACKUPS_PATH] });
    },
    onError: notifyError,
  });
  const data = overview.data;
  const running = isOpen(data?.current);

  const askCreate = () =>
    confirmDialog({
      title: t('backups.createTitle'),
      text: t('backups.createConfirm', { keep: data?.daily.keep ?? 0 }),
      confirm: t('backups.createSubmit'),
      onConfirm: () => create.mutate(),
    });

  return (
    <Stack gap="md">
      <PageTitle
        actions={
          <Button
            leftSection={<IconDatabaseExport size={16} aria-hidden />}
            onClick={askCreate}
            disabled={!data || running}
            loading={create.isPending}
          >
            {t('backups.create')}
          </Button>
        }
      >
        {t('backups.title')}
      </PageTitle>
      <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
        {t('backups.intro')}
      </Alert>

      {overview.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('backups.loading')}</Text>
        </Group>
      ) : overview.isError || !data ? (
        <Alert color="red">{t('backups.loadError')}</Alert>
      ) : (
        <>
          {data.current && <CurrentRun run={data.current} />}
          <DailyCard overview={data} />
          <Card withBorder padding="md">
            <Title order={2} size="h4" mb="sm">
              {t('backups.archives')}
            </Title>
            {data.archives.length === 0 ? (
              <Text c="dimmed">{t('backups.empty')}</Text>
            ) : (
              <Table.ScrollContainer minWidth={420}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('backups.name')}</Table.Th>
                      <Table.Th>{t('backups.createdAt')}</Table.Th>
                      <Table.Th ta="right">{t('backups.size')}</Table.Th>
                      <Table.Th>{t('backups.download')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.archives.map((a) => (
                      <Table.Tr key={a.name}>
                        <Table.Td>
                          <Code>{a.name}</Code>
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTimeText(a.createdAt, lang)}</Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {sizeText(a.size, lang)}
                        </Table.Td>
                        <Table.Td>
                          <Anchor
                            href={`/api/v1${BACKUPS_PATH}/${encodeURIComponent(a.name)}`}
                            download={a.name}
                            aria-label={t('backups.downloadWhat', { name: a.name })}
                          >
                            <Group gap={4} wrap="nowrap">
                              <IconDownload size={16} aria-hidden />
                              {t('backups.download')}
                            </Group>
                          </Anchor>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Card>
          <Card withBorder padding="md">
            <Title order={2} size="h4" mb="xs">
              {t('backups.restore')}
            </Title>
            <Text size="sm" mb="xs">
              {t('backups.restoreText')}
            </Text>
            <Code block>{data.restoreCommand}</Code>
          </Card>
        </>
      )}
    </Stack>
  );
}

/** The last backup made on the screen: its progress while it runs, then its outcome. */
function CurrentRun({ run }: { run: BackupRun }) {
  const { t } = useTranslation();
  const lang = displayLanguage();
  if (isOpen(run)) {
    return (
      <Card withBorder padding="md" role="status" aria-live="polite">
        <Text fw={600} mb={4}>
          {t('backups.running', { percent: run.percent })}
        </Text>
        <Progress value={run.percent} animated aria-label={t('backups.running', { percent: run.percent })} />
        <Text size="sm" c="dimmed" mt={4}>
          {t(`backups.phases.${run.phase}`)}
        </Text>
      </Card>
    );
  }
  const at = dateTimeText(run.finishedAt, lang);
  return (
    <Alert color={run.state === 'done' ? 'green' : 'red'} title={t('backups.lastNow')}>
      {run.state === 'done'
        ? t('backups.doneAt', { at, file: run.file ?? '' })
        : t('backups.failedAt', { at, error: run.error ?? '' })}
      {run.by ? ` (${t('backups.by', { name: run.by })})` : ''}
    </Alert>
  );
}

/** When the daily backup runs and how its last run went. */
function DailyCard({ overview }: { overview: BackupOverview }) {
  const { t } = useTranslation();
  const lang = displayLanguage();
  const { at, keep, last } = overview.daily;
  let status: { text: string; color: string } | null;
  if (!last) status = at ? { text: t('backups.dailyNever'), color: 'dimmed' } : null;
  else if (isOpen(last))
    status = { text: t('backups.dailyRunning', { at: dateTimeText(last.startedAt, lang) }), color: 'blue' };
  else if (last.state === 'done')
    status = {
      text: t('backups.dailyOk', { at: dateTimeText(last.finishedAt, lang), file: last.file ?? '' }),
      color: 'green',
    };
  else
    status = {
      text: t('backups.dailyFailed', { at: dateTimeText(last.finishedAt, lang), error: last.error ?? '' }),
      color: 'red',
    };
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="xs">
        {t('backups.daily')}
      </Title>
      <Text size="sm">{at ? t('backups.dailyAt', { at, keep }) : t('backups.dailyOff')}</Text>
      {status && (
        <Text size="sm" c={status.color} fw={500} mt={4}>
          {status.text}
        </Text>
      )}
    </Card>
  );
}
