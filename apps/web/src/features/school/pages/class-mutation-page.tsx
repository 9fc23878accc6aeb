import { Alert, Button, Group, Paper, Stack, Tabs, Text, TextInput } from '@mantine/core';
import type { EnrollmentResult, StudentSummary } from '@mms/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/validation.ts';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { isApiError } from '../../../lib/api.ts';
import { DateField } from '../../../components/date-fields.tsx';
import { serverToday } from '../../../lib/clock.ts';
import { notifyDone, notifyError, notifyInfo } from '../../../lib/notify.ts';
import { useClassGroups, useEnrol, useMoveStudent, usePromoteClass } from '../api.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import {
  ClassSelect,
  StudentStatusSelect,
  UnitSelect,
  useActiveYearId,
  useDefaultUnitId,
} from '../../../components/pickers.tsx';
import { EnrollmentHistory } from '../components/student-details.tsx';
import { StudentPicker } from '../../../components/student-picker.tsx';
import { StudentStatusBadge } from '../components/student-status-badge.tsx';

function EnrolTab() {
  const { t } = useTranslation();
  const activeYear = useActiveYearId();
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  const [target, setTarget] = useState<number | null>(null);
  const [fromClass, setFromClass] = useState<number | null>(null);
  const [status, setStatus] = useState<string | null>('ACTIVE');
  const [selected, setSelected] = useState<StudentSummary[]>([]);
  const enrol = useEnrol();
  const columns = useMemo<ListColumn<StudentSummary>[]>(
    () => [
      { accessor: 'nis', title: t('school.students.nis'), sortable: true },
      { accessor: 'name', title: t('school.name'), sortable: true },
      { accessor: 'unitCode', title: t('school.unit') },
      { accessor: 'className', title: t('school.class') },
      { accessor: 'status', title: t('school.status'), render: (s) => <StudentStatusBadge status={s.status} /> },
    ],
    [t],
  );
  return (
    <Stack>
      <Text c="dimmed" size="sm">
        {t('school.mutation.enrolLead')}
      </Text>
      <Group align="flex-end">
        <ClassSelect
          label={t('school.mutation.targetClass')}
          placeholder={t('school.choose')}
          value={target}
          onChange={setTarget}
          unitId={unitId}
          academicYearId={activeYear}
        />
        <Button
          color="green"
          disabled={!target || selected.length === 0}
          loading={enrol.isPending}
          onClick={() =>
            target &&
            enrol.mutate(
              { classGroupId: target, studentIds: selected.map((s) => s.id) },
              {
                onSuccess: (r) => {
                  setSelected([]);
                  notifyInfo(t('school.mutation.enrolled', { count: r.count }));
                },
                onError: (e) => notifyError(e),
              },
            )
          }
        >
          {t('school.mutation.enrolSelected', { count: selected.length })}
        </Button>
      </Group>
      <DataList<StudentSummary>
        path="/students"
        label={t('school.students.label')}
        columns={columns}
        defaultSort={{ columnAccessor: 'name', direction: 'asc' }}
        searchLabel={t('school.students.searchLabel')}
        exportName="siswa"
        serverExport
        filters={{ unitId, classGroupId: fromClass, status }}
        filterControls={
          <>
            <UnitSelect value={unitId} onChange={setUnitId} />
            <ClassSelect
              label={t('school.mutation.fromClass')}
              value={fromClass}
              onChange={setFromClass}
              unitId={unitId}
              clearable
            />
            <StudentStatusSelect value={status} onChange={setStatus} />
          </>
        }
        selectedRecords={selected}
        onSelectedRecordsChange={setSelected}
        rowLabel={(s) => `${s.name} (${s.nis})`}
      />
    </Stack>
  );
}

