import { ActionIcon, Button, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  DIFFICULTIES,
  DrawRulesInput,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  type AssessmentDetail,
  type DrawRule,
} from '@mms/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSetDrawRules } from '../api.ts';
import { useContractForm } from '../../../lib/contract-form.ts';
import { notifyInfo } from '../../../lib/notify.ts';

type Row = { tag: string; difficulty: string | null; type: string | null; count: number | string };

const toRow = (r: DrawRule): Row => ({ tag: r.tag ?? '', difficulty: r.difficulty, type: r.type, count: r.count });

/**
 * "Soal diacak per siswa" (issue 12): rules that each draw `count` questions of the bank matching a label, a
 * difficulty and a type, for every student on their own. Empty fields match every question.
 */
export function DrawRulesDialog({ assessment: a, onDone }: { assessment: AssessmentDetail; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const save = useSetDrawRules();
  const { form, field, values, error, submit } = useContractForm<typeof DrawRulesInput, { rules: Row[] }>(
    DrawRulesInput,
    { rules: a.drawRules.map(toRow) },
    {
      prepare: (v) => ({
        rules: v.rules.map((r) => ({
          tag: r.tag.trim() || null,
          difficulty: r.difficulty,
          type: r.type,
          // an emptied count reads as 0, so the rule's own message (minimal 1) shows
          count: typeof r.count === 'number' ? r.count : 0,
        })),
      }),
    },
  );
  const rows = values.rules;
  const setRows = (next: Row[]) => form.setValue('rules', next, { shouldDirty: true });
  const total = rows.reduce((n, r) => n + (typeof r.count === 'number' ? r.count : 0), 0);
  const onSubmit = submit(async (body) => {
    await save.mutateAsync({ id: a.id, body });
    notifyInfo(t('assess.drawSaved'));
    onDone();
  });

  return (
    <Stack gap="md">
      <Text size="sm">{t('assess.drawHint')}</Text>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('assess.drawEmpty')}
        </Text>
      )}
      {rows.map((r, i) => (
        <Group key={i} align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            label={t('assess.drawTag', { n: i + 1 })}
            {...field(`rules.${i}.tag`)}
            w={{ base: '100%', xs: 160 }}
          />
          <Select
            label={t('qbank.difficulty')}
            data={DIFFICULTIES.map((d) => ({ value: d, label: t(`qbank.difficulties.${d}`) }))}
            {...field(`rules.${i}.difficulty`)}
            placeholder={t('assess.drawAny')}
            clearable
            w={{ base: '100%', xs: 130 }}
          />
          <Select
            label={t('qbank.type')}
            data={QUESTION_TYPES.map((q) => ({ value: q, label: QUESTION_TYPE_LABELS[q][lang] }))}
            {...field(`rules.${i}.type`)}
            placeholder={t('assess.drawAny')}
            clearable
            w={{ base: '100%', xs: 170 }}
          />
          <NumberInput
            label={t('assess.drawCount')}
            {...field(`rules.${i}.count`)}
            min={1}
            max={200}
            allowDecimal={false}
            clampBehavior="none"
            w={{ base: '100%', xs: 100 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('assess.drawRemove', { n: i + 1 })}
            onClick={() => setRows(rows.filter((_, j) => j !== i))}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      {error('rules') && (
        <Text size="sm" c="red.8">
          {error('rules')}
        </Text>
      )}
      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setRows([...rows, { tag: '', difficulty: null, type: null, count: 5 }])}
          disabled={rows.length >= 20}
        >
          {t('assess.drawAdd')}
        </Button>
        <Text size="sm" aria-live="polite">
          {t('assess.drawTotal', { count: total })}
        </Text>
      </Group>
      <Group justify="flex-end">
        <Button onClick={() => void onSubmit()} loading={form.formState.isSubmitting}>
          {t('assess.drawSave')}
        </Button>
      </Group>
    </Stack>
  );
}
