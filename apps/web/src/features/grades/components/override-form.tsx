import { Button, Group, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { FinalScoreOverrideInput, type ScoreRecap } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { numberOrNaN, useContractForm } from '../../../lib/contract-form.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';
import { useRemoveOverride, useSetOverride } from '../api.ts';
import { formatScore } from '../grid-model.ts';

type Row = ScoreRecap['rows'][number];

interface Values {
  score: number | string;
  reason: string;
}

/**
 * The teacher overrides a student's final score, with a reason (required; audited on the server), or removes the
 * override after a confirmation, so that the computed score counts again.
 */
export function OverrideForm({ recap, row, onDone }: { recap: ScoreRecap; row: Row; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const set = useSetOverride();
  const remove = useRemoveOverride();
  const key = {
    classGroupId: recap.classGroup.id,
    subjectId: recap.subject.id,
    semester: recap.semester,
    studentId: row.studentId,
  };
  const computed = row.computed === null ? t('grades.noGrade') : formatScore(row.computed, lang);
  const { field, submit, dirty } = useContractForm<typeof FinalScoreOverrideInput, Values>(
    FinalScoreOverrideInput,
    { score: row.override?.score ?? row.final ?? '', reason: row.override?.reason ?? '' },
    { prepare: (v) => ({ ...key, score: numberOrNaN(v.score), reason: v.reason }) },
  );
  useUnsavedChanges(dirty);
  const onSubmit = submit(async (data) => {
    await set.mutateAsync(data);
    notifyDone('saved');
    onDone();
  });
  const askRemove = () =>
    confirmDialog({
      title: t('grades.overrideRemoveTitle'),
      text: t('grades.overrideRemoveText', { student: row.name, computed }),
      confirm: t('grades.overrideRemove'),
      destructive: true,
      onConfirm: () =>
        void remove.mutateAsync(key).then(() => {
          notifyDone('deleted');
          onDone();
        }, notifyError),
    });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <Stack gap="sm">
        <Text size="sm">{t('grades.overrideHelp', { computed })}</Text>
        <NumberInput
          label={t('grades.overrideScore')}
          {...field('score')}
          min={0}
          max={100}
          decimalScale={2}
          decimalSeparator={lang === 'id' ? ',' : '.'}
          withAsterisk
          w={160}
        />
        <Textarea
          label={t('grades.overrideReason')}
          {...field('reason')}
          maxLength={500}
          autosize
          minRows={2}
          withAsterisk
        />
        <Group justify="space-between">
          {row.override ? (
            <Button variant="default" color="red" onClick={askRemove} loading={remove.isPending}>
              {t('grades.overrideRemove')}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={set.isPending}>
            {t('grades.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
