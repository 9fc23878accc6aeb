import { NumberInput, Stack, TextInput } from '@mantine/core';
import { FREQUENCIES, PaymentComponentInput, type PaymentComponent } from '@mms/shared';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSaveComponent } from '../api.ts';
import { ChoiceField, SaveRow, SwitchField, useSaveForm } from '../../../components/save-form.tsx';

interface Values {
  code: string;
  name: string;
  frequency: string;
  defaultAmount: number | string;
  dueDay: number | string;
  isActive: boolean;
}

const body = (v: Values, unitId: number | null) => ({
  unitId: unitId ?? undefined,
  code: v.code,
  name: v.name,
  frequency: v.frequency,
  // an empty box is "required", not 0: the contract says so in the reader's language
  defaultAmount: v.defaultAmount === '' ? undefined : v.defaultAmount,
  dueDay: v.dueDay === '' ? undefined : v.dueDay,
  isActive: v.isActive,
});

/** A payment component: code, name, how often it is billed, its default fee in whole rupiah and due day. */
export function ComponentForm({
  component,
  unitId,
  onDone,
}: {
  component?: PaymentComponent;
  unitId: number | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveComponent();
  const { form, submit, errors } = useSaveForm<Values, PaymentComponentInput>({
    schema: PaymentComponentInput,
    prepare: (v) => body(v, unitId),
    defaultValues: {
      code: component?.code ?? '',
      name: component?.name ?? '',
      frequency: component?.frequency ?? 'MONTHLY',
      defaultAmount: component?.defaultAmount ?? '',
      dueDay: component?.dueDay ?? 10,
      isActive: component?.isActive ?? true,
    },
    save,
    id: component?.id,
    onDone,
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={t('finance.components.code')} {...form.register('code')} error={errors.code?.message} />
        <TextInput label={t('finance.components.name')} {...form.register('name')} error={errors.name?.message} />
        <ChoiceField
          control={form.control}
          name="frequency"
          label={t('finance.components.frequency')}
          data={FREQUENCIES.map((f) => ({ value: f, label: t(`finance.frequency.${f}`) }))}
          error={errors.frequency?.message}
        />
        <Controller
          control={form.control}
          name="defaultAmount"
          render={({ field }) => (
            <NumberInput
              label={t('finance.components.defaultAmount')}
              prefix="Rp "
              thousandSeparator="."
              decimalSeparator=","
              allowDecimal={false}
              allowNegative={false}
              value={field.value}
              onChange={field.onChange}
              error={errors.defaultAmount?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="dueDay"
          render={({ field }) => (
            <NumberInput
              label={t('finance.components.dueDay')}
              allowDecimal={false}
              min={1}
              max={28}
              value={field.value}
              onChange={field.onChange}
              error={errors.dueDay?.message}
            />
          )}
        />
        <SwitchField control={form.control} name="isActive" label={t('finance.components.active')} />
        <SaveRow loading={save.isPending} label={t('finance.save')} />
      </Stack>
    </form>
  );
}
