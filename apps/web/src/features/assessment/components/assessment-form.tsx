import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { AssessmentInput, AssessmentUpdate, type AssessmentDetail, type AssessmentKind } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveYearId } from '../../../components/pickers.tsx';
import { useContractForm } from '../../../lib/contract-form.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyDone, notifyError, notifyInfo } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';
import {
  useAssessmentStep,
  useBankQuestions,
  useGradeClasses,
  useQuestionChoices,
  useSaveAssessment,
  useSetAssessmentItems,
} from '../api.ts';
import { DateTimeField } from './date-time-field.tsx';
import { assessmentDraftOf, buildAssessment, emptyAssessment, type AssessmentDraft } from '../assessment-model.ts';
import { htmlToText } from '../question-model.ts';

/**
 * The assessment editor (issue 12): a new draft of the kind, or a draft or returned one of the author's. Once
 * saved, its questions are picked from the bank (of its subject and grade) and it is submitted for the check.
 */
export function AssessmentForm({
  kind,
  assessment,
  onDone,
}: {
  kind: AssessmentKind;
  assessment: AssessmentDetail | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const choices = useQuestionChoices();
  const save = useSaveAssessment();
  const [current, setCurrent] = useState(assessment);
  const {
    form,
    field,
    check,
    values: v,
    error,
    submit,
    dirty,
  } = useContractForm<typeof AssessmentInput | typeof AssessmentUpdate, AssessmentDraft>(
    current ? AssessmentUpdate : AssessmentInput,
    assessment ? assessmentDraftOf(assessment) : emptyAssessment(kind),
    {
      prepare: buildAssessment,
    },
  );
  const yearId = useActiveYearId();
  const classes = useGradeClasses(v.gradeId, yearId);
  useUnsavedChanges(dirty);
  const change = (patch: Partial<AssessmentDraft>) => {
    for (const [key, next] of Object.entries(patch))
      form.setValue(key as keyof AssessmentDraft, next as never, { shouldDirty: true });
  };
  const pairs = choices.data?.items ?? [];
  const pairValue = v.subjectId && v.gradeId ? `${v.subjectId}:${v.gradeId}` : null;
  const isTask = v.kind === 'TASK';

  const onSubmit = submit(async (body) => {
    // a saved one keeps its kind: the update has none
    const { kind: _kind, ...update } = body as AssessmentInput;
    const saved = await save.mutateAsync({
      id: current?.id ?? null,
      body: (current ? update : body) as AssessmentInput,
    });
    setCurrent(saved);
    form.reset(form.getValues());
    notifyDone('saved');
  });

  const flag = (key: keyof AssessmentDraft & `${string}`) => <Checkbox label={t(`assess.${key}`)} {...check(key)} />;
  const dateTime = (which: 'due' | 'opens' | 'closes', at: 'dueAt' | 'opensAt' | 'closesAt') => (
    <DateTimeField
      dateLabel={t(`assess.${which}Date`)}
      timeLabel={t(`assess.${which}Time`)}
      value={{ date: v[`${which}Date`], time: v[`${which}Time`] }}
      onChange={(x) => change({ [`${which}Date`]: x.date, [`${which}Time`]: x.time })}
      error={error(at)}
    />
  );

  return (
    <Stack gap="md">
      {!choices.isLoading && pairs.length === 0 && <Alert color="yellow">{t('assess.noChoices')}</Alert>}
      {current?.state === 'RETURNED' && current.checkNote && (
        <Alert color="orange">{t('assess.returnedNote', { note: current.checkNote })}</Alert>
      )}
      <TextInput label={t('assess.heading')} {...field('title')} withAsterisk />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('assess.subjectGrade')}
          data={pairs.map((p) => ({
            value: `${p.subjectId}:${p.gradeId}`,
            label: `${p.subjectName} · ${p.gradeName}`,
          }))}
          value={pairValue}
          onChange={(x) => {
            const [subjectId, gradeId] = x ? x.split(':').map(Number) : [null, null];
            change({ subjectId: subjectId ?? null, gradeId: gradeId ?? null, classIds: [] });
          }}
          error={error('subjectId') ?? error('gradeId')}
          searchable
          withAsterisk
        />
        <MultiSelect
          label={t('assess.classes')}
          data={(classes.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={v.classIds.map(String)}
          onChange={(ids) => change({ classIds: ids.map(Number) })}
          error={error('classIds')}
          disabled={v.gradeId === null}
        />
      </SimpleGrid>
      <Textarea label={t('assess.instructions')} {...field('instructions')} autosize minRows={2} />
      {isTask && dateTime('due', 'dueAt')}
      {dateTime('opens', 'opensAt')}
      {dateTime('closes', 'closesAt')}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput label={t('assess.duration')} {...field('durationMinutes')} min={1} allowDecimal={false} />
        <NumberInput label={t('assess.attempts')} {...field('attemptsAllowed')} min={1} max={10} allowDecimal={false} />
        <NumberInput
          label={t('assess.passingMark')}
          {...field('passingMark')}
          min={0}
          max={100}
          allowDecimal={false}
          withAsterisk
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {flag('shuffleQuestions')}
        {flag('shuffleOptions')}
        {flag('showScore')}
        {flag('showKey')}
        {flag('tokenRequired')}
        {flag('isSample')}
      </SimpleGrid>
      <Group justify="flex-end">
        <Button onClick={() => void onSubmit()} loading={save.isPending}>
          {t('assess.save')}
        </Button>
      </Group>
      <Divider />
      {current ? (
        <QuestionPicker assessment={current} onChange={setCurrent} onSubmitted={onDone} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('assess.saveFirst')}
        </Text>
      )}
    </Stack>
  );
}

/** The bank's questions of the assessment's subject and grade to pick from, and the submission for the check. */
function QuestionPicker({
  assessment,
  onChange,
  onSubmitted,
}: {
  assessment: AssessmentDetail;
  onChange: (a: AssessmentDetail) => void;
  onSubmitted: () => void;
}) {
  const { t } = useTranslation();
  const bank = useBankQuestions(assessment.subjectId, assessment.gradeId);
  const setItems = useSetAssessmentItems();
  const step = useAssessmentStep();
  const saved = assessment.items.map((i) => i.questionId);
  const [chosen, setChosen] = useState<number[]>(saved);
  const dirty = JSON.stringify(chosen) !== JSON.stringify(saved);
  const questions = bank.data?.items ?? [];
  const toggle = (id: number, on: boolean) => setChosen((old) => (on ? [...old, id] : old.filter((x) => x !== id)));

  const saveItems = () =>
    setItems.mutate(
      { id: assessment.id, body: { items: chosen.map((questionId) => ({ questionId, points: null })) } },
      {
        onSuccess: (a) => {
          onChange(a);
          notifyDone('saved');
        },
        onError: notifyError,
      },
    );
  const submitForCheck = () =>
    confirmDialog({
      title: t('assess.submitTitle'),
      text: t('assess.submitConfirm', { title: assessment.title }),
      confirm: t('assess.submit'),
      onConfirm: () =>
        step.mutate(
          { id: assessment.id, action: 'submit' },
          {
            onSuccess: () => {
              notifyInfo(t('assess.submitted'));
              onSubmitted();
            },
            onError: notifyError,
          },
        ),
    });

  return (
    <Stack gap="sm">
      <Fieldset legend={t('assess.questions')}>
        {bank.isSuccess && questions.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('assess.noQuestions')}
          </Text>
        )}
        <Stack gap="xs">
          {questions.map((q, i) => (
            <Checkbox
              key={q.id}
              aria-label={t('assess.pickQuestion', { n: i + 1, stem: htmlToText(q.stem) })}
              label={`${htmlToText(q.stem)} (${t('assess.points', { n: q.points })})`}
              checked={chosen.includes(q.id)}
              onChange={(e) => toggle(q.id, e.currentTarget.checked)}
              disabled={!assessment.editable}
            />
          ))}
        </Stack>
      </Fieldset>
      <Group justify="space-between">
        <Text size="sm">{t('assess.chosen', { n: chosen.length })}</Text>
        <Group>
          <Button
            variant="light"
            onClick={saveItems}
            loading={setItems.isPending}
            disabled={!dirty || !assessment.editable}
          >
            {t('assess.saveQuestions')}
          </Button>
          {assessment.actions.includes('submit') && (
            <Button onClick={submitForCheck} loading={step.isPending} disabled={dirty}>
              {t('assess.submit')}
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
