import { Button, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import { ExamRoomInput, ExamSessionInput, type ExamRoom, type ExamSession } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-fields.tsx';
import { serverToday } from '../../../lib/clock.ts';
import { issueErrors } from '../../../lib/validation.ts';
import { notifyDone } from '../../../lib/notify.ts';
import { useSaveRoom, useSaveSession } from '../api.ts';
import { serverFieldErrors } from './form-errors.ts';

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
  const [name, setName] = useState(value?.name ?? '');
  const [capacity, setCapacity] = useState<number | string>(value?.capacity ?? 20);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit() {
    const parsed = ExamRoomInput.safeParse({ unitId: unitId ?? undefined, name, capacity });
    if (!parsed.success) return setErrors(issueErrors(parsed.error, 'first'));
    setErrors({});
    try {
      await save.mutateAsync({ id: value?.id ?? null, body: parsed.data });
      notifyDone('saved', parsed.data.name);
      onDone();
    } catch (error) {
      setErrors(serverFieldErrors(error));
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
        <TextInput
          label={t('exams.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          maxLength={60}
          withAsterisk
          data-autofocus
        />
        <NumberInput
          label={t('exams.capacity')}
          value={capacity}
          onChange={setCapacity}
          min={1}
          max={1000}
          allowDecimal={false}
          error={errors.capacity}
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
  const [date, setDate] = useState(value?.date ?? serverToday());
  const [number, setNumber] = useState<number | string>(value?.number ?? 1);
  const [name, setName] = useState(value?.name ?? 'Sesi 1');
  const [startsAt, setStartsAt] = useState(value?.startsAt ?? '07:30');
  const [endsAt, setEndsAt] = useState(value?.endsAt ?? '09:00');
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit() {
    const parsed = ExamSessionInput.safeParse({ unitId: unitId ?? undefined, date, number, name, startsAt, endsAt });
    if (!parsed.success) return setErrors(issueErrors(parsed.error, 'first'));
    setErrors({});
    try {
      await save.mutateAsync({ id: value?.id ?? null, body: parsed.data });
      notifyDone('saved', parsed.data.name);
      onDone();
    } catch (error) {
      setErrors(serverFieldErrors(error));
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
        <DateField label={t('exams.date')} value={date} onChange={setDate} error={errors.date} withAsterisk />
        <NumberInput
          label={t('exams.number')}
          value={number}
          onChange={(v) => {
            setNumber(v);
            if (/^Sesi \d+$/.test(name)) setName(`Sesi ${v}`);
          }}
          min={1}
          max={20}
          allowDecimal={false}
          error={errors.number}
          withAsterisk
        />
        <TextInput
          label={t('exams.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          maxLength={60}
          withAsterisk
        />
        <Group grow>
          <TextInput
            type="time"
            label={t('exams.startsAt')}
            value={startsAt}
            onChange={(e) => setStartsAt(e.currentTarget.value)}
            error={errors.startsAt}
            withAsterisk
          />
          <TextInput
            type="time"
            label={t('exams.endsAt')}
            value={endsAt}
            onChange={(e) => setEndsAt(e.currentTarget.value)}
            error={errors.endsAt}
            withAsterisk
          />
        </Group>
        <SaveRow loading={save.isPending} />
      </Stack>
    </form>
  );
}
