import { Button, Checkbox, Group, NumberInput, Stack, Text } from '@mantine/core';
import { SCORE_KINDS, ScorePolicyInput, type ScoreKind, type ScorePolicy } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { numberOrNaN, useContractForm } from '../../../lib/contract-form.ts';
import { notifyDone } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';
import { useSavePolicy } from '../api.ts';
import { WeightFields } from './weight-fields.tsx';

interface Values {
  kkm: number | string;
  ownWeights: boolean;
  weights: Record<ScoreKind, number | string>;
}

/**
 * WAKAKUR sets a subject's KKTP in a grade and, where the subject differs from the unit, its own weights; unticked,
 * the subject weighs by the unit's weights of the year (the grade rules form).
 */
export function PolicyForm({ policy, onDone }: { policy: ScorePolicy; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSavePolicy();
  const { field, check, error, submit, dirty, value } = useContractForm<typeof ScorePolicyInput, Values>(
    ScorePolicyInput,
    { kkm: policy.kkm, ownWeights: policy.ownWeights, weights: policy.weights as Record<ScoreKind, number> },
    {
      prepare: (v) => ({
        subjectId: policy.subjectId,
        gradeId: policy.gradeId,
        kkm: numberOrNaN(v.kkm),
        weights: v.ownWeights ? Object.fromEntries(SCORE_KINDS.map((k) => [k, numberOrNaN(v.weights[k])])) : null,
      }),
    },
  );
  useUnsavedChanges(dirty);
  const own = value('ownWeights');
  const onSubmit = submit(async (data) => {
    await save.mutateAsync(data);
    notifyDone('saved');
    onDone();
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <Stack gap="sm">
        <Text size="sm">{t('grades.policyHelp')}</Text>
        <NumberInput label={t('grades.kkm')} {...field('kkm')} min={0} max={100} allowDecimal={false} w={120} />
        <Checkbox label={t('grades.ownWeights')} description={t('grades.ownWeightsHelp')} {...check('ownWeights')} />
        <WeightFields field={field} disabled={!own} />
        {error('weights') && (
          <Text size="sm" c="red.8">
            {error('weights')}
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
