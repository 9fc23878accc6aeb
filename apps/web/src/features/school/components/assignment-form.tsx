import { useFieldErrors } from '../../../lib/field-errors.ts';
import { Button, Group, NumberInput, Select, SimpleGrid, Stack } from '@mantine/core';
import {
  SEMESTERS,
  TeachingAssignmentInput,
  TeachingAssignmentUpdate,
  type Semester,
  type TeachingAssignment,
} from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api.ts';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { issueErrors } from '../../../lib/validation.ts';
import { useSaveAssignment, useSubjects } from '../api.ts';
import { ClassSelect, TeacherSelect } from '../../../components/pickers.tsx';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';

/** A teaching assignment: teacher, subject, class, semester and JP per week (edit: teacher and JP only). */
export function AssignmentForm({
  assignment,
  unitId,
  academicYearId,
  onDone,
}: {
  assignment?: TeachingAssignment;
  unitId: number | null;
  academicYearId: number | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const creating = !assignment;
  const subjects = useSubjects(unitId);
  const save = useSaveAssignment();
  const [employeeId, setEmployeeId] = useState<number | null>(assignment?.employeeId ?? null);
  const [subjectId, setSubjectId] = useState<number | null>(assignment?.subjectId ?? null);
  const [classGroupId, setClassGroupId] = useState<number | null>(assignment?.classGroupId ?? null);
  const [semester, setSemester] = useState<Semester | null>(assignment?.semester ?? null);
  const [hours, setHours] = useState<number | string>(assignment?.hoursPerWeek ?? 2);
  const [errors, setErrors] = useFieldErrors({ employeeId, subjectId, classGroupId, semester, hoursPerWeek: hours });
  useUnsavedChanges(
    employeeId !== (assignment?.employeeId ?? null) ||
      subjectId !== (assignment?.subjectId ?? null) ||
      classGroupId !== (assignment?.classGroupId ?? null) ||
      semester !== (assignment?.semester ?? null) ||
      String(hours) !== String(assignment?.hoursPerWeek ?? 2),
  );

  const submit = () => {
    const raw = creating
      ? { employeeId, subjectId, classGroupId, semester, hoursPerWeek: Number(hours) }
      : { employeeId, hoursPerWeek: Number(hours) };
    const parsed = (creating ? TeachingAssignmentInput : TeachingAssignmentUpdate).safeParse(raw);
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error, 'first'));
      return;
    }
    setErrors({});
    save.mutate(
      { id: assignment?.id, body: parsed.data },
      {
        onSuccess: () => {
          notifyDone('saved');
          onDone();
        },
        onError: (e) => {
          if (isApiError(e)) setErrors(e.status === 409 ? { employeeId: e.message, ...e.fields } : e.fields);
          notifyError(e);
        },
      },
    );
  };

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TeacherSelect
          value={employeeId}
          onChange={setEmployeeId}
          unitId={unitId}
          withAsterisk
          error={errors.employeeId}
          comboboxProps={{ withinPortal: true, keepMounted: false }}
        />
        <Select
          label={t('school.subject')}
          withAsterisk
          searchable
          disabled={!creating}
          data={(subjects.data?.items ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          value={subjectId ? String(subjectId) : null}
          onChange={(v) => setSubjectId(v ? Number(v) : null)}
          error={errors.subjectId}
        />
        <ClassSelect
          value={classGroupId}
          onChange={setClassGroupId}
          unitId={unitId}
          academicYearId={academicYearId}
          placeholder={t('school.choose')}
          withAsterisk
          disabled={!creating}
          error={errors.classGroupId}
          w="100%"
        />
        <Select
          label={t('school.semester')}
          withAsterisk
          disabled={!creating}
          data={SEMESTERS.map((s) => ({ value: s, label: t(`school.semesters.${s}`) }))}
          value={semester}
          onChange={(v) => setSemester(v as Semester | null)}
          error={errors.semester}
        />
        <NumberInput
          label={t('school.subjects.hours')}
          min={1}
          max={20}
          value={hours}
          onChange={setHours}
          error={errors.hoursPerWeek}
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('school.cancel')}
        </Button>
        <Button color="green" onClick={submit} loading={save.isPending}>
          {t('school.save')}
        </Button>
      </Group>
    </Stack>
  );
}
