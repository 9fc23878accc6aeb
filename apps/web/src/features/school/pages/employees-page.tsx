import { Avatar, Badge, Button, Group, Paper, Skeleton } from '@mantine/core';
import { FormModal } from '../../../lib/unsaved-changes.tsx';
import { DIVISION_LABELS, type EmployeeSummary } from '@mms/shared';
import { IconPlus, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { divisionText } from '../../../lib/display.ts';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useEmployee, useUpdateEmployee } from '../api.ts';
import { EmployeeForm } from '../components/employee-form.tsx';
import { EmployeeImportButton } from '../components/excel-import.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { DivisionSelect, EmployeeActiveSelect, UnitSelect } from '../../../components/pickers.tsx';
import { RowActions, rowActionsColumn } from '../../../components/data-list/row-actions.tsx';
import { userCan } from '../../../lib/permissions.ts';

// The square crop dialog of the employee's avatar (issue 18) loads with its own chunk.
const PersonAvatarButton = lazy(() => import('../../content/widgets/person-avatar-button.tsx'));

function EditEmployee({ id, onDone }: { id: number; onDone: () => void }) {
  const employee = useEmployee(id);
  if (!employee.data) return <Skeleton height={300} />;
  return (
    <>
      <Group mb="md">
        <Avatar src={employee.data.photoUrl} alt="" size={56} radius="xl" color="initials" name={employee.data.name} />
        <Suspense fallback={null}>
          <PersonAvatarButton kind="employees" id={id} name={employee.data.name} />
        </Suspense>
      </Group>
      <EmployeeForm employee={employee.data} onDone={onDone} />
    </>
  );
}

/** principal/teacher-list: teachers and staff; add (account username = NIP), edit, deactivate. */
export function EmployeesPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const user = useCurrentUser();
  const canManage = userCan(user, 'school.employee.manage');
  const [unitId, setUnitId] = useState<number | null>(null);
  const [division, setDivision] = useState<string | null>(null);
  const [active, setActive] = useState<string | null>('true');
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const update = useUpdateEmployee();

  const setActiveState = (e: EmployeeSummary, isActive: boolean) =>
    update.mutate(
      { id: e.id, body: { isActive } },
      { onSuccess: () => notifyDone('saved'), onError: (err) => notifyError(err) },
    );

  const columns = useMemo<ListColumn<EmployeeSummary>[]>(
    () => [
      { accessor: 'nip', title: t('school.employees.nip'), sortable: true },
      { accessor: 'name', title: t('school.name'), sortable: true },
      { accessor: 'unitCode', title: t('school.unit') },
      {
        accessor: 'division',
        title: t('school.employees.division'),
        render: (e) => (e.division ? DIVISION_LABELS[e.division][lang] : '–'),
      },
      { accessor: 'position', title: t('school.employees.position'), render: (e) => divisionText(e.position) },
      {
        accessor: 'isActive',
        title: t('school.employees.account'),
        render: (e) => (
          <Badge color={e.isActive ? 'green' : 'gray'} variant="light">
            {e.isActive ? t('school.employees.active') : t('school.employees.inactive')}
          </Badge>
        ),
      },
      ...(canManage
        ? [
            rowActionsColumn<EmployeeSummary>((e) => (
              <RowActions
                name={e.name}
                edit={() => setEditing(e.id)}
                actions={[
                  e.isActive
                    ? {
                        label: t('school.employees.deactivate'),
                        icon: <IconUserOff size={18} aria-hidden />,
                        color: 'red',
                        onClick: () =>
                          confirmDialog({
                            title: t('school.employees.deactivateTitle'),
                            text: t('school.employees.deactivateText', { name: e.name }),
                            confirm: t('school.employees.deactivate'),
                            destructive: true,
                            onConfirm: () => setActiveState(e, false),
                          }),
                      }
                    : {
                        label: t('school.employees.activate'),
                        icon: <IconUserCheck size={18} aria-hidden />,
                        color: 'green',
                        onClick: () => setActiveState(e, true),
                      },
                ]}
              />
            )),
          ]
        : []),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setActiveState only closes over stable hooks
    [t, lang, canManage],
  );

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <PageTitle>{t('school.employees.title')}</PageTitle>
      <DataList<EmployeeSummary>
        path="/employees"
        label={t('school.employees.label')}
        columns={columns}
        defaultSort={{ columnAccessor: 'name', direction: 'asc' }}
        searchLabel={t('school.employees.searchLabel')}
        exportName="daftar-pegawai"
        serverExport
        filters={{ unitId, division, active }}
        filterControls={
          <>
            <UnitSelect value={unitId} onChange={setUnitId} />
            <DivisionSelect value={division} onChange={setDivision} />
            <EmployeeActiveSelect value={active} onChange={setActive} />
          </>
        }
        actions={
          canManage && (
            <>
              <EmployeeImportButton />
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
                {t('school.employees.add')}
              </Button>
            </>
          )
        }
      />
      <FormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('school.employees.add') : t('school.employees.edit')}
        size="lg"
        fullScreen={false}
      >
        {editing === 'new' && <EmployeeForm onDone={() => setEditing(null)} />}
        {typeof editing === 'number' && <EditEmployee id={editing} onDone={() => setEditing(null)} />}
      </FormModal>
    </Paper>
  );
}
