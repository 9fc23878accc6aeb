import { Badge, Button, Select, Stack, Tabs } from '@mantine/core';
import {
  ASSESSMENT_STATES,
  type Assessment,
  type AssessmentDetail,
  type AssessmentKind,
  type AssessmentState,
} from '@mms/shared';
import {
  IconArrowsShuffle,
  IconCalendarEvent,
  IconChecklist,
  IconCopy,
  IconFlask,
  IconPlayerTrackNext,
  IconPlus,
  IconShare,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate } from 'react-router';
import { ROUTES } from '../../../lib/route-names.ts';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { RowActions, rowActionsColumn } from '../../../components/data-list/row-actions.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyError, notifyInfo } from '../../../lib/notify.ts';
import { FormModal } from '../../../lib/unsaved-changes.tsx';
import {
  useAssessment,
  useAssessmentStep,
  useCopyAssessment,
  useDeleteAssessment,
  useQuestionChoices,
} from '../api.ts';
import { STATE_COLORS } from '../assessment-model.ts';
import { AssessmentForm } from '../components/assessment-form.tsx';
import { CheckDialog } from '../components/check-dialog.tsx';
import { DrawRulesDialog } from '../components/draw-rules-dialog.tsx';
import { ScheduleDialog } from '../components/schedule-dialog.tsx';
import { ShareDialog } from '../components/share-dialog.tsx';
import { QuestionBankPage } from './question-bank-page.tsx';

/** The state of an assessment (or of a distribution row) as a coloured badge (its label in the export). */
export function useStateColumn<T extends { state: AssessmentState } = Assessment>(): ListColumn<T> {
  const { t } = useTranslation();
  return {
    accessor: 'state',
    title: t('assess.state'),
    render: (a) => (
      <Badge color={STATE_COLORS[a.state]} variant="light">
        {t(`assess.states.${a.state}`)}
      </Badge>
    ),
    exportValue: (a) => t(`assess.states.${a.state}`),
  };
}

const commonColumns = (t: (k: string) => string): ListColumn<Assessment>[] => [
  { accessor: 'title', title: t('assess.heading') },
  {
    accessor: 'subjectName',
    title: t('assess.subjectGrade'),
    render: (a) => `${a.subjectName} · ${a.gradeName}`,
  },
  {
    accessor: 'classes',
    title: t('assess.classes'),
    render: (a) => a.classes.map((c) => c.name).join(', ') || '-',
  },
  { accessor: 'itemCount', title: t('assess.items'), textAlign: 'right' },
];

/** The columns of a list of other teachers' assessments: what, whose, and its state. */
const othersColumns = (t: (k: string) => string, stateColumn: ListColumn<Assessment>): ListColumn<Assessment>[] => [
  ...commonColumns(t),
  { accessor: 'authorName', title: t('assess.author'), render: (a) => a.authorName ?? '-' },
  stateColumn,
];

/** "Uji coba" of a quiz or a summative with questions: the paper as a student sees it, nothing recorded. */
function useTrialAction() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (a: Assessment) =>
    (a.kind === 'FORMATIVE' || a.kind === 'SUMMATIVE') && a.itemCount > 0
      ? [
          {
            label: t('assess.trial'),
            icon: <IconFlask size={18} aria-hidden />,
            onClick: () => void navigate(generatePath(ROUTES['tutor-trial-play'], { id: String(a.id) })),
          },
        ]
      : [];
}

/** Steps after the schedule that the list offers as row actions. */
const LATER_STEPS = ['open', 'close', 'grade', 'publish'] as const;

/** Opens one assessment (with its questions) in the editor. */
function EditAssessment({ kind, id, onDone }: { kind: AssessmentKind; id: number; onDone: () => void }) {
  const found = useAssessment(id);
  return found.data ? <AssessmentForm kind={kind} assessment={found.data} onDone={onDone} /> : null;
}

/** Loads one assessment (with its draw rules and shares) for a dialog. */
function WithDetail({ id, children }: { id: number; children: (a: AssessmentDetail) => ReactNode }) {
  const found = useAssessment(id);
  return found.data ? children(found.data) : null;
}

/** The assessments other teachers shared with the caller: tried, read, or copied as the caller's own draft. */
function SharedWithMe({ kind }: { kind: AssessmentKind }) {
  const { t } = useTranslation();
  const stateColumn = useStateColumn();
  const trial = useTrialAction();
  const copy = useCopyAssessment();
  const columns: ListColumn<Assessment>[] = [
    ...othersColumns(t, stateColumn),
    rowActionsColumn<Assessment>((a) => (
      <RowActions
        name={a.title}
        actions={[
          ...trial(a),
          {
            label: t('assess.copy'),
            icon: <IconCopy size={18} aria-hidden />,
            onClick: () =>
              confirmDialog({
                title: t('assess.copy'),
                text: t('assess.copyConfirm', { title: a.title }),
                confirm: t('assess.copy'),
                onConfirm: () =>
                  copy.mutate(
                    { id: a.id, body: {} },
                    { onSuccess: () => notifyInfo(t('assess.copied')), onError: notifyError },
                  ),
              }),
          },
        ]}
      />
    )),
  ];
  return (
    <DataList<Assessment>
      path="/assessments"
      label={t('assess.sharedTab')}
      columns={columns}
      filters={{ kind, shared: 'true' }}
      exportName={`dibagikan-${kind.toLowerCase()}`}
      rowLabel={(a) => a.title}
    />
  );
}

