import { Button, Group, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { FeeRuleInput, type PaymentComponent } from '@mms/shared';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GradeSelect } from '../../../components/pickers.tsx';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { formResolver } from '../../../lib/validation.ts';
import { useSaveFeeRule } from '../api.ts';

interface Values {
  componentId: string;
  gradeId: number | null;
  program: string;
  boarding: string | null;
  amount: number | string;
}

const body = (v: Values, studentId: number | null) => ({
  componentId: v.componentId || undefined,
  studentId,
  gradeId: studentId ? null : v.gradeId,
  program: studentId ? null : v.program.trim() || null,
  boarding: studentId ? null : v.boarding || null,
  amount: v.amount === '' ? undefined : v.amount,
});

/**
 * Adds a fee of a component: for one student (studentId), or for a grade, program and boarding of the unit
 * (empty = every student). The most specific rule wins when bills are generated.
 */
export function FeeRuleForm({
  components,
  unitId,
  studentId = null,
}: {
  components: PaymentComponent[];
  unitId: number | null;
  studentId?: number | null;
}) {
  const { t } = useTranslation();
  const save = useSaveFeeRule();
  const form = useForm<Values>({
    resolver: formResolver<Values>(FeeRuleInput, (v) => body(v, studentId)),
    defaultValues: { componentId: '', gradeId: null, program: '', boarding: null, amount: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((v) =>
    save.mutate(
      { body: FeeRuleInput.parse(body(v, studentId)) },
      {
        onSuccess: () => {
          notifyDone('saved');
          form.reset();
        },
        onError: notifyError,
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('finance.fees.add')}>
      <SimpleGrid cols={{ base: 1, sm: studentId ? 2 : 5 }} mb="sm">
        <Controller
          control={form.control}
          name="componentId"
          render={({ field }) => (
            <Select
              label={t('finance.component')}
              data={components.map((c) => ({ value: String(c.id), label: c.name }))}
              value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')}
              error={errors.componentId?.message}
            />
          )}
        />
        {!studentId && (
          <>
            <Controller
              control={form.control}
              name="gradeId"
              render={({ field }) => (
                <GradeSelect unitId={unitId} value={field.value} onChange={field.onChange} clearable />
              )}
            />
            <TextInput
              label={t('finance.fees.program')}
              {...form.register('program')}
              error={errors.program?.message}
            />
            <Controller
              control={form.control}
              name="boarding"
              render={({ field }) => (
                <Select
                  label={t('finance.fees.boarding')}
                  placeholder={t('finance.fees.allBoarding')}
                  data={[
                    { value: 'MUKIM', label: t('finance.boarding.MUKIM') },
                    { value: 'NON_MUKIM', label: t('finance.boarding.NON_MUKIM') },
                  ]}
                  value={field.value}
                  onChange={field.onChange}
                  clearable
                />
              )}
            />
          </>
        )}
        <Controller
          control={form.control}
          name="amount"
          render={({ field }) => (
            <NumberInput
              label={t('finance.amount')}
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
      </SimpleGrid>
      <Group justify="flex-end" mb="md">
        <Button type="submit" loading={save.isPending}>
          {t('finance.fees.add')}
        </Button>
      </Group>
    </form>
  );
}
