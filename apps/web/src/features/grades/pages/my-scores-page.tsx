import { Alert, Badge, Card, Group, SegmentedControl, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import {
  P5_DIMENSION_LABELS,
  P5_GRADE_LABELS,
  SCORE_KIND_LABELS,
  SEMESTERS,
  academicPeriodOfDate,
  formatDate,
  type P5Dimension,
  type Semester,
} from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorText } from '../../../i18n/index.ts';
import { serverToday } from '../../../lib/clock.ts';
import { useMyP5, useMyScores, useMyTests } from '../api.ts';
import { formatJakartaDate, formatJakartaTime } from '../../../lib/system-api.ts';
import { formatScore } from '../grid-model.ts';

/** A student's own scores of a semester, subject by subject, with the recap grade and the KKM. */
export function MyScoresPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const [semester, setSemester] = useState<Semester>(() => academicPeriodOfDate(serverToday()).semester);
  const scores = useMyScores(semester);
  const p5 = useMyP5();
  const tests = useMyTests();
  const when = (iso: string | null) =>
    iso ? `${formatJakartaDate(new Date(iso), i18n.language)} ${formatJakartaTime(new Date(iso))}` : '–';
  const projects = (p5.data?.projects ?? []).filter((p) => p.semester === semester);
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
              {s.overridden && (
                <Badge color="grape" variant="light">
                  {t('grades.overridden')}
                </Badge>
              )}
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
                    <Table.Td ta="right">
                      {show(c.score)}
                      {c.remedial && (
                        <Text span size="xs" c="dimmed" ml={6}>
                          (
                          {t('grades.remedialBeside', {
                            kind: t(`grades.remedialKinds.${c.remedial.kind}`),
                            score: show(c.remedial.score),
                          })}
                          )
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      ))}
      <Title order={2} fz="h4" mt="md">
        {t('grades.tests.upcoming')}
      </Title>
      {tests.isError && <Alert color="red">{errorText(tests.error)}</Alert>}
      {tests.data && tests.data.upcoming.length === 0 && <Text c="dimmed">{t('grades.tests.noUpcoming')}</Text>}
      {tests.data && tests.data.upcoming.length > 0 && (
        <Table.ScrollContainer minWidth={360}>
          <Table withTableBorder data-testid="my-upcoming">
            <Table.Tbody>
              {tests.data.upcoming.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {a.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {a.subjectName}
                      {a.isSample && ` · ${t('grades.tests.sample')}`}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t('grades.tests.window', { from: when(a.opensAt), to: when(a.closesAt) })}</Table.Td>
                  <Table.Td>{a.durationMinutes ? t('grades.tests.minutes', { n: a.durationMinutes }) : '–'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Title order={2} fz="h4" mt="md">
        {t('grades.tests.results')}
      </Title>
      {tests.data && tests.data.published.length === 0 && <Text c="dimmed">{t('grades.tests.noResults')}</Text>}
      {tests.data && tests.data.published.length > 0 && (
        <Table withTableBorder data-testid="my-results">
          <Table.Tbody>
            {tests.data.published.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {a.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {a.subjectName} · {t('grades.kkm')} {a.passingMark}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" fw={700}>
                  {a.grade === null ? t('grades.tests.hidden') : show(a.grade)}
                </Table.Td>
                <Table.Td>
                  {a.passed !== null && (
                    <Badge color={a.passed ? 'green' : 'red'} variant="light">
                      {a.passed ? t('grades.passed') : t('grades.notPassed')}
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Title order={2} fz="h4" mt="md">
        {t('grades.p5.mine')}
      </Title>
      {p5.isError && <Alert color="red">{errorText(p5.error)}</Alert>}
      {p5.data && projects.length === 0 && <Text c="dimmed">{t('grades.p5.noProjects')}</Text>}
      {projects.map((p) => (
        <Card key={p.id} withBorder data-testid={`my-p5-${p.title}`}>
          <Text fw={700}>{p.title}</Text>
          <Text size="sm" c="dimmed" mb="xs">
            {p.theme}
          </Text>
          <Table>
            <Table.Tbody>
              {(Object.keys(p.grades) as P5Dimension[]).map((d) => (
                <Table.Tr key={d}>
                  <Table.Td>{P5_DIMENSION_LABELS[d][lang]}</Table.Td>
                  <Table.Td>
                    {p.grades[d] ? `${p.grades[d]} (${P5_GRADE_LABELS[p.grades[d]][lang]})` : t('grades.noGrade')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {p.note && (
            <Text size="sm" mt="xs">
              {t('grades.p5.note')}: {p.note}
            </Text>
          )}
        </Card>
      ))}
    </Stack>
  );
}
