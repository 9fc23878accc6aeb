import { Button, Group, Stack, TextInput } from '@mantine/core';
import type { BisyarohLoan } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MonthField } from '../../../components/date-fields.tsx';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useSaveLoan } from '../api.ts';
import { EmployeeSelect } from './employee-select.tsx';
import { RupiahInput } from './rupiah-input.tsx';

/** The form of an employee's loan, paid back by a monthly instalment deducted from the bisyaroh. */
export function LoanForm(props: { unitId: number; loan?: BisyarohLoan; month: string; onDone: () => void }) {
  const { t } = useTranslation();
  const l = props.loan;
  const [employeeId, setEmployeeId] = useState<string | null>(l ? String(l.employeeId) : null);
  const [name, setName] = useState(l?.name ?? '');
  const [principal, setPrincipal] = useState(l?.principal ?? 0);
  const [instalment, setInstalment] = useState(l?.instalment ?? 0);
  const [startMonth, setStartMonth] = useState(l?.startMonth ?? props.month);
  const save = useSaveLoan();
  const submit = () =>
    save.mutate(
      { id: l?.id, body: { employeeId: Number(employeeId ?? 0), name, principal, instalment, startMonth } },
      {
        onSuccess: () => {
          notifyDone('saved');
          props.onDone();
        },
        onError: notifyError,
      },
    );
  return (
    <Stack>
      <EmployeeSelect unitId={props.unitId} value={employeeId} onChange={setEmployeeId} />
      <TextInput
        label={t('bisyaroh.master.loanName')}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        required
      />
      <RupiahInput label={t('bisyaroh.master.principal')} value={principal} onChange={setPrincipal} required />
      <RupiahInput label={t('bisyaroh.master.instalment')} value={instalment} onChange={setInstalment} required />
      <MonthField label={t('bisyaroh.master.startMonth')} value={startMonth} onChange={setStartMonth} required />
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending}>
          {t('bisyaroh.common.save')}
        </Button>
      </Group>
    </Stack>
  );
}
