import { Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
            {own.data.violations.length === 0 ? (
              <Text>{t('discipline.empty')}</Text>
            ) : (
              <Table.ScrollContainer minWidth={480}>
                <Table striped aria-label={t('discipline.own.violationTitle')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('discipline.date')}</Table.Th>
                      <Table.Th>{t('discipline.rule')}</Table.Th>
                      <Table.Th>{t('discipline.place')}</Table.Th>
                      <Table.Th ta="right">{t('discipline.points')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {own.data.violations.map((v) => (
                      <Table.Tr key={v.id}>
                        <Table.Td>{dateText(v.occurredOn, 'short')}</Table.Td>
                        <Table.Td>{v.ruleName}</Table.Td>
                        <Table.Td>{v.place}</Table.Td>
                        <Table.Td ta="right">{v.points}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
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
  const items = own.data?.achievements ?? [];
  return (
    <Stack gap="md">
      <PageTitle>{t('discipline.own.achievementTitle')}</PageTitle>
      {!own.data ? (
        <Skeleton height={200} />
      ) : items.length === 0 ? (
        <Text>{t('discipline.empty')}</Text>
      ) : (
        <Paper withBorder p="md" radius="md">
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-label={t('discipline.own.achievementTitle')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('discipline.date')}</Table.Th>
                  <Table.Th>{t('discipline.achievement.title')}</Table.Th>
                  <Table.Th>{t('discipline.achievement.field')}</Table.Th>
                  <Table.Th>{t('discipline.achievement.level')}</Table.Th>
                  <Table.Th>{t('discipline.achievement.rank')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>{dateText(a.date, 'short')}</Table.Td>
                    <Table.Td>{a.title}</Table.Td>
                    <Table.Td>{t(`discipline.fields.${a.field}`)}</Table.Td>
                    <Table.Td>{t(`discipline.levels.${a.level}`)}</Table.Td>
                    <Table.Td>{a.rank}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}
