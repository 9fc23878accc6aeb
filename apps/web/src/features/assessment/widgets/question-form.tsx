import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  COGNITIVE_LEVELS,
  DIFFICULTIES,
  PARTIAL_RULES,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  QuestionInput,
  QuestionUpdate,
  type CognitiveLevel,
  type Difficulty,
  type PartialRule,
  type Question,
  type QuestionType,
} from '@mms/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import type { ZodType } from 'zod';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../lib/contract-form.ts';
import { notifyDone } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';
import { RichTextEditor } from '../../../components/rich-text-editor.tsx';
import { useQuestionObjectiveTags, useTagQuestion } from '../../learning-objectives/api.ts';
import { ObjectivePicker } from '../../learning-objectives/widgets/objective-picker.tsx';
import { uploadQuestionImage, useQuestionChoices, useSaveQuestion } from '../api.ts';
import { buildQuestion, draftOf, emptyDraft, optionId, type QuestionDraft } from '../question-model.ts';

/**
 * Another bank that writes its questions with this form (the admission selection bank): no subject and grade,
 * no cognitive level and objective; its own contract and save.
 */
export interface QuestionBankAdapter {
  schema: ZodType;
  save: (id: number | null, body: Record<string, unknown>) => Promise<unknown>;
}

/** The question form: a new question, or the next version of one (its subject and grade stay). */
export function QuestionForm({
  question,
  onDone,
  bank,
}: {
  question: Question | null;
  onDone: () => void;
  bank?: QuestionBankAdapter;
}) {
  const { t, i18n } = useTranslation();
  const choices = useQuestionChoices(!bank);
  const save = useSaveQuestion();
  const tagQuestion = useTagQuestion();
  /** the question's TPs (issue 40): saved on the saved version after the question */
  const savedTags = useQuestionObjectiveTags(!bank && question ? question.id : null);
  const [objectiveIds, setObjectiveIds] = useState<number[] | null>(null);
  const chosenTps = objectiveIds ?? savedTags.data?.objectiveIds ?? [];
  /** a bank of its own has no subject and grade, cognitive level or objective */
  const bankBody = (body: Record<string, unknown>) => {
    const { subjectId: _s, gradeId: _g, cognitiveLevel: _c, objective: _o, ...rest } = body;
    return rest;
  };
  const {
    form,
    values: v,
    error: err,
    firstError,
    submit: onValid,
    dirty,
  } = useContractForm<ZodType, QuestionDraft>(
    bank ? bank.schema : question ? QuestionUpdate : QuestionInput,
    question ? draftOf(question) : emptyDraft(),
    { prepare: (draft) => (bank ? bankBody(buildQuestion(draft)) : buildQuestion(draft)) },
  );
  useUnsavedChanges(dirty);
  const change = (patch: Partial<QuestionDraft>) => {
    for (const [key, next] of Object.entries(patch))
      form.setValue(key as keyof QuestionDraft, next as never, { shouldDirty: true });
  };
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const pairs = choices.data?.items ?? [];
  const pairValue = v.subjectId && v.gradeId ? `${v.subjectId}:${v.gradeId}` : null;
  /** The error of a list (its own or of its key), under the list. */
  const listError = (...keys: string[]) => keys.map((k) => err(k)).find(Boolean);

  const submit = onValid(async (body) => {
    if (bank) await bank.save(question?.id ?? null, body as Record<string, unknown>);
    else {
      // a new version keeps its subject and grade
      const { subjectId: _s, gradeId: _g, ...update } = body as QuestionInput;
      const saved = await save.mutateAsync({
        id: question?.id ?? null,
        body: (question ? update : body) as QuestionInput,
      });
      // the TPs go on the saved question (a new version has its own id): when chosen anew or carried to a version
      const before = savedTags.data?.objectiveIds ?? [];
      const changed = [...chosenTps].sort().join(',') !== [...before].sort().join(',');
      if (changed || (saved.id !== question?.id && chosenTps.length > 0)) {
        await tagQuestion.mutateAsync({ questionId: saved.id, objectiveIds: chosenTps });
      }
    }
    onDone();
    notifyDone('saved');
  });

  /** A short rich text of the question (an option, a statement, a side of a pair): the compact editor. */
  const part = (label: string, value: string, errorKey: string, onChange: (html: string) => void) => (
    <Box flex={1} miw={0}>
      <RichTextEditor
        compact
        label={label}
        value={value}
        error={err(errorKey)}
        onUploadImage={uploadQuestionImage}
        onChange={onChange}
      />
    </Box>
  );
  const removeButton = (n: number, onClick: () => void, disabled = false) => (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={t('qbank.removeRow', { n })}
      onClick={onClick}
      disabled={disabled}
      mt={26}
    >
      <IconTrash size={16} aria-hidden />
    </ActionIcon>
  );
  const addButton = (label: string, onClick: () => void, disabled = false) => (
    <Group>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPlus size={14} aria-hidden />}
        onClick={onClick}
        disabled={disabled}
      >
        {label}
      </Button>
    </Group>
  );
  const partialControl = (
    <Select
      label={t('qbank.partial')}
      data={PARTIAL_RULES.map((r) => ({ value: r, label: t(`qbank.partialRules.${r}`) }))}
      value={v.partial}
      onChange={(x) => x && change({ partial: x as PartialRule })}
      allowDeselect={false}
    />
  );

  const typeFields: Record<QuestionType, () => ReactNode> = {
    SINGLE: () => (
      <Fieldset legend={t('qbank.options')}>
        <Radio.Group value={v.singleKey} onChange={(x) => change({ singleKey: x })} error={err('content.key')}>
          <Stack gap="xs">
            {v.options.map((o, i) => (
              <Group key={o.id} align="flex-start" wrap="nowrap">
                <Radio value={o.id} aria-label={t('qbank.keyOf', { id: o.id })} mt={32} />
                {part(t('qbank.option', { id: o.id }), o.text, `content.options.${i}.text`, (x) => setOption(i, x))}
                {removeButton(i + 1, () => removeOption(i), v.options.length <= 2)}
              </Group>
            ))}
          </Stack>
        </Radio.Group>
        {listError('content.options') && (
          <Text c="red" size="sm">
            {listError('content.options')}
          </Text>
        )}
        {addButton(t('qbank.addOption'), addOption, v.options.length >= 10)}
      </Fieldset>
    ),
    MULTIPLE: () => (
      <Fieldset legend={t('qbank.options')}>
        <Stack gap="xs">
          {v.options.map((o, i) => (
            <Group key={o.id} align="flex-start" wrap="nowrap">
              <Checkbox
                mt={32}
                aria-label={t('qbank.keyOf', { id: o.id })}
                checked={v.multipleKey.includes(o.id)}
                onChange={(e) =>
                  change({
                    multipleKey: e.currentTarget.checked
                      ? [...v.multipleKey, o.id]
                      : v.multipleKey.filter((k) => k !== o.id),
                  })
                }
              />
              {part(t('qbank.option', { id: o.id }), o.text, `content.options.${i}.text`, (x) => setOption(i, x))}
              {removeButton(i + 1, () => removeOption(i), v.options.length <= 2)}
            </Group>
          ))}
          {listError('content.options', 'content.key') && (
            <Text c="red" size="sm">
              {listError('content.options', 'content.key')}
            </Text>
          )}
          {addButton(t('qbank.addOption'), addOption, v.options.length >= 10)}
          {partialControl}
        </Stack>
      </Fieldset>
    ),
    TRUE_FALSE: () => (
      <Fieldset legend={t('qbank.statements')}>
        <Stack gap="xs">
          {v.statements.map((s, i) => (
            <Group key={s.id} align="flex-start" wrap="nowrap">
              {part(t('qbank.statement', { n: i + 1 }), s.text, `content.statements.${i}.text`, (text) =>
                setStatement(i, { text }),
              )}
              <Radio.Group
                label={t('qbank.keyOf', { id: i + 1 })}
                value={s.value === null ? null : String(s.value)}
                onChange={(x) => setStatement(i, { value: x === 'true' })}
              >
                <Group gap="xs" mt={8}>
                  <Radio value="true" label={t('qbank.true')} />
                  <Radio value="false" label={t('qbank.false')} />
                </Group>
              </Radio.Group>
              {removeButton(
                i + 1,
                () => change({ statements: v.statements.filter((_, j) => j !== i) }),
                v.statements.length <= 1,
              )}
            </Group>
          ))}
          {listError('content.statements', 'content.key') && (
            <Text c="red" size="sm">
              {listError('content.statements', 'content.key')}
            </Text>
          )}
          {addButton(
            t('qbank.addStatement'),
            () => change({ statements: [...v.statements, { id: nextId('s', v.statements), text: '', value: null }] }),
            v.statements.length >= 20,
          )}
          {partialControl}
        </Stack>
      </Fieldset>
    ),
    MATCHING: () => (
      <Fieldset legend={t('qbank.pairs')}>
        <Stack gap="xs">
          {v.pairs.map((p, i) => (
            <Group key={i} align="flex-start" wrap="nowrap">
              {part(t('qbank.left', { n: i + 1 }), p.left, `content.left.${i}.text`, (left) => setPair(i, { left }))}
              {part(t('qbank.right', { n: i + 1 }), p.right, `content.right.${i}.text`, (right) =>
                setPair(i, { right }),
              )}
              {removeButton(i + 1, () => change({ pairs: v.pairs.filter((_, j) => j !== i) }), v.pairs.length <= 2)}
            </Group>
          ))}
          {listError('content.left', 'content.right', 'content.key') && (
            <Text c="red" size="sm">
              {listError('content.left', 'content.right', 'content.key')}
            </Text>
          )}
          {addButton(
            t('qbank.addPair'),
            () => change({ pairs: [...v.pairs, { left: '', right: '' }] }),
            v.pairs.length >= 20,
          )}
          <Text size="sm" fw={500}>
            {t('qbank.extras')}
          </Text>
          {v.extras.map((x, i) => (
            <Group key={i} align="flex-start" wrap="nowrap">
              {part(t('qbank.extra', { n: i + 1 }), x, `content.right.${v.pairs.length + i}.text`, (text) =>
                change({ extras: v.extras.map((y, j) => (j === i ? text : y)) }),
              )}
              {removeButton(v.pairs.length + i + 1, () => change({ extras: v.extras.filter((_, j) => j !== i) }))}
            </Group>
          ))}
          {addButton(
            t('qbank.addExtra'),
            () => change({ extras: [...v.extras, ''] }),
            v.pairs.length + v.extras.length >= 26,
          )}
          {partialControl}
        </Stack>
      </Fieldset>
    ),
    SHORT: () => (
      <Fieldset legend={t('qbank.accepted')}>
        <Stack gap="xs">
          {v.accepted.map((a, i) => (
            <Group key={i} align="flex-start" wrap="nowrap">
              <Select
                w={110}
                label={t('qbank.acceptedKind', { n: i + 1 })}
                data={[
                  { value: 'text', label: t('qbank.kindText') },
                  { value: 'number', label: t('qbank.kindNumber') },
                ]}
                value={a.kind}
                allowDeselect={false}
                onChange={(x) => x && setAccepted(i, { kind: x as 'text' | 'number' })}
              />
              {a.kind === 'text' ? (
                <TextInput
                  flex={1}
                  label={t('qbank.answerText', { n: i + 1 })}
                  value={a.text}
                  error={err(`content.accepted.${i}.text`) ?? err(`content.accepted.${i}`)}
                  onChange={(e) => setAccepted(i, { text: e.currentTarget.value })}
                />
              ) : (
                <>
                  <NumberInput
                    flex={1}
                    label={t('qbank.answerNumber', { n: i + 1 })}
                    value={a.number}
                    decimalSeparator=","
                    error={err(`content.accepted.${i}.number`) ?? err(`content.accepted.${i}`)}
                    onChange={(x) => setAccepted(i, { number: typeof x === 'number' ? x : '' })}
                  />
                  <NumberInput
                    w={120}
                    label={t('qbank.tolerance', { n: i + 1 })}
                    value={a.tolerance}
                    min={0}
                    decimalSeparator=","
                    error={err(`content.accepted.${i}.tolerance`)}
                    onChange={(x) => setAccepted(i, { tolerance: typeof x === 'number' ? x : '' })}
                  />
                </>
              )}
              {removeButton(
                i + 1,
                () => change({ accepted: v.accepted.filter((_, j) => j !== i) }),
                v.accepted.length <= 1,
              )}
            </Group>
          ))}
          {listError('content.accepted') && (
            <Text c="red" size="sm">
              {listError('content.accepted')}
            </Text>
          )}
          {addButton(
            t('qbank.addAccepted'),
            () => change({ accepted: [...v.accepted, { kind: 'text', text: '', number: '', tolerance: 0 }] }),
            v.accepted.length >= 20,
          )}
        </Stack>
      </Fieldset>
    ),
    ESSAY: () => (
      <Fieldset legend={t('qbank.rubric')}>
        <Stack gap="xs">
          {v.rubric.map((r, i) => (
            <Group key={i} align="flex-start" wrap="nowrap">
              <TextInput
                flex={1}
                label={t('qbank.criterion', { n: i + 1 })}
                value={r.criterion}
                error={err(`content.rubric.${i}.criterion`)}
                onChange={(e) => setRubric(i, { criterion: e.currentTarget.value })}
              />
              <NumberInput
                w={140}
                label={t('qbank.criterionPoints', { n: i + 1 })}
                value={r.points}
                min={1}
                max={100}
                allowDecimal={false}
                error={err(`content.rubric.${i}.points`)}
                onChange={(x) => setRubric(i, { points: typeof x === 'number' ? x : '' })}
              />
              {removeButton(i + 1, () => change({ rubric: v.rubric.filter((_, j) => j !== i) }))}
            </Group>
          ))}
          {addButton(
            t('qbank.addCriterion'),
            () => change({ rubric: [...v.rubric, { criterion: '', points: 1 }] }),
            v.rubric.length >= 20,
          )}
          <RichTextEditor
            label={t('qbank.modelAnswer')}
            value={v.modelAnswer}
            error={err('content.modelAnswer')}
            onUploadImage={uploadQuestionImage}
            onChange={(modelAnswer) => change({ modelAnswer })}
          />
        </Stack>
      </Fieldset>
    ),
  };

  function setOption(i: number, text: string) {
    change({ options: v.options.map((o, j) => (j === i ? { ...o, text } : o)) });
  }
  /** Options keep their letters in order: removing one renames those after it (and their keys). */
  function removeOption(i: number) {
    const kept = v.options.filter((_, j) => j !== i);
    const rename = new Map(kept.map((o, j) => [o.id, optionId(j)]));
    change({
      options: kept.map((o, j) => ({ ...o, id: optionId(j) })),
      singleKey: v.singleKey ? (rename.get(v.singleKey) ?? null) : null,
      multipleKey: v.multipleKey.flatMap((k) => (rename.has(k) ? [rename.get(k)!] : [])),
    });
  }
  function addOption() {
    change({ options: [...v.options, { id: optionId(v.options.length), text: '' }] });
  }
  function setStatement(i: number, patch: Partial<QuestionDraft['statements'][number]>) {
    change({ statements: v.statements.map((s, j) => (j === i ? { ...s, ...patch } : s)) });
  }
  function setPair(i: number, patch: Partial<QuestionDraft['pairs'][number]>) {
    change({ pairs: v.pairs.map((p, j) => (j === i ? { ...p, ...patch } : p)) });
  }
  function setAccepted(i: number, patch: Partial<QuestionDraft['accepted'][number]>) {
    change({ accepted: v.accepted.map((a, j) => (j === i ? { ...a, ...patch } : a)) });
  }
  function setRubric(i: number, patch: Partial<QuestionDraft['rubric'][number]>) {
    change({ rubric: v.rubric.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  }

  const noChoices = !bank && !question && choices.isSuccess && pairs.length === 0;
  return (
    <Stack gap="sm">
      {noChoices && <Alert color="yellow">{t('qbank.noChoices')}</Alert>}
      {bank ? null : question ? (
        <TextInput
          label={t('qbank.subjectGrade')}
          value={`${question.subjectName} · ${question.gradeName}`}
          readOnly
          disabled
        />
      ) : (
        <Select
          label={t('qbank.subjectGrade')}
          required
          searchable
          data={pairs.map((p) => ({
            value: `${p.subjectId}:${p.gradeId}`,
            label: `${p.subjectName} · ${p.gradeName}`,
          }))}
          value={pairValue}
          error={err('subjectId') ?? err('gradeId')}
          onChange={(x) => {
            const [s, g] = x ? x.split(':').map(Number) : [null, null];
            change({ subjectId: s ?? null, gradeId: g ?? null });
          }}
        />
      )}
      <Select
        label={t('qbank.type')}
        required
        allowDeselect={false}
        data={QUESTION_TYPES.map((q) => ({ value: q, label: QUESTION_TYPE_LABELS[q][lang] }))}
        value={v.type}
        onChange={(x) => x && change({ type: x as QuestionType })}
      />
      <RichTextEditor
        label={t('qbank.stem')}
        required
        value={v.stem}
        error={err('stem')}
        onUploadImage={uploadQuestionImage}
        onChange={(stem) => change({ stem })}
      />
      {typeFields[v.type]()}
      {/* one field per row on a phone: three in a row squeezed the difficulty's segments past the screen's edge */}
      <SimpleGrid cols={{ base: 1, sm: bank ? 2 : 3 }}>
        <NumberInput
          label={t('qbank.points')}
          required
          min={1}
          max={100}
          allowDecimal={false}
          value={v.points}
          error={err('points')}
          onChange={(x) => change({ points: typeof x === 'number' ? x : '' })}
        />
        <div>
          <Text size="sm" fw={500} id="qbank-difficulty">
            {t('qbank.difficulty')}
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby="qbank-difficulty"
            data={DIFFICULTIES.map((d) => ({ value: d, label: t(`qbank.difficulties.${d}`) }))}
            value={v.difficulty}
            onChange={(x) => change({ difficulty: x as Difficulty })}
          />
        </div>
        {!bank && (
          <Select
            label={t('qbank.cognitive')}
            clearable
            data={[...COGNITIVE_LEVELS]}
            value={v.cognitiveLevel}
            onChange={(x) => change({ cognitiveLevel: x as CognitiveLevel | null })}
          />
        )}
      </SimpleGrid>
      {!bank && (
        <ObjectivePicker
          subjectId={question?.subjectId ?? v.subjectId ?? null}
          gradeId={question?.gradeId ?? v.gradeId ?? null}
          value={chosenTps}
          onChange={setObjectiveIds}
          label={t('qbank.tpPicker')}
          description={t('qbank.tpHint')}
          disabled={!!question && savedTags.isLoading}
        />
      )}
      {!bank && (
        <TextInput
          label={t('qbank.objective')}
          maxLength={500}
          value={v.objective}
          error={err('objective')}
          onChange={(e) => change({ objective: e.currentTarget.value })}
        />
      )}
      <TextInput
        label={t('qbank.tags')}
        description={t('qbank.tagsHint')}
        value={v.tags}
        error={firstError('tags')}
        onChange={(e) => change({ tags: e.currentTarget.value })}
      />
      <Group justify="flex-end">
        <Button color="green" loading={form.formState.isSubmitting} disabled={noChoices} onClick={() => void submit()}>
          {t('qbank.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The next free id with a prefix (s1, s2, ...) among the parts. */
function nextId(prefix: string, parts: { id: string }[]) {
  let n = parts.length + 1;
  while (parts.some((p) => p.id === `${prefix}${n}`)) n++;
  return `${prefix}${n}`;
}
