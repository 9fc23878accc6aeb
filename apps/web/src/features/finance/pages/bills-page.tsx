import { Badge, Button, Group, Paper, Select, TextInput } from '@mantine/core';
import { amountColumn } from '../../../components/data-list/columns.ts';
import { modals } from '@mantine/modals';
import { BILL_STATUSES, CancelBillInput, formatRupiah, type Bill } from '@mms/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList } from '../../../components/data-list/data-list.tsx';
import type { ListColumn } from '../../../components/data-list/data-list.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { ClassSelect, UnitSelect, useActiveYearId, useDefaultUnitId } from '../../../components/pickers.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { dateText, periodText } from '../../../lib/display.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { issueErrors } from '../../../lib/validation.ts';
import { useCancelBill, useComponents } from '../api.ts';
import { GenerateForm } from '../components/generate-form.tsx';
import { userCan } from '../../../lib/permissions.ts';

export const STATUS_COLOR: Record<Bill['status'], string> = {
  UNPAID: 'red',
  PARTIAL: 'yellow',
  PAID: 'green',
  CANCELLED: 'gray',
};

/** Asks for the reason, then cancels the bill (the server checks nothing was paid on it). */
function CancelBill({ bill }: { bill: Bill }) {
  const { t } = useTranslation();
  const cancel = useCancelBill();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = CancelBillInput.safeParse({ reason });
        if (!parsed.success) return setError(issueErrors(parsed.error).reason);
        cancel.mutate(
          { id: bill.id, reason: parsed.data.reason },
          { onSuccess: () => modals.closeAll(), onError: notifyError },
        );
      }}
    >
      <TextInput
        label={t('finance.bills.cancelReason')}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={error}
        data-autofocus
      />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => modals.closeAll()}>
          {t('dialog.cancel')}
        </Button>
        <Button type="submit" color="red" loading={cancel.isPending}>
          {t('finance.bills.cancel')}
        </Button>
      </Group>
    </form>
  );
}

/** treasurer/bills: generate bills for a period, and the list by class, period, status and student. */
export function BillsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canManage = userCan(user, 'finance.manage');
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  const yearId = useActiveYearId();
  const [classGroupId, setClassGroupId] = useState<number | null>(null);
  const [period, setPeriod] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const components = useComponents(unitId);

  const columns = useMemo<ListColumn<Bill>[]>(
    () => [
      { accessor: 'nis', title: 'NIS' },
      { accessor: 'studentName', title: t('finance.student') },
      { accessor: 'className', title: t('finance.class') },
      { accessor: 'componentName', title: t('finance.component') },
      {
        accessor: 'period',
        title: t('finance.period'),
        render: (b) => periodText(b),
      },
      { accessor: 'amount', title: t('finance.amount'), textAlign: 'right', render: (b) => formatRupiah(b.amount) },
      amountColumn('discount', t('finance.discount')),
      amountColumn('outstanding', t('finance.outstanding')),
      { accessor: 'dueDate', title: t('finance.dueDate'), render: (b) => dateText(b.dueDate, 'short') },
      {
        accessor: 'status',
        title: t('finance.status'),
        render: (b) => (
          <Badge variant="light" color={STATUS_COLOR[b.status]}>
            {t(`finance.billStatus.${b.status}`)}
          </Badge>
        ),
      },
      ...(canManage
        ? [
            {
              accessor: 'actions',
              title: t('app.actions'),
              render: (b: Bill) =>
                b.status === 'UNPAID' && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={t('finance.bills.cancelOf', { name: b.studentName, period: periodText(b) })}
                    onClick={() =>
                      modals.open({
                        title: t('finance.bills.cancelTitle'),
                        children: <CancelBill bill={b} />,
                      })
                    }
                  >
                    {t('finance.bills.cancel')}
                  </Button>
                ),
            } as ListColumn<Bill>,
          ]
        : []),
    ],
    [t, canManage],
  );

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <PageTitle>{t('finance.bills.title')}</PageTitle>
      <UnitSelect value={unitId} onChange={setUnitId} mb="md" />
      {canManage && <GenerateForm components={components.data?.items ?? []} unitId={unitId} />}
      <DataList<Bill>
        path="/finance/bills"
        label={t('finance.bills.title')}
        columns={columns}
        exportName="tagihan"
        serverExport
        searchLabel={t('finance.bills.search')}
        filters={{
          unitId: unitId ?? undefined,
          classGroupId: classGroupId ?? undefined,
          period: period || undefined,
          status: status ?? undefined,
        }}
        filterControls={
          <>
            <ClassSelect
              unitId={unitId}
              academicYearId={yearId}
              value={classGroupId}
              onChange={setClassGroupId}
              clearable
            />
            <TextInput
              label={t('finance.period')}
              placeholder="2026-09"
              value={period}
              onChange={(e) => setPeriod(e.currentTarget.value.trim())}
              w={{ base: '100%', sm: 140 }}
            />
            <Select
              label={t('finance.status')}
              placeholder={t('finance.allStatuses')}
              data={BILL_STATUSES.map((s) => ({ value: s, label: t(`finance.billStatus.${s}`) }))}
              value={status}
              onChange={setStatus}
              clearable
              w={{ base: '100%', sm: 160 }}
            />
          </>
        }
      />
    </Paper>
  );
}
