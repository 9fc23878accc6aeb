import { Alert, Button, Group, Paper, Progress, Radio, Stack, Text, Title } from '@mantine/core';
import type { InstrumentProfileBody, PlayAttempt } from '@mms/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { saveAnswer, useSubmitAttempt } from '../api.ts';

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/** The values an item's answer may take, with their labels. */
function choicesOf(item: PlayAttempt['items'][number], t: (k: string) => string) {
  if (item.type === 'LIKERT5')
    return [1, 2, 3, 4, 5].map((v) => ({ value: v, label: `${v} – ${t(`instruments.play.likert.${v}`)}` }));
  if (item.type === 'YES_NO')
    return [
      { value: 1, label: t('instruments.play.yes') },
      { value: 0, label: t('instruments.play.no') },
    ];
  return item.options.map((label, value) => ({ value, label }));
}

/**
 * Answering an instrument like a quiz: one item at a time, each answer saved as it is chosen (so leaving and
 * coming back resumes), and a submit at the end once every item is answered.
 */
export function Player({
  attempt,
  onLeave,
  onSubmitted,
  preview = false,
  previewNote = true,
}: {
  attempt: PlayAttempt;
  onLeave: () => void;
  onSubmitted: (profile: InstrumentProfileBody) => void;
  /** the counsellor trying the instrument: the answers stay here, nothing is saved nor submitted */
  preview?: boolean;
  /** whether the player says itself that it is a preview (off where the screen says so already) */
  previewNote?: boolean;
}) {
  const { t } = useTranslation();
  const [answers, setAnswers] = useState(() => new Map(attempt.answers.map((a) => [a.itemId, a.value])));
  const firstOpen = attempt.items.findIndex((i) => !answers.has(i.id));
  const [at, setAt] = useState(firstOpen < 0 ? attempt.items.length - 1 : firstOpen);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  // answers still on their way: submitting waits for them (the server counts only saved answers)
  const pending = useRef(0);
  const submit = useSubmitAttempt();
  const item = attempt.items[at]!;
  const total = attempt.items.length;
  const answered = attempt.items.filter((i) => answers.has(i.id)).length;
  const isLast = at === total - 1;

  const choose = (value: number) => {
    setAnswers((m) => new Map(m).set(item.id, value));
    if (preview) return;
    setSaveState('saving');
    pending.current += 1;
    saveAnswer(attempt.attemptId, { itemId: item.id, value })
      .then(
        () => setSaveState(pending.current > 1 ? 'saving' : 'saved'),
        (e: unknown) => {
          setSaveState('failed');
          notifyError(e);
        },
      )
      .finally(() => (pending.current -= 1));
  };
  const finish = () =>
    confirmDialog({
      title: t('instruments.play.finishTitle'),
      text: t('instruments.play.finishText'),
      confirm: t('instruments.play.finish'),
      onConfirm: () => submit.mutate(attempt.attemptId, { onSuccess: onSubmitted, onError: notifyError }),
    });

  return (
    <Stack gap="md" data-testid="instrument-player">
      <Title order={2} fz="h4">
        {attempt.instrumentName}
      </Title>
      {preview && previewNote && (
        <Alert color="blue" role="status">
          {t('instruments.preview.note')}
        </Alert>
      )}
      {attempt.instructions && <Text size="sm">{attempt.instructions}</Text>}
      <Group justify="space-between">
        <Text fw={600}>{t('instruments.play.progress', { n: at + 1, count: total })}</Text>
        <Text size="sm" aria-live="polite">
          {t('instruments.play.answeredCount', { answered, count: total })}
          {saveState === 'saving' && ` · ${t('instruments.play.saving')}`}
          {saveState === 'saved' && ` · ${t('instruments.play.saved')}`}
        </Text>
      </Group>
      <Progress
        value={(answered / total) * 100}
        aria-label={t('instruments.play.answeredCount', { answered, count: total })}
      />
      {saveState === 'failed' && (
        <Alert color="red" role="alert">
          {t('instruments.play.saveFailed')}
        </Alert>
      )}
      <Paper withBorder p="md">
        <Radio.Group
          key={item.id}
          label={
            <Text fw={600} component="span">
              {item.number}. {item.text}
            </Text>
          }
          value={answers.has(item.id) ? String(answers.get(item.id)) : null}
          onChange={(v) => choose(Number(v))}
          aria-label={t('instruments.play.answerOf', { n: item.number })}
        >
          <Stack gap="xs" mt="sm">
            {choicesOf(item, t).map((c) => (
              <Radio key={c.value} value={String(c.value)} label={c.label} />
            ))}
          </Stack>
        </Radio.Group>
      </Paper>
      <Group justify="space-between">
        <Group>
          <Button variant="default" disabled={at === 0} onClick={() => setAt(at - 1)}>
            {t('instruments.play.previous')}
          </Button>
          {!isLast && (
            <Button variant="light" onClick={() => setAt(at + 1)}>
              {t('instruments.play.next')}
            </Button>
          )}
        </Group>
        <Group>
          <Button variant="subtle" onClick={onLeave}>
            {preview ? t('instruments.preview.close') : t('instruments.play.leave')}
          </Button>
          {isLast && !preview && (
            <Button
              color="green"
              disabled={answered < total || saveState === 'saving'}
              loading={submit.isPending}
              onClick={finish}
            >
              {t('instruments.play.finish')}
            </Button>
          )}
        </Group>
      </Group>
      {isLast && answered < total && (
        <Text size="sm">{t('instruments.play.unanswered', { count: total - answered })}</Text>
      )}
    </Stack>
  );
}
