import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatRupiah, type FeeRule, type StudentDiscount, type StudentSummary } from '@mms/shared';
import { useState } from 'react';
import { generatePath, useNavigate } from 'react-router';
import { ROUTES } from '../../../lib/route-names.ts';
import { addDays } from '@mms/shared';
import { serverToday } from '../../../lib/clock.ts';
import { useTranslation } from 'react-i18next';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { UnitSelect, useDefaultUnitId } from '../../../components/pickers.tsx';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import {
  useApproveDiscount,
  useComponents,
  useCreateInvoice,
  useDeleteDiscount,
  useDeleteFeeRule,
  useDiscounts,
  useFeeRules,
} from '../api.ts';
import { DiscountForm } from '../components/discount-form.tsx';
import { FeeRuleForm } from '../components/fee-rule-form.tsx';
import { StudentPicker } from '../../../components/student-picker.tsx';
import { userCan } from '../../../lib/permissions.ts';

function RulesTable({ rules, canManage }: { rules: FeeRule[]; canManage: boolean }) {
  const { t } = useTranslation();
  const remove = useDeleteFeeRule();
  return (
    <DataList<FeeRule>
      label={t('finance.fees.rules')}
      records={rules}
      emptyText={t('finance.fees.empty')}
      columns={[
        { accessor: 'componentName', title: t('finance.component') },
        {
          accessor: 'scope',
          title: t('finance.fees.scope'),
          render: (r) =>
            [r.studentName, r.gradeName, r.program, r.boarding ? t(`finance.boarding.${r.boarding}`) : null]
              .filter(Boolean)
              .join(' · ') || t('finance.fees.wholeUnit'),
        },
        { accessor: 'amount', title: t('finance.amount'), textAlign: 'right', render: (r) => formatRupiah(r.amount) },
        ...(canManage
          ? [
              {
                accessor: '_actions',
                title: t('app.actions'),
                render: (r: FeeRule) => (
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    aria-label={t('finance.fees.delete', { name: r.componentName })}
                    onClick={() =>
                      confirmDialog({
                        title: t('finance.fees.deleteTitle'),
                        text: t('finance.fees.delete', { name: r.componentName }),
                        confirm: t('finance.delete'),
                        destructive: true,
                        onConfirm: () => remove.mutate(r.id, { onError: notifyError }),
                      })
                    }
                  >
                    {t('finance.delete')}
                  </Button>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

/** treasurer/fees-major: the fees of a unit by grade, program (jurusan) and mukim/day. */
export function FeesMajorPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canManage = userCan(user, 'finance.manage');
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  const components = useComponents(unitId);
  const rules = useFeeRules({ unitId });
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <PageTitle>{t('finance.fees.majorTitle')}</PageTitle>
      <Text size="sm" mb="sm">
        {t('finance.fees.order')}
      </Text>
      <UnitSelect value={unitId} onChange={setUnitId} mb="md" />
      {canManage && <FeeRuleForm components={components.data?.items ?? []} unitId={unitId} />}
      {rules.isPending ? (
        <Text>{t('app.loading')}</Text>
      ) : (
        <RulesTable rules={(rules.data?.items ?? []).filter((r) => r.studentId === null)} canManage={canManage} />
      )}
    </Paper>
  );
}

function DiscountsTable({ items, canManage }: { items: StudentDiscount[]; canManage: boolean }) {
  const { t } = useTranslation();
  const approve = useApproveDiscount();
  const remove = useDeleteDiscount();
  return (
    <DataList<StudentDiscount>
      label={t('finance.discounts.title')}
      records={items}
      emptyText={t('finance.discounts.empty')}
      columns={[
        { accessor: 'kind', title: t('finance.discounts.kind'), render: (d) => t(`finance.kind.${d.kind}`) },
        {
          accessor: 'componentName',
          title: t('finance.component'),
          render: (d) => d.componentName ?? t('finance.discounts.allComponents'),
        },
        {
          accessor: 'percent',
          title: t('finance.discounts.value'),
          textAlign: 'right',
          render: (d) => (d.percent !== null ? `${d.percent}%` : formatRupiah(d.amount ?? 0)),
        },
        { accessor: 'reason', title: t('finance.discounts.reason') },
        {
          accessor: 'approvedBy',
          title: t('finance.discounts.approver'),
          render: (d) =>
            d.approvedBy ? (
              `${d.approvedBy} (${d.approvedAt})`
            ) : (
              <Badge variant="light" color="yellow">
                {t('finance.discounts.pending')}
              </Badge>
            ),
        },
        ...(canManage
          ? [
              {
                accessor: '_actions',
                title: t('app.actions'),
                render: (d: StudentDiscount) => (
                  <Group gap="xs">
                    {!d.approvedBy && (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() =>
                          confirmDialog({
                            title: t('finance.discounts.approveTitle'),
                            text: t('finance.discounts.approveText', { name: d.studentName }),
                            confirm: t('finance.discounts.approve'),
                            onConfirm: () => approve.mutate(d.id, { onError: notifyError }),
                          })
                        }
                      >
                        {t('finance.discounts.approve')}
                      </Button>
                    )}
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() =>
                        confirmDialog({
                          title: t('finance.discounts.deleteTitle'),
                          text: t('finance.discounts.approveText', { name: d.studentName }),
                          confirm: t('finance.delete'),
                          destructive: true,
                          onConfirm: () => remove.mutate(d.id, { onError: notifyError }),
                        })
                      }
                    >
                      {t('finance.delete')}
                    </Button>
                  </Group>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

/** treasurer/fees-student: one student's own fees and their discounts and scholarships (approved by the treasurer). */
export function FeesStudentPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canManage = userCan(user, 'finance.manage');
  const [student, setStudent] = useState<StudentSummary | null>(null);
  const unitId = useDefaultUnitId();
  const components = useComponents(unitId);
  const rules = useFeeRules({ studentId: student?.id ?? null });
  const discounts = useDiscounts({ studentId: student?.id ?? null });
  const createInvoice = useCreateInvoice();
  const navigate = useNavigate();
  // an invoice of the student's open bills, due in 14 days, then its printable page
  const invoice = (studentId: number) =>
    createInvoice.mutate(
      { studentId, dueDate: addDays(serverToday(), 14) },
      {
        onSuccess: (inv) => void navigate(generatePath(ROUTES['treasurer-invoice'], { id: String(inv.id) })),
        onError: notifyError,
      },
    );
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <PageTitle>{t('finance.fees.studentTitle')}</PageTitle>
      <StudentPicker value={student} onChange={setStudent} mb="md" maw={480} />
      {!student ? (
        <Text>{t('finance.fees.pickStudent')}</Text>
      ) : (
        <Stack>
          {canManage && (
            <Button
              w="fit-content"
              variant="light"
              loading={createInvoice.isPending}
              onClick={() => invoice(student.id)}
            >
              {t('finance.invoice.create')}
            </Button>
          )}
          <Title order={2} fz="h4">
            {t('finance.fees.rules')}
          </Title>
          {canManage && (
            <FeeRuleForm components={components.data?.items ?? []} unitId={unitId} studentId={student.id} />
          )}
          <RulesTable rules={rules.data?.items ?? []} canManage={canManage} />
          <Title order={2} fz="h4">
            {t('finance.discounts.title')}
          </Title>
          {canManage && <DiscountForm studentId={student.id} components={components.data?.items ?? []} />}
          <DiscountsTable items={discounts.data?.items ?? []} canManage={canManage} />
        </Stack>
      )}
    </Paper>
  );
}
