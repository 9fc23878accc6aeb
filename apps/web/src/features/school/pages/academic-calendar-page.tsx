import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { FormModal } from '../../../lib/unsaved-changes.tsx';
import {
  ALL_UNIT_DIVISIONS,
  CALENDAR_KINDS,
  isNonSchoolKind,
  type Division,
  type CalendarDay,
  type CalendarEntry,
  type CalendarKind,
} from '@mms/shared';
import { IconCopy, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/index.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyDone, notifyError, notifyInfo } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import {
  useCalendarEntries,
  useCalendarMonth,
  useCopyCalendar,
  useDeleteCalendarEntry,
  useRegisterMonth,
  useSaveCalendarEntry,
  useSetSchoolWeek,
} from '../calendar-api.ts';
import { ExcelImportButton } from '../components/excel-import.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { UnitSelect, useDefaultUnitId, YearSelect } from '../../../components/pickers.tsx';
import { serverToday } from '../../../lib/clock.ts';
import { DateField, MonthField } from '../../../components/date-fields.tsx';
import { RowActions } from '../../../components/data-list/row-actions.tsx';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { periodColumn } from '../../../components/data-list/columns.ts';
import { userCan } from '../../../lib/permissions.ts';

const seesAllUnits = (division: Division) => ALL_UNIT_DIVISIONS.includes(division);
const entryColor = (e: Pick<CalendarEntry, 'kind'>) => (isNonSchoolKind(e.kind) ? 'red' : 'blue');

/** tutor/academic-calendar: the school calendar of a unit, a month day by day and the list of entries. */
export function AcademicCalendarPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canManage = userCan(user, 'school.calendar.manage');
  const mayPick = userCan(user, 'school.read');
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  const [yearId, setYearId] = useState<number | null>(null);
  const [month, setMonth] = useState(() => serverToday().slice(0, 7));
  const [editing, setEditing] = useState<CalendarEntry | 'new' | null>(null);
  const entries = useCalendarEntries(unitId, yearId);
  const copy = useCopyCalendar();
  const week = useSetSchoolWeek();

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <PageTitle>{t('school.calendar.title')}</PageTitle>
      <Group align="flex-end" mb="md" wrap="wrap">
        {/* the unit and year lists are staff data: students and parents read their own unit's current year */}
        {mayPick && (
          <>
            <UnitSelect value={unitId} onChange={setUnitId} placeholder={t('school.calendar.foundation')} />
            <YearSelect value={yearId ?? entries.data?.academicYearId ?? null} onChange={setYearId} />
          </>
        )}
        <MonthField label={t('school.calendar.month')} value={month} onChange={setMonth} />
        {canManage && unitId !== null && entries.data?.schoolDaysPerWeek && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('school.calendar.week')}
            </Text>
            <SegmentedControl
              data-testid="school-week"
              value={String(entries.data.schoolDaysPerWeek)}
              data={[
                { value: '5', label: t('school.calendar.week5') },
                { value: '6', label: t('school.calendar.week6') },
              ]}
              onChange={(v) =>
                week.mutate(
                  { unitId, schoolDaysPerWeek: Number(v) },
                  { onSuccess: () => notifyDone('saved'), onError: (e) => notifyError(e) },
                )
              }
            />
          </Stack>
        )}
      </Group>
      {unitId === null ? (
        <Alert color="blue" mb="md">
          {t('school.calendar.pickUnit')}
        </Alert>
      ) : (
        <MonthView unitId={unitId} month={month} />
      )}

      <Group justify="space-between" mt="lg" mb="sm">
        <Title order={2} fz="h4">
          {t('school.calendar.entries', { year: entries.data?.yearName ?? '' })}
        </Title>
        {canManage && (
          <Group gap="xs">
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              {t('school.calendar.add')}
            </Button>
            <ExcelImportButton kind="calendar" unitOptional={seesAllUnits(user.division)} />
            <Button
              variant="light"
              leftSection={<IconCopy size={16} />}
              loading={copy.isPending}
              disabled={!entries.data}
              onClick={() =>
                entries.data &&
                confirmDialog({
                  title: t('school.calendar.copyTitle'),
                  text: t('school.calendar.copyText', { year: entries.data.yearName }),
                  confirm: t('school.calendar.copy'),
                  onConfirm: () =>
                    copy.mutate(
                      { academicYearId: entries.data.academicYearId, unitId },
                      {
                        onSuccess: (r) => notifyInfo(t('school.calendar.copied', r)),
                        onError: (e) => notifyError(e),
                      },
                    ),
                })
              }
            >
              {t('school.calendar.copy')}
            </Button>
          </Group>
        )}
      </Group>
      {entries.isPending && <Skeleton h={120} />}
      {entries.isError && <Alert color="red">{errorText(entries.error)}</Alert>}
      {entries.data && <EntryTable items={entries.data.items} canManage={canManage} onEdit={(e) => setEditing(e)} />}
      <FormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('school.calendar.add') : t('school.calendar.edit')}
      >
        {editing !== null && (
          <EntryForm entry={editing === 'new' ? undefined : editing} unitId={unitId} onDone={() => setEditing(null)} />
        )}
      </FormModal>
    </Paper>
  );
}

