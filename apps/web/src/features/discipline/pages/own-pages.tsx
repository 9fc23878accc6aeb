import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { Achievement, Violation } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { dateText } from '../../../lib/display.ts';
import { useOwnDiscipline } from '../api.ts';
import { LedgerView } from '../components/ledger-panel.tsx';

/** The student's own verified violations and their point record of the year. */
export function StudentViolationPage() {
  const { t } = useTranslation();
  const own = useOwnDiscipline();
  return (
    <Stack gap="md">
      <PageTitle>{t('discipline.own.violationTitle')}</PageTitle>
      {!own.data ? (
        <Skeleton height={240} />
      ) : !own.data.ledger ? (
        <Text>{t('discipline.own.noStudent')}</Text>
      ) : (
        <>
          <Paper withBorder p="md" radius="md">
            <DataList<Violation>
              bare
              label={t('discipline.own.violationTitle')}
              records={own.data.violations}
              emptyText={t('discipline.empty')}
              columns={[
                { accessor: 'occurredOn', title: t('discipline.date'), render: (v) => dateText(v.occurredOn, 'short') },
                { accessor: 'ruleName', title: t('discipline.rule') },
                { accessor: 'place', title: t('discipline.place') },
                { accessor: 'points', title: t('discipline.points'), textAlign: 'right' },
              ]}
            />
          </Paper>
          <Paper withBorder p="md" radius="md">
            <LedgerView ledger={own.data.ledger} />
          </Paper>
        </>
      )}
    </Stack>
  );
}

/** The student's own achievements. */
export function StudentAchievementPage() {
  const { t } = useTranslation();
  const own = useOwnDiscipline();
  return (
    <Stack gap="md">
      <PageTitle>{t('discipline.own.achievementTitle')}</PageTitle>
      {!own.data ? (
        <Skeleton height={200} />
      ) : (
        <DataList<Achievement>
          label={t('discipline.own.achievementTitle')}
          records={own.data.achievements}
          emptyText={t('discipline.empty')}
          columns={[
            { accessor: 'date', title: t('discipline.date'), render: (a) => dateText(a.date, 'short') },
            { accessor: 'title', title: t('discipline.achievement.title') },
            {
              accessor: 'field',
              title: t('discipline.achievement.field'),
              render: (a) => t(`discipline.fields.${a.field}`),
            },
            {
              accessor: 'level',
              title: t('discipline.achievement.level'),
              render: (a) => t(`discipline.levels.${a.level}`),
            },
            { accessor: 'rank', title: t('discipline.achievement.rank') },
          ]}
        />
      )}
    </Stack>
  );
}
