import { Anchor, Button, Group, Modal, Select, Skeleton, Stack, TextInput, Textarea } from '@mantine/core';
import {
  VIOLATION_STATUSES,
  ViolationInput,
  type VerifyResult,
  type Violation,
  type ViolationStatus,
} from '@mms/shared';
import { IconCheck, IconScale, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate, useParams } from 'react-router';
import { ROUTES } from '../../../lib/route-names.ts';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { RowActions, rowActionsColumn } from '../../../components/data-list/row-actions.tsx';
import { DateField } from '../../../components/date-fields.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { ClassSelect, UnitSelect } from '../../../components/pickers.tsx';
import { serverToday } from '../../../lib/clock.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { dateText } from '../../../lib/display.ts';
import { notifyError, notifyInfo } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useCatalogue, useDecideViolation, useLedger, useSaveViolation, useViolation } from '../api.ts';
import { LedgerEntryForm, LedgerView } from '../components/ledger-panel.tsx';
import { CodeSelect, StatusBadge } from '../components/parts.tsx';
import {
  RecordEditPage,
  RecordInputPage,
  StudentRecordForm,
  type RecordFieldsProps,
} from '../components/record-form.tsx';
import { userCan } from '../../../lib/permissions.ts';

interface ViolationValues {
  ruleId: string | null;
  occurredOn: string;
  occurredTime: string;
  place: string;
  witness: string;
}

/** The report's own fields: the rule of the catalogue, when and where, and a witness. */
function ViolationFields({ values: v, set, errors, existing }: RecordFieldsProps<ViolationValues, Violation>) {
  const { t } = useTranslation();
  const today = serverToday();
  const user = useCurrentUser();
  // the rules of the caller's unit; ADMIN and YAYASAN (no unit) get the chosen student's
  const catalogue = useCatalogue(true, user.unit ? undefined : (v.student?.unitId ?? existing?.unitId ?? null));
  const rules = (catalogue.data?.rules ?? []).map((r) => ({
    value: String(r.id),
    label: `${r.code} – ${r.name} (${r.points} ${t('discipline.points').toLowerCase()})`,
  }));
  return (
    <>
      <Select
        label={t('discipline.rule')}
        placeholder={t('discipline.violation.pickRule')}
        data={rules}
        searchable
        value={v.ruleId}
        onChange={(ruleId) => set({ ruleId })}
        error={errors.ruleId}
        required
      />
      <Group align="flex-end" wrap="wrap">
        <DateField
          label={t('discipline.date')}
          max={today}
          value={v.occurredOn}
          error={errors.occurredOn}
          onChange={(d) => d && set({ occurredOn: d })}
        />
        <TextInput
          label={t('discipline.time')}
          type="time"
          value={v.occurredTime}
          error={errors.occurredTime}
          onChange={(e) => set({ occurredTime: e.currentTarget.value })}
          w={{ base: '100%', xs: 140 }}
        />
        <TextInput
          label={t('discipline.place')}
          value={v.place}
          error={errors.place}
          onChange={(e) => set({ place: e.currentTarget.value })}
        />
        <TextInput
          label={t('discipline.witness')}
          value={v.witness}
          error={errors.witness}
          onChange={(e) => set({ witness: e.currentTarget.value })}
        />
      </Group>
    </>
  );
}

/** The report form: the student, the rule of the catalogue, when and where, a witness, notes and evidence. */
function ViolationForm({ existing, onSaved }: { existing?: Violation; onSaved: (v: Violation) => void }) {
  const { t } = useTranslation();
  const save = useSaveViolation();
  return (
    <StudentRecordForm
      existing={existing}
      initial={{
        ruleId: existing ? String(existing.ruleId) : null,
        occurredOn: existing?.occurredOn ?? serverToday(),
        occurredTime: existing?.occurredTime ?? '',
        place: existing?.place ?? '',
        witness: existing?.witness ?? '',
      }}
      body={(v) => ({
        ruleId: v.ruleId ? Number(v.ruleId) : NaN,
        occurredOn: v.occurredOn,
        occurredTime: v.occurredTime || null,
        place: v.place.trim() || null,
        witness: v.witness.trim() || null,
      })}
      schema={ViolationInput}
      save={save}
      onSaved={(saved) => {
        notifyInfo(t('discipline.violation.reported'));
        onSaved(saved);
      }}
      fields={ViolationFields}
    />
  );
}