function MoveTab() {
  const { t } = useTranslation();
  const activeYear = useActiveYearId();
  const [student, setStudent] = useState<StudentSummary | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const today = serverToday();
  const [effectiveDate, setEffectiveDate] = useState(today);
  const move = useMoveStudent();
  const submitMove = (s: StudentSummary, toClassGroupId: number, confirmGradeChange: boolean) =>
    move.mutate(
      { studentId: s.id, toClassGroupId, note: note.trim() || null, effectiveDate, confirmGradeChange },
      {
        onSuccess: () => {
          setNote('');
          notifyDone('saved');
        },
        onError: (e) => {
          // another grade (7C to 8D): the server names both; the person confirms, or nothing happens
          if (isApiError(e) && e.status === 409 && e.fields.toClassGroupId && !confirmGradeChange) {
            confirmDialog({
              title: t('school.mutation.gradeChangeTitle'),
              text: e.message,
              confirm: t('school.mutation.move'),
              onConfirm: () => submitMove(s, toClassGroupId, true),
            });
            return;
          }
          notifyError(e);
        },
      },
    );
  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        <StudentPicker value={student} onChange={setStudent} w={{ base: '100%', sm: 360 }} />
        <ClassSelect
          label={t('school.mutation.targetClass')}
          placeholder={t('school.choose')}
          value={target}
          onChange={setTarget}
          unitId={student?.unitId ?? null}
          academicYearId={activeYear}
        />
        <TextInput
          label={t('school.mutation.note')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          w={{ base: '100%', sm: 240 }}
        />
        <DateField
          label={t('school.mutation.effectiveDate')}
          value={effectiveDate}
          max={today}
          onChange={setEffectiveDate}
          clearable
        />
        <Button
          color="green"
          disabled={!student || !target}
          loading={move.isPending}
          onClick={() => student && target && submitMove(student, target, false)}
        >
          {t('school.mutation.move')}
        </Button>
      </Group>
      {student && <EnrollmentHistory studentId={student.id} />}
    </Stack>
  );
}

function PromoteTab() {
  const { t } = useTranslation();
  const unitId = useDefaultUnitId();
  const classes = useClassGroups({ unitId });
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const [result, setResult] = useState<EnrollmentResult | null>(null);
  const promote = usePromoteClass();
  const nameOf = (id: number | null) => {
    const c = classes.data?.items.find((x) => x.id === id);
    return c ? `${c.name} (${c.academicYearName})` : '';
  };
  return (
    <Stack>
      <Text c="dimmed" size="sm">
        {t('school.mutation.promoteLead')}
      </Text>
      <Group align="flex-end" wrap="wrap">
        <ClassSelect
          label={t('school.mutation.fromClass')}
          placeholder={t('school.choose')}
          value={from}
          onChange={setFrom}
          unitId={unitId}
        />
        <ClassSelect
          label={t('school.mutation.targetClass')}
          placeholder={t('school.choose')}
          value={to}
          onChange={setTo}
          unitId={unitId}
        />
        <Button
          color="green"
          disabled={!from || !to}
          loading={promote.isPending}
          onClick={() =>
            from &&
            to &&
            confirmDialog({
              title: t('school.mutation.promoteTitle'),
              text: t('school.mutation.promoteText', { from: nameOf(from), to: nameOf(to) }),
              confirm: t('school.mutation.promote'),
              onConfirm: () =>
                promote.mutate(
                  { fromClassGroupId: from, toClassGroupId: to },
                  {
                    onSuccess: (r) => {
                      setResult(r);
                      notifyDone('saved');
                    },
                    onError: (e) => notifyError(e),
                  },
                ),
            })
          }
        >
          {t('school.mutation.promote')}
        </Button>
      </Group>
      {result && (
        <Alert color={result.skipped.length ? 'yellow' : 'green'}>
          <Text>{t('school.mutation.promoted', { count: result.count })}</Text>
          {result.skipped.length > 0 && (
            <Text size="sm">
              {t('school.mutation.skipped', {
                list: result.skipped.map((s) => `${s.name} (${messageText(s.reason)})`).join(', '),
              })}
            </Text>
          )}
        </Alert>
      )}
    </Stack>
  );
}

/** tutor/class-mutation: enrol students (one or many), move a student to another class, promote a class. */
export function ClassMutationPage() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <PageTitle>{t('school.mutation.title')}</PageTitle>
      <Tabs defaultValue="enrol" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="enrol">{t('school.mutation.tabEnrol')}</Tabs.Tab>
          <Tabs.Tab value="move">{t('school.mutation.tabMove')}</Tabs.Tab>
          <Tabs.Tab value="promote">{t('school.mutation.tabPromote')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="enrol">
          <EnrolTab />
        </Tabs.Panel>
        <Tabs.Panel value="move">
          <MoveTab />
        </Tabs.Panel>
        <Tabs.Panel value="promote">
          <PromoteTab />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