/** The month as a Monday-first grid: each day's status and the entries covering it. */
function MonthView({ unitId, month }: { unitId: number; month: string }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const view = useCalendarMonth(unitId, month);
  const registers = useRegisterMonth(unitId, month, userCan(user, 'attendance.student.read'));
  const taken = new Map((registers.data?.days ?? []).map((d) => [d.date, d.taken]));
  const classes = registers.data?.classes ?? 0;
  if (view.isPending) return <Skeleton h={320} />;
  if (view.isError) return <Alert color="red">{errorText(view.error)}</Alert>;
  const days = view.data.days;
  const blanks = (days[0]?.weekday ?? 1) - 1;
  return (
    <div>
      <SimpleGrid cols={7} spacing={4} visibleFrom="sm">
        {[1, 2, 3, 4, 5, 6, 7].map((d) => (
          <Text key={d} size="xs" fw={700} ta="center" c="dimmed">
            {t(`school.calendar.weekdays.${d}`)}
          </Text>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 7 }} spacing={4}>
        {Array.from({ length: blanks }, (_, i) => (
          <div key={`blank-${i}`} />
        ))}
        {days.map((d) => (
          <DayCell key={d.date} day={d} registers={taken.has(d.date) ? { taken: taken.get(d.date)!, classes } : null} />
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed" mt="xs" data-testid="calendar-school-days">
        {t('school.calendar.schoolDaysInMonth', { count: days.filter((d) => d.schoolDay).length })}
      </Text>
    </div>
  );
}

/** A day of the month; `registers`: on a school day so far, how many classes took their register. */
function DayCell({ day, registers }: { day: CalendarDay; registers: { taken: number; classes: number } | null }) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      p={6}
      radius="sm"
      mih={72}
      bg={day.schoolDay ? undefined : 'red.0'}
      data-testid={`calendar-day-${day.date}`}
      data-school-day={day.schoolDay}
    >
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Text size="sm" fw={700}>
          {Number(day.date.slice(8))}
          <Text span size="xs" c="dimmed" hiddenFrom="sm">
            {' '}
            {t(`school.calendar.weekdays.${day.weekday}`)}
          </Text>
        </Text>
        <Text size="xs" c={day.schoolDay ? 'green.8' : 'red.8'}>
          {day.schoolDay ? t('school.calendar.schoolDay') : t('school.calendar.noSchool')}
        </Text>
      </Group>
      <Stack gap={2} mt={4}>
        {registers && registers.classes > 0 && (
          <Text size="xs" c={registers.taken < registers.classes ? 'orange.8' : 'dimmed'} data-testid="day-registers">
            {t('school.calendar.registers', registers)}
          </Text>
        )}
        {day.entries.map((e) => (
          <Badge key={e.id} size="xs" variant="light" color={entryColor(e)} style={{ whiteSpace: 'normal' }}>
            {e.name}
          </Badge>
        ))}
      </Stack>
    </Paper>
  );
}

function EntryTable({
  items,
  canManage,
  onEdit,
}: {
  items: CalendarEntry[];
  canManage: boolean;
  onEdit: (e: CalendarEntry) => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteCalendarEntry();
  return (
    <DataList<CalendarEntry>
      label={t('school.calendar.title')}
      testId="calendar-entries"
      records={items}
      emptyText={t('school.calendar.noEntries')}
      columns={[
        periodColumn(t('school.calendar.dates')),
        { accessor: 'name', title: t('school.calendar.name') },
        {
          accessor: 'kind',
          title: t('school.calendar.kind'),
          render: (e) => (
            <Badge variant="light" color={entryColor(e)}>
              {t(`school.calendar.kinds.${e.kind}`)}
            </Badge>
          ),
        },
        {
          accessor: 'unitId',
          title: t('school.calendar.scope'),
          render: (e) => (e.unitId === null ? t('school.calendar.foundation') : t('school.calendar.unitOnly')),
        },
        ...(canManage
          ? [
              {
                accessor: '_actions',
                title: t('school.actions'),
                textAlign: 'right' as const,
                render: (e: CalendarEntry) => (
                  <RowActions
                    name={e.name}
                    edit={() => onEdit(e)}
                    remove={{
                      title: t('school.calendar.deleteTitle'),
                      text: t('school.calendar.deleteText', { name: e.name }),
                      run: () => remove.mutateAsync(e.id),
                    }}
                  />
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

function EntryForm({ entry, unitId, onDone }: { entry?: CalendarEntry; unitId: number | null; onDone: () => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const save = useSaveCalendarEntry();
  const [kind, setKind] = useState<CalendarKind>(entry?.kind ?? 'NATIONAL_HOLIDAY');
  const [name, setName] = useState(entry?.name ?? '');
  const [startDate, setStart] = useState(entry?.startDate ?? '');
  const [endDate, setEnd] = useState(entry?.endDate ?? '');
  const [foundation, setFoundation] = useState(entry ? entry.unitId === null : unitId === null);
  const fields = save.error && 'fields' in save.error ? (save.error.fields as Record<string, string>) : {};
  const submit = () => {
    const body = { kind, name, startDate, endDate: endDate || startDate };
    save.mutate(entry ? { id: entry.id, body } : { body: { ...body, unitId: foundation ? null : unitId } }, {
      onSuccess: () => (notifyDone('saved'), onDone()),
    });
  };
  return (
    <Stack>
      <Select
        label={t('school.calendar.kind')}
        data={CALENDAR_KINDS.map((k) => ({ value: k, label: t(`school.calendar.kinds.${k}`) }))}
        value={kind}
        onChange={(v) => v && setKind(v as CalendarKind)}
        allowDeselect={false}
        withAsterisk
      />
      <TextInput
        label={t('school.calendar.name')}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={fields.name}
        withAsterisk
      />
      <Group grow>
        <DateField
          label={t('school.calendar.start')}
          value={startDate}
          onChange={setStart}
          error={fields.startDate}
          withAsterisk
          clearable
          w="100%"
        />
        <DateField
          label={t('school.calendar.end')}
          value={endDate}
          onChange={setEnd}
          error={fields.endDate}
          clearable
          w="100%"
        />
      </Group>
      {!entry && seesAllUnits(user.division) && (
        <Checkbox
          label={t('school.calendar.forFoundation')}
          checked={foundation}
          disabled={unitId === null}
          onChange={(e) => setFoundation(e.currentTarget.checked)}
        />
      )}
      {save.isError && (
        <Alert color="red" role="alert">
          {errorText(save.error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('school.cancel')}
        </Button>
        <Button color="green" onClick={submit} loading={save.isPending} disabled={!name.trim() || !startDate}>
          {t('school.save')}
        </Button>
      </Group>
    </Stack>
  );
}
