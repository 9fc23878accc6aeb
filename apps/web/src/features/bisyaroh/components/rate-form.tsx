import { ActionIcon, Button, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { BisyarohRateInput, type BisyarohRate } from '@mms/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MonthField } from '../../../components/date-fields.tsx';
import { useContractForm } from '../../../lib/contract-form.ts';
import { notifyDone } from '../../../lib/notify.ts';
import { useSaveRate } from '../api.ts';
import { EmployeeSelect } from './employee-select.tsx';
import { RupiahInput } from './rupiah-input.tsx';

const RATE_FIELDS = ['perJp', 'perDay', 'onTimePerDay', 'transportPerDay', 'absencePerDay'] as const;

type Values = {
  byEmployee: boolean;
  position: string;
  employeeId: string | null;
  validFrom: string;
  allowances: { name: string; amount: number }[];
} & Record<(typeof RATE_FIELDS)[number], number>;

/** The form of a rate of a position or an employee, valid from a month; amounts are whole rupiah. */
export function RateForm(props: { unitId: number; rate?: BisyarohRate; month: string; onDone: () => void }) {
  const { t } = useTranslation();
  const r = props.rate;
  const save = useSaveRate();
  const { form, field, value, error, submit } = useContractForm<typeof BisyarohRateInput, Values>(
    BisyarohRateInput,
    {
      byEmployee: r ? r.employeeId !== null : false,
      position: r?.position ?? '',
      employeeId: r?.employeeId ? String(r.employeeId) : null,
      validFrom: r?.validFrom ?? props.month,
      perJp: r?.perJp ?? 0,
      perDay: r?.perDay ?? 0,
      onTimePerDay: r?.onTimePerDay ?? 0,
      transportPerDay: r?.transportPerDay ?? 0,
      absencePerDay: r?.absencePerDay ?? 0,
      allowances: r?.allowances ?? [],
    },
    {
      prepare: ({ byEmployee, position, employeeId, ...rest }) => ({
        unitId: props.unitId,
        position: byEmployee ? null : position,
        employeeId: byEmployee && employeeId ? Number(employeeId) : null,
        ...rest,
      }),
    },
  );
  const byEmployee = value('byEmployee');
  const allowances = value('allowances');
  const setAllowances = (next: Values['allowances']) => form.setValue('allowances', next, { shouldDirty: true });
  const onSubmit = submit(async (body) => {
    await save.mutateAsync({ id: r?.id, body });
    notifyDone('saved');
    props.onDone();
  });

  return (
    <Stack>
      <SegmentedControl
        aria-label={t('bisyaroh.master.forWhom')}
        value={byEmployee ? 'E' : 'P'}
        onChange={(v) => form.setValue('byEmployee', v === 'E', { shouldDirty: true })}
        data={[
          { value: 'P', label: t('bisyaroh.master.byPosition') },
          { value: 'E', label: t('bisyaroh.master.byEmployee') },
        ]}
      />
      {byEmployee ? (
        // "a position or an employee" is checked on the position
        <EmployeeSelect
          unitId={props.unitId}
          {...field('employeeId')}
          error={error('employeeId') ?? error('position')}
        />
      ) : (
        <TextInput label={t('bisyaroh.common.position')} {...field('position')} required />
      )}
      <MonthField label={t('bisyaroh.master.validFrom')} {...field('validFrom')} required />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {RATE_FIELDS.map((f) => (
          <RupiahInput key={f} label={t(`bisyaroh.master.${f}`)} {...field(f)} />
        ))}
      </SimpleGrid>
      <Text fw={600}>{t('bisyaroh.master.allowances')}</Text>
      {allowances.map((a, i) => (
        <Group key={i} align="flex-end">
          <TextInput label={t('bisyaroh.master.allowanceName')} {...field(`allowances.${i}.name`)} />
          <RupiahInput label={t('bisyaroh.common.amount')} {...field(`allowances.${i}.amount`)} />
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('bisyaroh.master.removeAllowance', { name: a.name })}
            onClick={() => setAllowances(allowances.filter((_, k) => k !== i))}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setAllowances([...allowances, { name: '', amount: 0 }])}
        >
          {t('bisyaroh.master.addAllowance')}
        </Button>
      </Group>
      <Group justify="flex-end">
        <Button onClick={() => void onSubmit()} loading={save.isPending}>
          {t('bisyaroh.common.save')}
        </Button>
      </Group>
    </Stack>
  );
}
