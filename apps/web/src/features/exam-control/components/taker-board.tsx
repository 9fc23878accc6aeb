import { Badge, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { TAKER_STATES, type ExamControlBoard, type ExamTaker } from '@mms/shared';
import { IconClockPlus, IconDeviceMobileShare, IconLockOpen, IconSend } from '@tabler/icons-react';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowActions, rowActionsColumn, type RowAction } from '../../../components/data-list/row-actions.tsx';
import { routePath } from '../../../lib/route-names.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { useAllowDevice } from '../api.ts';
import {
  classesOf,
  clockText,
  filterTakers,
  secondsText,
  type TakerFilters,
  type TakerState,
} from '../control-model.ts';
import { ControlActionDialog, type ControlAction } from './action-dialogs.tsx';

/** Each state's colour; the badge always carries its word too (never colour alone). */
export const STATE_COLORS: Record<TakerState, string> = {
  NOT_STARTED: 'gray',
  WORKING: 'blue',
  OFFLINE: 'orange',
  SUBMITTED: 'green',
};

const SUMMARY_KEYS: Record<TakerState, keyof ExamControlBoard['summary']> = {
  NOT_STARTED: 'notStarted',
  WORKING: 'working',
  OFFLINE: 'offline',
  SUBMITTED: 'submitted',
};

export function StateBadge({ state }: { state: TakerState }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLORS[state]} variant="light">
      {t(`examControl.states.${state}`)}
    </Badge>
  );
}

/**
 * Time left, counting down each second from the server's figure (read again with every poll) so the proctor
 * sees a running clock between two reads of the board.
 */
function TimeLeft({ seconds, receivedAt }: { seconds: number; receivedAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, []);
  const elapsed = Math.max(0, Math.floor((now - receivedAt) / 1_000));
  return (
    <Text size="sm" ff="monospace">
      {secondsText(Math.max(0, seconds - elapsed))}
    </Text>
  );
}

/** A yes/no verdict (passed, correct) as a word in a green or red badge. */
export function VerdictBadge({ ok, yes, no }: { ok: boolean; yes: string; no: string }) {
  return (
    <Badge color={ok ? 'green' : 'red'} variant="light">
      {ok ? yes : no}
    </Badge>
  );
}

/** The link to one attempt's answers (the detail screen). */
export const detailLink = (board: ExamControlBoard, attemptId: number) =>
  `${routePath('tutor-summative-control-detail')}?kind=${board.assessment.kind}&assessment=${board.assessment.id}&attempt=${attemptId}`;

/**
 * The live board of one assessment: the summary chips (each filters the list), the class, state and name
 * filters, and every taker with the proctor's actions on the row.
 */
