import { Badge, Button, Card, Group, Select, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  STAFF_ATTENDANCE_STATUSES,
  type StaffAbsentLateRow,
  type StaffAttendance,
  type StaffAttendanceStatus,
  type StaffDailyRow,
} from '@mms/shared';
import { IconLogin, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateText } from '../../../lib/display.ts';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { formatJakartaTime } from '../../../lib/system-api.ts';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { UnitSelect } from '../../../components/pickers.tsx';
import { useCurrentUser } from '../../../lib/session.ts';
import { jakartaToday, useSetStaffDay, useStaffCheck, useStaffDaily, useStaffToday } from '../api.ts';
import { DateField } from '../../../components/date-fields.tsx';
import { userCan } from '../../../lib/permissions.ts';

const STATUS_COLORS: Record<StaffAttendanceStatus, string> = {
  HADIR: 'green',
  SAKIT: 'yellow',
  IZIN: 'blue',
  DINAS_LUAR: 'grape',
  ALPA: 'red',
};

const time = (iso: string | null) => (iso ? formatJakartaTime(new Date(iso)).slice(0, 5) : '–');

function StatusBadge({ status }: { status: StaffAttendanceStatus | null }) {
  const { t } = useTranslation();
  if (!status)
    return (
      <Badge color="gray" variant="light">
        {t('att.staff.none')}
      </Badge>
    );
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {t(`att.staffStatuses.${status}`)}
    </Badge>
  );
}

/** A teacher's own attendance: check in and out at the server's time, late minutes, and the history. */
export function StaffSelfPage() {
  const { t } = useTranslation();
  const today = useStaffToday();
  const checkIn = useStaffCheck('check-in');
  const checkOut = useStaffCheck('check-out');
  const record = today.data?.record ?? null;
  const columns: ListColumn<StaffAttendance>[] = [
    { accessor: 'date', title: t('att.date') },
    {
      accessor: 'status',
      title: t('att.staff.status'),
      render: (r) => <StatusBadge status={r.status} />,
      exportValue: (r) => (r.status ? t(`att.staffStatuses.${r.status}`) : t('att.staff.none')),
    },
    { accessor: 'checkInAt', title: t('att.staff.checkedIn'), render: (r) => time(r.checkInAt) },
    { accessor: 'checkOutAt', title: t('att.staff.checkedOut'), render: (r) => time(r.checkOutAt) },
    { accessor: 'lateMinutes', title: t('att.late') },
    { accessor: 'note', title: t('att.note') },
  ];
  return (
    <Stack gap="md">
      <Title order={1} fz="h3">
        {t('att.staff.title')}
      </Title>
      <Card withBorder radius="md" maw={560}>
        {today.isPending ? (
          <Skeleton h={100} />
        ) : (
          <Stack gap="sm">
            <Group justify="space-between">
              <Text fw={700}>{dateText(today.data?.date, 'weekday')}</Text>
              <StatusBadge status={record?.status ?? null} />
            </Group>
            {!record && <Text c="dimmed">{t('att.staff.notYet')}</Text>}
            {record && (
              <SimpleGrid cols={3}>
                <div>
                  <Text size="xs" c="dimmed">
                    {t('att.staff.checkedIn')}
                  </Text>
                  <Text fw={700} data-testid="check-in-time">
                    {time(record.checkInAt)}
                  </Text>
                </div>
                <div>
                  <Text size="xs" c="dimmed">
                    {t('att.staff.checkedOut')}
                  </Text>
                  <Text fw={700}>{time(record.checkOutAt)}</Text>
                </div>
                <div>
                  <Text size="xs" c="dimmed">
                    {t('att.lateShort')}
                  </Text>
                  <Text fw={700}>{t('att.minutes', { count: record.lateMinutes })}</Text>
                </div>
              </SimpleGrid>
            )}
            <Group grow>
              <Button
                size="lg"
                color="green"
                leftSection={<IconLogin aria-hidden />}
                disabled={!!record?.checkInAt}
                loading={checkIn.isPending}
                onClick={() =>
                  checkIn.mutate(undefined, { onSuccess: () => notifyDone('saved'), onError: notifyError })
                }
              >
                {t('att.staff.checkIn')}
              </Button>
              <Button
                size="lg"
                color="blue"
                leftSection={<IconLogout aria-hidden />}
                disabled={!record?.checkInAt || !!record.checkOutAt}
                loading={checkOut.isPending}
                onClick={() =>
                  checkOut.mutate(undefined, { onSuccess: () => notifyDone('saved'), onError: notifyError })
                }
              >
                {t('att.staff.checkOut')}
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              {t('att.staff.serverTime')}
            </Text>
          </Stack>
        )}
      </Card>
      <Title order={2} fz="h4">
        {t('att.staff.history')}
      </Title>
      <DataList<StaffAttendance>
        path="/attendance/staff/me"
        label={t('att.staff.history')}
        columns={columns}
        exportName="presensi-saya"
      />
    </Stack>
  );
}

