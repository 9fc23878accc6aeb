import { Alert, Anchor, Box, Button, Card, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { emptyResponse, type ExamKind, type QuestionResponse } from '@mms/shared';
import { IconArrowLeft, IconArrowRight, IconDownload, IconFlag, IconSend } from '@tabler/icons-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ROUTES } from '../../../lib/route-names.ts';
import { errorText } from '../../../i18n/index.ts';
import { Countdown, useSecondsLeft } from '../widgets/countdown.tsx';
import { answerFile, downloadAnswerFile } from '../components/answer-file.ts';
import { ExamQuestion } from '../widgets/exam-question.tsx';
import { QuestionNav } from '../widgets/question-nav.tsx';
import { StartPanel } from '../components/start-panel.tsx';
import { SyncStatus } from '../widgets/sync-status.tsx';
import classes from '../components/exam-play.module.css';
import { examDeviceId, isAnswered, openExamJournal, type ExamJournal } from '../exam-journal.ts';
import { ExamSession } from '../exam-session.ts';
import type { ExamSync, SyncSnapshot } from '../exam-sync.ts';
import { gradeText, whenText } from '../exam-display.ts';
import { useMathOfPaper, useOfflineShell } from '../offline-shell.ts';

/** How often the page asks for the attempt while working (extensions, notices, a proctor's submission). */
export const POLL_MS = 30_000;
/** Saves waiting longer than this offer the answer file. */
const STUCK_MS = 60_000;

let journalOpening: Promise<ExamJournal> | null = null;
/** The journal, opened once per page load. */
const journal = () => (journalOpening ??= openExamJournal());
/** Test-only: the next page opens the journal afresh (after a test deleted the database). */
export const resetJournalForTests = () => {
  void journalOpening?.then((j) => j.close());
  journalOpening = null;
};

const EMPTY_SNAPSHOT: SyncSnapshot = {
  answers: new Map(),
  pending: 0,
  sending: false,
  offline: false,
  pendingSince: null,
  stopped: null,
};
const noSync = { subscribe: () => () => {}, getSnapshot: () => EMPTY_SNAPSHOT };

/** The browser says it is offline (a hint only; a failed send says it too). */
function useBrowserOffline(): boolean {
  return useSyncExternalStore(
    (notify) => {
      window.addEventListener('online', notify);
      window.addEventListener('offline', notify);
      return () => {
        window.removeEventListener('online', notify);
        window.removeEventListener('offline', notify);
      };
    },
    () => navigator.onLine === false,
  );
}

/** performance.now(), refreshed every few seconds (to tell how long saves have waited). */
function useMonotonicNow(everyMs: number): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * A student takes one quiz or exam: the start panel, then the paper with a journal in IndexedDB that keeps every
 * answer before it is sent, a countdown from the server's seconds, a navigation grid and the submission.
 */
export function ExamPlay({ kind, assessmentId }: { kind: ExamKind; assessmentId: number }) {
  const { t } = useTranslation();
  useOfflineShell();
  const [session] = useState(() => new ExamSession(journal(), kind, assessmentId, examDeviceId()));
  const {
    phase,
    item,
    paper,
    fromServer,
    sync,
    anchor,
    pinNeeded,
    startErrors,
    starting,
    finished,
    loadError,
    unreachable,
  } = useSyncExternalStore(session.subscribe, session.getState);
  const [current, setCurrent] = useState(0);
  const snapshot = useSyncExternalStore((sync ?? noSync).subscribe, (sync ?? noSync).getSnapshot);
  const browserOffline = useBrowserOffline();
  const offline = snapshot.offline || browserOffline || unreachable;
  const secondsLeft = useSecondsLeft(anchor);
  const timeUp = secondsLeft === 0 || snapshot.stopped === 'deadline';
  const locked = timeUp || snapshot.stopped !== null || phase !== 'play';
  const listPath = ROUTES[kind === 'FORMATIVE' ? 'student-formative' : 'student-online-test'];
  const deviceId = session.deviceId;

  useEffect(() => {
    void session.load();
    return () => session.dispose();
  }, [session]);

  // poll while working: extensions, notices, a proctor's submission
  const attemptId = paper?.attempt.id;
  const polling = phase === 'play' && !!attemptId && snapshot.stopped !== 'takeover';
  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => void session.refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [session, polling]);

  // leaving while answers wait to be sent asks first (they stay in the journal either way)
  const waiting = snapshot.pending > 0;
  useEffect(() => {
    if (!waiting) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [waiting]);

  // at zero: no more input, send what waits; the server submits by itself
  useEffect(() => {
    if (timeUp && sync) void sync.flush();
  }, [timeUp, sync]);

  useMathOfPaper(paper);
  const questions = paper?.questions ?? [];
  const question = questions[current];
  const entry = question ? snapshot.answers.get(question.questionId) : undefined;
  const change = (response: QuestionResponse) => {
    if (!question || locked) return;
    void sync?.change(question.questionId, response, entry?.flagged ?? false);
  };
  const toggleFlag = () => {
    if (!question || locked) return;
    void sync?.change(question.questionId, entry?.response ?? emptyResponse(question.type), !(entry?.flagged ?? false));
  };

  const navItems = questions.map((q) => {
    const a = snapshot.answers.get(q.questionId);
    return { number: q.number, answered: isAnswered(a?.response), flagged: a?.flagged ?? false };
  });
  const now = useMonotonicNow(5000);
  const stuck = snapshot.pendingSince !== null && now - snapshot.pendingSince > STUCK_MS;
  const offerFile = snapshot.pending > 0 && (offline || stuck || timeUp || snapshot.stopped !== null);
  const download = async () => {
    if (!sync || !paper) return;
    const saves = await sync.journalSaves();
    downloadAnswerFile(answerFile({ attemptId: paper.attempt.id, assessmentId, deviceId }, saves));
  };

  const fileButton = offerFile && (
    <Alert color="orange" title={t('examPlay.downloadHint')}>
      <Button
        leftSection={<IconDownload size={18} />}
        variant="default"
        size="md"
        className={classes.touch}
        onClick={() => void download()}
      >
        {t('examPlay.downloadFile')}
      </Button>
    </Alert>
  );

  const back = (
    <Anchor component={Link} to={listPath} size="sm">
      {t('examPlay.back')}
    </Anchor>
  );

  if (phase === 'loading')
    return (
      <Stack gap="md" aria-busy aria-label={t('app.loading')}>
        <Skeleton height={32} width="60%" />
        <Skeleton height={240} />
      </Stack>
    );

  if (phase === 'elsewhere')
    return (
      <Stack gap="md" maw={640}>
        <Title order={1} fz="h3">
          {paper?.attempt.title ?? item?.title ?? t('examPlay.elsewhereTitle')}
        </Title>
        <Alert color="orange" title={t('examPlay.elsewhereTitle')} role="alert">
          {t('examPlay.elsewhereText')}
        </Alert>
        <Group>
          <Button size="md" className={classes.touch} onClick={() => void session.takeHere()}>
            {t('examPlay.takeHere')}
          </Button>
        </Group>
        {back}
      </Stack>
    );

  if (phase === 'missing' || (phase === 'start' && !item))
    return (
      <Stack gap="md">
        <Title order={1} fz="h3">
          {kind === 'FORMATIVE' ? t('examPlay.listFormative') : t('examPlay.listSummative')}
        </Title>
        <Alert color="red">{loadError ?? t('examPlay.notFound')}</Alert>
        {back}
      </Stack>
    );

  if (phase === 'start' && item)
    return (
      <Stack gap="md" maw={640}>
        <Title order={1} fz="h3">
          {item.title}
        </Title>
        <StartPanel
          item={item}
          deviceId={deviceId}
          pinNeeded={pinNeeded}
          errors={startErrors}
          busy={starting}
          onStart={(input) => void session.start(input)}
        />
        {back}
      </Stack>
    );

  if (phase === 'finished' && paper)
    return (
      <Stack gap="md" maw={640}>
        <Title order={1} fz="h3">
          {paper.attempt.title}
        </Title>
        <Card withBorder padding="lg">
          <Stack gap="xs">
            <Text fw={700} size="lg">
              {t('examPlay.finished')}
            </Text>
            {finished?.submittedAt && <Text>{t('examPlay.finishedAt', { when: whenText(finished.submittedAt) })}</Text>}
            {finished?.grade !== null && finished?.grade !== undefined && (
              <Text fw={700}>{t('examPlay.yourGrade', { grade: gradeText(finished.grade) })}</Text>
            )}
          </Stack>
        </Card>
        {snapshot.pending > 0 && fileButton}
        {back}
      </Stack>
    );

  if (!paper || !question) return null;

  return (
    <Stack gap="md">
      <div className={classes.bar}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <SyncStatus sync={snapshot} offline={offline} />
          <Countdown seconds={secondsLeft} />
        </Group>
      </div>
      <div>
        <Title order={1} fz="h3">
          {paper.attempt.title}
        </Title>
        <Text c="dimmed" size="sm">
          {paper.attempt.subjectName}
        </Text>
      </div>
      {paper.notices.length > 0 && (
        <Alert color="blue" title={t('examPlay.notices')}>
          <Stack gap={4}>
            {paper.notices.map((n) => (
              <Text key={`${n.at}-${n.text}`} size="sm">
                {whenText(n.at)}: {n.text}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {!fromServer && offline && <Alert color="gray">{t('examPlay.offlinePaper')}</Alert>}
      {timeUp && (
        <Alert color="red" title={t('examPlay.timeUp')} role="alert">
          {t('examPlay.timeUpText')}
        </Alert>
      )}
      {snapshot.stopped === 'takeover' && (
        <Alert color="red" role="alert">
          {t('examPlay.takenOver')}
        </Alert>
      )}
      {fileButton}
      <Paper withBorder p="md">
        <ExamQuestion
          key={question.questionId}
          question={question}
          response={entry?.response}
          disabled={locked}
          onChange={change}
        />
      </Paper>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Button
          variant="default"
          size="md"
          className={classes.touch}
          leftSection={<IconArrowLeft size={18} />}
          disabled={current === 0}
          onClick={() => setCurrent((c) => c - 1)}
          aria-label={t('examPlay.prev')}
        >
          <Box component="span" visibleFrom="xs">
            {t('examPlay.prev')}
          </Box>
        </Button>
        <Button
          size="md"
          className={classes.touch}
          variant={entry?.flagged ? 'filled' : 'default'}
          color="yellow.4"
          autoContrast
          leftSection={<IconFlag size={18} />}
          aria-pressed={entry?.flagged ?? false}
          disabled={locked}
          onClick={toggleFlag}
        >
          {t('examPlay.flag')}
        </Button>
        <Button
          variant="default"
          size="md"
          className={classes.touch}
          rightSection={<IconArrowRight size={18} />}
          disabled={current >= questions.length - 1}
          onClick={() => setCurrent((c) => c + 1)}
          aria-label={t('examPlay.next')}
        >
          <Box component="span" visibleFrom="xs">
            {t('examPlay.next')}
          </Box>
        </Button>
      </Group>
      <QuestionNav items={navItems} current={current} onPick={setCurrent} />
      <SubmitButton
        total={questions.length}
        answered={navItems.filter((i) => i.answered).length}
        flagged={navItems.filter((i) => i.flagged).length}
        disabled={locked}
        sync={sync}
        pending={snapshot.pending}
        onSubmit={() => session.submit()}
      />
    </Stack>
  );
}

/** "Kumpulkan": asks first, saying what is unanswered or unsure; refuses while answers wait to be sent. */
function SubmitButton({
  total,
  answered,
  flagged,
  disabled,
  sync,
  pending,
  onSubmit,
}: {
  total: number;
  answered: number;
  flagged: number;
  disabled: boolean;
  sync: ExamSync | null;
  pending: number;
  /** false when answers still wait to be sent (nothing submitted) */
  onSubmit: () => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ask = () => {
    setError(null);
    setOpen(true);
    if (pending > 0) void sync?.flush();
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      if (await onSubmit()) setOpen(false);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        size="md"
        className={classes.touch}
        leftSection={<IconSend size={18} />}
        onClick={ask}
        disabled={disabled}
      >
        {t('examPlay.submit')}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('examPlay.submitTitle')}
        closeButtonProps={{ 'aria-label': t('dialog.close') }}
        centered
      >
        <Stack gap="sm">
          <Text>{t('examPlay.submitSummary', { answered, total, unanswered: total - answered, flagged })}</Text>
          {pending > 0 ? (
            <Alert color="orange" role="alert">
              {t('examPlay.submitWaiting', { count: pending })}
            </Alert>
          ) : (
            <Text size="sm">{t('examPlay.submitNoReturn')}</Text>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="md" className={classes.touch} onClick={() => setOpen(false)}>
              {t('dialog.cancel')}
            </Button>
            <Button
              size="md"
              className={classes.touch}
              loading={busy}
              disabled={pending > 0}
              onClick={() => void confirm()}
            >
              {t('examPlay.submitConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function PlayPage({ kind }: { kind: ExamKind }) {
  const { id } = useParams();
  const assessmentId = Number(id);
  if (!Number.isInteger(assessmentId) || assessmentId <= 0) return null;
  return <ExamPlay key={assessmentId} kind={kind} assessmentId={assessmentId} />;
}

export const PlayFormativePage = () => <PlayPage kind="FORMATIVE" />;
export const PlaySummativePage = () => <PlayPage kind="SUMMATIVE" />;
