import { ActionIcon, Button, Group, Paper } from '@mantine/core';
import { Hint } from '../../../components/hint.tsx';
import { FormModal } from '../../../lib/unsaved-changes.tsx';
import { can, type TeachingAssignment } from '@mms/shared';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
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

/** tutor/subject-teachers: who teaches which subject in which class, per semester, with JP per week. */
export function SubjectTeachersPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canManage = can(user.division, 'school.teaching.manage');
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  const activeYear = useActiveYearId();
  const [yearChoice, setYear] = useState<number | null>(null);
  const academicYearId = yearChoice ?? activeYear;
  const [classGroupId, setClassGroupId] = useState<number | null>(null);
  const [employeeId, setEmployeeId] = useState<number | null>(null);
  const [editing, setEditing] = useState<TeachingAssignment | 'new' | null>(null);
  const remove = useDeleteAssignment();

  const columns = useMemo<DataTableColumn<TeachingAssignment>[]>(
    () => [
      { accessor: 'teacherName', title: t('school.teacher') },
      { accessor: 'subjectName', title: t('school.subject') },
      { accessor: 'className', title: t('school.class') },
      { accessor: 'semester', title: t('school.semester'), render: (a) => t(`school.semesters.${a.semester}`) },
      { accessor: 'hoursPerWeek', title: t('school.subjects.hours'), textAlign: 'right' },
      ...(canManage
        ? [
            {
              accessor: '_actions',
              title: t('school.actions'),
              textAlign: 'right' as const,
              render: (a: TeachingAssignment) => (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Hint label={t('school.edit')}>
                    <ActionIcon
                      variant="subtle"
                      color="yellow"
                      onClick={() => setEditing(a)}
                      aria-label={`${t('school.edit')} ${a.subjectName} ${a.className}`}
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Hint>
                  <Hint label={t('school.delete')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`${t('school.delete')} ${a.subjectName} ${a.className}`}
                      onClick={() =>
                        confirmDialog({
                          title: t('school.assignments.deleteTitle'),
                          text: t('school.assignments.deleteText', {
                            teacher: a.teacherName,
                            subject: a.subjectName,
                            class: a.className,
                          }),
                          confirm: t('school.delete'),
                          destructive: true,
                          onConfirm: () =>
                            remove.mutate(a.id, {
                              onSuccess: () => notifyDone('deleted'),
                              onError: (e) => notifyError(e),
                            }),
                        })
                      }
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Hint>
                </Group>
              ),
            },
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
