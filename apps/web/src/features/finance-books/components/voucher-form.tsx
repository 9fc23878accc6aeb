import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { VOUCHER_TYPE_RULES, VOUCHER_TYPES, VoucherInput, type Voucher, type VoucherType } from '@mms/shared';
import { Controller, useForm, useWatch, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../../components/date-fields.tsx';
import { isApiError } from '../../../lib/api.ts';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { formResolver } from '../../../lib/validation.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';
import { useFinanceAccounts, useSaveVoucher } from '../api.ts';

interface Values {
  type: VoucherType;
  date: string;
  accountId: string;
  moneyAccountId: string;
  amount: number | string;
  description: string;
}

function body(v: Values, unitId: number | null): Record<string, unknown> {
  return {
    ...(unitId === null ? {} : { unitId }),
    type: v.type,
    date: v.date,
    accountId: v.accountId === '' ? undefined : Number(v.accountId),
    moneyAccountId: v.moneyAccountId === '' ? undefined : Number(v.moneyAccountId),
    // integer rupiah: the contract refuses a fraction, never rounds it
    amount: v.amount === '' ? undefined : Number(v.amount),
    description: v.description,
  };
}

/** The server's field errors under their inputs (a closed month under the date), then the notice. */
function showServerErrors(form: UseFormReturn<Values>, error: unknown) {
  if (isApiError(error)) {
    for (const [field, message] of Object.entries(error.fields)) form.setError(field as Path<Values>, { message });
  }
  notifyError(error);
}

/** A draft voucher: type, date, the other account, the cash box or bank, amount in whole rupiah, description. */
export function VoucherForm({
  voucher,
  unitId,
  today,
  onDone,
}: {
  voucher?: Voucher;
  unitId: number | null;
  today: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const accounts = useFinanceAccounts(unitId);
  const save = useSaveVoucher();
  const form = useForm<Values>({
    resolver: formResolver<Values>(VoucherInput, (v) => body(v, unitId)),
    defaultValues: {
      type: (voucher?.type ?? 'BKM') as VoucherType,
      date: voucher?.date ?? today,
      accountId: voucher ? String(voucher.account.id) : '',
      moneyAccountId: voucher ? String(voucher.moneyAccount.id) : '',
      amount: voucher?.amount ?? '',
      description: voucher?.description ?? '',
    },
  });
  useUnsavedChanges(form.formState.isDirty);
  const type = useWatch({ control: form.control, name: 'type' });
  const moneyKind = VOUCHER_TYPE_RULES[type].money;
  const active = (accounts.data?.items ?? []).filter((a) => a.active);
  const option = (a: { id: number; code: string; name: string }) => ({
    value: String(a.id),
    label: `${a.code} ${a.name}`,
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: voucher?.id, body: VoucherInput.parse(body(values, unitId)) },
      {
        onSuccess: () => {
          notifyDone('saved');
          onDone();
        },
        onError: (e) => showServerErrors(form, e),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <Select
                label={t('financeBooks.vouchers.type')}
                data={VOUCHER_TYPES.map((v) => ({ value: v, label: t(`financeBooks.types.${v}`) }))}
                value={field.value}
                onChange={(v) => {
                  field.onChange(v ?? 'BKM');
                  form.setValue('moneyAccountId', '');
                }}
                allowDeselect={false}
                disabled={voucher?.reverses != null}
                required
              />
            )}
          />
          <FormDateField control={form.control} name="date" label={t('financeBooks.vouchers.date')} required />
          <Controller
            control={form.control}
            name="moneyAccountId"
            render={({ field }) => (
              <Select
                label={t('financeBooks.vouchers.moneyAccount')}
                data={active.filter((a) => a.kind === moneyKind).map(option)}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                error={errors.moneyAccountId?.message}
                required
              />
            )}
          />
          <Controller
            control={form.control}
            name="accountId"
            render={({ field }) => (
              <Select
                label={t('financeBooks.vouchers.account')}
                data={active.map(option)}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                error={errors.accountId?.message}
                searchable
                required
              />
            )}
          />
          <Controller
            control={form.control}
            name="amount"
            render={({ field }) => (
              <NumberInput
                label={t('financeBooks.vouchers.amount')}
                value={field.value}
                onChange={field.onChange}
                thousandSeparator="."
                decimalSeparator=","
                allowDecimal={false}
                allowNegative={false}
                min={1}
                error={errors.amount?.message}
                disabled={voucher?.reverses != null}
                required
              />
            )}
          />
        </SimpleGrid>
        <Textarea
          label={t('financeBooks.vouchers.description')}
          {...form.register('description')}
          error={errors.description?.message}
          autosize
          minRows={2}
          required
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('financeBooks.vouchers.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
