import '../../../i18n/admission/index.ts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  APPLICANT_STATE_LABELS,
  APPLICANT_STATES,
  formatRupiah,
  nextApplicantStates,
  WaveInput,
  type ApplicantDetail,
  type ApplicantListItem,
  type ApplicantState,
  type Wave,
} from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { DateField } from '../../../components/date-fields.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { PrintButton, PrintedPaper } from '../../../components/print/printed-paper.tsx';
import { ROUTES } from '../../../lib/route-names.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { dateText, displayLanguage } from '../../../lib/display.ts';
import { notifyDone, notifyError, notifyInfo } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { issueErrors, messageText } from '../../../lib/validation.ts';
import { useAcademicYears, useClassGroups, useGrades } from '../../school/api.ts';
import { useComponents } from '../../finance/api.ts';
import {
  createApplicant,
  staffDocumentUrl,
  useAdmissionDashboard,
  useApplicant,
  useApplicantMutations,
  useDeleteWave,
  useSaveWave,
  useWaves,
} from '../api.ts';
import { showServerErrors } from '../show-errors.ts';
import { ApplicantFormFields } from '../components/applicant-form.tsx';
import { DocumentsPanel } from '../components/documents-panel.tsx';
import { checkForm, emptyForm, formOf, type FormField, type FormValues } from '../form.ts';
import { StateAndEvents } from './public-pages.tsx';
import { userCan } from '../../../lib/permissions.ts';

const pathOf = (name: keyof typeof ROUTES, id: number) => ROUTES[name].replace(':id', String(id));
const STATE_COLOR: Partial<Record<ApplicantState, string>> = {
  DRAFT: 'gray',
  REGISTERED: 'blue',
  VERIFIED: 'teal',
  TESTED: 'grape',
  ACCEPTED: 'green',
  WAITLISTED: 'yellow',
  REJECTED: 'red',
  REREGISTERED: 'green',
  WITHDRAWN: 'gray',
};

function StateBadge({ state }: { state: ApplicantState }) {
  return (
    <Badge color={STATE_COLOR[state]} variant="light">
      {APPLICANT_STATE_LABELS[state][displayLanguage()]}
    </Badge>
  );
}

function WaveSelect(props: {
  value: string | null;
  onChange: (v: string | null) => void;
  required?: boolean;
  error?: string;
}) {
  const { t } = useTranslation();
  const waves = useWaves();
  return (
    <Select
      label={t('adm.wave')}
      placeholder={props.required ? undefined : t('adm.allWaves')}
      data={(waves.data?.items ?? []).map((w) => ({
        value: String(w.id),
        label: `${w.unitCode} · ${w.name} (${w.academicYearName})`,
      }))}
      value={props.value}
      onChange={props.onChange}
      clearable={!props.required}
      required={props.required}
      error={props.error}
      w={{ base: '100%', xs: 260 }}
    />
  );
}

// ---------- list ----------

