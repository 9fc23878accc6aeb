import { Button, Group, NumberInput, Select, SimpleGrid, Stack } from '@mantine/core';
import {
  SEMESTERS,
  TeachingAssignmentInput,
  TeachingAssignmentUpdate,
  type Semester,
  type TeachingAssignment,
} from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api.ts';
import { useContractForm } from '../../../lib/contract-form.ts';
import { notifyDone } from '../../../lib/notify.ts';
import { useSaveAssignment, useSubjects } from '../api.ts';
import { ClassSelect, TeacherSelect } from '../../../components/pickers.tsx';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';

interface Values {
  employeeId: number | null;
  subjectId: string | null;
  classGroupId: number | null;
  semester: Semester | null;
  hoursPerWeek: number | string;
}

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
  const { form, field, submit, dirty } = useContractForm<
    typeof TeachingAssignmentInput | typeof TeachingAssignmentUpdate,
    Values
  >(
    creating ? TeachingAssignmentInput : TeachingAssignmentUpdate,
    {
      employeeId: assignment?.employeeId ?? null,
      subjectId: assignment ? String(assignment.subjectId) : null,
      classGroupId: assignment?.classGroupId ?? null,
      semester: assignment?.semester ?? null,
      hoursPerWeek: assignment?.hoursPerWeek ?? 2,
    },
    {
      prepare: ({ employeeId, subjectId, classGroupId, semester, hoursPerWeek }) =>
        creating
          ? {
              employeeId,
              subjectId: subjectId ? Number(subjectId) : null,
              classGroupId,
              semester,
              hoursPerWeek: Number(hoursPerWeek),
            }
          : { employeeId, hoursPerWeek: Number(hoursPerWeek) },
    },
  );
  useUnsavedChanges(dirty);
  const onSubmit = submit(async (body) => {
    try {
      await save.mutateAsync({ id: assignment?.id, body });
    } catch (e) {
      // a 409 (the teacher already teaches this) names the other assignment: under the teacher
      if (isApiError(e) && e.status === 409) form.setError('employeeId', { message: e.message });
      throw e;
    }
    notifyDone('saved');
    onDone();
  });

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TeacherSelect
          {...field('employeeId')}
          unitId={unitId}
          withAsterisk
          comboboxProps={{ withinPortal: true, keepMounted: false }}
        />
        <Select
          label={t('school.subject')}
          withAsterisk
          searchable
          disabled={!creating}
          data={(subjects.data?.items ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          {...field('subjectId')}
        />
        <ClassSelect
          {...field('classGroupId')}
          unitId={unitId}
          academicYearId={academicYearId}
          placeholder={t('school.choose')}
          withAsterisk
          disabled={!creating}
          w="100%"
        />
        <Select
          label={t('school.semester')}
          withAsterisk
          disabled={!creating}
          data={SEMESTERS.map((s) => ({ value: s, label: t(`school.semesters.${s}`) }))}
          {...field('semester')}
        />
        <NumberInput label={t('school.subjects.hours')} min={1} max={20} {...field('hoursPerWeek')} />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('school.cancel')}
        </Button>
        <Button color="green" onClick={() => void onSubmit()} loading={save.isPending}>
          {t('school.save')}
        </Button>
      </Group>
    </Stack>
  );
}
