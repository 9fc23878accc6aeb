import { Button, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { SCORE_KINDS, SCORE_KIND_LABELS, ScorePolicyInput, type ScoreKind, type ScorePolicy } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { numberOrNaN, useContractForm } from '../../../lib/contract-form.ts';
import { notifyDone } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';
import { useSavePolicy } from '../api.ts';

interface Values {
  kkm: number | string;
  weights: Record<ScoreKind, number | string>;
}

/** WAKAKUR sets what a subject's recap weighs in a grade, and its KKM. */
export function PolicyForm({ policy, onDone }: { policy: ScorePolicy; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const save = useSavePolicy();
  const { field, error, submit, dirty } = useContractForm<typeof ScorePolicyInput, Values>(
    ScorePolicyInput,
    { kkm: policy.kkm, weights: policy.weights as Record<ScoreKind, number> },
    {
      prepare: (v) => ({
        subjectId: policy.subjectId,
        gradeId: policy.gradeId,
        kkm: numberOrNaN(v.kkm),
        weights: Object.fromEntries(SCORE_KINDS.map((k) => [k, numberOrNaN(v.weights[k])])),
      }),
    },
  );
  useUnsavedChanges(dirty);
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
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          {SCORE_KINDS.map((k) => (
            <NumberInput
              key={k}
              label={t('grades.weightOf', { kind: SCORE_KIND_LABELS[k][lang] })}
              {...field(`weights.${k}`)}
              min={0}
              max={100}
              allowDecimal={false}
            />
          ))}
        </SimpleGrid>
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
