import { Button, Group, NumberInput, Radio, Skeleton, Stack, Text } from '@mantine/core';
import {
  RAPOR_DECIMALS,
  REMEDIAL_RULES,
  SCORE_KINDS,
  GradeRulesInput,
  type GradeRules,
  type RemedialRule,
  type ScoreKind,
} from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { numberOrNaN, useContractForm } from '../../../lib/contract-form.ts';
import { notifyDone } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';
import { useGradeRules, useSaveGradeRules } from '../api.ts';
import { WeightFields } from './weight-fields.tsx';

interface Values {
  kktp: number | string;
  remedialRule: RemedialRule;
  raporDecimals: string;
  weights: Record<ScoreKind, number | string>;
}

/**
 * WAKAKUR's grade rules of the unit for the active school year: the weights of the kinds, the KKTP, the remedial rule
 * and the decimals the rapor prints its scores with.
 */
export function GradeRulesForm({ onDone }: { onDone: () => void }) {
  const rules = useGradeRules();
  if (!rules.data) return <Skeleton height={240} />;
  return <RulesForm rules={rules.data} onDone={onDone} />;
}

function RulesForm({ rules, onDone }: { rules: GradeRules; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveGradeRules();
  const { field, error, submit, dirty } = useContractForm<typeof GradeRulesInput, Values>(
    GradeRulesInput,
    {
      kktp: rules.kktp,
      remedialRule: rules.remedialRule,
      raporDecimals: String(rules.raporDecimals),
      weights: rules.weights as Record<ScoreKind, number>,
    },
    {
      prepare: (v) => ({
        unitId: rules.unitId,
        academicYearId: rules.academicYearId,
        kktp: numberOrNaN(v.kktp),
        remedialRule: v.remedialRule,
        raporDecimals: Number(v.raporDecimals),
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
  const rule = field('remedialRule');
  const decimals = field('raporDecimals');

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <Stack gap="sm">
        <Text size="sm">{t('grades.rulesHelp')}</Text>
        <WeightFields field={field} />
        {error('weights') && (
          <Text size="sm" c="red.8">
            {error('weights')}
          </Text>
        )}
        <NumberInput label={t('grades.rulesKktp')} {...field('kktp')} min={0} max={100} allowDecimal={false} w={160} />
        <Radio.Group
          label={t('grades.remedialRule')}
          value={rule.value}
          onChange={(v) => rule.onChange(v)}
          error={rule.error}
        >
          <Stack gap={6} mt={6}>
            {REMEDIAL_RULES.map((r) => (
              <Radio key={r} value={r} label={t(`grades.remedialRules.${r}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <Radio.Group
          label={t('grades.raporDecimals')}
          value={decimals.value}
          onChange={(v) => decimals.onChange(v)}
          error={decimals.error}
        >
          <Group gap="md" mt={6}>
            {RAPOR_DECIMALS.map((d) => (
              <Radio key={d} value={String(d)} label={t(`grades.raporDecimalsOptions.${d}`)} />
            ))}
          </Group>
        </Radio.Group>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('grades.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
