import { Button, Group, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { DISCOUNT_KINDS, StudentDiscountInput, type PaymentComponent } from '@mms/shared';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { formResolver } from '../../../lib/validation.ts';
import { useCreateDiscount } from '../api.ts';

interface Values {
  componentId: string | null;
  kind: string;
  percent: number | string;
  amount: number | string;
  reason: string;
}

const body = (v: Values, studentId: number) => ({
  studentId,
  componentId: v.componentId ? Number(v.componentId) : null,
  kind: v.kind,
  percent: v.percent === '' ? null : v.percent,
  amount: v.amount === '' ? null : v.amount,
  reason: v.reason,
});

/** Proposes a discount or scholarship of a student: a percent or an amount, with a reason; approved later. */
export function DiscountForm({ studentId, components }: { studentId: number; components: PaymentComponent[] }) {
  const { t } = useTranslation();
  const create = useCreateDiscount();
  const form = useForm<Values>({
    resolver: formResolver<Values>(StudentDiscountInput, (v) => body(v, studentId)),
    defaultValues: { componentId: null, kind: 'YATIM', percent: '', amount: '', reason: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((v) =>
    create.mutate(StudentDiscountInput.parse(body(v, studentId)), {
      onSuccess: () => {
        notifyDone('saved');
        form.reset();
      },
      onError: notifyError,
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('finance.discounts.add')}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="sm">
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <Select
              label={t('finance.discounts.kind')}
              data={DISCOUNT_KINDS.map((k) => ({ value: k, label: t(`finance.kind.${k}`) }))}
              value={field.value}
              onChange={(v) => field.onChange(v ?? '')}
              allowDeselect={false}
              error={errors.kind?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="componentId"
          render={({ field }) => (
            <Select
              label={t('finance.component')}
              placeholder={t('finance.discounts.allComponents')}
              data={components.map((c) => ({ value: String(c.id), label: c.name }))}
              value={field.value}
              onChange={field.onChange}
              clearable
            />
          )}
        />
        <Controller
          control={form.control}
          name="percent"
          render={({ field }) => (
            <NumberInput
              label={t('finance.discounts.percent')}
              suffix=" %"
              allowDecimal={false}
              allowNegative={false}
              value={field.value}
              onChange={field.onChange}
              error={errors.percent?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="amount"
          render={({ field }) => (
            <NumberInput
              label={t('finance.discounts.amount')}
              prefix="Rp "
              thousandSeparator="."
              decimalSeparator=","
              allowDecimal={false}
              allowNegative={false}
              value={field.value}
              onChange={field.onChange}
              error={errors.amount?.message}
            />
          )}
        />
        <TextInput label={t('finance.discounts.reason')} {...form.register('reason')} error={errors.reason?.message} />
      </SimpleGrid>
      <Group justify="flex-end" mb="md">
        <Button type="submit" loading={create.isPending}>
          {t('finance.discounts.add')}
        </Button>
      </Group>
    </form>
  );
}
