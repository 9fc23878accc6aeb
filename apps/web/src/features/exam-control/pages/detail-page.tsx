import { Alert, Anchor, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { ExamAttemptDetail } from '@mms/shared';
import { IconFlag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '../../../lib/route-names.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorText } from '../../../i18n/index.ts';
import { dateText } from '../../../lib/display.ts';
import { RichContent } from '../../../lib/rich-content.tsx';
import { useAttemptDetail } from '../api.ts';
import { ChosenBoard } from '../components/chosen-board.tsx';
import { VerdictBadge } from '../components/taker-board.tsx';
import { ExamPicker, useControlChoice } from '../components/exam-picker.tsx';
import { ResponseView } from '../components/response-view.tsx';
import { clockText, gradeText, questionTypeText } from '../control-model.ts';

/** An instant as `25/11/2026 10:15:03 WIB` ('–' when there is none). */
function useAt() {
  const { t } = useTranslation();
  return (iso: string | null) =>
    iso ? t('examControl.detail.atTime', { date: dateText(iso, 'short'), time: clockText(iso) }) : '–';
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

function AttemptView({ detail }: { detail: ExamAttemptDetail }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const at = useAt();
  const d = detail;
  return (
    <Stack gap="md" data-testid="attempt-detail">
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
          <Fact label={t('examControl.detail.student')}>{d.name}</Fact>
          <Fact label={t('examControl.className')}>{d.className}</Fact>
          <Fact label={t('examControl.detail.status')}>{t(`examControl.detail.statuses.${d.status}`)}</Fact>
          <Fact label={t('examControl.detail.startedAt')}>{at(d.startedAt)}</Fact>
          <Fact label={t('examControl.detail.deadlineAt')}>{at(d.deadlineAt)}</Fact>
          <Fact label={t('examControl.detail.submittedAt')}>{at(d.submittedAt)}</Fact>
          <Fact label={t('examControl.detail.grade')}>{gradeText(d.grade, lang)}</Fact>
        </SimpleGrid>
      </Paper>
      <Title order={2} fz="h4">
        {t('examControl.detail.answers')}
      </Title>
      <Table.ScrollContainer minWidth={760}>
        <Table striped withTableBorder verticalSpacing="sm" data-testid="attempt-items">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('examControl.detail.number')}</Table.Th>
              <Table.Th>{t('examControl.detail.type')}</Table.Th>
              <Table.Th>{t('examControl.detail.question')}</Table.Th>
              <Table.Th>{t('examControl.detail.response')}</Table.Th>
              <Table.Th>{t('examControl.detail.flagged')}</Table.Th>
              <Table.Th>{t('examControl.detail.savedAt')}</Table.Th>
              <Table.Th ta="right">{t('examControl.detail.score')}</Table.Th>
              <Table.Th>{t('examControl.detail.correct')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.items.map((item) => (
              <Table.Tr key={item.questionId} data-testid={`item-${item.number}`}>
                <Table.Td>{item.number}</Table.Td>
                <Table.Td>{questionTypeText(item.type)}</Table.Td>
                <Table.Td maw={360}>
                  <RichContent html={item.stem} />
                </Table.Td>
                <Table.Td maw={280}>
                  <ResponseView item={item} />
                </Table.Td>
                <Table.Td>
                  {item.flagged ? (
                    <Group gap={4} wrap="nowrap">
                      <IconFlag size={16} aria-hidden />
                      <Text size="sm">{t('examControl.detail.yes')}</Text>
                    </Group>
                  ) : (
                    '–'
                  )}
                </Table.Td>
                <Table.Td>{item.savedAt ? clockText(item.savedAt) : '–'}</Table.Td>
                <Table.Td ta="right">
                  {item.earned === null ? '–' : gradeText(item.earned, lang)} / {item.points}
                </Table.Td>
                <Table.Td>
                  {item.correct === null ? (
                    <Text size="sm">
                      {item.earned === null && item.response ? t('examControl.detail.unmarked') : '–'}
                    </Text>
                  ) : (
                    <VerdictBadge
                      ok={item.correct}
                      yes={t('examControl.detail.correct')}
                      no={t('examControl.detail.wrong')}
                    />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Title order={2} fz="h4">
        {t('examControl.detail.events')}
      </Title>
      {d.events.length === 0 ? (
        <Text>{t('examControl.detail.noEvents')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped withTableBorder data-testid="attempt-events">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('examControl.detail.eventAt')}</Table.Th>
                <Table.Th>{t('examControl.detail.eventText')}</Table.Th>
                <Table.Th>{t('examControl.detail.eventBy')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.events.map((e, i) => (
                <Table.Tr key={`${e.at}-${i}`}>
                  <Table.Td>{at(e.at)}</Table.Td>
                  <Table.Td>{e.text}</Table.Td>
                  <Table.Td>{e.by ?? t('examControl.detail.system')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** Without an attempt in the URL: the takers of the chosen assessment who have one. */
function AttemptChooser() {
  const { t } = useTranslation();
  const { set } = useControlChoice();
  return (
    <ChosenBoard>
      {(board) => {
        const started = board.takers.filter((r) => r.attemptId !== null);
        return started.length === 0 ? (
          <Text>{t('examControl.detail.noAttempts')}</Text>
        ) : (
          <Select
            label={t('examControl.detail.choose')}
            placeholder={t('examControl.detail.choosePlaceholder')}
            data={started.map((r) => ({ value: String(r.attemptId), label: `${r.name} · ${r.className}` }))}
            onChange={(v) => v && set({ attempt: Number(v) })}
            searchable
            w={{ base: '100%', sm: 360 }}
          />
        );
      }}
    </ChosenBoard>
  );
}

/**
 * "Kontrol ujian: detail" (issue 13): one attempt's answers per question (the stem, the answer readably, flagged,
 * when saved, points and whether correct) and its history (start, device changes, time added, forced submission),
 * read again while the attempt runs. Reached from a row of the progress or score screen.
 */
export function ControlDetailPage() {
  const { t } = useTranslation();
  const { kind, assessmentId, attemptId } = useControlChoice();
  const detail = useAttemptDetail(assessmentId, attemptId);
  const back = assessmentId ? `?kind=${kind}&assessment=${assessmentId}` : `?kind=${kind}`;
  return (
    <Stack gap="md">
      <PageTitle
        actions={
          <Group gap="md">
            <Anchor component={Link} to={`${routePath('tutor-summative-control-progress')}${back}`}>
              {t('examControl.detail.back')}
            </Anchor>
            <Anchor component={Link} to={`${routePath('tutor-summative-control-score')}${back}`}>
              {t('examControl.detail.backScore')}
            </Anchor>
          </Group>
        }
      >
        {t('examControl.titleDetail')}
      </PageTitle>
      {attemptId === null || assessmentId === null ? (
        <>
          <ExamPicker />
          <AttemptChooser />
        </>
      ) : detail.data ? (
        <AttemptView detail={detail.data} />
      ) : detail.isError ? (
        <Alert color="red">{errorText(detail.error)}</Alert>
      ) : (
        <Skeleton height={240} aria-label={t('app.loading')} />
      )}
    </Stack>
  );
}
