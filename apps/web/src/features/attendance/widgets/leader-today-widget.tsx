import { SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { ROUTES } from '../../../lib/route-names.ts';
import { useTranslation } from 'react-i18next';
import { WidgetCard, WidgetLoading } from '../../../components/widget-card.tsx';
import { useAttendanceTodayCounts } from '../api.ts';

export function Figure({
  label,
  value,
  testId,
  to,
}: {
  label: string;
  value: string | number;
  testId: string;
  to: string;
}) {
  return (
    <UnstyledButton component={Link} to={to}>
      <Text fz={28} fw={700} lh={1.1} data-testid={testId}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </UnstyledButton>
  );
}

/**
 * The leaders' counts of today: staff not checked in and late (the same days as the absent-and-late list it
 * links to), absent students (S/I/A), classes without a register.
 */
export default function LeaderTodayWidget() {
  const { t } = useTranslation();
  const counts = useAttendanceTodayCounts(true);
  const d = counts.data;
  return (
    <WidgetCard title={t('dashboard.widgets.leaderTitle')} testId="leader-today">
      {counts.isPending && <WidgetLoading />}
      {d && (
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Figure
            testId="staff-absent"
            to={ROUTES['tutor-absent-late']}
            label={t('dashboard.widgets.staffAbsent', { absent: d.staffAbsent, total: d.staffTotal })}
            value={d.staffAbsent}
          />
          <Figure
            testId="staff-late"
            to={ROUTES['tutor-absent-late']}
            label={t('dashboard.widgets.staffLate')}
            value={d.staffLate}
          />
          <Figure
            testId="students-absent"
            to={`${ROUTES['tutor-attendance-list']}?tab=absent`}
            label={`${t('dashboard.widgets.studentsAbsent')} (S ${d.studentsAbsent.S} · I ${d.studentsAbsent.I} · A ${d.studentsAbsent.A})`}
            value={d.studentsAbsent.S + d.studentsAbsent.I + d.studentsAbsent.A}
          />
          <Figure
            to={`${ROUTES['tutor-attendance-list']}?tab=notTaken`}
            testId="classes-not-taken"
            label={t('dashboard.widgets.classesNotTaken')}
            value={d.classesNotTaken}
          />
        </SimpleGrid>
      )}
    </WidgetCard>
  );
}
