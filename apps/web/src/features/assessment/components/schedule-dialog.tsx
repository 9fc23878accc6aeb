import { Button, Group, MultiSelect, Stack } from '@mantine/core';
import { ScheduleInput, type Assessment } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveYearId } from '../../../components/pickers.tsx';
import { useGradeClasses, useScheduleAssessment } from '../api.ts';
import { instant, wallClock } from '../assessment-model.ts';
import { DateTimeField } from './date-time-field.tsx';
import { useDialogSubmit } from './use-dialog-submit.ts';

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
  const [classIds, setClassIds] = useState(a.classes.map((c) => String(c.id)));
  const [times, setTimes] = useState(() => ({
    opens: wallClock(a.opensAt),
    closes: wallClock(a.closesAt),
    due: wallClock(a.dueAt ?? null),
  }));
  const isTask = a.kind === 'TASK';
  const { errors, submit: send } = useDialogSubmit(schedule, {
    id: a.id,
    done: doneMessage ?? t('assess.scheduled'),
    onDone,
  });

  const submit = () =>
    send(
      ScheduleInput.safeParse({
        classIds: classIds.map(Number),
        opensAt: instant(times.opens.date, times.opens.time),
        closesAt: instant(times.closes.date, times.closes.time),
        ...(isTask ? { dueAt: instant(times.due.date, times.due.time || '23:59') } : {}),
      }),
    );

  return (
    <Stack gap="md">
      <MultiSelect
        label={t('assess.classes')}
        data={(classes.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        value={classIds}
        onChange={setClassIds}
        error={errors.classIds}
        withAsterisk
      />
      {(['opens', 'closes'] as const).map((end) => (
        <DateTimeField
          key={end}
          dateLabel={t(`assess.${end}Date`)}
          timeLabel={t(`assess.${end}Time`)}
          value={times[end]}
          onChange={(value) => setTimes((w) => ({ ...w, [end]: value }))}
          error={errors[`${end}At`]}
          required
        />
      ))}
      {isTask && (
        <DateTimeField
          dateLabel={t('assess.dueDate')}
          timeLabel={t('assess.dueTime')}
          value={times.due}
          onChange={(value) => setTimes((w) => ({ ...w, due: value }))}
          error={errors.dueAt}
        />
      )}
      <Group justify="flex-end">
        <Button onClick={submit} loading={schedule.isPending}>
          {submitLabel ?? t('assess.schedule')}
        </Button>
      </Group>
    </Stack>
  );
}