/** BPBK's violation input (bpbk-violation-input, also the TKA group's entry). */
export function ViolationInputPage() {
  const { t } = useTranslation();
  return <RecordInputPage title={t('discipline.violation.inputTitle')} form={ViolationForm} />;
}

/** A teacher's "input sanksi": reporting a violation; sanctions follow from the points once BPBK verifies. */
export function TeacherViolationInputPage() {
  const { t } = useTranslation();
  return <RecordInputPage title={t('discipline.violation.teacherInputTitle')} form={ViolationForm} />;
}

export function ViolationEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const violation = useViolation(id);
  return (
    <RecordEditPage title={t('discipline.violation.editTitle')} record={violation.data}>
      {(v) => <ViolationForm existing={v} onSaved={() => void navigate(-1)} />}
    </RecordEditPage>
  );
}

/** A student's point record in a dialog, with remission for BPBK and the principal. */
export function LedgerModal({
  student,
  onClose,
}: {
  student: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const ledger = useLedger(student?.id ?? null);
  return (
    <Modal
      opened={!!student}
      onClose={onClose}
      size="xl"
      title={student ? t('discipline.ledger.title', { name: student.name }) : ''}
    >
      {ledger.data ? (
        <Stack>
          <LedgerView ledger={ledger.data} />
          {userCan(user, 'discipline.manage') && student && <LedgerEntryForm studentId={student.id} />}
        </Stack>
      ) : (
        <Skeleton height={160} />
      )}
    </Modal>
  );
}

/** Asks for the reason of a rejection. */
export function ReasonModal(props: {
  title: string;
  label: string;
  opened: boolean;
  pending: boolean;
  onClose: () => void;
  onSubmit: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title}>
      <Stack>
        <Textarea
          label={props.label}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          required
          autosize
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('discipline.cancel')}
          </Button>
          <Button
            color="red"
            loading={props.pending}
            disabled={!reason.trim()}
            onClick={() => props.onSubmit(reason.trim())}
          >
            {props.title}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The columns every violation list shows. */
export function violationColumns(t: (k: string) => string): ListColumn<Violation>[] {
  return [
    { accessor: 'occurredOn', title: t('discipline.date'), render: (r) => dateText(r.occurredOn, 'short') },
    { accessor: 'studentName', title: t('discipline.student') },
    { accessor: 'className', title: t('discipline.class') },
    { accessor: 'ruleName', title: t('discipline.rule') },
    { accessor: 'points', title: t('discipline.points'), textAlign: 'right' },
    { accessor: 'reporterName', title: t('discipline.reporter') },
    {
      accessor: 'status',
      title: t('discipline.status'),
      render: (r) => <StatusBadge status={r.status} />,
      exportValue: (r) => t(`discipline.statuses.${r.status}`),
    },
    {
      accessor: 'evidence',
      title: t('discipline.evidenceLink'),
      render: (r) =>
        r.evidence ? (
          <Anchor href={r.evidence.url} target="_blank" rel="noreferrer">
            {r.evidence.name}
          </Anchor>
        ) : null,
      exportValue: (r) => r.evidence?.name ?? '',
    },
  ];
}

export function ViolationFilters(p: {
  status: ViolationStatus | null;
  setStatus: (s: ViolationStatus | null) => void;
  classGroupId: number | null;
  setClassGroupId: (c: number | null) => void;
  from: string;
  setFrom: (d: string) => void;
  to: string;
  setTo: (d: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <CodeSelect
        label={t('discipline.status')}
        placeholder={t('discipline.allStatuses')}
        codes={VIOLATION_STATUSES}
        group="statuses"
        value={p.status}
        onChange={p.setStatus}
        clearable
      />
      <ClassSelect value={p.classGroupId} onChange={p.setClassGroupId} />
      <DateField label={t('discipline.from')} value={p.from} onChange={p.setFrom} clearable />
      <DateField label={t('discipline.to')} value={p.to} onChange={p.setTo} clearable />
    </>
  );
}

/**
 * The violation list: BPBK and the principal see every report of the unit and verify or reject those waiting; a
 * teacher sees their own reports (the server decides the rows).
 */
export function ViolationListPage({ own = false }: { own?: boolean }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const manager = userCan(user, 'discipline.manage');
  const decide = useDecideViolation();
  const [status, setStatus] = useState<ViolationStatus | null>(null);
  const [classGroupId, setClassGroupId] = useState<number | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [unitId, setUnitId] = useState<number | null>(null);
  const [ledgerOf, setLedgerOf] = useState<{ id: number; name: string } | null>(null);
  const [rejecting, setRejecting] = useState<Violation | null>(null);
  const verify = (r: Violation) =>
    confirmDialog({
      title: t('discipline.violation.verify'),
      text: t('discipline.violation.verifyConfirm', { rule: r.ruleName, name: r.studentName }),
      confirm: t('discipline.violation.verify'),
      onConfirm: () =>
        decide.mutate(
          { id: r.id },
          {
            onSuccess: (res) => {
              const result = res as VerifyResult;
              notifyInfo(t('discipline.violation.verified', { name: r.studentName, balance: result.balance }));
              if (result.proposedSanctionIds.length) notifyInfo(t('discipline.violation.proposed'));
            },
            onError: notifyError,
          },
        ),
    });
  const columns: ListColumn<Violation>[] = [
    ...violationColumns(t),
    rowActionsColumn<Violation>((r) => (
      <RowActions
        name={`${r.studentName} ${r.ruleName}`}
        edit={
          r.status === 'REPORTED' && (manager || own)
            ? generatePath(ROUTES['bpbk-violation-edit'], { id: String(r.id) })
            : undefined
        }
        actions={[
          ...(manager && r.status === 'REPORTED'
            ? [
                {
                  label: t('discipline.violation.verify'),
                  icon: <IconCheck size={18} aria-hidden />,
                  color: 'green',
                  onClick: () => verify(r),
                },
                {
                  label: t('discipline.violation.reject'),
                  icon: <IconX size={18} aria-hidden />,
                  color: 'red',
                  onClick: () => setRejecting(r),
                },
              ]
            : []),
          ...(manager
            ? [
                {
                  label: t('discipline.violation.ledger'),
                  icon: <IconScale size={18} aria-hidden />,
                  onClick: () => setLedgerOf({ id: r.studentId, name: r.studentName }),
                },
              ]
            : []),
        ]}
      />
    )),
  ];
  const filters = {
    status: status ?? undefined,
    classGroupId,
    unitId,
    from: from || undefined,
    to: to || undefined,
    mine: own ? 'true' : undefined,
  };
  return (
    <Stack gap="md">
      {!own && <PageTitle>{t('discipline.violation.listTitle')}</PageTitle>}
      <DataList<Violation>
        path="/discipline/violations"
        label={own ? t('discipline.violation.myReports') : t('discipline.violation.listTitle')}
        columns={columns}
        filters={filters}
        print={{ unitId: user.unit?.id ?? unitId }}
        exportName="pelanggaran"
        serverExport
        filterControls={
          <>
            {!user.unit && <UnitSelect value={unitId} onChange={setUnitId} />}
            <ViolationFilters {...{ status, setStatus, classGroupId, setClassGroupId, from, setFrom, to, setTo }} />
          </>
        }
      />
      <LedgerModal student={ledgerOf} onClose={() => setLedgerOf(null)} />
      <ReasonModal
        key={rejecting?.id ?? 0}
        title={t('discipline.violation.rejectTitle')}
        label={t('discipline.violation.rejectReason')}
        opened={!!rejecting}
        pending={decide.isPending}
        onClose={() => setRejecting(null)}
        onSubmit={(reason) =>
          decide.mutate(
            { id: rejecting!.id, reject: reason },
            { onSuccess: () => setRejecting(null), onError: notifyError },
          )
        }
      />
    </Stack>
  );
}
