import { Alert, Badge, Card, Group, SegmentedControl, Skeleton, Stack, Table, Text } from '@mantine/core';
import { SCORE_KIND_LABELS, SEMESTERS, academicPeriodOfDate, formatDate, type Semester } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorText } from '../../../i18n/index.ts';
import { serverToday } from '../../../lib/clock.ts';
import { useMyScores } from '../api.ts';
import { formatScore } from '../grid-model.ts';

/** A student's own scores of a semester, subject by subject, with the recap grade and the KKM. */
export function MyScoresPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const [semester, setSemester] = useState<Semester>(() => academicPeriodOfDate(serverToday()).semester);
  const scores = useMyScores(semester);
  const show = (n: number | null) => (n === null ? t('grades.noGrade') : formatScore(n, lang));
  return (
    <Stack gap="md">
      <PageTitle>{t('grades.myTitle')}</PageTitle>
      <SegmentedControl
        aria-label={t('grades.semester')}
        data={SEMESTERS.map((s) => ({ value: s, label: `${t('grades.semester')} ${t(`grades.semesters.${s}`)}` }))}
        value={semester}
        onChange={(v) => setSemester(v as Semester)}
        w={{ base: '100%', xs: 'auto' }}
      />
      {scores.isError && <Alert color="red">{errorText(scores.error)}</Alert>}
      {scores.isPending && <Skeleton height={200} />}
      {scores.data && scores.data.subjects.length === 0 && <Text c="dimmed">{t('grades.noScores')}</Text>}
      {scores.data?.subjects.map((s) => (
        <Card key={s.subjectId} withBorder data-testid={`my-subject-${s.subjectName}`}>
          <Group justify="space-between" mb="xs">
            <Text fw={700}>{s.subjectName}</Text>
            <Group gap="xs">
              <Text size="sm">
                {t('grades.final')}: <b>{show(s.final)}</b> · {t('grades.kkm')} {s.kkm}
              </Text>
              {s.belowKkm !== null && (
                <Badge color={s.belowKkm ? 'red' : 'green'} variant="light">
                  {s.belowKkm ? t('grades.notPassed') : t('grades.passed')}
                </Badge>
              )}
            </Group>
          </Group>
          <Table.ScrollContainer minWidth={320}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('grades.columnTitle')}</Table.Th>
                  <Table.Th>{t('grades.kind')}</Table.Th>
                  <Table.Th>{t('grades.date')}</Table.Th>
                  <Table.Th ta="right">{t('grades.tabInput')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.columns.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>{c.title}</Table.Td>
                    <Table.Td>{SCORE_KIND_LABELS[c.kind][lang]}</Table.Td>
                    <Table.Td>{formatDate(c.date, lang, 'short')}</Table.Td>
                    <Table.Td ta="right">{show(c.score)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      ))}
    </Stack>
  );
}
