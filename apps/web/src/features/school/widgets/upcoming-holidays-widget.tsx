import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dateRangeText } from '../../../lib/display.ts';
import { WidgetCard, WidgetLoading } from '../../../components/widget-card.tsx';
import { useUpcomingNonSchool } from '../calendar-api.ts';

/** The dashboard's next non-school days of the caller's unit (and the foundation), from the school calendar. */
export default function UpcomingHolidaysWidget() {
  const { t } = useTranslation();
  const upcoming = useUpcomingNonSchool();
  return (
    <WidgetCard title={t('dashboard.widgets.holidaysTitle')} testId="upcoming-holidays">
      {upcoming.isPending && <WidgetLoading />}
      {upcoming.data?.items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('dashboard.widgets.noHolidays')}
        </Text>
      )}
      {!!upcoming.data?.items.length && (
        <List size="sm" spacing={4}>
          {upcoming.data.items.map((e) => (
            <List.Item key={e.id}>
              <b>{dateRangeText(e.startDate, e.endDate)}</b> {e.name}
            </List.Item>
          ))}
        </List>
      )}
    </WidgetCard>
  );
}
