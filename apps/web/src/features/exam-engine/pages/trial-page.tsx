import { Alert, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { ExamTrialPaper, ExamTrialResult, QuestionResponse } from '@mms/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorText } from '../../../i18n/index.ts';
import { api } from '../../../lib/api.ts';
import { ExamQuestion } from '../widgets/exam-question.tsx';
import { gradeText } from '../exam-display.ts';

/**
 * Uji coba: the author, a checker or a controller answers the paper as a student would see it and has it scored;
 * the answers stay in this page (the server records nothing).
 */
export function Trial({ assessmentId }: { assessmentId: number }) {
  const { t } = useTranslation();
  const paper = useQuery({
    queryKey: ['/exam/trial', assessmentId],
    queryFn: () => api<ExamTrialPaper>(`/exam/trial/${assessmentId}`),
  });
  const [responses, setResponses] = useState<ReadonlyMap<number, QuestionResponse>>(new Map());
  const score = useMutation({
    mutationFn: () =>
      api<ExamTrialResult>(`/exam/trial/${assessmentId}/score`, {
        method: 'POST',
        body: { responses: [...responses].map(([questionId, response]) => ({ questionId, response })) },
      }),
  });
  if (paper.isPending) return <Skeleton height={240} aria-label={t('app.loading')} />;
  if (paper.isError)
    return (
      <Stack>
        <PageTitle>{t('examPlay.trialTitle')}</PageTitle>
        <Alert color="red">{errorText(paper.error)}</Alert>
      </Stack>
    );
  const p = paper.data;
  const result = score.data;
  const resultOf = (questionId: number) => result?.items.find((i) => i.questionId === questionId);
  return (
    <Stack gap="md">
      <PageTitle>{t('examPlay.trialOf', { title: p.title })}</PageTitle>
      <Text size="sm">
        {p.subjectName}
        {p.durationMinutes ? ` · ${t('examPlay.trialDuration', { minutes: p.durationMinutes })}` : ''}
      </Text>
      <Alert color="blue">{t('examPlay.trialNote')}</Alert>
      {p.questions.map((q) => {
        const r = resultOf(q.questionId);
        return (
          <Paper key={q.questionId} withBorder p="md" data-testid={`trial-q-${q.number}`}>
            <ExamQuestion
              question={q}
              response={responses.get(q.questionId)}
              disabled={!!result}
              onChange={(response) => setResponses((m) => new Map(m).set(q.questionId, response))}
            />
            {r && (
              <Text size="sm" fw={700} mt="xs" c={r.correct === false ? 'red.8' : undefined}>
                {r.earned === null
                  ? t('examPlay.trialEssay')
                  : t('examPlay.trialEarned', { earned: gradeText(r.earned), points: r.points })}
              </Text>
            )}
          </Paper>
        );
      })}
      {score.isError && <Alert color="red">{errorText(score.error)}</Alert>}
      {result ? (
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Title order={2} fz="h4">
              {t('examPlay.trialResult')}
            </Title>
            <Table withTableBorder w="auto">
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th>{t('examPlay.trialPoints')}</Table.Th>
                  <Table.Td>{`${gradeText(result.earned)} / ${result.max}`}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('examPlay.trialGrade')}</Table.Th>
                  <Table.Td>{result.grade === null ? '–' : gradeText(result.grade)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <Group>
              <Button
                variant="default"
                onClick={() => {
                  setResponses(new Map());
                  score.reset();
                }}
              >
                {t('examPlay.trialAgain')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Group>
          <Button loading={score.isPending} onClick={() => score.mutate()}>
            {t('examPlay.trialScore')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

export function TrialPlayPage() {
  const { id } = useParams();
  const assessmentId = Number(id);
  if (!Number.isInteger(assessmentId) || assessmentId <= 0) return null;
  return <Trial key={assessmentId} assessmentId={assessmentId} />;
}
