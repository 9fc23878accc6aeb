import { Button, Group, Select, Stack } from '@mantine/core';
import { ExamSlotInput, formatDate, type ExamSlot } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { TeacherSelect } from '../../../components/pickers.tsx';
import { useContractForm } from '../../../lib/contract-form.ts';
import { notifyDone } from '../../../lib/notify.ts';
import { useExamRooms, useExamSessions, useSaveSlot, useSchedulableExams } from '../api.ts';

const toId = (v: string | null) => (v ? Number(v) : null);
const fromId = (v: number | null | undefined) => (v ? String(v) : null);

/** The choices as the Selects hold them (an id as text), the proctor as the teacher picker gives it. */
interface Values {
  assessmentId: string | null;
  classGroupId: string | null;
  roomId: string | null;
  sessionId: string | null;
  proctorEmployeeId: number | null;
}

/** Places a class's exam in a room and session under a proctor, or moves a slot; a clash comes back as 409. */
export function SlotForm({
  unitId,
  slot,
  onDone,
}: {
  unitId: number | null;
  slot: ExamSlot | null;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const exams = useSchedulableExams(unitId);
  const rooms = useExamRooms(unitId);
  const sessions = useExamSessions(unitId);
  const save = useSaveSlot();
  const { value, field, submit } = useContractForm<typeof ExamSlotInput, Values>(
    ExamSlotInput,
    {
      assessmentId: fromId(slot?.assessmentId),
      classGroupId: fromId(slot?.classGroupId),
      roomId: fromId(slot?.roomId),
      sessionId: fromId(slot?.sessionId),
      proctorEmployeeId: slot?.proctorEmployeeId ?? null,
    },
    {
      prepare: (v) => ({
        assessmentId: toId(v.assessmentId),
        classGroupId: toId(v.classGroupId),
        roomId: toId(v.roomId),
        sessionId: toId(v.sessionId),
        proctorEmployeeId: v.proctorEmployeeId,
      }),
    },
  );
  const assessmentId = toId(value('assessmentId'));
  const exam = exams.data?.items.find((e) => e.id === assessmentId);
  const onSubmit = submit(async (body) => {
    await save.mutateAsync({ id: slot?.id ?? null, body });
    notifyDone('saved');
    onDone();
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <Stack gap="sm">
        <Select
          label={t('exams.exam')}
          placeholder={t('exams.choose')}
          searchable
          data={(exams.data?.items ?? []).map((e) => ({ value: String(e.id), label: `${e.title} (${e.subjectName})` }))}
          {...field('assessmentId')}
          withAsterisk
          data-autofocus
        />
        <Select
          label={t('exams.className')}
          placeholder={t('exams.choose')}
          data={(exam?.classes ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          {...field('classGroupId')}
          withAsterisk
        />
        <Select
          label={t('exams.room')}
          placeholder={t('exams.choose')}
          data={(rooms.data?.items ?? []).map((r) => ({ value: String(r.id), label: `${r.name} (${r.capacity})` }))}
          {...field('roomId')}
          withAsterisk
        />
        <Select
          label={t('exams.session')}
          placeholder={t('exams.choose')}
          data={(sessions.data?.items ?? []).map((s) => ({
            value: String(s.id),
            label: `${s.name}, ${formatDate(s.date, lang, 'short')} ${t('exams.sessionTime', { start: s.startsAt, end: s.endsAt })}`,
          }))}
          {...field('sessionId')}
          withAsterisk
        />
        <TeacherSelect label={t('exams.proctor')} unitId={unitId} {...field('proctorEmployeeId')} withAsterisk />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('exams.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
