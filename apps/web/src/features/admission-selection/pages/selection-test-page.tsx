import '../../../i18n/admission-selection/index.ts';
import '../../../i18n/exam-engine/index.ts';
import {
  Alert,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import type { SelectionPaper } from '@mms/shared';
import { useEffect, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/index.ts';
import { isApiError } from '../../../lib/api.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import {
  ExamSync,
  examDeviceId,
  isAnswered,
  openExamJournal,
  whenText,
  type ExamJournal,
} from '../../exam-engine/api.ts';
import { Countdown, useSecondsLeft, type TimeAnchor } from '../../exam-engine/widgets/countdown.tsx';
import { ExamQuestion } from '../../exam-engine/widgets/exam-question.tsx';
import { QuestionNav } from '../../exam-engine/widgets/question-nav.tsx';
import { SyncStatus } from '../../exam-engine/widgets/sync-status.tsx';
import { applicantMe, applicantSignIn, fetchPaper, sendSelectionSaves, startTest, submitTest } from '../api.ts';

/** The selection test keeps its own journal, apart from the students' exams (attempt ids are another series). */
export const SELECTION_JOURNAL_DB = 'mms-selection';
let journalOpening: Promise<ExamJournal> | null = null;
const journal = () => (journalOpening ??= openExamJournal(SELECTION_JOURNAL_DB));

type Phase = 'loading' | 'signIn' | 'paper';

/** The applicant's selection test (`/spmb/test`): sign in with the registration number and PIN, then the test. */
export function SelectionTestPage() {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>('loading');
  const [paper, setPaper] = useState<SelectionPaper | null>(null);
  const [error, setError] = useState<string | null>(null);

  const open = async (resume: boolean) => {
    let p = await fetchPaper();
    // on reload or on another device the test continues here: this device takes the attempt's saves
    if (resume && p.stage === 'IN_PROGRESS') p = await startTest(examDeviceId());
    setPaper(p);
    setPhase('paper');
  };

  useEffect(() => {
    document.title = t('selection.test.title');
    applicantMe()
      .then(() => open(true))
      .catch((e: unknown) => {
        if (isApiError(e) && e.status === 401) setPhase('signIn');
        else setError(errorText(e));
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <ModalsProvider>
      <Container size="sm" py="md" px="sm">
        <Stack gap="md">
          <Title order={1} fz="h3">
            {t('selection.test.title')}
          </Title>
          {error && <Alert color="red">{error}</Alert>}
          {phase === 'loading' && !error && <Loader aria-label={t('selection.test.title')} />}
          {phase === 'signIn' && <SignIn onDone={() => void open(true).catch((e) => setError(errorText(e)))} />}
          {phase === 'paper' && paper && (
            <PaperView key={`${paper.stage}-${paper.attempt?.id ?? 0}`} paper={paper} reload={() => void open(false)} />
          )}
        </Stack>
      </Container>
    </ModalsProvider>
  );
}

function SignIn({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [regNo, setRegNo] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await applicantSignIn(regNo, pin);
      onDone();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit}>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('selection.test.signInTitle')}
        </Title>
        {error && <Alert color="red">{error}</Alert>}
        <TextInput
          label={t('selection.test.regNo')}
          value={regNo}
          onChange={(e) => setRegNo(e.currentTarget.value)}
          placeholder="SPMB/SMP/2027/0001"
          autoComplete="username"
          required
        />
        <PasswordInput
          label={t('selection.test.pin')}
          value={pin}
          onChange={(e) => setPin(e.currentTarget.value)}
          inputMode="numeric"
          autoComplete="current-password"
          required
        />
        <Button type="submit" loading={busy}>
          {t('selection.test.signIn')}
        </Button>
      </Stack>
    </Paper>
  );
}

function PaperView({ paper, reload }: { paper: SelectionPaper; reload: () => void }) {
  const { t } = useTranslation();
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (paper.stage === 'IN_PROGRESS' && paper.attempt) return <Play paper={paper} reload={reload} />;
  const start = async () => {
    setStarting(true);
    try {
      await startTest(examDeviceId());
      reload();
    } catch (e) {
      setError(errorText(e));
      setStarting(false);
    }
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Text fw={600}>
          {paper.applicant.name} · {paper.applicant.regNo}
        </Text>
        <Text>{t(`selection.test.stage.${paper.stage}`)}</Text>
        <Text size="sm">
          {t('selection.test.window', {
            from: whenText(paper.wave.testOpensAt),
            to: whenText(paper.wave.testClosesAt),
          })}
        </Text>
        {paper.stage === 'READY' && (
          <>
            <Text size="sm">
              {t('selection.test.info', { count: paper.questionCount, minutes: paper.wave.testDurationMinutes })}
            </Text>
            {error && <Alert color="red">{error}</Alert>}
            <Button onClick={() => void start()} loading={starting}>
              {t('selection.test.start')}
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}

const noSync = {
  subscribe: () => () => undefined,
  getSnapshot: () => null,
};

function Play({ paper, reload }: { paper: SelectionPaper; reload: () => void }) {
  const { t } = useTranslation();
  const attempt = paper.attempt!;
  const [sync, setSync] = useState<ExamSync | null>(null);
  const [anchor, setAnchor] = useState<TimeAnchor>(() => ({ seconds: attempt.secondsLeft, at: performance.now() }));
  const [index, setIndex] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let made: ExamSync | null = null;
    let gone = false;
    void journal().then(async (j) => {
      if (gone) return;
      made = new ExamSync({
        journal: j,
        attemptId: attempt.id,
        deviceId: examDeviceId(),
        send: sendSelectionSaves,
        onResult: (r) => setAnchor({ seconds: r.secondsLeft, at: performance.now() }),
      });
      await made.load(attempt.maxSeq);
      await made.mergeServer(paper.answers, attempt.maxSeq);
      setSync(made);
    });
    return () => {
      gone = true;
      made?.dispose();
    };
  }, [attempt.id, attempt.maxSeq, paper.answers]);

  const snapshot = useSyncExternalStore(sync?.subscribe ?? noSync.subscribe, sync?.getSnapshot ?? noSync.getSnapshot);
  const seconds = useSecondsLeft(anchor);
  const timeUp = seconds === 0;
  useEffect(() => {
    if (!timeUp || !sync) return;
    void sync.flush();
  }, [timeUp, sync]);

  const questions = paper.questions;
  const question = questions[index];
  const answers = snapshot?.answers;
  const done = questions.filter((q) => isAnswered(answers?.get(q.questionId)?.response)).length;
  const locked = !sync || timeUp || Boolean(snapshot?.stopped);

  const submit = () =>
    confirmDialog({
      title: t('selection.test.submit'),
      text: t('selection.test.confirmSubmit'),
      confirm: t('selection.test.submit'),
      onConfirm: () => {
        setSubmitting(true);
        void (async () => {
          try {
            await sync?.flush();
            await submitTest();
            reload();
          } catch (e) {
            setError(errorText(e));
            setSubmitting(false);
          }
        })();
      },
    });

  return (
    <Stack gap="sm">
      <Paper withBorder p="sm" radius="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" fw={600}>
            {paper.applicant.name}
          </Text>
          <Countdown seconds={seconds} />
        </Group>
        <Text size="sm" aria-live="polite">
          {t('selection.test.answered', { done, total: questions.length })}
        </Text>
        {snapshot && <SyncStatus sync={snapshot} offline={snapshot.offline} />}
      </Paper>
      {timeUp && <Alert color="yellow">{t('selection.test.timeUp')}</Alert>}
      {snapshot?.stopped === 'takeover' && <Alert color="yellow">{t('selection.test.takeover')}</Alert>}
      {error && <Alert color="red">{error}</Alert>}
      {question && (
        <Paper withBorder p="md" radius="md">
          <ExamQuestion
            key={question.questionId}
            question={question}
            response={answers?.get(question.questionId)?.response}
            disabled={locked}
            onChange={(response) =>
              void sync?.change(question.questionId, response, answers?.get(question.questionId)?.flagged ?? false)
            }
          />
        </Paper>
      )}
      <Group justify="space-between">
        <Button variant="default" disabled={index === 0} onClick={() => setIndex(index - 1)}>
          {t('selection.test.previous')}
        </Button>
        <Button variant="default" disabled={index >= questions.length - 1} onClick={() => setIndex(index + 1)}>
          {t('selection.test.next')}
        </Button>
      </Group>
      <QuestionNav
        items={questions.map((q) => ({
          number: q.number,
          answered: isAnswered(answers?.get(q.questionId)?.response),
          flagged: answers?.get(q.questionId)?.flagged ?? false,
        }))}
        current={index}
        onPick={setIndex}
      />
      <Button color="green" onClick={submit} loading={submitting} disabled={!sync}>
        {t('selection.test.submit')}
      </Button>
    </Stack>
  );
}
