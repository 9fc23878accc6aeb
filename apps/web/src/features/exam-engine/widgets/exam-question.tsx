import { Checkbox, Group, NativeSelect, Radio, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import type { ExamQuestion as Question, QuestionResponse } from '@mms/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichContent } from '../../../lib/rich-content.tsx';
import classes from '../components/exam-play.module.css';

export interface ExamQuestionProps {
  question: Question;
  response: QuestionResponse | undefined;
  disabled: boolean;
  onChange: (response: QuestionResponse) => void;
}

const CHOICE = {
  root: classes.choice,
  body: classes.choiceBody,
  labelWrapper: classes.choiceLabelWrapper,
  label: classes.choiceLabel,
};

/** How long typing pauses before a text answer is saved (it is saved on leaving the field too). */
export const TEXT_SAVE_DELAY_MS = 800;

/** One question of the paper: its stem and the answer control of its type. */
export function ExamQuestion({ question, response, disabled, onChange }: ExamQuestionProps) {
  const { t } = useTranslation();
  const labelId = `exam-q-${question.questionId}`;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Text fw={700} id={labelId}>
          {t('examPlay.question', { number: question.number })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('examPlay.points', { count: question.points })}
        </Text>
      </Group>
      <RichContent html={question.stem} />
      <Answer question={question} response={response} disabled={disabled} onChange={onChange} labelId={labelId} />
    </Stack>
  );
}

function Answer({ question, response, disabled, onChange, labelId }: ExamQuestionProps & { labelId: string }) {
  const { t } = useTranslation();
  const q = question;
  switch (q.type) {
    case 'SINGLE':
    case 'MULTIPLE':
      return <Options question={q} response={response} disabled={disabled} onChange={onChange} labelId={labelId} />;
    case 'TRUE_FALSE': {
      const answers = response?.type === 'TRUE_FALSE' ? response.answers : {};
      return (
        <Stack gap="sm">
          {q.parts.map((p, i) => (
            <div key={p.id} className={classes.statement}>
              <RichContent html={p.text} />
              <Radio.Group
                value={p.id in answers ? String(answers[p.id]) : ''}
                onChange={(v) => onChange({ type: 'TRUE_FALSE', answers: { ...answers, [p.id]: v === 'true' } })}
                label={`${t('examPlay.statement')} ${i + 1}`}
                labelProps={{ fz: 'sm', c: 'dimmed' }}
              >
                <Group gap="md">
                  <Radio value="true" label={t('examPlay.true')} disabled={disabled} classNames={CHOICE} />
                  <Radio value="false" label={t('examPlay.false')} disabled={disabled} classNames={CHOICE} />
                </Group>
              </Radio.Group>
            </div>
          ))}
        </Stack>
      );
    }
    case 'MATCHING': {
      const pairs = response?.type === 'MATCHING' ? response.pairs : {};
      return (
        <Table.ScrollContainer minWidth={280}>
          <Table>
            <Table.Tbody>
              {q.parts.map((p, i) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <RichContent html={p.text} />
                  </Table.Td>
                  <Table.Td miw={140}>
                    <NativeSelect
                      aria-label={`${t('examPlay.matchPick')} ${i + 1}`}
                      disabled={disabled}
                      size="md"
                      classNames={{ input: classes.touch }}
                      value={pairs[p.id] ?? ''}
                      data={[
                        { value: '', label: '—' },
                        ...q.choices.map((c) => ({ value: c.id, label: plainText(c.text) })),
                      ]}
                      onChange={(e) => {
                        const next = { ...pairs };
                        if (e.currentTarget.value) next[p.id] = e.currentTarget.value;
                        else delete next[p.id];
                        onChange({ type: 'MATCHING', pairs: next });
                      }}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      );
    }
    default:
      return (
        <TextAnswer
          key={q.questionId}
          type={q.type}
          text={response && 'text' in response ? response.text : ''}
          disabled={disabled}
          onChange={onChange}
          label={t('examPlay.yourAnswer')}
        />
      );
  }
}

/** The options of a multiple-choice question: radios (one answer) or checkboxes (several), each a large target. */
function Options({ question, response, disabled, onChange, labelId }: ExamQuestionProps & { labelId: string }) {
  const multiple = question.type === 'MULTIPLE';
  const Control = multiple ? Checkbox : Radio;
  const list = (
    <Stack gap="xs">
      {question.parts.map((p) => (
        <Control
          key={p.id}
          value={p.id}
          disabled={disabled}
          classNames={CHOICE}
          label={<RichContent html={p.text} inline />}
        />
      ))}
    </Stack>
  );
  return multiple ? (
    <Checkbox.Group
      value={response?.type === 'MULTIPLE' ? response.optionIds : []}
      onChange={(optionIds) => onChange({ type: 'MULTIPLE', optionIds })}
      aria-labelledby={labelId}
    >
      {list}
    </Checkbox.Group>
  ) : (
    <Radio.Group
      value={response?.type === 'SINGLE' ? (response.optionId ?? '') : ''}
      onChange={(optionId) => onChange({ type: 'SINGLE', optionId })}
      aria-labelledby={labelId}
    >
      {list}
    </Radio.Group>
  );
}

/** A short or essay answer: what is typed shows at once and is saved after a pause or on leaving the field. */
function TextAnswer({
  type,
  text,
  disabled,
  onChange,
  label,
}: {
  type: 'SHORT' | 'ESSAY';
  text: string;
  disabled: boolean;
  onChange: (response: QuestionResponse) => void;
  label: string;
}) {
  const [value, setValue] = useState(text);
  // what this field last saved, and the answer it last got from outside (both to tell whose change a prop is)
  const [committed, setCommitted] = useState(text);
  const [seen, setSeen] = useState(text);
  if (text !== seen) {
    setSeen(text);
    // a newer answer from elsewhere (the server's, on resume) replaces the field; our own save coming back does not
    if (text !== committed) {
      setValue(text);
      setCommitted(text);
    }
  }
  const latest = useRef({ value, committed, onChange });
  useEffect(() => {
    latest.current = { value, committed, onChange };
  });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const commit = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const { value: now, committed: before, onChange: save } = latest.current;
    if (now === before) return;
    latest.current.committed = now;
    setCommitted(now);
    save({ type, text: now });
  }, [type]);
  // a pause in typing saves; leaving the field or the question saves at once
  useEffect(() => {
    if (value === committed) return;
    timer.current = setTimeout(commit, TEXT_SAVE_DELAY_MS);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [value, committed, commit]);
  useEffect(() => () => commit(), [commit]);
  const change = (next: string) => setValue(next);
  const common = { label, value, disabled, onBlur: commit, size: 'md' as const, classNames: { input: classes.touch } };
  return type === 'SHORT' ? (
    <TextInput {...common} maxLength={500} onChange={(e) => change(e.currentTarget.value)} />
  ) : (
    <Textarea {...common} autosize minRows={6} maxLength={50_000} onChange={(e) => change(e.currentTarget.value)} />
  );
}

/** An option's text without markup (a native select shows plain text only). */
function plainText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').trim();
}
