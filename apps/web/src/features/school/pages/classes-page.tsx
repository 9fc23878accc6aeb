import { ActionIcon, Anchor, Button, Group, Paper } from '@mantine/core';
import { Hint } from '../../../components/hint.tsx';
import { FormModal } from '../../../lib/unsaved-changes.tsx';
import { can, type ClassGroup } from '@mms/shared';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../../app/route-names.ts';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
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

/** tutor/class-titles: the class groups (rombel) of a unit per year and grade, with their homeroom teacher. */
export function ClassesPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canManage = can(user.division, 'school.class.manage');
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  const activeYear = useActiveYearId();
  const [yearChoice, setYear] = useState<number | null>(null);
  const academicYearId = yearChoice ?? activeYear;
  const [gradeId, setGradeId] = useState<number | null>(null);
  const [editing, setEditing] = useState<ClassGroup | 'new' | null>(null);
  const remove = useDeleteClassGroup();

  const columns = useMemo<DataTableColumn<ClassGroup>[]>(
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
            {
              accessor: '_actions',
              title: t('school.actions'),
              textAlign: 'right' as const,
              render: (c: ClassGroup) => (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Hint label={t('school.edit')}>
                    <ActionIcon
                      variant="subtle"
                      color="yellow"
                      onClick={() => setEditing(c)}
                      aria-label={`${t('school.edit')} ${c.name}`}
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Hint>
                  <Hint label={t('school.delete')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`${t('school.delete')} ${c.name}`}
                      onClick={() =>
                        confirmDialog({
                          title: t('school.classes.deleteTitle'),
                          text: t('school.classes.deleteText', { name: c.name }),
                          confirm: t('school.delete'),
                          destructive: true,
                          onConfirm: () =>
                            remove.mutate(c.id, {
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
