import { Badge, Button, Paper, Select, Stack, Text } from '@mantine/core';
import { amountColumn } from '../../../components/data-list/columns.ts';
import { formatRupiah, ReverseInput, VOUCHER_TYPES, type Voucher } from '@mms/shared';
import { IconArrowBackUp, IconCheck, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../../lib/route-names.ts';
import { MonthField } from '../../../components/date-fields.tsx';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { RowActions, rowActionsColumn } from '../../../components/data-list/row-actions.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { ReasonModal } from '../../../components/reason-modal.tsx';
import { UnitSelect, useDefaultUnitId } from '../../../components/pickers.tsx';
import { serverToday } from '../../../lib/clock.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { FormModal } from '../../../lib/unsaved-changes.tsx';
import { useApproveVoucher, useDeleteVoucher, useFinanceAccounts, useReverseVoucher, VOUCHERS } from '../api.ts';
import { VoucherForm } from '../components/voucher-form.tsx';
import { userCan } from '../../../lib/permissions.ts';

export const voucherPath = (id: number) => ROUTES['treasurer-voucher'].replace(':id', String(id));

/** The reason of a reversal, asked before the reversal draft is made. */
function ReverseModal({ voucher, onClose }: { voucher: Voucher | null; onClose: () => void }) {
  const { t } = useTranslation();
  const reverse = useReverseVoucher();
  return (
    <ReasonModal
      opened={voucher !== null}
      title={t('financeBooks.vouchers.reverseTitle')}
      summary={voucher ? `${voucher.number} – ${voucher.description} (${formatRupiah(voucher.amount)})` : ''}
      reasonLabel={t('financeBooks.vouchers.reverseReason')}
      confirm={t('financeBooks.vouchers.reverse')}
      schema={ReverseInput}
      pending={reverse.isPending}
      onSubmit={(reason, done) =>
        voucher &&
        reverse.mutate(
          { id: voucher.id, reason },
          {
            onSuccess: () => {
              notifyDone('saved');
              done();
            },
            onError: notifyError,
          },
        )
      }
      onClose={onClose}
    />
  );
}

/** treasurer/vouchers: cash and bank vouchers (BKM, BKK, BBM, BBK), drafts approved by a second person. */
export function VouchersPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canManage = userCan(user, 'finance.manage');
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  const [type, setType] = useState<string | null>(null);
  const [month, setMonth] = useState(serverToday().slice(0, 7));
  const [accountId, setAccountId] = useState<string | null>(null);
  const [editing, setEditing] = useState<Voucher | 'new' | null>(null);
  const [reversing, setReversing] = useState<Voucher | null>(null);
  const accounts = useFinanceAccounts(unitId);
  const approve = useApproveVoucher();
  const remove = useDeleteVoucher();

  const columns = useMemo<ListColumn<Voucher>[]>(
    () => [
      { accessor: 'number', title: t('financeBooks.vouchers.number'), render: (v) => v.number ?? '–' },
      { accessor: 'date', title: t('financeBooks.vouchers.date') },
      { accessor: 'type', title: t('financeBooks.vouchers.type') },
      {
        accessor: 'account',
        title: t('financeBooks.vouchers.account'),
        render: (v) => `${v.account.code} ${v.account.name}`,
      },
      amountColumn('amount', t('financeBooks.vouchers.amount')),
      { accessor: 'description', title: t('financeBooks.vouchers.description') },
      {
        accessor: 'state',
        title: t('financeBooks.vouchers.state'),
        exportValue: (v) => v.state,
        render: (v) => (
          <Stack gap={2}>
            <Badge variant="light" color={v.state === 'POSTED' ? 'green' : 'yellow'}>
              {v.state === 'POSTED' ? t('financeBooks.vouchers.posted') : t('financeBooks.vouchers.draft')}
            </Badge>
            {v.reversedBy && (
              <Text size="xs">{t('financeBooks.vouchers.reversed', { number: v.reversedBy.number ?? '–' })}</Text>
            )}
            {v.reverses && <Text size="xs">{t('financeBooks.vouchers.reverses', { number: v.reverses.number })}</Text>}
          </Stack>
        ),
      },
      { accessor: 'makerName', title: t('financeBooks.vouchers.maker') },
      { accessor: 'approverName', title: t('financeBooks.vouchers.approver'), render: (v) => v.approverName ?? '–' },
      rowActionsColumn<Voucher>((v) => {
        const draft = v.state === 'DRAFT';
        const name = v.number ?? v.description;
        return (
          <RowActions
            name={name}
            view={voucherPath(v.id)}
            edit={canManage && draft ? () => setEditing(v) : undefined}
            actions={
              !canManage
                ? []
                : draft
                  ? [
                      {
                        label: t('financeBooks.vouchers.approve'),
                        icon: <IconCheck size={16} />,
                        color: 'green',
                        onClick: () =>
                          confirmDialog({
                            title: t('financeBooks.vouchers.approveTitle'),
                            text: t('financeBooks.vouchers.approveText', { description: v.description }),
                            confirm: t('financeBooks.vouchers.approve'),
                            onConfirm: () =>
                              approve.mutate(v.id, { onSuccess: () => notifyDone('saved'), onError: notifyError }),
                          }),
                      },
                    ]
                  : v.reversedBy || v.reverses
                    ? []
                    : [
                        {
                          label: t('financeBooks.vouchers.reverse'),
                          icon: <IconArrowBackUp size={16} />,
                          color: 'red',
                          onClick: () => setReversing(v),
                        },
                      ]
            }
            remove={
              canManage && draft
                ? {
                    title: t('financeBooks.vouchers.deleteTitle'),
                    text: t('financeBooks.vouchers.deleteText', { description: v.description }),
                    run: () => remove.mutateAsync(v.id),
                  }
                : undefined
            }
          />
        );
      }),
    ],
    [t, canManage, approve, remove],
  );

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <PageTitle>{t('financeBooks.vouchers.title')}</PageTitle>
      <DataList<Voucher>
        path={VOUCHERS}
        label={t('financeBooks.vouchers.label')}
        columns={columns}
        exportName={`bukti-kas-bank-${month}`}
        filters={{
          unitId: unitId ?? undefined,
          type: type ?? undefined,
          month: month || undefined,
          accountId: accountId ?? undefined,
        }}
        exportFilters={[[t('financeBooks.vouchers.month'), month]]}
        filterControls={
          <>
            <UnitSelect value={unitId} onChange={setUnitId} />
            <Select
              label={t('financeBooks.vouchers.type')}
              data={VOUCHER_TYPES.map((v) => ({ value: v, label: t(`financeBooks.types.${v}`) }))}
              value={type}
              onChange={setType}
              clearable
            />
            <MonthField label={t('financeBooks.vouchers.month')} value={month} onChange={setMonth} clearable />
            <Select
              label={t('financeBooks.vouchers.account')}
              data={(accounts.data?.items ?? []).map((a) => ({ value: String(a.id), label: `${a.code} ${a.name}` }))}
              value={accountId}
              onChange={setAccountId}
              clearable
              searchable
            />
          </>
        }
        actions={
          canManage && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              {t('financeBooks.vouchers.add')}
            </Button>
          )
        }
      />
      <FormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('financeBooks.vouchers.add') : t('financeBooks.vouchers.edit')}
        size="lg"
      >
        {editing !== null && (
          <VoucherForm
            voucher={editing === 'new' ? undefined : editing}
            unitId={unitId}
            today={serverToday()}
            onDone={() => setEditing(null)}
          />
        )}
      </FormModal>
      <ReverseModal voucher={reversing} onClose={() => setReversing(null)} />
    </Paper>
  );
}
