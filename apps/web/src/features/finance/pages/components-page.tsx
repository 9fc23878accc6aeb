import { Badge, Button, Paper } from '@mantine/core';
import { amountColumn } from '../../../components/data-list/columns.ts';
import { type PaymentComponent } from '@mms/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title.tsx';
import { UnitSelect, useDefaultUnitId } from '../../../components/pickers.tsx';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { RowActions, rowActionsColumn } from '../../../components/data-list/row-actions.tsx';
import { useCurrentUser } from '../../../lib/session.ts';
import { FormModal } from '../../../lib/unsaved-changes.tsx';
import { useComponents, useDeleteComponent } from '../api.ts';
import { ComponentForm } from '../components/component-form.tsx';
import { ComponentIncomeAccounts } from '../components/income-accounts.tsx';
import { userCan } from '../../../lib/permissions.ts';

/** treasurer/payment-components: SPP, uang pangkal, daftar ulang... with frequency and default fee. */
export function PaymentComponentsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canManage = userCan(user, 'finance.manage');
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  const [editing, setEditing] = useState<PaymentComponent | 'new' | null>(null);
  const list = useComponents(unitId);
  const remove = useDeleteComponent();
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <PageTitle
        actions={
          canManage && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              {t('finance.components.add')}
            </Button>
          )
        }
      >
        {t('finance.components.title')}
      </PageTitle>
      <UnitSelect value={unitId} onChange={setUnitId} mb="md" />
      <DataList<PaymentComponent>
        label={t('finance.components.title')}
        records={list.data?.items}
        fetching={list.isFetching}
        failed={list.isError}
        emptyText={t('finance.components.empty')}
        columns={[
          { accessor: 'code', title: t('finance.components.code') },
          { accessor: 'name', title: t('finance.components.name') },
          {
            accessor: 'frequency',
            title: t('finance.components.frequency'),
            render: (c) => t(`finance.frequency.${c.frequency}`),
          },
          amountColumn('defaultAmount', t('finance.components.defaultAmount')),
          { accessor: 'dueDay', title: t('finance.components.dueDay') },
          {
            accessor: 'isActive',
            title: t('finance.status'),
            render: (c) => (
              <Badge variant="light" color={c.isActive ? 'green' : 'gray'}>
                {c.isActive ? t('finance.components.active') : t('finance.components.inactive')}
              </Badge>
            ),
          },
          ...(canManage
            ? [
                {
                  ...rowActionsColumn<PaymentComponent>((c) => (
                    <RowActions
                      name={c.name}
                      edit={() => setEditing(c)}
                      remove={{
                        title: t('finance.components.deleteTitle'),
                        text: t('finance.components.deleteText', { name: c.name }),
                        run: () => remove.mutateAsync(c.id),
                      }}
                    />
                  )),
                  title: t('app.actions'),
                },
              ]
            : []),
        ]}
      />
      <FormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('finance.components.add') : t('finance.components.edit')}
      >
        {editing !== null && (
          <ComponentForm
            component={editing === 'new' ? undefined : editing}
            unitId={unitId}
            onDone={() => setEditing(null)}
          />
        )}
      </FormModal>
      <ComponentIncomeAccounts unitId={unitId} canManage={canManage} />
    </Paper>
  );
}
