import { Alert, Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { FormModal } from '../../../lib/unsaved-changes.tsx';
import { SEMESTERS, type Semester, type TimetableSlot } from '@mms/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { errorText } from '../../../i18n/index.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useBellTimes, useClassGroup, useClassTimetable, useOwnTimetable } from '../../school/api.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import {
  ClassSelect,
  UnitSelect,
  useActiveYearId,
  useDefaultUnitId,
  ClassTeacherFilters,
} from '../../../components/pickers.tsx';
import { SlotEditor, type SlotTarget } from '../components/slot-editor.tsx';
import { downloadClientXlsx } from '../../../components/data-list/export-xlsx.ts';
import { ExportButton } from '../../../components/data-list/export-button.tsx';
import { PrintButton, PrintedPaper } from '../../../components/print/printed-paper.tsx';
import { gridRows, TimetableGrid, timetableExportColumns } from '../../../components/timetable-grid/timetable-grid.tsx';

function SemesterSelect({ value, onChange }: { value: Semester | null; onChange: (s: Semester) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('school.semester')}
      data={SEMESTERS.map((s) => ({ value: s, label: t(`school.semesters.${s}`) }))}
      value={value}
      onChange={(v) => v && onChange(v as Semester)}
      allowDeselect={false}
      w={{ base: '100%', sm: 170 }}
    />
  );
}

/** One class's week, read-only or editable. */
function ClassWeek({ classId, editable }: { classId: number; editable: boolean }) {
  const { t } = useTranslation();
  const klass = useClassGroup(classId);
  const [semester, setSemester] = useState<Semester | null>(null);
  const week = useClassTimetable(classId, semester);
  const bell = useBellTimes(klass.data?.unitId);
  const [target, setTarget] = useState<SlotTarget | null>(null);
  const current = semester ?? week.data?.semester ?? null;
  if (week.isPending || klass.isPending) return <Skeleton height={320} />;
  if (week.isError) return <Alert color="red">{errorText(week.error)}</Alert>;
  if (klass.isError) return <Alert color="red">{errorText(klass.error)}</Alert>;
  const rows = gridRows(bell.data?.periods, week.data.items);
  return (
    <Stack>
      <SemesterSelect value={current} onChange={setSemester} />
      <TimetableGrid
        slots={week.data.items}
        rows={rows}
        show="teacher"
        label={t('school.timetable.gridLabel', { name: klass.data.name })}
        onCell={
          editable && current
            ? (day, period, slot) =>
                setTarget({ classGroupId: classId, unitId: klass.data.unitId, semester: current, day, period, slot })
            : undefined
        }
      />
      <FormModal
        opened={target !== null}
        onClose={() => setTarget(null)}
        title={
          target
            ? `${klass.data.name} · ${t('school.timetable.slotTitle', {
                day: t(`school.timetable.days.${target.day}`),
                period: target.period,
              })}`
            : ''
        }
      >
        {target && <SlotEditor target={target} onDone={() => setTarget(null)} />}
      </FormModal>
    </Stack>
  );
}

function ClassSchedulePage({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const classId = Number(params.get('class')) || null;
  const activeYear = useActiveYearId();
  const unitId = useDefaultUnitId();
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <PageTitle>{editable ? t('school.timetable.inputTitle') : t('school.timetable.classTitle')}</PageTitle>
      <Stack>
        <ClassSelect
          label={t('school.structure.chooseClass')}
          placeholder={t('school.choose')}
          value={classId}
          unitId={unitId}
          academicYearId={activeYear}
          onChange={(v) => setParams(v ? { class: String(v) } : {}, { replace: true })}
        />
        {classId ? (
          <ClassWeek key={classId} classId={classId} editable={editable} />
        ) : (
          <Text c="dimmed">{t('school.timetable.chooseClass')}</Text>
        )}
      </Stack>
    </Paper>
  );
}

/** tutor/schedule-input: timetable creation per class on the unit's bell times, with clash check. */
export function TimetableInputPage() {
  return <ClassSchedulePage editable />;
}

/** tutor/schedule-class: the week of one class. */
export function ClassTimetablePage() {
  return <ClassSchedulePage editable={false} />;
}

/** tutor/teaching-schedule (teacher) and students/student/schedule (student): the own week. */
export function OwnTimetablePage() {
  const user = useCurrentUser();
  return user.division === 'STUDENT' ? <StudentTimetable /> : <TeachingSchedule />;
}

