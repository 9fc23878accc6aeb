import { Anchor, Badge, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WidgetCard, WidgetLoading } from '../../../components/widget-card.tsx';
import { Link } from 'react-router';
import { ROUTES } from '../../../lib/route-names.ts';
import { useTeacherToday } from '../api.ts';

const registerLink = (classGroupId: number, date: string) =>
  ROUTES['tutor-attendance-register'].replace(':classGroupId', String(classGroupId)).replace(':date', date);
const journalLink = (slotId: number, date: string) => `${ROUTES['tutor-journal']}?slot=${slotId}&date=${date}`;

/** The teacher's day on the dashboard: today's lessons with their journals, and homeroom registers still open. */
export default function TeacherTodayWidget() {
  const { t } = useTranslation();
  const today = useTeacherToday();
  const data = today.data;
  return (
    <WidgetCard title={t('dashboard.widgets.teacherTitle')} testId="teacher-today">
      {today.isPending && <WidgetLoading />}
      {data && !data.schoolDay && (
        <Text size="sm" c="dimmed">
          {t('dashboard.widgets.noSchoolDay')}
        </Text>
      )}
      {data && data.schoolDay && (
        <Stack gap="xs">
          {/* the homeroom reminder only for a homeroom teacher of a class this year (the server decides) */}
          {data.homeroom &&
            (data.homeroomRegistersOpen.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="homeroom-done">
                {t('dashboard.widgets.registersDone')}
              </Text>
            ) : (
              data.homeroomRegistersOpen.map((c) => (
                <Anchor key={c.classGroupId} component={Link} to={registerLink(c.classGroupId, data.date)} fw={600}>
                  {t('dashboard.widgets.takeRegister', { className: c.className })}
                </Anchor>
              ))
            ))}
          <Text size="sm" fw={600} mt="xs">
            {t('dashboard.widgets.lessons')}
          </Text>
          {data.lessons.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('dashboard.widgets.noLessons')}
            </Text>
          ) : (
            <List spacing={4} size="sm" listStyleType="none">
              {data.lessons.map((l) => (
                <List.Item key={l.timetableSlotId}>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" style={{ flex: 1 }}>
                      {t('dashboard.widgets.period', { period: l.period })} · {l.className} · {l.subjectName}
                    </Text>
                    {l.journalFilled ? (
                      <Badge color="green" variant="light">
                        {t('dashboard.widgets.journalDone')}
                      </Badge>
                    ) : (
                      <Anchor component={Link} to={journalLink(l.timetableSlotId, data.date)} size="sm">
                        {t('dashboard.widgets.journalTodo')}
                      </Anchor>
                    )}
                  </Group>
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      )}
    </WidgetCard>
  );
}
