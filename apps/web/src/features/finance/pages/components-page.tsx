import { Badge, Button, Paper, Table, Text } from '@mantine/core';
import { can, formatRupiah, type PaymentComponent } from '@mms/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title.tsx';
import { UnitSelect, useDefaultUnitId } from '../../../components/pickers.tsx';
import { RowActions } from '../../../components/data-list/row-actions.tsx';
import { useCurrentUser } from '../../../lib/session.ts';
import { FormModal } from '../../../lib/unsaved-changes.tsx';
import { useComponents, useDeleteComponent } from '../api.ts';
import { ComponentForm } from '../components/component-form.tsx';
import { ComponentIncomeAccounts } from '../components/income-accounts.tsx';

/** treasurer/payment-components: SPP, uang pangkal, daftar ulang... with frequency and default fee. */
export function PaymentComponentsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canManage = can(user.division, 'finance.manage');
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  const [editing, setEditing] = useState<PaymentComponent | 'new' | null>(null);
  const list = useComponents(unitId);
  const remove = useDeleteComponent();
  const items = list.data?.items ?? [];
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
      {list.isPending ? (
        <Text>{t('app.loading')}</Text>
      ) : items.length === 0 ? (
        <Text>{t('finance.components.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table striped aria-label={t('finance.components.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('finance.components.code')}</Table.Th>
                <Table.Th>{t('finance.components.name')}</Table.Th>
                <Table.Th>{t('finance.components.frequency')}</Table.Th>
                <Table.Th ta="right">{t('finance.components.defaultAmount')}</Table.Th>
                <Table.Th>{t('finance.components.dueDay')}</Table.Th>
                <Table.Th>{t('finance.status')}</Table.Th>
                {canManage && <Table.Th>{t('app.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{c.code}</Table.Td>
                  <Table.Td>{c.name}</Table.Td>
                  <Table.Td>{t(`finance.frequency.${c.frequency}`)}</Table.Td>
                  <Table.Td ta="right">{formatRupiah(c.defaultAmount)}</Table.Td>
                  <Table.Td>{c.dueDay}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={c.isActive ? 'green' : 'gray'}>
                      {c.isActive ? t('finance.components.active') : t('finance.components.inactive')}
                    </Badge>
                  </Table.Td>
                  {canManage && (
                    <Table.Td>
                      <RowActions
                        name={c.name}
                        edit={() => setEditing(c)}
                        remove={{
                          title: t('finance.components.deleteTitle'),
                          text: t('finance.components.deleteText', { name: c.name }),
                          run: () => remove.mutateAsync(c.id),
                        }}
                      />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
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