/** students/student/schedule: the week of the student's class. */
function StudentTimetable() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const week = useOwnTimetable();
  const unitId = week.data?.items[0]?.unitId ?? user.unit?.id ?? null;
  const bell = useBellTimes(unitId);
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <PageTitle>{t('school.timetable.studentTitle')}</PageTitle>
      {week.isPending ? (
        <Skeleton height={320} />
      ) : week.isError ? (
        <Alert color="red">{errorText(week.error)}</Alert>
      ) : !week.data.classGroupId ? (
        <Text c="dimmed">{t('school.timetable.noClass')}</Text>
      ) : (
        <Stack>
          <Group gap="xs">
            {week.data.className && <Text fw={500}>{`${t('school.class')} ${week.data.className}`}</Text>}
            <Text c="dimmed">
              {t('school.semester')} {t(`school.semesters.${week.data.semester}`)}
            </Text>
          </Group>
          <TimetableGrid
            slots={week.data.items}
            rows={gridRows(bell.data?.periods, week.data.items)}
            show="teacher"
            label={t('school.timetable.gridLabel', { name: week.data.className ?? user.displayName })}
          />
        </Stack>
      )}
    </Paper>
  );
}

/**
 * tutor/teaching-schedule: the teacher's week on the unit's printed paper (letterhead, signature of the
 * headmaster), to print or to export to Excel.
 */
function TeachingSchedule() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const week = useOwnTimetable();
  const unitId = week.data?.items[0]?.unitId ?? user.unit?.id ?? null;
  const bell = useBellTimes(unitId);
  const semester = week.data ? t(`school.semesters.${week.data.semester}`) : '';
  const nip = user.employeeNumber ?? '–';
  const teacher = t('school.timetable.teacherLine', { name: user.displayName, nip });
  const title = t('school.timetable.ownTitle');
  const exportWeek = async () => {
    if (!week.data) return;
    await downloadClientXlsx(
      {
        title: `${title} – ${user.displayName}`,
        filters: [
          [t('school.teacher'), `${user.displayName} (${nip})`],
          [t('school.semester'), semester],
        ],
      },
      timetableExportColumns(t),
      week.data.items,
      'jadwal-mengajar-saya.xlsx',
    );
  };
  return (
    <PrintedPaper
      unitId={unitId}
      title={title}
      signed={!!week.data && week.data.items.length > 0}
      subtitle={
        <>
          <Text size="sm" data-testid="schedule-teacher">
            {teacher}
          </Text>
          {week.data && (
            <Text size="sm" c="dimmed">
              {t('school.semester')} {semester}
            </Text>
          )}
        </>
      }
      actions={
        <>
          <PrintButton />
          <ExportButton onExport={exportWeek} />
        </>
      }
    >
      {week.isPending ? (
        <Skeleton height={320} />
      ) : week.isError ? (
        <Alert color="red">{errorText(week.error)}</Alert>
      ) : (
        <TimetableGrid
          slots={week.data.items}
          rows={gridRows(bell.data?.periods, week.data.items)}
          show="class"
          label={t('school.timetable.gridLabel', { name: user.displayName })}
        />
      )}
    </PrintedPaper>
  );
}

/** tutor/schedule-all: every lesson of the unit, filterable by class, teacher and day. */
export function AllTimetablePage() {
  const { t } = useTranslation();
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  const [classGroupId, setClassGroupId] = useState<number | null>(null);
  const [employeeId, setEmployeeId] = useState<number | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const activeYear = useActiveYearId();
  const columns = useMemo<ListColumn<TimetableSlot>[]>(
    () => [
      { accessor: 'day', title: t('school.timetable.day'), render: (s) => t(`school.timetable.days.${s.day}`) },
      { accessor: 'period', title: t('school.timetable.period'), textAlign: 'right' },
      {
        accessor: 'startTime',
        title: t('school.timetable.time'),
        render: (s) => (s.startTime ? `${s.startTime}–${s.endTime}` : '–'),
      },
      { accessor: 'className', title: t('school.class') },
      { accessor: 'subjectName', title: t('school.subject') },
      { accessor: 'teacherName', title: t('school.teacher') },
    ],
    [t],
  );
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <PageTitle>{t('school.timetable.allTitle')}</PageTitle>
      <DataList<TimetableSlot>
        path="/timetable"
        label={t('school.timetable.label')}
        columns={columns}
        exportName="jadwal-pelajaran"
        exportColumns={timetableExportColumns(t)}
        initialPageSize={50}
        filters={{ unitId, classGroupId, employeeId, day }}
        filterControls={
          <>
            <UnitSelect value={unitId} onChange={setUnitId} />
            <ClassTeacherFilters
              unitId={unitId}
              academicYearId={activeYear}
              classGroupId={classGroupId}
              onClassChange={setClassGroupId}
              employeeId={employeeId}
              onTeacherChange={setEmployeeId}
            />
            <Select
              label={t('school.timetable.day')}
              placeholder={t('school.choose')}
              data={[1, 2, 3, 4, 5, 6].map((d) => ({ value: String(d), label: t(`school.timetable.days.${d}`) }))}
              value={day}
              onChange={setDay}
              clearable
              w={{ base: '100%', sm: 140 }}
            />
          </>
        }
      />
    </Paper>
  );
}
