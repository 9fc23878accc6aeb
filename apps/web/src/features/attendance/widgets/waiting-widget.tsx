import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../../lib/route-names.ts';
import { WidgetCard, WidgetLoading } from '../../../components/widget-card.tsx';
import { useWaitingForMe } from '../api.ts';
import { Figure } from './leader-today-widget.tsx';

/**
 * The principal's "waiting for you": leave requests to decide, classes whose register is not taken, staff not
 * checked in today; each count is the total of the screen it opens (the server's GET /attendance/waiting).
 */
export default function WaitingWidget() {
  const { t } = useTranslation();
  const waiting = useWaitingForMe();
  const d = waiting.data;
  return (
    <WidgetCard title={t('dashboard.widgets.waitingTitle')} testId="waiting">
      {waiting.isPending && <WidgetLoading />}
      {d && (
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <Figure
            testId="waiting-leave"
            to={ROUTES['tutor-permission']}
            label={t('dashboard.widgets.leaveToDecide')}
            value={d.leaveToDecide}
          />
          <Figure
            testId="waiting-registers"
            to={`${ROUTES['tutor-attendance-list']}?tab=notTaken`}
            label={t('dashboard.widgets.registersNotTaken')}
            value={d.classesNotTaken}
          />
          <Figure
            testId="waiting-staff"
            to={ROUTES['tutor-absent-late']}
            label={t('dashboard.widgets.staffNotCheckedIn', { absent: d.staffNotCheckedIn, total: d.staffTotal })}
            value={d.staffNotCheckedIn}
          />
        </SimpleGrid>
      )}
    </WidgetCard>
  );
}