/** The applicants per wave and state, searched, paged, exported (the server's export) and opened. */
export function AdmissionListPage() {
  const { t } = useTranslation();
  const [waveId, setWaveId] = useState<string | null>(null);
  const [state, setState] = useState<string | null>(null);
  const lang = displayLanguage();
  const columns: ListColumn<ApplicantListItem>[] = [
    {
      accessor: 'regNo',
      title: t('adm.regNo'),
      noWrap: true,
      render: (r) => (
        <Anchor component={Link} to={pathOf('principal-admission-applicant', r.id)}>
          {r.regNo}
        </Anchor>
      ),
    },
    { accessor: 'name', title: t('adm.name') },
    { accessor: 'previousSchool', title: t('adm.f.previousSchool') },
    { accessor: 'waveName', title: t('adm.wave') },
    {
      accessor: 'registeredAt',
      title: t('adm.registeredAt'),
      render: (r) => (r.registeredAt ? dateText(r.registeredAt, 'short') : ''),
    },
    { accessor: 'documentsOk', title: t('adm.documentsOk'), render: (r) => `${r.documentsOk}/${r.documentsTotal}` },
    { accessor: 'state', title: t('adm.state'), render: (r) => <StateBadge state={r.state} /> },
  ];
  return (
    <Stack>
      <PageTitle
        actions={
          <Button component={Link} to={ROUTES['principal-admission-input']}>
            {t('adm.staff.add')}
          </Button>
        }
      >
        {t('adm.staff.listTitle')}
      </PageTitle>
      <DataList<ApplicantListItem>
        path="/admission/applicants"
        label={t('adm.staff.listTitle')}
        columns={columns}
        filters={{ waveId: waveId ?? undefined, state: state ?? undefined }}
        searchLabel={t('adm.search')}
        exportName="pendaftar-spmb"
        serverExport
        exportFilters={state ? [[t('adm.state'), APPLICANT_STATE_LABELS[state as ApplicantState][lang]]] : []}
        filterControls={
          <>
            <WaveSelect value={waveId} onChange={setWaveId} />
            <Select
              label={t('adm.state')}
              placeholder={t('adm.allStates')}
              data={APPLICANT_STATES.map((s) => ({ value: s, label: APPLICANT_STATE_LABELS[s][lang] }))}
              value={state}
              onChange={setState}
              clearable
              w={{ base: '100%', xs: 200 }}
            />
          </>
        }
      />
    </Stack>
  );
}

// ---------- input and edit ----------

