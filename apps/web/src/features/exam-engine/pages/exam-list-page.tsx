import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ExamKind, ExamListItem } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { Link, generatePath } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorText } from '../../../i18n/index.ts';
import { ROUTES } from '../../../lib/route-names.ts';
import { useMyExams } from '../api.ts';
import { gradeText, whenText } from '../exam-display.ts';

const STATUS_COLORS: Record<ExamListItem['status'], string> = {
  UPCOMING: 'gray',
  OPEN: 'blue',
  IN_PROGRESS: 'orange',
  DONE: 'green',
  CLOSED: 'gray',
};

/** Where a student takes one quiz or exam. */
export const playPath = (kind: ExamKind, assessmentId: number): string =>
  generatePath(ROUTES[kind === 'FORMATIVE' ? 'tutor-play-online-formative' : 'tutor-play-online-summative'], {
    id: String(assessmentId),
  });

/** A student's open and upcoming online quizzes or exams, each with its state and a button to take it. */
function ExamList({ kind }: { kind: ExamKind }) {
  const { t } = useTranslation();
  const list = useMyExams(kind);
  const title = kind === 'FORMATIVE' ? t('examPlay.listFormative') : t('examPlay.listSummative');
  return (
    <Stack gap="md">
      <PageTitle>{title}</PageTitle>
      {list.isError && <Alert color="red">{errorText(list.error)}</Alert>}
      {list.isPending && (
        <Stack gap="sm" aria-busy aria-label={t('app.loading')}>
          <Skeleton height={120} />
          <Skeleton height={120} />
        </Stack>
      )}
      {list.data?.items.length === 0 && (
        <Text c="dimmed">{kind === 'FORMATIVE' ? t('examPlay.emptyFormative') : t('examPlay.emptySummative')}</Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {list.data?.items.map((item) => (
          <ExamCard key={item.assessmentId} item={item} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function ExamCard({ item }: { item: ExamListItem }) {
  const { t } = useTranslation();
  const canTake = item.status === 'OPEN' || item.status === 'IN_PROGRESS';
  const resume = item.status === 'IN_PROGRESS';
  return (
    <Card withBorder padding="md" data-testid={`exam-card-${item.assessmentId}`}>
      <Stack gap={6} h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div>
            <Text fw={700}>{item.title}</Text>
            <Text size="sm" c="dimmed">
              {item.subjectName}
            </Text>
          </div>
          <Group gap={4} justify="flex-end">
            {item.isSample && (
              <Badge color="gray" variant="outline">
                {t('examPlay.sample')}
              </Badge>
            )}
            <Badge color={STATUS_COLORS[item.status]} variant="light">
              {t(`examPlay.statuses.${item.status}`)}
            </Badge>
          </Group>
        </Group>
        <Text size="sm">
          {t('examPlay.opens')}: {whenText(item.opensAt)}
        </Text>
        <Text size="sm">
          {t('examPlay.closes')}: {whenText(item.closesAt)}
        </Text>
        <Text size="sm">
          {item.durationMinutes ? t('examPlay.minutes', { count: item.durationMinutes }) : t('examPlay.noLimit')}
          {' · '}
          {t('examPlay.questionCount', { count: item.questionCount })}
          {item.attemptsAllowed > 1 && ` · ${t('examPlay.attempts')} ${item.attemptsUsed}/${item.attemptsAllowed}`}
        </Text>
        {item.grade !== null && (
          <Text size="sm" fw={700}>
            {t('examPlay.grade')}: {gradeText(item.grade)}
          </Text>
        )}
        {canTake && (
          <Button
            component={Link}
            to={playPath(item.kind, item.assessmentId)}
            mt="auto"
            size="md"
            variant={resume ? 'filled' : 'light'}
            aria-label={t(resume ? 'examPlay.resumeNamed' : 'examPlay.takeNamed', { title: item.title })}
          >
            {resume ? t('examPlay.resume') : t('examPlay.take')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

export const FormativeListPage = () => <ExamList kind="FORMATIVE" />;
export const OnlineTestListPage = () => <ExamList kind="SUMMATIVE" />;
