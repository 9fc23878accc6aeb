import { Button, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import { ExamRoomInput, ExamSessionInput, type ExamRoom, type ExamSession } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-fields.tsx';
import { serverToday } from '../../../lib/clock.ts';
import { useContractForm } from '../../../lib/contract-form.ts';
import { notifyDone } from '../../../lib/notify.ts';
import { useSaveRoom, useSaveSession } from '../api.ts';

interface FormProps<T> {
  unitId: number | null;
  value: T | null;
  onDone: () => void;
}

function SaveRow({ loading }: { loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button type="submit" loading={loading}>
        {t('exams.save')}
      </Button>
    </Group>
  );
}

/** Adds or edits an exam room: its name and seats. */
export function RoomForm({ unitId, value, onDone }: FormProps<ExamRoom>) {
  const { t } = useTranslation();
  const save = useSaveRoom();
  const { field, submit } = useContractForm(
    ExamRoomInput,
    { name: value?.name ?? '', capacity: value?.capacity ?? (20 as number | string) },
    { prepare: (v) => ({ unitId: unitId ?? undefined, ...v }) },
  );
  const onSubmit = submit(async (body) => {
    await save.mutateAsync({ id: value?.id ?? null, body });
    notifyDone('saved', body.name);
    onDone();
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <Stack gap="sm">
        <TextInput label={t('exams.name')} {...field('name')} maxLength={60} withAsterisk data-autofocus />
        <NumberInput
          label={t('exams.capacity')}
          {...field('capacity')}
          min={1}
          max={1000}
          allowDecimal={false}
          withAsterisk
        />
        <SaveRow loading={save.isPending} />
      </Stack>
    </form>
  );
}

/** Adds or edits an exam session: its date, number, name and times (WIB). */
export function SessionForm({ unitId, value, onDone }: FormProps<ExamSession>) {
  const { t } = useTranslation();
  const save = useSaveSession();
  const { form, field, submit } = useContractForm(
    ExamSessionInput,
    {
      date: value?.date ?? serverToday(),
      number: value?.number ?? (1 as number | string),
      name: value?.name ?? 'Sesi 1',
      startsAt: value?.startsAt ?? '07:30',
      endsAt: value?.endsAt ?? '09:00',
    },
    { prepare: (v) => ({ unitId: unitId ?? undefined, ...v }) },
  );
  const number = field('number');
  const onSubmit = submit(async (body) => {
    await save.mutateAsync({ id: value?.id ?? null, body });
    notifyDone('saved', body.name);
    onDone();
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <Stack gap="sm">
        <DateField label={t('exams.date')} {...field('date')} withAsterisk />
        <NumberInput
          label={t('exams.number')}
          {...number}
          onChange={(v) => {
            number.onChange(v);
            // the default name follows the number until the person names the session
            if (/^Sesi \d+$/.test(form.getValues('name'))) form.setValue('name', `Sesi ${v}`);
          }}
          min={1}
          max={20}
          allowDecimal={false}
          withAsterisk
        />
        <TextInput label={t('exams.name')} {...field('name')} maxLength={60} withAsterisk />
        <Group grow>
          <TextInput type="time" label={t('exams.startsAt')} {...field('startsAt')} withAsterisk />
          <TextInput type="time" label={t('exams.endsAt')} {...field('endsAt')} withAsterisk />
        </Group>
        <SaveRow loading={save.isPending} />
      </Stack>
    </form>
  );
}
