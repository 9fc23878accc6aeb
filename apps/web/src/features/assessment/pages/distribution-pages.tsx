import { Alert, Button, Group, Select, Stack, Tabs } from '@mantine/core';
import {
  ASSESSMENT_KINDS,
  DISTRIBUTED_STATES,
  type Assessment,
  type AssessmentKind,
  type DistributionRow,
} from '@mms/shared';
import { IconCalendarEvent, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../../lib/route-names.ts';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import type { ListFilters } from '../../../components/data-list/list-params.ts';
import { RowActions, rowActionsColumn } from '../../../components/data-list/row-actions.tsx';
import { DateField } from '../../../components/date-fields.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import {
  ClassSelect,
  SubjectSelect,
  UnitSelect,
  useActiveYearId,
  useDefaultUnitId,
} from '../../../components/pickers.tsx';
import { FormModal } from '../../../lib/unsaved-changes.tsx';
import { whenText, windowText } from '../distribution-model.ts';
import { ScheduleDialog } from '../components/schedule-dialog.tsx';
import { useStateColumn } from './assessment-list-page.tsx';

type ShareKind = Exclude<AssessmentKind, 'SELECTION'>;
const SHARE_TITLES: Record<ShareKind, string> = {
  TASK: 'taskShare',
  FORMATIVE: 'formativeShare',
  SUMMATIVE: 'summativeShare',
};

/**
 * "Distribusi tugas / kuis / ujian" (issue 12): the approved sets of one kind waiting to be distributed, and those
 * already distributed (to change before they open), each sent to its classes with its window (a task also its due
 * time). A teacher distributes their own tasks and quizzes; WAKAKUR the unit's summatives (the state machine of
 * `@mms/shared` decides who may, the server checks it again; a class's two exams at once are refused).
 */
