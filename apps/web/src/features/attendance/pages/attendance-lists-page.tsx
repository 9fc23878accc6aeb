import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import type { StudentAttendanceRow } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { UnitSelect } from '../../../components/pickers.tsx';
import {
  jakartaToday,
  lastSchoolDay,
  useClassesNotTaken,
  useClassRecap,
  useClassSummary,
  useRegister,
  useRegisterClasses,
  useUnitRecap,
} from '../api.ts';
import { AttendanceClassSelect } from '../components/class-pick.tsx';
import { CodeBadge } from '../components/code-badge.tsx';
import { DateField, MonthField } from '../../../components/date-fields.tsx';
import { registerPath } from './register-page.tsx';
import { showPercent } from '../../analytics/api.ts';

const TABS = ['register', 'absent', 'late', 'recap', 'perClass', 'perStudent', 'notTaken'] as const;
type Tab = (typeof TABS)[number];

const monthStart = (date: string) => `${date.slice(0, 7)}-01`;

/** Student attendance: the day's registers to take, and every list and recap over them. */
export function AttendanceListsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'register';
  return (
    <Stack gap="md">
      <Title order={1} fz="h3">
        {t('att.listsTitle')}
      </Title>
      <Tabs value={tab} onChange={(v) => setParams({ tab: v ?? 'register' }, { replace: true })} keepMounted={false}>
        <Tabs.List style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
          {TABS.map((k) => (
            <Tabs.Tab key={k} value={k}>
              {t(`att.tabs.${k}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="register" pt="md">
          <RegisterClasses />
        </Tabs.Panel>
        <Tabs.Panel value="absent" pt="md">
          <StudentRowsList kind="absent" />
        </Tabs.Panel>
        <Tabs.Panel value="late" pt="md">
          <StudentRowsList kind="late" />
        </Tabs.Panel>
        <Tabs.Panel value="recap" pt="md">
          <MonthlyRecap />
        </Tabs.Panel>
        <Tabs.Panel value="perClass" pt="md">
          <ClassSummary />
        </Tabs.Panel>
        <Tabs.Panel value="perStudent" pt="md">
          <PerStudent />
        </Tabs.Panel>
        <Tabs.Panel value="notTaken" pt="md">
          <NotTaken />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function RegisterClasses() {
  const { t } = useTranslation();
  const today = jakartaToday();
  const [date, setDate] = useState(lastSchoolDay);
  const classes = useRegisterClasses(date);
  return (
    <Stack gap="sm">
      <DateField label={t('att.date')} value={date} max={today} onChange={(v) => v && v <= today && setDate(v)} />
      {classes.isPending && <Skeleton h={120} />}
      {!!classes.data?.items.length && classes.data.items.every((c) => !c.schoolDay) && (
        <Alert color="yellow">{t('att.notSchoolDay')}</Alert>
      )}
      {classes.data?.items.length === 0 && <Text c="dimmed">{t('att.noClasses')}</Text>}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
        {classes.data?.items.map((c) => (
          <Card key={c.classGroupId} withBorder radius="md" data-testid={`register-class-${c.className}`}>
            <Group justify="space-between" mb="xs">
              <Text fw={700}>{c.className}</Text>
              <Badge color={c.taken ? 'green' : 'orange'} variant="light">
                {c.taken ? t('att.taken') : t('att.notTaken')}
              </Badge>
            </Group>
            {c.isHomeroom && (
              <Text size="xs" c="dimmed" mb="xs">
                {t('att.homeroom')}
              </Text>
            )}
            <Button
              component={Link}
              to={registerPath(c.classGroupId, date)}
              variant={c.taken ? 'light' : 'filled'}
              disabled={!c.schoolDay}
            >
              {c.taken ? t('att.edit') : t('att.open')}
            </Button>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function useRangeFilters() {
  const today = jakartaToday();
  const [from, setFrom] = useState(monthStart(today));
  const [to, setTo] = useState(today);
  const [unitId, setUnitId] = useState<number | null>(null);
  const [classGroupId, setClassGroupId] = useState<number | null>(null);
  return { from, setFrom, to, setTo, unitId, setUnitId, classGroupId, setClassGroupId };
}

function StudentRowsList({ kind }: { kind: 'absent' | 'late' }) {
  const { t } = useTranslation();
  const f = useRangeFilters();
  const columns: ListColumn<StudentAttendanceRow>[] = [
    { accessor: 'date', title: t('att.date') },
    { accessor: 'nis', title: t('att.nis') },
    { accessor: 'name', title: t('att.name') },
    { accessor: 'className', title: t('att.class') },
    kind === 'absent'
      ? { accessor: 'code', title: t('att.code'), render: (r) => <CodeBadge code={r.code} /> }
      : { accessor: 'lateMinutes', title: t('att.late') },
    { accessor: 'note', title: t('att.note') },
  ];
  return (
    <DataList<StudentAttendanceRow>
      path={`/attendance/students/${kind}`}
      label={t(`att.tabs.${kind}`)}
      columns={columns}
      filters={{ from: f.from, to: f.to, unitId: f.unitId, classGroupId: f.classGroupId }}
      exportName={kind === 'absent' ? 'siswa-tidak-hadir' : 'siswa-terlambat'}
      serverExport={kind === 'absent'}
      filterControls={
        <>
          <DateField label={t('att.from')} value={f.from} onChange={(v) => v && f.setFrom(v)} />
          <DateField label={t('att.to')} value={f.to} onChange={(v) => v && f.setTo(v)} />
          <UnitSelect value={f.unitId} onChange={f.setUnitId} />
          <AttendanceClassSelect value={f.classGroupId} onChange={f.setClassGroupId} unitId={f.unitId} />
        </>
      }
    />
  );
}

function MonthlyRecap() {
  const { t } = useTranslation();
  const [classGroupId, setClassGroupId] = useState<number | null>(null);
  const [unitId, setUnitId] = useState<number | null>(null);
  const [month, setMonth] = useState(jakartaToday().slice(0, 7));
  const recap = useClassRecap(classGroupId, month);
  // without a class: the unit's recap, one row per class
  const unit = useUnitRecap(month, unitId, !classGroupId);
  const controls = (
    <>
      <AttendanceClassSelect value={classGroupId} onChange={setClassGroupId} />
      {!classGroupId && <UnitSelect value={unitId} onChange={setUnitId} />}
      <MonthField label={t('att.month')} value={month} onChange={setMonth} />
      {(recap.data || unit.data) && (
        <Text size="sm" c="dimmed" pb={6}>
          {t('att.recap.schoolDays', {
            count: classGroupId ? (recap.data?.schoolDays.length ?? 0) : (unit.data?.schoolDays ?? 0),
          })}
        </Text>
      )}
      {(recap.data || unit.data) && (
        <Text size="sm" c="orange.8" pb={6} data-testid="recap-not-taken-days">
          {t('att.notTakenDays', {
            count: classGroupId ? (recap.data?.notTakenDays ?? 0) : (unit.data?.total.notTakenDays ?? 0),
          })}
        </Text>
      )}
    </>
  );
  const counts = [
    { accessor: 'H', title: 'H', textAlign: 'right' as const },
    { accessor: 'S', title: 'S', textAlign: 'right' as const },
    { accessor: 'I', title: 'I', textAlign: 'right' as const },
    { accessor: 'A', title: 'A', textAlign: 'right' as const },
    // a school day whose register was not taken: "belum diisi", never A
    { accessor: 'notTaken', title: t('att.notTakenShort'), textAlign: 'right' as const },
    {
      accessor: 'percentage',
      title: t('att.recap.percentage'),
      textAlign: 'right' as const,
      // no counted day: no percentage ("–"), never 0
      render: (r: { percentage: number | null }) => showPercent(r.percentage),
    },
  ];
  if (!classGroupId)
    return (
      <DataList
        label={t('att.tabs.recap')}
        records={unit.data?.classes}
        idAccessor="classGroupId"
        fetching={unit.isFetching}
        failed={unit.isError}
        exportName={`rekap-presensi-unit-${month}`}
        filterControls={controls}
        columns={[
          { accessor: 'className', title: t('att.class') },
          { accessor: 'students', title: t('att.recap.students'), textAlign: 'right' },
          { accessor: 'studentDays', title: t('att.recap.studentDays'), textAlign: 'right' },
          ...counts,
        ]}
      />
    );
  return (
    <DataList
      label={t('att.tabs.recap')}
      records={recap.data?.rows}
      idAccessor="studentId"
      fetching={recap.isFetching}
      failed={recap.isError}
      exportName={`rekap-presensi-${recap.data?.className ?? ''}-${month}`.replace(/[^A-Za-z0-9-]/g, '')}
      serverExport={{ path: `/attendance/classes/${classGroupId}/recap`, query: { month } }}
      filterControls={controls}
      columns={[
        { accessor: 'nis', title: t('att.nis') },
        { accessor: 'name', title: t('att.name') },
        { accessor: 'days', title: t('att.recap.days'), textAlign: 'right' },
        ...counts,
      ]}
    />
  );
}

function ClassSummary() {
  const { t } = useTranslation();
  const f = useRangeFilters();
  const summary = useClassSummary(f.classGroupId, f.from, f.to);
  return (
    <DataList
      label={t('att.tabs.perClass')}
      records={summary.data?.rows}
      idAccessor="studentId"
      fetching={summary.isFetching}
      failed={summary.isError}
      emptyText={f.classGroupId ? undefined : t('att.summary.pickClass')}
      exportName={`presensi-${summary.data?.className ?? ''}-${f.from}-${f.to}`.replace(/[^A-Za-z0-9-]/g, '')}
      filterControls={
        <>
          <AttendanceClassSelect value={f.classGroupId} onChange={f.setClassGroupId} clearable={false} />
          <DateField label={t('att.from')} value={f.from} onChange={(v) => v && f.setFrom(v)} />
          <DateField label={t('att.to')} value={f.to} onChange={(v) => v && f.setTo(v)} />
        </>
      }
      columns={[
        { accessor: 'nis', title: t('att.nis') },
        { accessor: 'name', title: t('att.name') },
        { accessor: 'H', title: 'H', textAlign: 'right' },
        { accessor: 'S', title: 'S', textAlign: 'right' },
        { accessor: 'I', title: 'I', textAlign: 'right' },
        { accessor: 'A', title: 'A', textAlign: 'right' },
        { accessor: 'notTaken', title: t('att.notTakenShort'), textAlign: 'right' },
        { accessor: 'percentage', title: '%H', textAlign: 'right', render: (r) => showPercent(r.percentage) },
      ]}
    />
  );
}

function PerStudent() {
  const { t } = useTranslation();
  const f = useRangeFilters();
  const [studentId, setStudentId] = useState<number | null>(null);
  // the class's register of today names its students
  const roster = useRegister(f.classGroupId, lastSchoolDay());
  const columns: ListColumn<StudentAttendanceRow>[] = [
    { accessor: 'date', title: t('att.date') },
    { accessor: 'code', title: t('att.code'), render: (r) => <CodeBadge code={r.code} /> },
    { accessor: 'lateMinutes', title: t('att.late') },
    { accessor: 'source', title: t('att.sourceTitle'), render: (r) => t(`att.source.${r.source}`) },
    { accessor: 'note', title: t('att.note') },
  ];
  const controls = (
    <>
      <AttendanceClassSelect
        value={f.classGroupId}
        onChange={(v) => {
          f.setClassGroupId(v);
          setStudentId(null);
        }}
      />
      <Select
        label={t('att.perStudent.pick')}
        data={(roster.data?.entries ?? []).map((e) => ({ value: String(e.studentId), label: `${e.name} (${e.nis})` }))}
        value={studentId ? String(studentId) : null}
        onChange={(v) => setStudentId(v ? Number(v) : null)}
        searchable
        w={{ base: '100%', xs: 260 }}
      />
      <DateField label={t('att.from')} value={f.from} onChange={(v) => v && f.setFrom(v)} />
      <DateField label={t('att.to')} value={f.to} onChange={(v) => v && f.setTo(v)} />
    </>
  );
  if (!studentId)
    return (
      <Stack>
        <Group gap="sm" align="flex-end" wrap="wrap">
          {controls}
        </Group>
        <Text c="dimmed">{t('att.perStudent.pickHint')}</Text>
      </Stack>
    );
  return (
    <DataList<StudentAttendanceRow>
      path={`/attendance/students/${studentId}`}
      label={t('att.tabs.perStudent')}
      columns={columns}
      filters={{ from: f.from, to: f.to }}
      exportName={`presensi-siswa-${studentId}`}
      filterControls={controls}
    />
  );
}

function NotTaken() {
  const { t } = useTranslation();
  const today = jakartaToday();
  const [date, setDate] = useState(today);
  const [unitId, setUnitId] = useState<number | null>(null);
  const list = useClassesNotTaken(date, unitId);
  return (
    <DataList
      label={t('att.tabs.notTaken')}
      records={list.data?.items}
      idAccessor="classGroupId"
      fetching={list.isFetching}
      failed={list.isError}
      emptyText={t('att.notTakenList.all')}
      exportName={`kelas-belum-presensi-${date}`}
      filterControls={
        <>
          <DateField label={t('att.date')} value={date} max={today} onChange={(v) => v && setDate(v)} />
          <UnitSelect value={unitId} onChange={setUnitId} />
        </>
      }
      columns={[
        { accessor: 'className', title: t('att.class') },
        { accessor: 'homeroomName', title: t('att.notTakenList.homeroom') },
      ]}
    />
  );
}
