import { Anchor, Button, Paper } from '@mantine/core';
import { FormModal } from '../../../lib/unsaved-changes.tsx';
import { type ClassGroup } from '@mms/shared';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../../lib/route-names.ts';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { useCurrentUser } from '../../../lib/session.ts';
import { useDeleteClassGroup } from '../api.ts';
import { ClassForm } from '../components/class-form.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import {
  GradeSelect,
  UnitSelect,
  useActiveYearId,
  useDefaultUnitId,
  YearSelect,
} from '../../../components/pickers.tsx';
import { RowActions, rowActionsColumn } from '../../../components/data-list/row-actions.tsx';
import { userCan } from '../../../lib/permissions.ts';

/** tutor/class-titles: the class groups (rombel) of a unit per year and grade, with their homeroom teacher. */
export function ClassesPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canManage = userCan(user, 'school.class.manage');
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  const activeYear = useActiveYearId();
  const [yearChoice, setYear] = useState<number | null>(null);
  const academicYearId = yearChoice ?? activeYear;
  const [gradeId, setGradeId] = useState<number | null>(null);
  const [editing, setEditing] = useState<ClassGroup | 'new' | null>(null);
  const remove = useDeleteClassGroup();

  const columns = useMemo<ListColumn<ClassGroup>[]>(
    () => [
      {
        accessor: 'name',
        title: t('school.classes.name'),
        sortable: true,
        render: (c) => (
          <Anchor component={Link} to={`${ROUTES['tutor-class-structure']}?class=${c.id}`}>
            {c.name}
          </Anchor>
        ),
      },
      { accessor: 'academicYearName', title: t('school.year') },
      { accessor: 'gradeLevel', title: t('school.grade') },
      { accessor: 'homeroomName', title: t('school.classes.homeroom') },
      { accessor: 'room', title: t('school.classes.room') },
      { accessor: 'program', title: t('school.classes.program') },
      { accessor: 'studentCount', title: t('school.classes.students'), textAlign: 'right' },
      ...(canManage
        ? [
            rowActionsColumn<ClassGroup>((c) => (
              <RowActions
                name={c.name}
                edit={() => setEditing(c)}
                remove={{
                  title: t('school.classes.deleteTitle'),
                  text: t('school.classes.deleteText', { name: c.name }),
                  run: () => remove.mutateAsync(c.id),
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
      <PageTitle>{t('school.classes.title')}</PageTitle>
      <DataList<ClassGroup>
        path="/classes"
        label={t('school.classes.label')}
        columns={columns}
        exportName="format-kelas"
        filters={{ unitId, academicYearId, gradeId }}
        filterControls={
          <>
            <UnitSelect
              value={unitId}
              onChange={(v) => {
                setUnitId(v);
                setGradeId(null);
              }}
            />
            <YearSelect value={academicYearId} onChange={setYear} />
            <GradeSelect value={gradeId} onChange={setGradeId} unitId={unitId} clearable />
          </>
        }
        actions={
          canManage && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              {t('school.classes.add')}
            </Button>
          )
        }
      />
      <FormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('school.classes.add') : t('school.classes.edit')}
        size="lg"
      >
        {editing !== null && (
          <ClassForm
            classGroup={editing === 'new' ? undefined : editing}
            unitId={unitId}
            academicYearId={academicYearId}
            onDone={() => setEditing(null)}
          />
        )}
      </FormModal>
    </Paper>
  );
}