/** A teacher's own assessments of one kind (and those shared with them), written and submitted for the check. */
export function AssessmentList({ kind }: { kind: AssessmentKind }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('mine');
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="mine">{t('assess.mineTab')}</Tabs.Tab>
        <Tabs.Tab value="shared">{t('assess.sharedTab')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="mine">
        <OwnAssessments kind={kind} />
      </Tabs.Panel>
      <Tabs.Panel value="shared">
        <SharedWithMe kind={kind} />
      </Tabs.Panel>
    </Tabs>
  );
}

function OwnAssessments({ kind }: { kind: AssessmentKind }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [drawing, setDrawing] = useState<Assessment | null>(null);
  const [sharing, setSharing] = useState<Assessment | null>(null);
  const [scheduling, setScheduling] = useState<Assessment | null>(null);
  const [pair, setPair] = useState<string | null>(null);
  const [state, setState] = useState<AssessmentState | null>(null);
  const choices = useQuestionChoices();
  const remove = useDeleteAssessment();
  const step = useAssessmentStep();
  const stateColumn = useStateColumn();
  const trial = useTrialAction();
  const [subjectId, gradeId] = pair ? pair.split(':').map(Number) : [null, null];
  const columns: ListColumn<Assessment>[] = [
    ...commonColumns(t),
    stateColumn,
    rowActionsColumn<Assessment>((a) => (
      <RowActions
        name={a.title}
        edit={a.editable ? () => setEditing(a.id) : undefined}
        actions={[
          ...trial(a),
          ...(a.editable && kind !== 'TASK'
            ? [
                {
                  label: t('assess.drawRules'),
                  icon: <IconArrowsShuffle size={18} aria-hidden />,
                  onClick: () => setDrawing(a),
                },
              ]
            : []),
          { label: t('assess.share'), icon: <IconShare size={18} aria-hidden />, onClick: () => setSharing(a) },
          ...(a.actions.includes('schedule')
            ? [
                {
                  label: t('assess.schedule'),
                  icon: <IconCalendarEvent size={18} aria-hidden />,
                  onClick: () => setScheduling(a),
                },
              ]
            : []),
          // the later steps (open, close, grade, publish), each asked first
          ...LATER_STEPS.filter((action) => a.actions.includes(action)).map((action) => ({
            label: t(`assess.steps.${action}`),
            icon: <IconPlayerTrackNext size={18} aria-hidden />,
            onClick: () =>
              confirmDialog({
                title: t(`assess.steps.${action}`),
                text: t(`assess.stepConfirm.${action}`, { title: a.title }),
                confirm: t(`assess.steps.${action}`),
                onConfirm: () =>
                  step.mutate(
                    { id: a.id, action },
                    { onSuccess: () => notifyInfo(t(`assess.stepDone.${action}`)), onError: notifyError },
                  ),
              }),
          })),
        ]}
        remove={
          a.editable
            ? {
                title: t('assess.delete'),
                text: t('assess.deleteConfirm', { title: a.title }),
                run: () => remove.mutateAsync(a.id),
              }
            : undefined
        }
      />
    )),
  ];
  return (
    <Stack gap="md">
      <DataList<Assessment>
        path="/assessments"
        label={t(`assess.titles.${kind}`)}
        columns={columns}
        filters={{ kind, mine: 'true', subjectId, gradeId, state }}
        exportName={`penilaian-${kind.toLowerCase()}`}
        rowLabel={(a) => a.title}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            {t('assess.add')}
          </Button>
        }
        filterControls={
          <>
            <Select
              label={t('assess.subjectGrade')}
              data={(choices.data?.items ?? []).map((p) => ({
                value: `${p.subjectId}:${p.gradeId}`,
                label: `${p.subjectName} · ${p.gradeName}`,
              }))}
              value={pair}
              onChange={setPair}
              clearable
              searchable
              w={{ base: '100%', xs: 240 }}
            />
            <Select
              label={t('assess.state')}
              data={ASSESSMENT_STATES.map((s) => ({ value: s, label: t(`assess.states.${s}`) }))}
              value={state}
              onChange={(x) => setState(x as AssessmentState | null)}
              clearable
              w={{ base: '100%', xs: 180 }}
            />
          </>
        }
      />
      <FormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('assess.add') : t('assess.edit')}
        size="xl"
      >
        {editing === 'new' && <AssessmentForm kind={kind} assessment={null} onDone={() => setEditing(null)} />}
        {typeof editing === 'number' && <EditAssessment kind={kind} id={editing} onDone={() => setEditing(null)} />}
      </FormModal>
      <FormModal
        opened={scheduling !== null}
        onClose={() => setScheduling(null)}
        title={scheduling ? t('assess.scheduleOf', { title: scheduling.title }) : ''}
      >
        {scheduling && <ScheduleDialog assessment={scheduling} onDone={() => setScheduling(null)} />}
      </FormModal>
      <FormModal
        opened={drawing !== null}
        onClose={() => setDrawing(null)}
        title={drawing ? `${t('assess.drawRules')}: ${drawing.title}` : ''}
        size="lg"
      >
        {drawing && (
          <WithDetail id={drawing.id}>
            {(a) => <DrawRulesDialog assessment={a} onDone={() => setDrawing(null)} />}
          </WithDetail>
        )}
      </FormModal>
      <FormModal
        opened={sharing !== null}
        onClose={() => setSharing(null)}
        title={sharing ? t('assess.shareOf', { title: sharing.title }) : ''}
      >
        {sharing && (
          <WithDetail id={sharing.id}>
            {(a) => <ShareDialog assessment={a} onDone={() => setSharing(null)} />}
          </WithDetail>
        )}
      </FormModal>
    </Stack>
  );
}

