import { Button, Group, MultiSelect, Stack } from '@mantine/core';
import { ScheduleInput, type Assessment } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { useActiveYearId } from '../../../components/pickers.tsx';
import { useGradeClasses, useScheduleAssessment } from '../api.ts';
import { instant, wallClock } from '../assessment-model.ts';
import { DateTimeField } from './date-time-field.tsx';
import { useContractForm } from '../../../lib/contract-form.ts';
import { notifyInfo } from '../../../lib/notify.ts';

/** The dialog's values: the classes as the MultiSelect holds them, each end of the window as date and time. */
interface Window {
  classIds: string[];
  opens: { date: string; time: string };
  closes: { date: string; time: string };
  due: { date: string; time: string };
}

/**
 * Puts an approved assessment on the schedule (issue 12): the classes that take it and its window, WIB; a task
 * also its due time (distribusi tugas). `submitLabel` names the button (Jadwalkan, Distribusikan).
 */
export function ScheduleDialog({
  assessment: a,
  onDone,
  submitLabel,
  doneMessage,
}: {
  assessment: Assessment;
  onDone: () => void;
  submitLabel?: string;
  /** the notice once sent (Penilaian dijadwalkan, Penilaian didistribusikan) */
  doneMessage?: string;
}) {
  const { t } = useTranslation();
  const yearId = useActiveYearId();
  const classes = useGradeClasses(a.gradeId, yearId);
  const schedule = useScheduleAssessment();
  const isTask = a.kind === 'TASK';
  const { field, form, error, submit } = useContractForm<typeof ScheduleInput, Window>(
    ScheduleInput,
    {
      classIds: a.classes.map((c) => String(c.id)),
      opens: wallClock(a.opensAt),
      closes: wallClock(a.closesAt),
      due: wallClock(a.dueAt ?? null),
    },
    {
      prepare: (v) => ({
        classIds: v.classIds.map(Number),
        opensAt: instant(v.opens.date, v.opens.time),
        closesAt: instant(v.closes.date, v.closes.time),
        ...(isTask ? { dueAt: instant(v.due.date, v.due.time || '23:59') } : {}),
      }),
    },
  );
  const onSubmit = submit(async (body) => {
    await schedule.mutateAsync({ id: a.id, body });
    notifyInfo(doneMessage ?? t('assess.scheduled'));
    onDone();
  });

  return (
    <Stack gap="md">
      <MultiSelect
        label={t('assess.classes')}
        data={(classes.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        {...field('classIds')}
        withAsterisk
      />
      {(['opens', 'closes'] as const).map((end) => (
        <DateTimeField
          key={end}
          dateLabel={t(`assess.${end}Date`)}
          timeLabel={t(`assess.${end}Time`)}
          {...field(end)}
          error={error(`${end}At`)}
          required
        />
      ))}
      {isTask && (
        <DateTimeField
          dateLabel={t('assess.dueDate')}
          timeLabel={t('assess.dueTime')}
          {...field('due')}
          error={error('dueAt')}
        />
      )}
      <Group justify="flex-end">
        <Button onClick={() => void onSubmit()} loading={form.formState.isSubmitting}>
          {submitLabel ?? t('assess.schedule')}
        </Button>
      </Group>
    </Stack>
  );
}
