import { Button, Group, Stack, TextInput } from '@mantine/core';
import { BisyarohLoanInput, type BisyarohLoan } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { MonthField } from '../../../components/date-fields.tsx';
import { useContractForm } from '../../../lib/contract-form.ts';
import { notifyDone } from '../../../lib/notify.ts';
import { useSaveLoan } from '../api.ts';
import { EmployeeSelect } from './employee-select.tsx';
import { RupiahInput } from './rupiah-input.tsx';

interface Values {
  employeeId: string | null;
  name: string;
  principal: number;
  instalment: number;
  startMonth: string;
}

/** The form of an employee's loan, paid back by a monthly instalment deducted from the bisyaroh. */
export function LoanForm(props: { unitId: number; loan?: BisyarohLoan; month: string; onDone: () => void }) {
  const { t } = useTranslation();
  const l = props.loan;
  const save = useSaveLoan();
  const { field, submit } = useContractForm<typeof BisyarohLoanInput, Values>(
    BisyarohLoanInput,
    {
      employeeId: l ? String(l.employeeId) : null,
      name: l?.name ?? '',
      principal: l?.principal ?? 0,
      instalment: l?.instalment ?? 0,
      startMonth: l?.startMonth ?? props.month,
    },
    { prepare: (v) => ({ ...v, employeeId: v.employeeId ? Number(v.employeeId) : undefined }) },
  );
  const onSubmit = submit(async (body) => {
    await save.mutateAsync({ id: l?.id, body });
    notifyDone('saved');
    props.onDone();
  });
  return (
    <Stack>
      <EmployeeSelect unitId={props.unitId} {...field('employeeId')} />
      <TextInput label={t('bisyaroh.master.loanName')} {...field('name')} required />
      <RupiahInput label={t('bisyaroh.master.principal')} {...field('principal')} required />
      <RupiahInput label={t('bisyaroh.master.instalment')} {...field('instalment')} required />
      <MonthField label={t('bisyaroh.master.startMonth')} {...field('startMonth')} required />
      <Group justify="flex-end">
        <Button onClick={() => void onSubmit()} loading={save.isPending}>
          {t('bisyaroh.common.save')}
        </Button>
      </Group>
    </Stack>
  );
}