function DistributePage({ kind }: { kind: ShareKind }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'APPROVED' | 'SCHEDULED'>('APPROVED');
  const [sending, setSending] = useState<Assessment | null>(null);
  const title = t(`distrib.titles.${SHARE_TITLES[kind]}`);
  const own = kind !== 'SUMMATIVE';
  const stateColumn = useStateColumn();
  const columns: ListColumn<Assessment>[] = [
    { accessor: 'title', title: t('distrib.title') },
    { accessor: 'subjectName', title: t('assess.subjectGrade'), render: (a) => `${a.subjectName} · ${a.gradeName}` },
    ...(own
      ? []
      : [{ accessor: 'authorName', title: t('assess.author'), render: (a: Assessment) => a.authorName ?? '–' }]),
    {
      accessor: 'classes',
      title: t('assess.classes'),
      render: (a) => a.classes.map((c) => c.name).join(', ') || '–',
    },
    { accessor: 'opensAt', title: t('assess.window'), render: (a) => windowText(a.opensAt, a.closesAt) },
    ...(kind === 'TASK'
      ? [{ accessor: 'dueAt', title: t('distrib.due'), render: (a: Assessment) => whenText(a.dueAt) }]
      : []),
    stateColumn,
    rowActionsColumn<Assessment>((a) => (
      <RowActions
        name={a.title}
        actions={
          a.actions.includes('schedule')
            ? [
                {
                  label: tab === 'APPROVED' ? t('distrib.distribute') : t('distrib.redistribute'),
                  icon: <IconSend size={18} aria-hidden />,
                  onClick: () => setSending(a),
                },
              ]
            : []
        }
      />
    )),
  ];
  return (
    <Stack gap="md">
      <PageTitle>{title}</PageTitle>
      <Alert color="blue" variant="light">
        {kind === 'SUMMATIVE' ? t('distrib.summativeHint') : t('distrib.shareHint')}
      </Alert>
      {kind === 'SUMMATIVE' && (
        <Group>
          <Button
            component={Link}
            to={ROUTES['tutor-summative-schedule']}
            variant="default"
            leftSection={<IconCalendarEvent size={16} aria-hidden />}
          >
            {t('distrib.toExamSchedule')}
          </Button>
        </Group>
      )}
      <Tabs value={tab} onChange={(v) => v && setTab(v as typeof tab)} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="APPROVED">{t('distrib.waiting')}</Tabs.Tab>
          <Tabs.Tab value="SCHEDULED">{t('distrib.distributedTab')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <DataList<Assessment>
        path="/assessments"
        label={title}
        columns={columns}
        filters={{ kind, state: tab, mine: own ? 'true' : undefined }}
        exportName={`distribusi-${kind.toLowerCase()}`}
        rowLabel={(a) => a.title}
      />
      <FormModal
        opened={sending !== null}
        onClose={() => setSending(null)}
        title={sending ? t('distrib.distributeOf', { title: sending.title }) : ''}
      >
        {sending && (
          <ScheduleDialog
            assessment={sending}
            onDone={() => setSending(null)}
            submitLabel={t('distrib.distribute')}
            doneMessage={t('distrib.distributed')}
          />
        )}
      </FormModal>
    </Stack>
  );
}

export const TaskSharePage = () => <DistributePage kind="TASK" />;
export const FormativeSharePage = () => <DistributePage kind="FORMATIVE" />;
export const SummativeSharePage = () => <DistributePage kind="SUMMATIVE" />;

/** The columns of distribution rows: when, what, which class, and its state now. */
function useDistributionColumns(opts: { kind: boolean; author: boolean; due: boolean }) {
  const { t } = useTranslation();
  const stateColumn = useStateColumn<DistributionRow>();
  const columns: ListColumn<DistributionRow>[] = [
    { accessor: 'opensAt', title: t('distrib.date'), render: (r) => windowText(r.opensAt, r.closesAt) },
    ...(opts.kind
      ? [{ accessor: 'kind', title: t('distrib.kind'), render: (r: DistributionRow) => t(`assess.kinds.${r.kind}`) }]
      : []),
    { accessor: 'title', title: t('distrib.title') },
    { accessor: 'subjectName', title: t('distrib.subject'), render: (r) => `${r.subjectName} · ${r.gradeName}` },
    { accessor: 'className', title: t('distrib.className') },
    ...(opts.due
      ? [{ accessor: 'dueAt', title: t('distrib.due'), render: (r: DistributionRow) => whenText(r.dueAt) }]
      : []),
    ...(opts.author
      ? [{ accessor: 'authorName', title: t('assess.author'), render: (r: DistributionRow) => r.authorName ?? '–' }]
      : []),
    stateColumn,
  ];
  return columns;
}

/** The date range and state filters of the distribution lists. */
function RangeFilters(props: {
  from: string;
  to: string;
  state: string | null;
  onChange: (v: { from?: string; to?: string; state?: string | null }) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <DateField label={t('distrib.from')} value={props.from} onChange={(from) => props.onChange({ from })} clearable />
      <DateField label={t('distrib.to')} value={props.to} onChange={(to) => props.onChange({ to })} clearable />
      <Select
        label={t('assess.state')}
        placeholder={t('distrib.allStates')}
        data={DISTRIBUTED_STATES.map((s) => ({ value: s, label: t(`assess.states.${s}`) }))}
        value={props.state}
        onChange={(state) => props.onChange({ state })}
        clearable
        w={{ base: '100%', xs: 160 }}
      />
    </>
  );
}

const rowId = (r: DistributionRow) => `${r.assessmentId}:${r.classGroupId}`;

/** "Jadwal tugas / kuis": the teacher's own distributed tasks or quizzes by date, one row per class, with state. */
function SchedulePage({ kind }: { kind: 'TASK' | 'FORMATIVE' }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<{ from: string; to: string; state: string | null }>({
    from: '',
    to: '',
    state: null,
  });
  const title = t(`distrib.titles.${kind === 'TASK' ? 'taskSchedule' : 'formativeSchedule'}`);
  const filters: ListFilters = { kind, mine: 'true', ...range };
  const columns = useDistributionColumns({ kind: false, author: false, due: kind === 'TASK' });
  return (
    <Stack gap="md">
      <PageTitle>{title}</PageTitle>
      <DataList<DistributionRow>
        path="/assessments/distribution"
        label={title}
        columns={columns}
        filters={filters}
        rowId={rowId}
        exportName={`jadwal-${kind === 'TASK' ? 'tugas' : 'kuis'}`}
        rowLabel={(r) => `${r.title} ${r.className}`}
        filterControls={<RangeFilters {...range} onChange={(v) => setRange((r) => ({ ...r, ...v }))} />}
        print={{ unitId: null }}
      />
    </Stack>
  );
}

export const TaskSchedulePage = () => <SchedulePage kind="TASK" />;
export const FormativeSchedulePage = () => <SchedulePage kind="FORMATIVE" />;

/**
 * "Distribusi" of the assessment controllers: what is distributed to which classes and when, across the unit,
 * filtered by kind, class (of the active year), subject and dates, to export and print.
 */
export function DistributionOverviewPage() {
  const { t } = useTranslation();
  const ownUnit = useDefaultUnitId();
  const activeYear = useActiveYearId();
  const [unitId, setUnitId] = useState<number | null>(ownUnit);
  const [kind, setKind] = useState<string | null>(null);
  const [classGroupId, setClassGroupId] = useState<number | null>(null);
  const [subjectId, setSubjectId] = useState<number | null>(null);
  const [range, setRange] = useState<{ from: string; to: string; state: string | null }>({
    from: '',
    to: '',
    state: null,
  });
  const title = t('distrib.titles.overview');
  const filters: ListFilters = { unitId, kind, classGroupId, subjectId, ...range };
  const columns = useDistributionColumns({ kind: true, author: true, due: true });
  return (
    <Stack gap="md">
      <PageTitle>{title}</PageTitle>
      <DataList<DistributionRow>
        path="/assessments/distribution"
        label={title}
        columns={columns}
        filters={filters}
        rowId={rowId}
        exportName="distribusi-penilaian"
        rowLabel={(r) => `${r.title} ${r.className}`}
        filterControls={
          <>
            <UnitSelect
              value={unitId}
              onChange={(v) => {
                setUnitId(v);
                setClassGroupId(null);
                setSubjectId(null);
              }}
              clearable={!ownUnit}
            />
            <Select
              label={t('distrib.kind')}
              placeholder={t('distrib.allKinds')}
              data={ASSESSMENT_KINDS.map((k) => ({ value: k, label: t(`assess.kinds.${k}`) }))}
              value={kind}
              onChange={setKind}
              clearable
              w={{ base: '100%', xs: 150 }}
            />
            {/* the classes of the active year only (without a year, /classes lists every year's) */}
            {activeYear !== null && (
              <ClassSelect
                value={classGroupId}
                onChange={setClassGroupId}
                unitId={unitId}
                academicYearId={activeYear}
                clearable
              />
            )}
            <SubjectSelect
              value={subjectId}
              onChange={setSubjectId}
              unitId={unitId}
              placeholder={t('distrib.allSubjects')}
            />
            <RangeFilters {...range} onChange={(v) => setRange((r) => ({ ...r, ...v }))} />
          </>
        }
        print={{ unitId }}
      />
    </Stack>
  );
}