export function TaskInputPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageTitle>{t('assess.titles.TASK')}</PageTitle>
      <AssessmentList kind="TASK" />
    </Stack>
  );
}

export function FormativeInputPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageTitle>{t('assess.titles.FORMATIVE')}</PageTitle>
      <AssessmentList kind="FORMATIVE" />
    </Stack>
  );
}

/** 'Buat soal sumatif': the question bank, and the summative packages built from it. */
export function SummativeInputPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('bank');
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="bank">{t('assess.bankTab')}</Tabs.Tab>
        <Tabs.Tab value="packages">{t('assess.packageTab')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="bank">
        <QuestionBankPage />
      </Tabs.Panel>
      <Tabs.Panel value="packages">
        <Stack gap="md">
          <PageTitle>{t('assess.titles.SUMMATIVE')}</PageTitle>
          <AssessmentList kind="SUMMATIVE" />
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}

/** The curriculum deputy's check of one kind: the submitted assessments of the unit, each approved or returned. */
function CheckPage({ kind }: { kind: AssessmentKind }) {
  const { t } = useTranslation();
  const [checking, setChecking] = useState<Assessment | null>(null);
  const stateColumn = useStateColumn();
  const trial = useTrialAction();
  const columns: ListColumn<Assessment>[] = [
    ...othersColumns(t, stateColumn),
    rowActionsColumn<Assessment>((a) => (
      <RowActions
        name={a.title}
        actions={[
          {
            label: t('assess.check'),
            icon: <IconChecklist size={18} aria-hidden />,
            onClick: () => setChecking(a),
          },
          ...trial(a),
        ]}
      />
    )),
  ];
  return (
    <Stack gap="md">
      <PageTitle>{t(`assess.checkTitles.${kind}`)}</PageTitle>
      <DataList<Assessment>
        path="/assessments"
        label={t(`assess.checkTitles.${kind}`)}
        columns={columns}
        filters={{ kind, state: 'SUBMITTED' }}
        exportName={`cek-${kind.toLowerCase()}`}
        rowLabel={(a) => a.title}
      />
      <FormModal
        opened={checking !== null}
        onClose={() => setChecking(null)}
        title={checking ? t('assess.checkOf', { title: checking.title }) : ''}
        size="xl"
      >
        {checking && <CheckDialog id={checking.id} onDone={() => setChecking(null)} />}
      </FormModal>
    </Stack>
  );
}

export const TaskCheckPage = () => <CheckPage kind="TASK" />;
export const FormativeCheckPage = () => <CheckPage kind="FORMATIVE" />;
export const SummativeCheckPage = () => <CheckPage kind="SUMMATIVE" />;

/** "Daftar uji coba" of the assessment controllers: every quiz or summative of the unit, each to try. */
export function TrialListPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<'FORMATIVE' | 'SUMMATIVE'>('SUMMATIVE');
  const stateColumn = useStateColumn();
  const trial = useTrialAction();
  const columns: ListColumn<Assessment>[] = [
    ...othersColumns(t, stateColumn),
    rowActionsColumn<Assessment>((a) => <RowActions name={a.title} actions={trial(a)} />),
  ];
  return (
    <Stack gap="md">
      <PageTitle>{t('assess.trialList')}</PageTitle>
      <Tabs value={kind} onChange={(v) => v && setKind(v as typeof kind)}>
        <Tabs.List>
          <Tabs.Tab value="SUMMATIVE">{t('assess.kinds.SUMMATIVE')}</Tabs.Tab>
          <Tabs.Tab value="FORMATIVE">{t('assess.kinds.FORMATIVE')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <DataList<Assessment>
        path="/assessments"
        label={t('assess.trialList')}
        columns={columns}
        filters={{ kind }}
        exportName={`uji-coba-${kind.toLowerCase()}`}
        rowLabel={(a) => a.title}
      />
    </Stack>
  );
}
