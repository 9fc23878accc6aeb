import { Button, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { SCORE_KINDS, SCORE_KIND_LABELS, ScorePolicyInput, type ScoreKind, type ScorePolicy } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api.ts';
import { issueErrors, messageText } from '../../../lib/validation.ts';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';
import { useSavePolicy } from '../api.ts';

/** WAKAKUR sets what a subject's recap weighs in a grade, and its KKM. */
/** The server's field errors in the reader's language. */
const serverErrors = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, messageText(v)]));

export function PolicyForm({ policy, onDone }: { policy: ScorePolicy; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const save = useSavePolicy();
  const [kkm, setKkm] = useState<number | string>(policy.kkm);
  const [weights, setWeights] = useState<Record<ScoreKind, number | string>>(
    policy.weights as Record<ScoreKind, number>,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  useUnsavedChanges(kkm !== policy.kkm || SCORE_KINDS.some((k) => weights[k] !== policy.weights[k]));

  async function submit() {
    const parsed = ScorePolicyInput.safeParse({
      subjectId: policy.subjectId,
      gradeId: policy.gradeId,
      kkm: kkm === '' ? Number.NaN : Number(kkm),
      weights: Object.fromEntries(SCORE_KINDS.map((k) => [k, weights[k] === '' ? Number.NaN : Number(weights[k])])),
    });
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error, 'path'));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      notifyDone('saved');
      onDone();
    } catch (error) {
      if (isApiError(error)) setErrors(serverErrors(error.fields));
      notifyError(error);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('grades.policyHelp')}</Text>
        <NumberInput
          label={t('grades.kkm')}
          value={kkm}
          onChange={setKkm}
          min={0}
          max={100}
          allowDecimal={false}
          error={errors.kkm}
          w={120}
        />
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          {SCORE_KINDS.map((k) => (
            <NumberInput
              key={k}
              label={t('grades.weightOf', { kind: SCORE_KIND_LABELS[k][lang] })}
              value={weights[k]}
              onChange={(v) => setWeights((w) => ({ ...w, [k]: v }))}
              min={0}
              max={100}
              allowDecimal={false}
              error={errors[`weights.${k}`]}
            />
          ))}
        </SimpleGrid>
        {errors.weights && (
          <Text size="sm" c="red.8">
            {errors.weights}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('grades.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
