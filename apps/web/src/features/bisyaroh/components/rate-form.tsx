import { ActionIcon, Button, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { BisyarohRate, BisyarohRateInput } from '@mms/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MonthField } from '../../../components/date-fields.tsx';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useSaveRate } from '../api.ts';
import { EmployeeSelect } from './employee-select.tsx';
import { RupiahInput } from './rupiah-input.tsx';

const RATE_FIELDS = ['perJp', 'perDay', 'onTimePerDay', 'transportPerDay', 'absencePerDay'] as const;

/** The form of a rate of a position or an employee, valid from a month; amounts are whole rupiah. */
export function RateForm(props: { unitId: number; rate?: BisyarohRate; month: string; onDone: () => void }) {
  const { t } = useTranslation();
  const r = props.rate;
  const [byEmployee, setByEmployee] = useState(r ? r.employeeId !== null : false);
  const [position, setPosition] = useState(r?.position ?? '');
  const [employeeId, setEmployeeId] = useState<string | null>(r?.employeeId ? String(r.employeeId) : null);
  const [validFrom, setValidFrom] = useState(r?.validFrom ?? props.month);
  const [amounts, setAmounts] = useState(() => ({
    perJp: r?.perJp ?? 0,
    perDay: r?.perDay ?? 0,
    onTimePerDay: r?.onTimePerDay ?? 0,
    transportPerDay: r?.transportPerDay ?? 0,
    absencePerDay: r?.absencePerDay ?? 0,
  }));
  const [allowances, setAllowances] = useState(r?.allowances ?? []);
  const save = useSaveRate();

  const submit = () => {
    const body: BisyarohRateInput = {
      unitId: props.unitId,
      position: byEmployee ? null : position,
      employeeId: byEmployee && employeeId ? Number(employeeId) : null,
      validFrom,
      ...amounts,
      allowances,
    };
    save.mutate(
      { id: r?.id, body },
      {
        onSuccess: () => {
          notifyDone('saved');
          props.onDone();
        },
        onError: notifyError,
      },
    );
  };

  return (
    <Stack>
      <SegmentedControl
        aria-label={t('bisyaroh.master.forWhom')}
        value={byEmployee ? 'E' : 'P'}
        onChange={(v) => setByEmployee(v === 'E')}
        data={[
          { value: 'P', label: t('bisyaroh.master.byPosition') },
          { value: 'E', label: t('bisyaroh.master.byEmployee') },
        ]}
      />
      {byEmployee ? (
        <EmployeeSelect unitId={props.unitId} value={employeeId} onChange={setEmployeeId} />
      ) : (
        <TextInput
          label={t('bisyaroh.common.position')}
          value={position}
          onChange={(e) => setPosition(e.currentTarget.value)}
          required
        />
      )}
      <MonthField label={t('bisyaroh.master.validFrom')} value={validFrom} onChange={setValidFrom} required />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {RATE_FIELDS.map((f) => (
          <RupiahInput
            key={f}
            label={t(`bisyaroh.master.${f}`)}
            value={amounts[f]}
            onChange={(v) => setAmounts((a) => ({ ...a, [f]: v }))}
          />
        ))}
      </SimpleGrid>
      <Text fw={600}>{t('bisyaroh.master.allowances')}</Text>
      {allowances.map((a, i) => (
        <Group key={i} align="flex-end">
          <TextInput
            label={t('bisyaroh.master.allowanceName')}
            value={a.name}
            onChange={(e) => {
              const name = e.currentTarget.value;
              setAllowances((all) => all.map((x, k) => (k === i ? { ...x, name } : x)));
            }}
          />
          <RupiahInput
            label={t('bisyaroh.common.amount')}
            value={a.amount}
            onChange={(amount) => setAllowances((all) => all.map((x, k) => (k === i ? { ...x, amount } : x)))}
          />
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('bisyaroh.master.removeAllowance', { name: a.name })}
            onClick={() => setAllowances((all) => all.filter((_, k) => k !== i))}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setAllowances((all) => [...all, { name: '', amount: 0 }])}
        >
          {t('bisyaroh.master.addAllowance')}
        </Button>
      </Group>
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending}>
          {t('bisyaroh.common.save')}
        </Button>
      </Group>
    </Stack>
  );
}
