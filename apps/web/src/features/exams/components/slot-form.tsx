import { Button, Group, Select, Stack } from '@mantine/core';
import { ExamSlotInput, formatDate, type ExamSlot } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TeacherSelect } from '../../../components/pickers.tsx';
import { issueErrors } from '../../../lib/validation.ts';
import { notifyDone } from '../../../lib/notify.ts';
import { useExamRooms, useExamSessions, useSaveSlot, useSchedulableExams } from '../api.ts';
import { serverFieldErrors } from './form-errors.ts';

const toId = (v: string | null) => (v ? Number(v) : null);
const fromId = (v: number | null | undefined) => (v ? String(v) : null);

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
  const [assessmentId, setAssessmentId] = useState<number | null>(slot?.assessmentId ?? null);
  const [classGroupId, setClassGroupId] = useState<number | null>(slot?.classGroupId ?? null);
  const [roomId, setRoomId] = useState<number | null>(slot?.roomId ?? null);
  const [sessionId, setSessionId] = useState<number | null>(slot?.sessionId ?? null);
  const [proctorEmployeeId, setProctor] = useState<number | null>(slot?.proctorEmployeeId ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const exam = exams.data?.items.find((e) => e.id === assessmentId);

  async function submit() {
    const parsed = ExamSlotInput.safeParse({ assessmentId, classGroupId, roomId, sessionId, proctorEmployeeId });
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error, 'first'));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: slot?.id ?? null, body: parsed.data });
      notifyDone('saved');
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
        <Select
          label={t('exams.exam')}
          placeholder={t('exams.choose')}
          searchable
          data={(exams.data?.items ?? []).map((e) => ({ value: String(e.id), label: `${e.title} (${e.subjectName})` }))}
          value={fromId(assessmentId)}
          onChange={(v) => setAssessmentId(toId(v))}
          error={errors.assessmentId}
          withAsterisk
          data-autofocus
        />
        <Select
          label={t('exams.className')}
          placeholder={t('exams.choose')}
          data={(exam?.classes ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={fromId(classGroupId)}
          onChange={(v) => setClassGroupId(toId(v))}
          error={errors.classGroupId}
          withAsterisk
        />
        <Select
          label={t('exams.room')}
          placeholder={t('exams.choose')}
          data={(rooms.data?.items ?? []).map((r) => ({ value: String(r.id), label: `${r.name} (${r.capacity})` }))}
          value={fromId(roomId)}
          onChange={(v) => setRoomId(toId(v))}
          error={errors.roomId}
          withAsterisk
        />
        <Select
          label={t('exams.session')}
          placeholder={t('exams.choose')}
          data={(sessions.data?.items ?? []).map((s) => ({
            value: String(s.id),
            label: `${s.name}, ${formatDate(s.date, lang, 'short')} ${t('exams.sessionTime', { start: s.startsAt, end: s.endsAt })}`,
          }))}
          value={fromId(sessionId)}
          onChange={(v) => setSessionId(toId(v))}
          error={errors.sessionId}
          withAsterisk
        />
        <TeacherSelect
          label={t('exams.proctor')}
          unitId={unitId}
          value={proctorEmployeeId}
          onChange={setProctor}
          error={errors.proctorEmployeeId}
          withAsterisk
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('exams.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
