import { Alert, Badge, Card, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorText } from '../../../i18n/index.ts';
import { dateText } from '../../../lib/display.ts';
import { useMyNotes, useMyPsychotests } from '../api.ts';
import { instrumentText, kindText, STATUS_COLORS, statusText, topicText } from '../components/labels.ts';

/** students/student/counselling: the notes a counsellor shared with the signed-in student, the summary only. */
export function StudentCounsellingPage() {
  const { t } = useTranslation();
  const notes = useMyNotes();
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" maw={860}>
      <PageTitle>{t('counselling.studentTitle')}</PageTitle>
      {notes.isPending ? (
        <Skeleton height={160} />
      ) : notes.isError ? (
        <Alert color="red">{errorText(notes.error)}</Alert>
      ) : notes.data.items.length === 0 ? (
        <Text>{t('counselling.studentEmpty')}</Text>
      ) : (
        <Stack>
          {notes.data.items.map((n) => (
            <Card key={n.id} withBorder component="article" data-testid="student-note">
              <Group gap="xs" mb="xs">
                <Text fw={600}>{dateText(n.date)}</Text>
                <Badge variant="light">{kindText(n.kind)}</Badge>
                <Badge variant="light" color="grape">
                  {topicText(n.topic)}
                </Badge>
                <Badge color={STATUS_COLORS[n.status]}>{statusText(n.status)}</Badge>
              </Group>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{n.summary}</Text>
              <Text size="sm" mt="xs">
                {t('counselling.counsellor')}: {n.counsellorName}
                {n.followUpDate && ` · ${t('counselling.followUpOn', { date: dateText(n.followUpDate) })}`}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** students/student/psychotest: the test results a counsellor shared with the signed-in student. */
export function StudentPsychotestPage() {
  const { t } = useTranslation();
  const tests = useMyPsychotests();
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" maw={860}>
      <PageTitle>{t('counselling.psyStudentTitle')}</PageTitle>
      {tests.isPending ? (
        <Skeleton height={160} />
      ) : tests.isError ? (
        <Alert color="red">{errorText(tests.error)}</Alert>
      ) : tests.data.items.length === 0 ? (
        <Text>{t('counselling.psyStudentEmpty')}</Text>
      ) : (
        <Stack>
          {tests.data.items.map((r) => (
            <Card key={r.id} withBorder component="article">
              <Group gap="xs" mb="xs">
                <Title order={2} fz="h5">
                  {r.testName}
                </Title>
                <Badge variant="light">{instrumentText(r.instrument)}</Badge>
                <Text size="sm">{dateText(r.date)}</Text>
              </Group>
              {r.provider && (
                <Text size="sm">
                  {t('counselling.provider')}: {r.provider}
                </Text>
              )}
              {r.scores.length > 0 && (
                <Table withTableBorder mt="xs" aria-label={t('counselling.scores')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('counselling.scale')}</Table.Th>
                      <Table.Th>{t('counselling.score')}</Table.Th>
                      <Table.Th>{t('counselling.category')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {r.scores.map((s, i) => (
                      <Table.Tr key={i}>
                        <Table.Td>{s.scale}</Table.Td>
                        <Table.Td>{s.score}</Table.Td>
                        <Table.Td>{s.category}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
              {r.interpretation && (
                <Text mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
                  <b>{t('counselling.interpretation')}:</b> {r.interpretation}
                </Text>
              )}
              {r.recommendation && (
                <Text mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
                  <b>{t('counselling.recommendation')}:</b> {r.recommendation}
                </Text>
              )}
            </Card>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
