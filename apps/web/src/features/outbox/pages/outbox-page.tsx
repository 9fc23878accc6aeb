import '../../../i18n/outbox/index.ts';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { OUTBOX_CHANNELS, OUTBOX_STATES, OUTBOX_TOPICS, type OutboxMessage } from '@mms/shared';
import { IconEye, IconMailForward, IconSend } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { RowActions, rowActionsColumn } from '../../../components/data-list/row-actions.tsx';
import { DateField } from '../../../components/date-fields.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { PrintButton } from '../../../components/print/printed-paper.tsx';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { dateText, dateTimeText } from '../../../lib/display.ts';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { OUTBOX_PATH, useOutboxMessage, useRetryOutboxMessage } from '../api.ts';
import { userCan } from '../../../lib/permissions.ts';

type OutboxState = (typeof OUTBOX_STATES)[number];
type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];
type OutboxTopic = (typeof OUTBOX_TOPICS)[number];

const STATE_COLORS: Record<OutboxState, string> = { pending: 'blue', sending: 'indigo', sent: 'green', failed: 'red' };
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A value of the address's query string when it is one of the allowed values, otherwise none. */
function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | null {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

/** The filters of the screen, kept in the address (`?state=failed&topic=bill.due&from=…`), so a link shows the same list. */
function useOutboxFilters() {
  const [params, setParams] = useSearchParams();
  const filters = {
    state: oneOf(params.get('state'), OUTBOX_STATES),
    channel: oneOf(params.get('channel'), OUTBOX_CHANNELS),
    topic: oneOf(params.get('topic'), OUTBOX_TOPICS),
    from: ISO_DATE.test(params.get('from') ?? '') ? params.get('from')! : '',
    to: ISO_DATE.test(params.get('to') ?? '') ? params.get('to')! : '',
    q: params.get('q') ?? '',
  };
  // the newest address, also before its navigation has rendered: two quick changes never undo one another
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const set = useCallback(
    (key: keyof typeof filters, value: string | null) => {
      const next = new URLSearchParams(latest.current);
      if ((next.get(key) ?? '') === (value ?? '')) return;
      if (value) next.set(key, value);
      else next.delete(key);
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );
  return { filters, set };
}

/** The state of a message as a coloured badge that says it in words. */
function StateBadge({ state }: { state: OutboxState }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLORS[state]} variant="light">
      {t(`outbox.states.${state}`)}
    </Badge>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  // a div, not a paragraph: a field may hold a badge (a div), which a <p> may not contain
  return (
    <Text size="sm" component="div">
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

/** One message: what was sent to whom, its body, and every delivery attempt. */
function MessageDetail({
  id,
  onClose,
  onRetry,
}: {
  id: number | null;
  onClose: () => void;
  onRetry: ((m: OutboxMessage) => void) | null;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const detail = useOutboxMessage(id);
  const m = detail.data;
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
      title={m ? t('outbox.detailTitle', { subject: m.subject }) : t('outbox.detail')}
      size="xl"
    >
      {detail.isPending && id !== null ? (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('outbox.loading')}</Text>
        </Group>
      ) : detail.isError || !m ? (
        <Alert color="red">{t('outbox.loadFailed')}</Alert>
      ) : (
        <Stack gap="md" data-testid="outbox-detail">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Field label={t('outbox.state')}>
              <StateBadge state={m.state} />
            </Field>
            <Field label={t('outbox.reference')}>{`mms-${m.id}`}</Field>
            <Field label={t('outbox.channel')}>{t(`outbox.channels.${m.channel}`)}</Field>
            <Field label={t('outbox.recipient')}>
              {m.recipientName ? `${m.recipientName} (${m.recipient})` : m.recipient}
            </Field>
            <Field label={t('outbox.topic')}>{t(`outbox.topics.${m.topic}`)}</Field>
            <Field label={t('outbox.attempts')}>{m.attempts}</Field>
            <Field label={t('outbox.createdAt')}>{dateTimeText(m.createdAt, lang)}</Field>
            {m.sentAt ? (
              <Field label={t('outbox.sentAt')}>{dateTimeText(m.sentAt, lang)}</Field>
            ) : m.state === 'pending' ? (
              <Field label={t('outbox.nextAttempt')}>{dateTimeText(m.nextAttemptAt, lang)}</Field>
            ) : null}
            {m.lastError && <Field label={t('outbox.lastError')}>{m.lastError}</Field>}
          </SimpleGrid>
          <Stack gap={4}>
            <Title order={3} fz="h5">
              {t('outbox.body')}
            </Title>
            <Paper withBorder p="sm" radius="sm">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="outbox-body">
                {m.body}
              </Text>
            </Paper>
          </Stack>
          <Stack gap={4}>
            <Title order={3} fz="h5">
              {t('outbox.log')}
            </Title>
            {m.deliveries.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('outbox.noLog')}
              </Text>
            ) : (
              <ScrollArea type="auto">
                <Table striped withTableBorder aria-label={t('outbox.logLabel')} miw={560}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('outbox.attempt')}</Table.Th>
                      <Table.Th>{t('outbox.at')}</Table.Th>
                      <Table.Th>{t('outbox.provider')}</Table.Th>
                      <Table.Th>{t('outbox.result')}</Table.Th>
                      <Table.Th>{t('outbox.resultDetail')}</Table.Th>
                      <Table.Th>{t('outbox.duration')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {m.deliveries.map((d) => (
                      <Table.Tr key={d.id}>
                        <Table.Td>{d.attempt}</Table.Td>
                        <Table.Td>{dateTimeText(d.at, lang)}</Table.Td>
                        <Table.Td>{d.provider}</Table.Td>
                        <Table.Td>
                          <Badge color={d.ok === 'sent' ? 'green' : 'red'} variant="light">
                            {t(`outbox.results.${d.ok}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td style={{ wordBreak: 'break-word' }}>{d.detail ?? '–'}</Table.Td>
                        <Table.Td>{t('outbox.durationMs', { ms: d.durationMs })}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            )}
          </Stack>
          {onRetry && m.state === 'failed' && (
            <Group justify="flex-end">
              <Button leftSection={<IconSend size={16} aria-hidden />} onClick={() => onRetry(m)}>
                {t('outbox.retry')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}

/**
 * other-outbox (ADMIN, issue 18): the notifications MMS writes and the `outbox-deliver` job sends, with filters
 * kept in the address, the delivery log of each message, and "Kirim ulang" for a failed one (`outbox.manage`).
 */
export function OutboxPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const user = useCurrentUser();
  const manages = userCan(user, 'outbox.manage');
  const { filters, set } = useOutboxFilters();
  const [open, setOpen] = useState<number | null>(null);
  const retry = useRetryOutboxMessage();
  const onSearchChange = useCallback((q: string) => set('q', q.trim() || null), [set]);

  const askRetry = useCallback(
    (m: OutboxMessage) => {
      const recipient = m.recipientName ?? m.recipient;
      confirmDialog({
        title: t('outbox.retryTitle'),
        text: t('outbox.retryConfirm', { subject: m.subject, recipient }),
        confirm: t('outbox.retry'),
        onConfirm: () =>
          retry.mutate(m.id, {
            onSuccess: () => notifyDone('saved', t('outbox.retriedWhat', { recipient })),
            onError: notifyError,
          }),
      });
    },
    [t, retry],
  );

  const columns = useMemo<ListColumn<OutboxMessage>[]>(
    () => [
      { accessor: 'createdAt', title: t('outbox.createdAt'), render: (m) => dateTimeText(m.createdAt, lang) },
      { accessor: 'channel', title: t('outbox.channel'), render: (m) => t(`outbox.channels.${m.channel}`) },
      {
        accessor: 'recipient',
        title: t('outbox.recipient'),
        render: (m) => (m.recipientName ? `${m.recipientName} (${m.recipient})` : m.recipient),
      },
      { accessor: 'topic', title: t('outbox.topic'), render: (m) => t(`outbox.topics.${m.topic}`) },
      { accessor: 'subject', title: t('outbox.subject') },
      {
        accessor: 'state',
        title: t('outbox.state'),
        render: (m) => <StateBadge state={m.state} />,
        exportValue: (m) => t(`outbox.states.${m.state}`),
      },
      { accessor: 'attempts', title: t('outbox.attempts'), textAlign: 'right' },
      { accessor: 'lastError', title: t('outbox.lastError'), render: (m) => m.lastError ?? '–' },
      rowActionsColumn<OutboxMessage>((m) => (
        <RowActions
          name={`${m.subject} ${m.recipientName ?? m.recipient}`}
          actions={[
            { label: t('outbox.detail'), icon: <IconEye size={18} aria-hidden />, onClick: () => setOpen(m.id) },
            ...(manages && m.state === 'failed'
              ? [
                  {
                    label: t('outbox.retry'),
                    icon: <IconMailForward size={18} aria-hidden />,
                    onClick: () => askRetry(m),
                  },
                ]
              : []),
          ]}
        />
      )),
    ],
    [t, lang, manages, askRetry],
  );

  const { state, channel, topic, from, to } = filters;
  const exportFilters = [
    ...(state ? [[t('outbox.state'), t(`outbox.states.${state}`)] as const] : []),
    ...(channel ? [[t('outbox.channel'), t(`outbox.channels.${channel}`)] as const] : []),
    ...(topic ? [[t('outbox.topic'), t(`outbox.topics.${topic}`)] as const] : []),
    ...(from ? [[t('outbox.from'), dateText(from)] as const] : []),
    ...(to ? [[t('outbox.to'), dateText(to)] as const] : []),
  ];

  return (
    <Stack gap="md">
      <PageTitle actions={<PrintButton />}>{t('outbox.title')}</PageTitle>
      <Text size="sm" c="dimmed">
        {t('outbox.intro')}
      </Text>
      <DataList<OutboxMessage>
        path={OUTBOX_PATH}
        label={t('outbox.label')}
        exportTitle={t('outbox.title')}
        columns={columns}
        filters={{ state, channel, topic, from, to }}
        searchLabel={t('outbox.search')}
        initialSearch={filters.q}
        onSearchChange={onSearchChange}
        exportName={t('outbox.exportName')}
        exportFilters={exportFilters}
        filterControls={
          <>
            <Select
              label={t('outbox.state')}
              placeholder={t('outbox.allStates')}
              data={OUTBOX_STATES.map((s) => ({ value: s, label: t(`outbox.states.${s}`) }))}
              value={state}
              onChange={(v) => set('state', v as OutboxState | null)}
              clearable
              w={{ base: '100%', xs: 160 }}
            />
            <Select
              label={t('outbox.channel')}
              placeholder={t('outbox.allChannels')}
              data={OUTBOX_CHANNELS.map((c) => ({ value: c, label: t(`outbox.channels.${c}`) }))}
              value={channel}
              onChange={(v) => set('channel', v as OutboxChannel | null)}
              clearable
              w={{ base: '100%', xs: 160 }}
            />
            <Select
              label={t('outbox.topic')}
              placeholder={t('outbox.allTopics')}
              data={OUTBOX_TOPICS.map((k) => ({ value: k, label: t(`outbox.topics.${k}`) }))}
              value={topic}
              onChange={(v) => set('topic', v as OutboxTopic | null)}
              clearable
              w={{ base: '100%', xs: 190 }}
            />
            <DateField
              label={t('outbox.from')}
              value={from}
              onChange={(v) => set('from', v || null)}
              max={to || undefined}
              clearable
            />
            <DateField
              label={t('outbox.to')}
              value={to}
              onChange={(v) => set('to', v || null)}
              min={from || undefined}
              clearable
            />
          </>
        }
      />
      <MessageDetail id={open} onClose={() => setOpen(null)} onRetry={manages ? askRetry : null} />
    </Stack>
  );
}