/** The leaders' view of one day: every employee's attendance and the absentees. */
export function StaffDailyPage() {
  const { t } = useTranslation();
  const today = jakartaToday();
  const [date, setDate] = useState(today);
  const [unitId, setUnitId] = useState<number | null>(null);
  const [tab, setTab] = useState<string | null>('absentees');
  const daily = useStaffDaily(date, unitId);
  const user = useCurrentUser();
  // deciders set a day's status (Dinas luar, Sakit...) in place; the others read it
  const decider = userCan(user, 'leave.decide');
  const setDay = useSetStaffDay();
  const columns: ListColumn<StaffDailyRow>[] = [
    { accessor: 'nip', title: t('att.staff.nip') },
    { accessor: 'name', title: t('att.name') },
    {
      accessor: 'status',
      title: t('att.staff.status'),
      render: (r) =>
        decider ? (
          <Select
            size="xs"
            w={140}
            aria-label={t('att.staff.statusOf', { name: r.name })}
            placeholder={t('att.staff.none')}
            data={STAFF_ATTENDANCE_STATUSES.map((s) => ({ value: s, label: t(`att.staffStatuses.${s}`) }))}
            value={r.status}
            onChange={(v) =>
              v &&
              setDay.mutate(
                { employeeId: r.employeeId, date, status: v as StaffAttendanceStatus },
                { onSuccess: () => notifyDone('saved'), onError: notifyError },
              )
            }
          />
        ) : (
          <StatusBadge status={r.status} />
        ),
    },
    { accessor: 'checkInAt', title: t('att.staff.checkedIn'), render: (r) => time(r.checkInAt) },
    { accessor: 'checkOutAt', title: t('att.staff.checkedOut'), render: (r) => time(r.checkOutAt) },
    { accessor: 'lateMinutes', title: t('att.late') },
  ];
  const controls = (
    <>
      <DateField label={t('att.date')} value={date} max={today} onChange={(v) => v && v <= today && setDate(v)} />
      <UnitSelect value={unitId} onChange={setUnitId} />
    </>
  );
  return (
    <Stack gap="md">
      <Title order={1} fz="h3">
        {t('att.staff.dailyTitle')}
      </Title>
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List>
          <Tabs.Tab value="absentees">
            {t('att.staff.absentees')} {daily.data ? `(${daily.data.absentees.length})` : ''}
          </Tabs.Tab>
          <Tabs.Tab value="all">
            {t('att.staff.everyone')} {daily.data ? `(${daily.data.items.length})` : ''}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <DataList
        label={tab === 'all' ? t('att.staff.everyone') : t('att.staff.absentees')}
        records={tab === 'all' ? daily.data?.items : daily.data?.absentees}
        idAccessor="employeeId"
        fetching={daily.isFetching}
        failed={daily.isError}
        exportName={`${tab === 'all' ? 'presensi-guru' : 'guru-tidak-hadir'}-${date}`}
        filterControls={controls}
        columns={columns}
      />
    </Stack>
  );
}

/**
 * Staff days that were late or not present over a date range: the server's one definition, the same days the
 * dashboard counts (a school day without check-in shows "Belum presensi").
 */
export function StaffAbsentLatePage() {
  const { t } = useTranslation();
  const today = jakartaToday();
  const [from, setFrom] = useState(`${today.slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const [unitId, setUnitId] = useState<number | null>(null);
  const columns: ListColumn<StaffAbsentLateRow>[] = [
    { accessor: 'date', title: t('att.date') },
    { accessor: 'nip', title: t('att.staff.nip') },
    { accessor: 'name', title: t('att.name') },
    {
      accessor: 'status',
      title: t('att.staff.status'),
      render: (r) => <StatusBadge status={r.status} />,
      exportValue: (r) => (r.status ? t(`att.staffStatuses.${r.status}`) : t('att.staff.none')),
    },
    { accessor: 'checkInAt', title: t('att.staff.checkedIn'), render: (r) => time(r.checkInAt) },
    { accessor: 'lateMinutes', title: t('att.late') },
    { accessor: 'note', title: t('att.note') },
  ];
  return (
    <Stack gap="md">
      <Title order={1} fz="h3">
        {t('att.staff.absentLateTitle')}
      </Title>
      <DataList<StaffAbsentLateRow>
        path="/attendance/staff/absent-late"
        label={t('att.staff.absentLateTitle')}
        columns={columns}
        filters={{ from, to, unitId }}
        exportName="guru-tidak-hadir-terlambat"
        rowId={(r) => `${r.employeeId}:${r.date}`}
        exportColumns={[
          { title: t('att.date'), value: (r) => r.date },
          { title: t('att.staff.nip'), value: (r) => r.nip },
          { title: t('att.name'), value: (r) => r.name },
          {
            title: t('att.staff.status'),
            value: (r) => (r.status ? t(`att.staffStatuses.${r.status}`) : t('att.staff.none')),
          },
          { title: t('att.staff.checkedIn'), value: (r) => time(r.checkInAt) },
          { title: t('att.late'), value: (r) => r.lateMinutes },
          { title: t('att.note'), value: (r) => r.note },
        ]}
        filterControls={
          <>
            <DateField label={t('att.from')} value={from} onChange={(v) => v && setFrom(v)} />
            <DateField label={t('att.to')} value={to} onChange={(v) => v && setTo(v)} />
            <UnitSelect value={unitId} onChange={setUnitId} />
          </>
        }
      />
    </Stack>
  );
}
