import { ActionIcon, Button, Group, NumberInput, Select, Stack, Table, Text } from '@mantine/core';
import { REMEDIAL_KINDS, RemedialInput, SCORE_KIND_LABELS, type RemedialKind, type ScoreRecap } from '@mms/shared';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { numberOrNaN, useContractForm } from '../../../lib/contract-form.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';
import { useRemoveRemedial, useSetRemedial } from '../api.ts';
import { formatScore } from '../grid-model.ts';

type Row = ScoreRecap['rows'][number];

interface Values {
  columnId: string | null;
  kind: RemedialKind;
  score: number | string;
}

/**
 * A student's remedial and enrichment scores, each beside the original score of one assessment (column): the
 * list with a removal (confirmed), and the entry of one more. How a remedial counts is the unit's rule.
 */
export function RemedialForm({ recap, row, onDone }: { recap: ScoreRecap; row: Row; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const set = useSetRemedial();
  const remove = useRemoveRemedial();
  const show = (n: number) => formatScore(n, lang);
  const original = new Map(
    recap.cells.filter((c) => c.studentId === row.studentId).map((c) => [c.columnId, c.score] as const),
  );
  const scored = recap.columns.filter((c) => original.has(c.id));
  const mine = recap.remedials.filter((r) => r.studentId === row.studentId);
  const titleOf = (id: number) => recap.columns.find((c) => c.id === id)?.title ?? '';
  const { field, submit, dirty, value } = useContractForm<typeof RemedialInput, Values>(
    RemedialInput,
    { columnId: null, kind: 'REMEDIAL', score: '' },
    {
      prepare: (v) => ({
        columnId: v.columnId === null ? NaN : Number(v.columnId),
        studentId: row.studentId,
        kind: v.kind,
        score: numberOrNaN(v.score),
      }),
    },
  );
  useUnsavedChanges(dirty);
  const chosen = value('columnId');
  const onSubmit = submit(async (data) => {
    await set.mutateAsync(data);
    notifyDone('saved');
    onDone();
  });
  const askRemove = (columnId: number, kind: RemedialKind) => {
    const k = t(`grades.remedialKinds.${kind}`);
    confirmDialog({
      title: t('grades.remedialRemoveTitle', { kind: k }),
      text: t('grades.remedialRemoveText', { column: titleOf(columnId) }),
      confirm: t('grades.overrideRemove'),
      destructive: true,
      onConfirm: () =>
        void remove.mutateAsync({ columnId, studentId: row.studentId }).then(() => notifyDone('deleted'), notifyError),
    });
  };

  if (!scored.length) return <Text size="sm">{t('grades.remedialNoColumns')}</Text>;
  return (
    <Stack gap="sm">
      <Text size="sm">
        {t('grades.remedialHelp', { rule: t(`grades.remedialRules.${recap.policy.remedialRule}`) })}
      </Text>
      {mine.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('grades.remedialNone')}
        </Text>
      ) : (
        <Table withTableBorder data-testid="remedial-list">
          <Table.Tbody>
            {mine.map((r) => (
              <Table.Tr key={r.columnId}>
                <Table.Td>{titleOf(r.columnId)}</Table.Td>
                <Table.Td>{t('grades.remedialOriginal', { score: show(original.get(r.columnId) ?? 0) })}</Table.Td>
                <Table.Td>
                  {t('grades.remedialBeside', { kind: t(`grades.remedialKinds.${r.kind}`), score: show(r.score) })}
                </Table.Td>
                <Table.Td w={40}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('grades.remedialRemove', {
                      kind: t(`grades.remedialKinds.${r.kind}`),
                      column: titleOf(r.columnId),
                    })}
                    onClick={() => askRemove(r.columnId, r.kind)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <Stack gap="sm">
          <Select
            label={t('grades.remedialColumn')}
            data={scored.map((c) => ({
              value: String(c.id),
              label: `${c.title} (${SCORE_KIND_LABELS[c.kind].short})`,
            }))}
            {...field('columnId')}
            description={
              chosen ? t('grades.remedialOriginal', { score: show(original.get(Number(chosen)) ?? 0) }) : undefined
            }
            allowDeselect={false}
            withAsterisk
          />
          <Select
            label={t('grades.remedialKind')}
            data={REMEDIAL_KINDS.map((k) => ({ value: k, label: t(`grades.remedialKinds.${k}`) }))}
            {...field('kind')}
            allowDeselect={false}
          />
          <NumberInput
            label={t('grades.remedialScore')}
            {...field('score')}
            min={0}
            max={100}
            decimalScale={2}
            decimalSeparator={lang === 'id' ? ',' : '.'}
            withAsterisk
            w={200}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={set.isPending}>
              {t('grades.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