export function TakerBoard({ board, receivedAt }: { board: ExamControlBoard; receivedAt: number }) {
  const { t } = useTranslation();
  const assessmentId = board.assessment.id;
  const [filters, setFilters] = useState<TakerFilters>({ classGroupId: null, state: null, q: '' });
  const [action, setAction] = useState<ControlAction | null>(null);
  const allow = useAllowDevice(assessmentId);
  const classes = useMemo(() => classesOf(board.takers), [board.takers]);
  const shown = useMemo(() => filterTakers(board.takers, filters), [board.takers, filters]);

  const askAllow = (taker: ExamTaker) =>
    confirmDialog({
      title: t('examControl.allowTitle'),
      text: t('examControl.allowText', { name: taker.name }),
      confirm: t('examControl.allow'),
      onConfirm: () =>
        allow.mutate(taker.attemptId!, {
          onSuccess: (pin) => setAction({ type: 'pin', taker, pin }),
          onError: notifyError,
        }),
    });

  const actionsOf = (r: ExamTaker): RowAction[] => {
    const list: RowAction[] = [];
    const running = r.state === 'WORKING' || r.state === 'OFFLINE';
    if (r.state !== 'SUBMITTED')
      list.push({
        label: t('examControl.actions.extend'),
        icon: <IconClockPlus size={18} aria-hidden />,
        onClick: () => setAction({ type: 'extend', taker: r }),
      });
    if (running && r.attemptId !== null) {
      list.push({
        label: t('examControl.actions.allowDevice'),
        icon: <IconDeviceMobileShare size={18} aria-hidden />,
        onClick: () => askAllow(r),
      });
      list.push({
        label: t('examControl.actions.forceSubmit'),
        icon: <IconSend size={18} aria-hidden />,
        color: 'red',
        onClick: () => setAction({ type: 'force', taker: r }),
      });
    }
    if (r.state === 'SUBMITTED' && r.attemptId !== null)
      list.push({
        label: t('examControl.actions.reopen'),
        icon: <IconLockOpen size={18} aria-hidden />,
        onClick: () => setAction({ type: 'reopen', taker: r }),
      });
    return list;
  };

  const q = board.assessment.questionCount;
  const columns: ListColumn<ExamTaker>[] = [
    {
      accessor: 'name',
      title: t('examControl.name'),
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {r.name}
          </Text>
          {r.nis && <Text size="xs">{r.nis}</Text>}
        </Stack>
      ),
    },
    { accessor: 'className', title: t('examControl.className') },
    {
      accessor: 'state',
      title: t('examControl.state'),
      render: (r) => (
        <Stack gap={2} align="flex-start">
          <Group gap={4}>
            <StateBadge state={r.state} />
            {r.takeoverPending && (
              <Badge color="red" variant="light" data-testid="takeover">
                {t('examControl.takeover')}
              </Badge>
            )}
          </Group>
          {r.state === 'OFFLINE' && r.lastSeenAt && (
            <Text size="xs">{t('examControl.offlineSince', { time: clockText(r.lastSeenAt) })}</Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'answered',
      title: t('examControl.answered'),
      textAlign: 'right',
      render: (r) => t('examControl.answeredText', { answered: r.answered, total: q }),
    },
    { accessor: 'flagged', title: t('examControl.flagged'), textAlign: 'right' },
    {
      accessor: 'secondsLeft',
      title: t('examControl.timeLeft'),
      textAlign: 'right',
      render: (r) => (
        <Stack gap={0} align="flex-end">
          {r.secondsLeft === null || r.state === 'SUBMITTED' ? (
            <Text size="sm">–</Text>
          ) : (
            <TimeLeft seconds={r.secondsLeft} receivedAt={receivedAt} />
          )}
          {r.extensionSeconds > 0 && (
            <Text size="xs">{t('examControl.extended', { n: Math.round(r.extensionSeconds / 60) })}</Text>
          )}
        </Stack>
      ),
    },
    { accessor: 'deviceChanges', title: t('examControl.deviceChanges'), textAlign: 'right' },
    rowActionsColumn((r) => (
      <RowActions
        name={r.name}
        view={r.attemptId !== null ? detailLink(board, r.attemptId) : undefined}
        actions={actionsOf(r)}
      />
    )),
  ];

  return (
    <Stack gap="sm">
      <Group gap="xs" role="group" aria-label={t('examControl.summary')} data-testid="board-summary">
        {TAKER_STATES.map((s) => {
          const on = filters.state === s;
          return (
            <Button
              key={s}
              size="compact-md"
              radius="xl"
              color={STATE_COLORS[s]}
              variant={on ? 'filled' : 'light'}
              aria-pressed={on}
              onClick={() => setFilters({ ...filters, state: on ? null : s })}
              data-testid={`summary-${s}`}
            >
              {t(`examControl.states.${s}`)}: {board.summary[SUMMARY_KEYS[s]]}
            </Button>
          );
        })}
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('examControl.filterClass')}
          placeholder={t('examControl.allClasses')}
          data={classes.map((c) => ({ value: String(c.id), label: c.name }))}
          value={filters.classGroupId === null ? null : String(filters.classGroupId)}
          onChange={(v) => setFilters({ ...filters, classGroupId: v ? Number(v) : null })}
          clearable
          w={{ base: '100%', sm: 180 }}
        />
        <Select
          label={t('examControl.filterState')}
          placeholder={t('examControl.allStates')}
          data={TAKER_STATES.map((s) => ({ value: s, label: t(`examControl.states.${s}`) }))}
          value={filters.state}
          onChange={(v) => setFilters({ ...filters, state: (v as TakerState | null) ?? null })}
          clearable
          w={{ base: '100%', sm: 180 }}
        />
        <TextInput
          label={t('examControl.search')}
          placeholder={t('examControl.searchPlaceholder')}
          value={filters.q}
          onChange={(e) => setFilters({ ...filters, q: e.currentTarget.value })}
          w={{ base: '100%', sm: 240 }}
        />
        <Button
          ml={{ sm: 'auto' }}
          variant="light"
          leftSection={<IconClockPlus size={16} aria-hidden />}
          onClick={() => setAction({ type: 'extendClass', classGroupId: filters.classGroupId })}
          disabled={classes.length === 0}
        >
          {t('examControl.actions.extendClass')}
        </Button>
      </Group>
      <DataList<ExamTaker>
        label={t('examControl.takers')}
        idAccessor="studentId"
        records={shown}
        columns={columns}
        emptyText={board.takers.length ? t('examControl.noMatch') : t('examControl.noTakers')}
      />
      <ControlActionDialog
        assessmentId={assessmentId}
        action={action}
        classes={classes}
        onClose={() => setAction(null)}
      />
    </Stack>
  );
}
