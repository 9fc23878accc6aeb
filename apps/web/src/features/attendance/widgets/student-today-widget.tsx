import { Group, List, Stack, Text } from '@mantine/core';
import { longMonth } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { WidgetCard, WidgetLoading } from '../../../components/widget-card.tsx';
import { useTimetableToday } from '../../school/api.ts';
import { useOwnMonth } from '../api.ts';

/** The student's day: today's lessons of their class (none on a day without school) and the month's H/S/I/A. */
export default function StudentTodayWidget() {
  const { t, i18n } = useTranslation();
  const today = useTimetableToday();
  const month = useOwnMonth();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const m = month.data;
  return (
    <WidgetCard title={t('dashboard.widgets.studentTitle')} testId="student-today">
      {(today.isPending || month.isPending) && <WidgetLoading />}
      {today.data && (
        <Stack gap="xs">
          {today.data.className && (
            <Text size="sm" c="dimmed">
              {t('dashboard.widgets.studentClass', { className: today.data.className })}
            </Text>
          )}
          {!today.data.schoolDay ? (
            <Text size="sm" c="dimmed">
              {t('dashboard.widgets.noSchoolDay')}
            </Text>
          ) : today.data.lessons.length === 0 ? (
            <Text size="sm" c="dimmed">
              {today.data.className ? t('dashboard.widgets.noLessons') : t('dashboard.widgets.studentNoClass')}
            </Text>
          ) : (
            <List spacing={4} size="sm" listStyleType="none" data-testid="student-lessons">
              {today.data.lessons.map((l) => (
                <List.Item key={l.id}>
                  {t('dashboard.widgets.period', { period: l.period })}
                  {l.startTime ? ` (${l.startTime}–${l.endTime})` : ''} · {l.subjectName} · {l.teacherName}
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      )}
      {m && (
        <Stack gap={2} mt="md" data-testid="student-month">
          <Text size="sm" fw={600}>
            {t('dashboard.widgets.monthTitle', { month: longMonth(m.month, lang) })}
          </Text>
          <Group gap="md">
            {(['H', 'S', 'I', 'A'] as const).map((code) => (
              <Stack key={code} gap={0} align="center">
                <Text fz={24} fw={700} lh={1.1} data-testid={`month-${code}`}>
                  {m[code]}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`dashboard.widgets.codes.${code}`)}
                </Text>
              </Stack>
            ))}
          </Group>
          {m.notTaken > 0 && (
            <Text size="xs" c="dimmed">
              {t('dashboard.widgets.monthNotTaken', { days: m.notTaken })}
            </Text>
          )}
        </Stack>
      )}
    </WidgetCard>
  );
}
