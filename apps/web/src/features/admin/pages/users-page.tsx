import { Badge, Button, Paper, Select } from '@mantine/core';
import { DIVISION_LABELS, DIVISIONS, USER_STATES, type UserSummary } from '@mms/shared';
import { IconPlus, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { RowActions, rowActionsColumn } from '../../../components/data-list/row-actions.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { UnitSelect } from '../../../components/pickers.tsx';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyError, notifyInfo } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { FormModal } from '../../../lib/unsaved-changes.tsx';
import { ROUTES } from '../../../lib/route-names.ts';
import { PrintListButton } from '../../../components/print/print-list.tsx';
import { useSetUserActive } from '../api.ts';
import { CreateAccountForm } from '../components/account-forms.tsx';
import { dateTimeText } from '../format.ts';

export const userPath = (id: number) => ROUTES['other-user'].replace(':id', String(id));

/** Asks first, then disables the account (its sessions end at once) or enables it again. */
export function useToggleActive() {
  const { t } = useTranslation();
  const setActive = useSetUserActive();
  return (u: { id: number; username: string; isActive: boolean }) => {
    const run = () =>
      setActive.mutate(
        { id: u.id, active: !u.isActive },
        {
          onSuccess: () =>
            notifyInfo(t(u.isActive ? 'admin.users.disabledDone' : 'admin.users.enabledDone', { name: u.username })),
          onError: (e) => notifyError(e),
        },
      );
    if (!u.isActive) return run();
    confirmDialog({
      title: t('admin.users.disableTitle'),
      text: t('admin.users.disableText', { name: u.username }),
      confirm: t('admin.users.disable'),
      destructive: true,
      onConfirm: run,
    });
  };
}

export function StateBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light">
      {active ? t('admin.users.active') : t('admin.users.disabled')}
    </Badge>
  );
}

/** other-users: every account with its unit, state, last sign-in and sessions; create, disable and enable. */
export function UsersPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const me = useCurrentUser();
  const navigate = useNavigate();
  const [division, setDivision] = useState<string | null>(null);
  const [unitId, setUnitId] = useState<number | null>(null);
  const [state, setState] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const toggle = useToggleActive();
  // the new account's page opens once the form is gone (a form with changes holds navigation back)
  useEffect(() => {
    if (createdId !== null && !creating) void navigate(userPath(createdId));
  }, [createdId, creating, navigate]);

  const columns = useMemo<ListColumn<UserSummary>[]>(
    () => [
      { accessor: 'username', title: t('admin.users.username'), sortable: true },
      { accessor: 'displayName', title: t('admin.users.displayName') },
      {
        accessor: 'division',
        title: t('admin.users.division'),
        render: (u) => DIVISION_LABELS[u.division][lang],
      },
      { accessor: 'unitCode', title: t('admin.users.unit'), render: (u) => u.unitCode ?? '–' },
      {
        accessor: 'isActive',
        title: t('admin.users.state'),
        render: (u) => <StateBadge active={u.isActive} />,
        exportValue: (u) => (u.isActive ? t('admin.users.active') : t('admin.users.disabled')),
      },
      {
        accessor: 'lastSignInAt',
        title: t('admin.users.lastSignIn'),
        render: (u) => (u.lastSignInAt ? dateTimeText(u.lastSignInAt, lang) : t('admin.users.never')),
      },
      { accessor: 'activeSessions', title: t('admin.users.sessions'), textAlign: 'right' },
      rowActionsColumn<UserSummary>((u) => (
        <RowActions
          name={u.username}
          view={userPath(u.id)}
          actions={
            u.id === me.id
              ? []
              : [
                  u.isActive
                    ? {
                        label: t('admin.users.disable'),
                        icon: <IconUserOff size={18} aria-hidden />,
                        color: 'red',
                        onClick: () => toggle(u),
                      }
                    : {
                        label: t('admin.users.enable'),
                        icon: <IconUserCheck size={18} aria-hidden />,
                        color: 'green',
                        onClick: () => toggle(u),
                      },
                ]
          }
        />
      )),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- toggle only closes over stable hooks
    [t, lang, me.id],
  );

  const filters = { division, unitId, state };
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <PageTitle>{t('admin.users.title')}</PageTitle>
      <DataList<UserSummary>
        path="/users"
        label={t('admin.users.label')}
        columns={columns}
        defaultSort={{ columnAccessor: 'username', direction: 'asc' }}
        searchLabel={t('admin.users.searchLabel')}
        exportName={t('admin.users.exportName')}
        filters={filters}
        filterControls={
          <>
            <Select
              label={t('admin.users.division')}
              placeholder={t('school.employees.allDivisions')}
              data={DIVISIONS.map((d) => ({ value: d, label: DIVISION_LABELS[d][lang] }))}
              value={division}
              onChange={setDivision}
              clearable
              w={{ base: '100%', sm: 200 }}
            />
            <UnitSelect value={unitId} onChange={setUnitId} />
            <Select
              label={t('admin.users.state')}
              placeholder={t('admin.users.allStates')}
              data={USER_STATES.map((s) => ({ value: s, label: t(`admin.users.${s}`) }))}
              value={state}
              onChange={setState}
              clearable
              w={{ base: '100%', sm: 160 }}
            />
          </>
        }
        actions={
          <>
            <PrintListButton<UserSummary>
              path="/users"
              filters={filters}
              title={t('admin.users.printTitle')}
              unitId={unitId}
              columns={columns}
            />
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
              {t('admin.users.add')}
            </Button>
          </>
        }
      />
      <FormModal opened={creating} onClose={() => setCreating(false)} title={t('admin.users.add')} size="lg">
        {creating && (
          <CreateAccountForm
            onDone={(created) => {
              setCreating(false);
              if (created) setCreatedId(created.id);
            }}
          />
        )}
      </FormModal>
    </Paper>
  );
}
