import { Avatar, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Enrollment, Student } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { cellText, dateText } from '../../../lib/display.ts';
import { useEnrollments } from '../api.ts';
import { StudentStatusBadge } from './student-status-badge.tsx';

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{value ? cellText(value) : '–'}</Text>
    </div>
  );
}

/** The facts of a student's record, read-only. */
export function StudentDetails({ student: s }: { student: Student }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Group>
        <Avatar src={s.photoUrl} alt="" size={64} radius="xl" color="initials" name={s.name} />
        <div>
          <Title order={2} fz="h4">
            {s.name}
          </Title>
          <Group gap="xs">
            <Text c="dimmed">
              {s.unitCode} · {s.className ?? '–'}
            </Text>
            <StudentStatusBadge status={s.status} />
          </Group>
        </div>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        <Fact label={t('school.students.nis')} value={s.nis} />
        <Fact label={t('school.students.nisn')} value={s.nisn} />
        <Fact label={t('school.students.nik')} value={s.nik} />
        <Fact label={t('school.gender')} value={s.gender ? t(`school.genders.${s.gender}`) : null} />
        <Fact
          label={t('school.students.birthPlace')}
          value={[s.birthPlace, dateText(s.birthDate)].filter(Boolean).join(', ')}
        />
        <Fact label={t('school.students.religion')} value={s.religion} />
        <Fact label={t('school.students.fatherName')} value={s.fatherName} />
        <Fact label={t('school.students.motherName')} value={s.motherName} />
        <Fact label={t('school.students.guardianName')} value={s.guardianName} />
        <Fact label={t('school.students.phone')} value={s.phone} />
        <Fact label={t('school.students.parentPhone')} value={s.parentPhone} />
        <Fact label={t('school.students.address')} value={s.address} />
        <Fact
          label={t('school.students.boarding')}
          value={s.boarding ? t(`school.boardingStatus.${s.boarding}`) : null}
        />
        <Fact label={t('school.students.program')} value={s.program} />
        <Fact label={t('school.students.entryDate')} value={dateText(s.entryDate)} />
      </SimpleGrid>
    </Stack>
  );
}

/** Every class the student has been in, newest first (class mutations keep history). */
export function EnrollmentHistory({ studentId }: { studentId: number }) {
  const { t } = useTranslation();
  const history = useEnrollments({ studentId, history: true });
  const rows = [...(history.data?.items ?? [])].sort((a, b) => b.startedAt.localeCompare(a.startedAt));
  return (
    <div>
      <Title order={3} fz="h5" mb="xs">
        {t('school.mutation.history')}
      </Title>
      <DataList<Enrollment>
        label={t('school.mutation.history')}
        records={history.data ? rows : undefined}
        fetching={history.isFetching}
        failed={history.isError}
        columns={[
          { accessor: 'className', title: t('school.class') },
          { accessor: 'startedAt', title: t('school.mutation.started'), render: (r) => dateText(r.startedAt) },
          {
            accessor: 'endedAt',
            title: t('school.mutation.ended'),
            render: (r) => (r.endedAt ? dateText(r.endedAt) : t('school.mutation.current')),
          },
          {
            accessor: 'endReason',
            title: t('school.mutation.reason'),
            render: (r) => (r.endReason ? t(`school.mutation.reasons.${r.endReason}`, { defaultValue: '–' }) : '–'),
          },
          { accessor: 'note', title: t('school.mutation.note'), render: (r) => r.note ?? '–' },
        ]}
      />
    </div>
  );
}
