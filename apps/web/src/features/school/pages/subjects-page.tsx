import { Badge, Button, Paper } from '@mantine/core';
import { FormModal } from '../../../lib/unsaved-changes.tsx';
import { type Subject } from '@mms/shared';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { useCurrentUser } from '../../../lib/session.ts';
import { useDeleteSubject, useGrades } from '../api.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { UnitSelect, useDefaultUnitId } from '../../../components/pickers.tsx';
import { SubjectForm } from '../components/subject-form.tsx';
import { RowActions, rowActionsColumn } from '../../../components/data-list/row-actions.tsx';
import { userCan } from '../../../lib/permissions.ts';

/** tutor/subjects: the subjects (mapel) of a unit with KKM and JP per week per grade. */
export function SubjectsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canManage = userCan(user, 'school.subject.manage');
  const ownUnit = useDefaultUnitId();
  const [unitId, setUnitId] = useState<number | null>(ownUnit);
  const [editing, setEditing] = useState<Subject | 'new' | null>(null);
  const grades = useGrades(unitId);
  const remove = useDeleteSubject();
  const gradeName = useMemo(() => new Map((grades.data?.items ?? []).map((g) => [g.id, g.name])), [grades.data]);

  const columns = useMemo<ListColumn<Subject>[]>(
    () => [
      { accessor: 'code', title: t('school.subjects.code'), sortable: true },
      { accessor: 'name', title: t('school.subjects.name'), sortable: true },
      { accessor: 'group', title: t('school.subjects.group') },
      { accessor: 'kkm', title: t('school.subjects.kkm'), textAlign: 'right' },
      {
        accessor: 'hours',
        title: t('school.subjects.hours'),
        render: (s) =>
          s.hours.map((h) => `${gradeName.get(h.gradeId) ?? h.gradeId}: ${h.hoursPerWeek}`).join(', ') || '–',
      },
      {
        accessor: 'isActive',
        title: t('school.status'),
        render: (s) => (
          <Badge variant="light" color={s.isActive ? 'green' : 'gray'}>
            {s.isActive ? t('school.employees.active') : t('school.employees.inactive')}
          </Badge>
        ),
      },
      ...(canManage
        ? [
            rowActionsColumn<Subject>((s) => (
              <RowActions
                name={s.name}
                edit={() => setEditing(s)}
                remove={{
                  title: t('school.subjects.deleteTitle'),
                  text: t('school.subjects.deleteText', { name: s.name }),
                  run: () => remove.mutateAsync(s.id),
                }}
              />
            )),
          ]
        : []),
    ],
    [t, canManage, gradeName, remove],
  );

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <PageTitle>{t('school.subjects.title')}</PageTitle>
      <DataList<Subject>
        path="/subjects"
        label={t('school.subjects.label')}
        columns={columns}
        exportName="mata-pelajaran"
        exportColumns={[
          { title: t('school.subjects.code'), value: (s) => s.code },
          { title: t('school.subjects.name'), value: (s) => s.name },
          { title: t('school.subjects.group'), value: (s) => s.group },
          { title: t('school.subjects.kkm'), value: (s) => s.kkm },
          {
            title: t('school.subjects.hours'),
            value: (s) => s.hours.map((h) => `${gradeName.get(h.gradeId) ?? h.gradeId}: ${h.hoursPerWeek}`).join(', '),
          },
        ]}
        filters={{ unitId }}
        filterControls={<UnitSelect value={unitId} onChange={setUnitId} />}
        actions={
          canManage && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              {t('school.subjects.add')}
            </Button>
          )
        }
      />
      <FormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('school.subjects.add') : t('school.subjects.edit')}
        size="lg"
      >
        {editing !== null && (
          <SubjectForm
            subject={editing === 'new' ? undefined : editing}
            defaultUnitId={unitId}
            onDone={() => setEditing(null)}
          />
        )}
      </FormModal>
    </Paper>
  );
}
