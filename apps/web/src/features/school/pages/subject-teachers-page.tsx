import { Button, Paper } from '@mantine/core';
import { FormModal } from '../../../lib/unsaved-changes.tsx';
import { type TeachingAssignment } from '@mms/shared';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { useCurrentUser } from '../../../lib/session.ts';
import { useDeleteAssignment } from '../api.ts';
import { AssignmentForm } from '../components/assignment-form.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import {
  UnitSelect,
  useActiveYearId,
  useDefaultUnitId,
  YearSelect,
  ClassTeacherFilters,
} from '../../../components/pickers.tsx';
import { RowActions, rowActionsColumn } from '../../../components/data-list/row-actions.tsx';
import { userCan } from '../../../lib/permissions.ts';

/** tutor/subject-teachers: who teaches which subject in which class, per semester, with JP per week. */
export function SubjectTeachersPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canManage = userCan(user, 'school.teaching.manage');
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  const activeYear = useActiveYearId();
  const [yearChoice, setYear] = useState<number | null>(null);
  const academicYearId = yearChoice ?? activeYear;
  const [classGroupId, setClassGroupId] = useState<number | null>(null);
  const [employeeId, setEmployeeId] = useState<number | null>(null);
  const [editing, setEditing] = useState<TeachingAssignment | 'new' | null>(null);
  const remove = useDeleteAssignment();

  const columns = useMemo<ListColumn<TeachingAssignment>[]>(
    () => [
      { accessor: 'teacherName', title: t('school.teacher') },
      { accessor: 'subjectName', title: t('school.subject') },
      { accessor: 'className', title: t('school.class') },
      { accessor: 'semester', title: t('school.semester'), render: (a) => t(`school.semesters.${a.semester}`) },
      { accessor: 'hoursPerWeek', title: t('school.subjects.hours'), textAlign: 'right' },
      ...(canManage
        ? [
            rowActionsColumn<TeachingAssignment>((a) => (
              <RowActions
                name={`${a.subjectName} ${a.className}`}
                edit={() => setEditing(a)}
                remove={{
                  title: t('school.assignments.deleteTitle'),
                  text: t('school.assignments.deleteText', {
                    teacher: a.teacherName,
                    subject: a.subjectName,
                    class: a.className,
                  }),
                  run: () => remove.mutateAsync(a.id),
                }}
              />
            )),
          ]
        : []),
    ],
    [t, canManage, remove],
  );

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <PageTitle>{t('school.assignments.title')}</PageTitle>
      <DataList<TeachingAssignment>
        path="/teaching-assignments"
        label={t('school.assignments.title')}
        columns={columns}
        exportName="guru-mapel"
        initialPageSize={50}
        filters={{ unitId, academicYearId, classGroupId, employeeId }}
        filterControls={
          <>
            <UnitSelect value={unitId} onChange={setUnitId} />
            <YearSelect value={academicYearId} onChange={setYear} />
            <ClassTeacherFilters
              unitId={unitId}
              academicYearId={academicYearId}
              classGroupId={classGroupId}
              onClassChange={setClassGroupId}
              employeeId={employeeId}
              onTeacherChange={setEmployeeId}
            />
          </>
        }
        actions={
          canManage && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              {t('school.assignments.add')}
            </Button>
          )
        }
      />
      <FormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('school.assignments.add') : t('school.assignments.edit')}
        size="lg"
      >
        {editing !== null && (
          <AssignmentForm
            assignment={editing === 'new' ? undefined : editing}
            unitId={editing === 'new' ? unitId : null}
            academicYearId={academicYearId}
            onDone={() => setEditing(null)}
          />
        )}
      </FormModal>
    </Paper>
  );
}
