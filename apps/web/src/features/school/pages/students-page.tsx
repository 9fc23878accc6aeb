import { Anchor, Button, Paper } from '@mantine/core';
import { type StudentStatus, type StudentSummary } from '@mms/shared';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { genderText } from '../../../lib/display.ts';
import { generatePath, Link } from 'react-router';
import { ROUTES } from '../../../lib/route-names.ts';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { useCurrentUser } from '../../../lib/session.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { ClassSelect, StudentStatusSelect, UnitSelect, useDefaultUnitId } from '../../../components/pickers.tsx';
import { DapodikExportButton } from '../components/dapodik-export.tsx';
import { StudentImportButton } from '../components/excel-import.tsx';
import { StudentStatusBadge } from '../components/student-status-badge.tsx';
import { RowActions, rowActionsColumn } from '../../../components/data-list/row-actions.tsx';
import { userCan } from '../../../lib/permissions.ts';

/** principal/student-all (every unit the user may see) and students/student/list (the user's unit). */
export function StudentsPage({ scope = 'all' }: { scope?: 'all' | 'unit' }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const ownUnit = useDefaultUnitId();
  const [unitId, setUnitId] = useState<number | null>(scope === 'unit' ? ownUnit : null);
  const [classGroupId, setClassGroupId] = useState<number | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const canManage = userCan(user, 'school.student.manage');

  const columns = useMemo<ListColumn<StudentSummary>[]>(
    () => [
      { accessor: 'nis', title: t('school.students.nis'), sortable: true },
      { accessor: 'nisn', title: t('school.students.nisn') },
      {
        accessor: 'name',
        title: t('school.name'),
        sortable: true,
        render: (s) => (
          <Anchor component={Link} to={generatePath(ROUTES['student-profile'], { id: String(s.id) })}>
            {s.name}
          </Anchor>
        ),
      },
      { accessor: 'gender', title: t('school.gender'), render: (s) => genderText(s.gender) },
      { accessor: 'unitCode', title: t('school.unit') },
      { accessor: 'className', title: t('school.class') },
      {
        accessor: 'status',
        title: t('school.status'),
        render: (s) => <StudentStatusBadge status={s.status} />,
      },
      rowActionsColumn<StudentSummary>((s) => (
        <RowActions
          name={s.name}
          view={generatePath(ROUTES['student-profile'], { id: String(s.id) })}
          edit={canManage ? generatePath(ROUTES['principal-student-edit'], { id: String(s.id) }) : undefined}
        />
      )),
    ],
    [t, canManage],
  );

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <PageTitle>{scope === 'unit' ? t('school.students.titleUnit') : t('school.students.titleAll')}</PageTitle>
      <DataList<StudentSummary>
        path="/students"
        label={t('school.students.label')}
        columns={columns}
        defaultSort={{ columnAccessor: 'name', direction: 'asc' }}
        searchLabel={t('school.students.searchLabel')}
        exportName="daftar-siswa"
        serverExport
        filters={{ unitId, classGroupId, status: status as StudentStatus | null }}
        filterControls={
          <>
            {(scope === 'all' || !ownUnit) && (
              <UnitSelect
                value={unitId}
                onChange={(v) => {
                  setUnitId(v);
                  setClassGroupId(null);
                }}
              />
            )}
            <ClassSelect value={classGroupId} onChange={setClassGroupId} unitId={unitId} clearable />
            <StudentStatusSelect value={status} onChange={setStatus} />
          </>
        }
        actions={
          <>
            {userCan(user, 'ministry.dapodik') && <DapodikExportButton unitId={unitId} />}
            {canManage && (
              <>
                <StudentImportButton />
                <Button component={Link} to={ROUTES['principal-student-input']} leftSection={<IconPlus size={16} />}>
                  {t('school.students.add')}
                </Button>
              </>
            )}
          </>
        }
      />
    </Paper>
  );
}

/** students/student/list: the students of the user's unit. */
export function UnitStudentsPage() {
  return <StudentsPage scope="unit" />;
}
