import { Badge, Checkbox, Paper, Select, Stack, Text } from '@mantine/core';
import { amountColumn } from '../../../components/data-list/columns.ts';
import { formatRupiah, PAYMENT_METHODS, PAYMENT_STATUSES, ReversalRequestInput, type Payment } from '@mms/shared';
import { IconArrowBackUp, IconCheck, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { RowActions, rowActionsColumn } from '../../../components/data-list/row-actions.tsx';
import { DateField } from '../../../components/date-fields.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { ReasonModal } from '../../../components/reason-modal.tsx';
import { UnitSelect, useDefaultUnitId } from '../../../components/pickers.tsx';
import { serverToday } from '../../../lib/clock.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { PAYMENTS, useApproveReversal, useRejectReversal, useRequestReversal } from '../api.ts';
import { Counter, receiptPath } from '../components/counter.tsx';
import { userCan } from '../../../lib/permissions.ts';

const STATUS_COLOR = { POSTED: 'green', REVERSAL_REQUESTED: 'yellow', REVERSED: 'red' } as const;

/** Asks the reason before a reversal is requested. */
function RequestModal({ payment, onClose }: { payment: Payment | null; onClose: () => void }) {
  const { t } = useTranslation();
  const request = useRequestReversal();
  return (
    <ReasonModal
      opened={payment !== null}
      title={t('financePayments.list.requestTitle')}
      summary={payment ? `${payment.number} – ${payment.student.name} (${formatRupiah(payment.amount)})` : ''}
      reasonLabel={t('financePayments.list.reason')}
      confirm={t('financePayments.list.request')}
      schema={ReversalRequestInput}
      pending={request.isPending}
      onSubmit={(reason, done) =>
        payment &&
        request.mutate(
          { id: payment.id, reason },
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

/** treasurer/payments: the counter (finance.manage) and the payments list with reversal requests and approvals. */
export function PaymentsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canManage = userCan(user, 'finance.manage');
  const canApprove = userCan(user, 'finance.approve');
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  const [from, setFrom] = useState(serverToday());
  const [to, setTo] = useState(serverToday());
  const [method, setMethod] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [mine, setMine] = useState(false);
  const [requesting, setRequesting] = useState<Payment | null>(null);
  const approve = useApproveReversal();
  const reject = useRejectReversal();

  const columns = useMemo<ListColumn<Payment>[]>(
    () => [
      { accessor: 'number', title: t('financePayments.list.number') },
      { accessor: 'date', title: t('financePayments.list.date') },
      {
        accessor: 'student',
        title: t('financePayments.list.student'),
        render: (p) => `${p.student.name} (${p.student.nis})`,
      },
      {
        accessor: 'method',
        title: t('financePayments.list.method'),
        render: (p) => t(`financePayments.methods.${p.method}`),
      },
      amountColumn('amount', t('financePayments.list.amount')),
      { accessor: 'cashierName', title: t('financePayments.list.cashier'), render: (p) => p.cashierName ?? '–' },
      {
        accessor: 'status',
        title: t('financePayments.list.status'),
        exportValue: (p) => t(`financePayments.statuses.${p.status}`),
        render: (p) => (
          <Stack gap={2}>
            <Badge variant="light" color={STATUS_COLOR[p.status]}>
              {t(`financePayments.statuses.${p.status}`)}
            </Badge>
            {p.reversalReason && <Text size="xs">{p.reversalReason}</Text>}
          </Stack>
        ),
      },
      rowActionsColumn<Payment>((p) => (
        <RowActions
          name={p.number}
          view={receiptPath(p.id)}
          actions={[
            ...(canManage && p.status === 'POSTED'
              ? [
                  {
                    label: t('financePayments.list.request'),
                    icon: <IconArrowBackUp size={16} />,
                    color: 'red',
                    onClick: () => setRequesting(p),
                  },
                ]
              : []),
            ...(canApprove && p.status === 'REVERSAL_REQUESTED' && p.reversalRequestedById !== user.id
              ? [
                  {
                    label: t('financePayments.list.approve'),
                    icon: <IconCheck size={16} />,
                    color: 'red',
                    onClick: () =>
                      confirmDialog({
                        title: t('financePayments.list.approveTitle'),
                        text: t('financePayments.list.approveText', { number: p.number, reason: p.reversalReason }),
                        confirm: t('financePayments.list.approve'),
                        destructive: true,
                        onConfirm: () =>
                          approve.mutate(p.id, { onSuccess: () => notifyDone('saved'), onError: notifyError }),
                      }),
                  },
                  {
                    label: t('financePayments.list.reject'),
                    icon: <IconX size={16} />,
                    onClick: () =>
                      confirmDialog({
                        title: t('financePayments.list.rejectTitle'),
                        text: t('financePayments.list.rejectText', { number: p.number }),
                        confirm: t('financePayments.list.reject'),
                        onConfirm: () =>
                          reject.mutate(p.id, { onSuccess: () => notifyDone('saved'), onError: notifyError }),
                      }),
                  },
                ]
              : []),
          ]}
        />
      )),
    ],
    [t, canManage, canApprove, user.id, approve, reject],
  );

  return (
    <Stack>
      <PageTitle>{t('financePayments.counter.title')}</PageTitle>
      {canManage && <Counter />}
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
        <DataList<Payment>
          path={PAYMENTS}
          label={t('financePayments.list.title')}
          columns={columns}
          serverExport
          exportName={`pembayaran-${from || 'semua'}`}
          filters={{
            unitId: unitId ?? undefined,
            from: from || undefined,
            to: to || undefined,
            method: method ?? undefined,
            status: status ?? undefined,
            cashierId: mine ? user.id : undefined,
          }}
          exportFilters={[
            [t('financePayments.list.from'), from],
            [t('financePayments.list.to'), to],
          ]}
          filterControls={
            <>
              <UnitSelect value={unitId} onChange={setUnitId} />
              <DateField label={t('financePayments.list.from')} value={from} onChange={setFrom} clearable />
              <DateField label={t('financePayments.list.to')} value={to} onChange={setTo} clearable />
              <Select
                label={t('financePayments.list.method')}
                data={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`financePayments.methods.${m}`) }))}
                value={method}
                onChange={setMethod}
                clearable
              />
              <Select
                label={t('financePayments.list.status')}
                data={PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`financePayments.statuses.${s}`) }))}
                value={status}
                onChange={setStatus}
                clearable
              />
              <Checkbox
                label={t('financePayments.list.mine')}
                checked={mine}
                onChange={(e) => setMine(e.currentTarget.checked)}
                mt="xl"
              />
            </>
          }
        />
      </Paper>
      <RequestModal payment={requesting} onClose={() => setRequesting(null)} />
    </Stack>
  );
}