/** Staff enter an applicant with the same form; registered at once, the PIN shown once for the parents. */
export function AdmissionInputPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [waveId, setWaveId] = useState<string | null>(null);
  const [values, setValues] = useState<FormValues>(emptyForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<{ id: number; regNo: string; pin: string } | null>(null);
  const save = async () => {
    const checked = checkForm(values);
    const errs = checked.ok ? {} : { ...checked.errors };
    if (!waveId) errs.waveId = messageText('Gelombang wajib diisi');
    if (!checked.ok || !waveId) return setErrors(errs);
    setErrors({});
    setPending(true);
    try {
      setCreated(await createApplicant({ ...checked.value, waveId: Number(waveId) }));
    } catch (e) {
      showServerErrors(e, setErrors);
    } finally {
      setPending(false);
    }
  };
  return (
    <Stack>
      <PageTitle>{t('adm.staff.inputTitle')}</PageTitle>
      {created ? (
        <Paper withBorder p="md" radius="md">
          <Stack>
            <Alert color="yellow">{t('adm.staff.created', created)}</Alert>
            <Group>
              <Button onClick={() => navigate(pathOf('principal-admission-applicant', created.id))}>
                {t('adm.staff.detailTitle')}
              </Button>
              <Button variant="default" onClick={() => (setCreated(null), setValues(emptyForm()))}>
                {t('adm.staff.add')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <>
          <WaveSelect value={waveId} onChange={setWaveId} required error={errors.waveId} />
          <ApplicantFormFields
            values={values}
            errors={errors}
            onChange={(f: FormField, v) => setValues({ ...values, [f]: v })}
          />
          <Group justify="flex-end">
            <Button loading={pending} onClick={() => void save()}>
              {t('adm.save')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

function EditForm({ applicant }: { applicant: ApplicantDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const m = useApplicantMutations(applicant.id);
  const [values, setValues] = useState<FormValues>(() => formOf(applicant));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const save = async () => {
    const checked = checkForm(values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setPending(true);
    try {
      await m.save(checked.value);
      notifyDone('saved');
      navigate(pathOf('principal-admission-applicant', applicant.id));
    } catch (e) {
      showServerErrors(e, setErrors);
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Text>
        <Code>{applicant.regNo}</Code> · {applicant.waveName}
      </Text>
      <ApplicantFormFields values={values} errors={errors} onChange={(f, v) => setValues({ ...values, [f]: v })} />
      <Group justify="flex-end">
        <Button variant="default" component={Link} to={pathOf('principal-admission-applicant', applicant.id)}>
          {t('adm.cancel')}
        </Button>
        <Button loading={pending} onClick={() => void save()}>
          {t('adm.save')}
        </Button>
      </Group>
    </>
  );
}

export function AdmissionEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const q = useApplicant(id);
  return (
    <Stack>
      <PageTitle>{t('adm.staff.editTitle')}</PageTitle>
      {q.data ? (
        <EditForm key={q.data.id} applicant={q.data} />
      ) : q.isError ? (
        <Alert color="red">{messageText(String((q.error as Error).message))}</Alert>
      ) : (
        <Skeleton height={300} />
      )}
    </Stack>
  );
}

// ---------- detail ----------

function StateActions({ applicant }: { applicant: ApplicantDetail }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const m = useApplicantMutations(applicant.id);
  const lang = displayLanguage();
  const [withdrawing, setWithdrawing] = useState(false);
  const [reason, setReason] = useState('');
  const [classId, setClassId] = useState<string | null>(null);
  // the classes of the wave's grade in the year the applicant enters (the server refuses any other)
  const classes = useClassGroups({
    unitId: applicant.unitId,
    academicYearId: applicant.academicYearId,
    gradeId: applicant.gradeId,
  });
  const next = nextApplicantStates(applicant.state);
  const mayDecide = userCan(user, 'admission.decide');
  const run = async (work: () => Promise<unknown>, done?: string) => {
    try {
      await work();
      if (done) notifyInfo(done);
      else notifyDone('saved');
    } catch (e) {
      notifyError(e);
    }
  };
  const decide = (to: 'ACCEPTED' | 'WAITLISTED' | 'REJECTED') =>
    confirmDialog({
      title: t('adm.staff.decide'),
      text: t('adm.staff.decideConfirm', { name: applicant.name, state: APPLICANT_STATE_LABELS[to][lang] }),
      confirm: APPLICANT_STATE_LABELS[to][lang],
      destructive: to === 'REJECTED',
      onConfirm: () => void run(() => m.decide({ to, expect: applicant.state, note: null })),
    });
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group gap="xs">
          {next.includes('VERIFIED') && (
            <Button onClick={() => void run(() => m.move({ to: 'VERIFIED', expect: applicant.state, note: null }))}>
              {t('adm.staff.verify')}
            </Button>
          )}
          {mayDecide && next.includes('ACCEPTED') && (
            <Button color="green" onClick={() => decide('ACCEPTED')}>
              {t('adm.staff.accept')}
            </Button>
          )}
          {mayDecide && next.includes('WAITLISTED') && (
            <Button color="yellow" variant="light" onClick={() => decide('WAITLISTED')}>
              {t('adm.staff.waitlist')}
            </Button>
          )}
          {mayDecide && next.includes('REJECTED') && (
            <Button color="red" variant="light" onClick={() => decide('REJECTED')}>
              {t('adm.staff.reject')}
            </Button>
          )}
          {next.includes('WITHDRAWN') && (
            <Button color="red" variant="subtle" onClick={() => setWithdrawing(true)}>
              {t('adm.staff.withdraw')}
            </Button>
          )}
        </Group>
        {next.includes('VERIFIED') && <Text size="sm">{t('adm.staff.verifyHint')}</Text>}
        {next.includes('REREGISTERED') && (
          <Group align="end">
            <Select
              label={t('adm.staff.reregisterClass')}
              data={(classes.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              value={classId}
              onChange={setClassId}
              w={{ base: '100%', xs: 200 }}
            />
            <Button
              disabled={!classId}
              onClick={() =>
                void run(async () => {
                  const r = await m.reregister(Number(classId));
                  notifyInfo(t('adm.staff.reregistered', { nis: r.nis }));
                }, '')
              }
            >
              {t('adm.staff.reregister')}
            </Button>
          </Group>
        )}
        {applicant.studentId && (
          <Anchor component={Link} to={ROUTES['student-profile'].replace(':id', String(applicant.studentId))}>
            {t('adm.staff.student')}
          </Anchor>
        )}
      </Stack>
      <Modal
        opened={withdrawing}
        onClose={() => setWithdrawing(false)}
        title={t('adm.staff.withdrawConfirm', { name: applicant.name })}
        centered
      >
        <Stack>
          <Textarea
            label={t('adm.staff.withdrawReason')}
            required
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setWithdrawing(false)}>
              {t('adm.cancel')}
            </Button>
            <Button
              color="red"
              disabled={!reason.trim()}
              onClick={() =>
                void run(async () => {
                  await m.move({ to: 'WITHDRAWN', expect: applicant.state, note: reason });
                  setWithdrawing(false);
                })
              }
            >
              {t('adm.staff.withdraw')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

/** One applicant: data, documents with their checks, events and the state's actions. */
export function AdmissionApplicantPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const q = useApplicant(id);
  const m = useApplicantMutations(id);
  const a = q.data;
  if (!a)
    return (
      <Stack>
        <PageTitle>{t('adm.staff.detailTitle')}</PageTitle>
        {q.isError ? (
          <Alert color="red">{(q.error as Error).message}</Alert>
        ) : (
          <Skeleton height={300} aria-label={t('adm.loading')} />
        )}
      </Stack>
    );
  const rows: [string, string | null][] = (
    [
      'gender',
      'nik',
      'nisn',
      'birthPlace',
      'birthDate',
      'address',
      'phone',
      'fatherName',
      'motherName',
      'guardianName',
      'previousSchool',
      'boarding',
    ] as const
  ).map((f) => [
    t(`adm.f.${f}`),
    f === 'gender' && a.gender
      ? t(`adm.gender.${a.gender}`)
      : f === 'boarding' && a.boarding
        ? t(`adm.boarding.${a.boarding}`)
        : f === 'birthDate' && a.birthDate
          ? dateText(a.birthDate)
          : a[f],
  ]);
  const editable = !['REREGISTERED', 'WITHDRAWN', 'REJECTED'].includes(a.state);
  return (
    <Stack>
      <PageTitle
        actions={
          <Group gap="xs">
            {editable && (
              <Button variant="default" component={Link} to={pathOf('principal-admission-edit', a.id)}>
                {t('adm.staff.edit')}
              </Button>
            )}
            <Button variant="default" component={Link} to={pathOf('principal-admission-print', a.id)}>
              {t('adm.staff.print')}
            </Button>
          </Group>
        }
      >
        {a.name} · {a.regNo}
      </PageTitle>
      <Text>
        {a.unitName} · {a.waveName} · {a.gradeName} ({a.academicYearName}) · <StateBadge state={a.state} />{' '}
      </Text>
      <StateActions applicant={a} />
      <Paper withBorder p="md" radius="md">
        <Table>
          <Table.Tbody>
            {rows.map(([k, v]) => (
              <Table.Tr key={k}>
                <Table.Th w="40%">{k}</Table.Th>
                <Table.Td>{v ?? '–'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <DocumentsPanel
        applicant={a}
        urlOf={(d) => staffDocumentUrl(a.id, d.id)}
        onUpload={editable ? m.upload : undefined}
        onCheck={a.state === 'REGISTERED' || a.state === 'VERIFIED' ? (d, body) => m.check(d.id, body) : undefined}
      />
      <StateAndEvents applicant={a} />
    </Stack>
  );
}

/** The printable registration form (the unit's letterhead, the data, the documents' checks). */
export function AdmissionPrintPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const a = useApplicant(id).data;
  const lang = displayLanguage();
  if (!a) return <Skeleton height={300} aria-label={t('adm.loading')} />;
  return (
    <PrintedPaper
      unitId={a.unitId}
      title={t('adm.staff.printTitle')}
      subtitle={`${a.regNo} · ${a.waveName} · ${a.academicYearName}`}
      actions={<PrintButton />}
    >
      <Table withTableBorder>
        <Table.Tbody>
          {(
            [
              'name',
              'gender',
              'nik',
              'nisn',
              'birthPlace',
              'birthDate',
              'religion',
              'address',
              'phone',
              'fatherName',
              'fatherPhone',
              'motherName',
              'motherPhone',
              'guardianName',
              'previousSchool',
              'boarding',
            ] as const
          ).map((f) => (
            <Table.Tr key={f}>
              <Table.Th w="35%">{t(`adm.f.${f}`)}</Table.Th>
              <Table.Td>
                {f === 'gender' && a.gender
                  ? t(`adm.gender.${a.gender}`)
                  : f === 'boarding' && a.boarding
                    ? t(`adm.boarding.${a.boarding}`)
                    : f === 'birthDate' && a.birthDate
                      ? dateText(a.birthDate)
                      : (a[f] ?? '–')}
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th>{t('adm.state')}</Table.Th>
            <Table.Td>{APPLICANT_STATE_LABELS[a.state][lang]}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </PrintedPaper>
  );
}

// ---------- waves ----------

interface WaveDraft {
  academicYearId: string | null;
  gradeId: string | null;
  name: string;
  opensOn: string;
  closesOn: string;
  quota: number | string;
  registrationFee: number | string;
  entryFee: number | string;
  entryFeeComponentId: string | null;
  testDurationMinutes: number | string;
  testQuestionCount: number | string;
  isActive: boolean;
  internal: boolean;
}
const draftOf = (w?: Wave): WaveDraft => ({
  academicYearId: w ? String(w.academicYearId) : null,
  gradeId: w ? String(w.gradeId) : null,
  name: w?.name ?? '',
  opensOn: w?.opensOn ?? '',
  closesOn: w?.closesOn ?? '',
  quota: w?.quota ?? 30,
  registrationFee: w?.registrationFee ?? 0,
  entryFee: w?.entryFee ?? 0,
  entryFeeComponentId: w?.entryFeeComponentId ? String(w.entryFeeComponentId) : null,
  testDurationMinutes: w?.testDurationMinutes ?? 60,
  testQuestionCount: w?.testQuestionCount ?? 20,
  isActive: w?.isActive ?? true,
  internal: w?.internal ?? false,
});

function WaveForm({ wave, onDone }: { wave?: Wave; onDone: () => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const unitId = wave?.unitId ?? user?.unit?.id ?? null;
  const years = useAcademicYears();
  const grades = useGrades(unitId);
  const components = useComponents(unitId);
  const save = useSaveWave();
  const [d, setD] = useState<WaveDraft>(() => draftOf(wave));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof WaveDraft>(k: K, v: WaveDraft[K]) => setD({ ...d, [k]: v });
  const submit = () => {
    const body = {
      ...d,
      academicYearId: d.academicYearId ?? '',
      gradeId: d.gradeId ?? '',
      entryFeeComponentId: d.entryFeeComponentId ? Number(d.entryFeeComponentId) : null,
      testOpensAt: wave?.testOpensAt ?? null,
      testClosesAt: wave?.testClosesAt ?? null,
      announceAt: wave?.announceAt ?? null,
    };
    const parsed = WaveInput.safeParse(body);
    if (!parsed.success) return setErrors(issueErrors(parsed.error));
    setErrors({});
    save.mutate(
      { id: wave?.id, body: parsed.data },
      { onSuccess: () => (notifyDone('saved'), onDone()), onError: (e) => showServerErrors(e, setErrors) },
    );
  };
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('adm.waves.name')}
          required
          value={d.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
        />
        <Select
          label={t('adm.waves.year')}
          required
          data={(years.data?.items ?? []).map((y) => ({ value: String(y.id), label: y.name }))}
          value={d.academicYearId}
          onChange={(v) => set('academicYearId', v)}
          error={errors.academicYearId}
        />
        <Select
          label={t('adm.waves.grade')}
          required
          data={(grades.data?.items ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
          value={d.gradeId}
          onChange={(v) => set('gradeId', v)}
          error={errors.gradeId}
        />
        <NumberInput
          label={t('adm.waves.quota')}
          required
          min={1}
          value={d.quota}
          onChange={(v) => set('quota', v)}
          error={errors.quota}
        />
        <DateField
          label={t('adm.waves.opensOn')}
          required
          w="100%"
          value={d.opensOn}
          onChange={(v) => set('opensOn', v)}
          error={errors.opensOn}
        />
        <DateField
          label={t('adm.waves.closesOn')}
          required
          w="100%"
          value={d.closesOn}
          onChange={(v) => set('closesOn', v)}
          error={errors.closesOn}
        />
        <NumberInput
          label={t('adm.waves.registrationFee')}
          prefix="Rp "
          thousandSeparator="."
          decimalSeparator=","
          min={0}
          value={d.registrationFee}
          onChange={(v) => set('registrationFee', v)}
          error={errors.registrationFee}
        />
        <NumberInput
          label={t('adm.waves.entryFee')}
          prefix="Rp "
          thousandSeparator="."
          decimalSeparator=","
          min={0}
          value={d.entryFee}
          onChange={(v) => set('entryFee', v)}
          error={errors.entryFee}
        />
        <Select
          label={t('adm.waves.entryFeeComponent')}
          clearable
          data={(components.data?.items ?? []).map((c) => ({ value: String(c.id), label: `${c.code} · ${c.name}` }))}
          value={d.entryFeeComponentId}
          onChange={(v) => set('entryFeeComponentId', v)}
          error={errors.entryFeeComponentId}
        />
        <NumberInput
          label={t('adm.waves.testDuration')}
          min={1}
          value={d.testDurationMinutes}
          onChange={(v) => set('testDurationMinutes', v)}
          error={errors.testDurationMinutes}
        />
        <NumberInput
          label={t('adm.waves.testCount')}
          min={1}
          value={d.testQuestionCount}
          onChange={(v) => set('testQuestionCount', v)}
          error={errors.testQuestionCount}
        />
        <Switch
          label={t('adm.waves.active')}
          checked={d.isActive}
          onChange={(e) => set('isActive', e.currentTarget.checked)}
          mt="lg"
        />
        <Switch
          label={t('adm.waves.internal')}
          description={t('adm.waves.internalHint')}
          checked={d.internal}
          onChange={(e) => set('internal', e.currentTarget.checked)}
          mt="lg"
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('adm.cancel')}
        </Button>
        <Button loading={save.isPending} onClick={submit}>
          {t('adm.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The unit's waves: dates, quota, fees and the test's size; add, change, delete (without applicants). */
export function AdmissionWavesPage() {
  const { t } = useTranslation();
  const waves = useWaves();
  const remove = useDeleteWave();
  const [editing, setEditing] = useState<Wave | 'new' | null>(null);
  const items = waves.data?.items ?? [];
  return (
    <Stack>
      <PageTitle actions={<Button onClick={() => setEditing('new')}>{t('adm.waves.add')}</Button>}>
        {t('adm.staff.wavesTitle')}
      </PageTitle>
      {waves.isPending ? (
        <Skeleton height={120} aria-label={t('adm.loading')} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('adm.waves.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={700}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('adm.waves.name')}</Table.Th>
                <Table.Th>{t('adm.waves.year')}</Table.Th>
                <Table.Th>{t('adm.waves.opensOn')}</Table.Th>
                <Table.Th>{t('adm.waves.quota')}</Table.Th>
                <Table.Th>{t('adm.waves.registrationFee')}</Table.Th>
                <Table.Th>{t('adm.waves.entryFee')}</Table.Th>
                <Table.Th>{t('adm.waves.applicants')}</Table.Th>
                <Table.Th>{t('app.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((w) => (
                <Table.Tr key={w.id}>
                  <Table.Td>
                    {w.unitCode} · {w.name}{' '}
                    <Badge color={w.isOpen ? 'green' : 'gray'} variant="light">
                      {t(w.isOpen ? 'adm.waves.open' : 'adm.waves.closed')}
                    </Badge>
                    {w.internal && (
                      <Badge color="grape" variant="light" ml={4}>
                        {t('adm.waves.internalBadge')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {w.academicYearName} · {w.gradeName}
                  </Table.Td>
                  <Table.Td>
                    {dateText(w.opensOn, 'short')} – {dateText(w.closesOn, 'short')}
                  </Table.Td>
                  <Table.Td>{w.quota}</Table.Td>
                  <Table.Td>{formatRupiah(w.registrationFee)}</Table.Td>
                  <Table.Td>{formatRupiah(w.entryFee)}</Table.Td>
                  <Table.Td>{w.applicantCount}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Button
                        size="compact-sm"
                        variant="default"
                        aria-label={`${t('adm.staff.edit')} ${w.name}`}
                        onClick={() => setEditing(w)}
                      >
                        {t('adm.staff.edit')}
                      </Button>
                      <Button
                        size="compact-sm"
                        color="red"
                        variant="subtle"
                        aria-label={`${t('adm.waves.remove')} ${w.name}`}
                        onClick={() =>
                          confirmDialog({
                            title: t('adm.waves.remove'),
                            text: t('adm.waves.removeConfirm', { name: w.name }),
                            confirm: t('adm.waves.remove'),
                            destructive: true,
                            onConfirm: () =>
                              remove.mutate(w.id, { onSuccess: () => notifyDone('deleted'), onError: notifyError }),
                          })
                        }
                      >
                        {t('adm.waves.remove')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t(editing === 'new' ? 'adm.waves.add' : 'adm.staff.edit')}
        size="lg"
      >
        {editing !== null && (
          <WaveForm wave={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
        )}
      </Modal>
    </Stack>
  );
}

// ---------- dashboard ----------

/** Registrations per day (bars with their numbers) and per state. */
export function AdmissionDashboardPage() {
  const { t } = useTranslation();
  const [waveId, setWaveId] = useState<string | null>(null);
  const d = useAdmissionDashboard(waveId ? Number(waveId) : undefined);
  const lang = displayLanguage();
  const max = Math.max(1, ...(d.data?.perDay ?? []).map((r) => r.count));
  return (
    <Stack>
      <PageTitle>{t('adm.staff.dashboardTitle')}</PageTitle>
      <WaveSelect value={waveId} onChange={setWaveId} />
      {!d.data ? (
        <Skeleton height={200} aria-label={t('adm.loading')} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Paper withBorder p="md" radius="md">
            <Title order={2} fz="h4" mb="sm">
              {t('adm.staff.perDay')}
            </Title>
            {d.data.perDay.length === 0 ? (
              <Text c="dimmed">{t('adm.empty')}</Text>
            ) : (
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('adm.staff.date')}</Table.Th>
                    <Table.Th>{t('adm.staff.count')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.data.perDay.map((r) => (
                    <Table.Tr key={r.date}>
                      <Table.Td>{dateText(r.date, 'short')}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <div
                            aria-hidden
                            style={{
                              height: 12,
                              width: `${(r.count / max) * 160}px`,
                              background: 'var(--mantine-color-blue-filled)',
                            }}
                          />
                          <Text size="sm">{r.count}</Text>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Title order={2} fz="h4" mb="sm">
              {t('adm.staff.perState')}
            </Title>
            <Text mb="xs">
              {t('adm.staff.total')}: <b>{d.data.total}</b>
            </Text>
            <Table>
              <Table.Tbody>
                {d.data.perState.map((r) => (
                  <Table.Tr key={r.state}>
                    <Table.Td>{APPLICANT_STATE_LABELS[r.state][lang]}</Table.Td>
                    <Table.Td>{r.count}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        </SimpleGrid>
      )}
    </Stack>
  );
}
