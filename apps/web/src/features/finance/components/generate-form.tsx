import { Button, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { GenerateBillsInput, type GenerateBillsResult, type PaymentComponent } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClassSelect, GradeSelect, useActiveYearId } from '../../../components/pickers.tsx';
import { useContractForm } from '../../../lib/contract-form.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { useGenerateBills } from '../api.ts';

interface Values {
  componentId: string | null;
  gradeId: number | null;
  classGroupId: number | null;
  fromMonth: string;
  toMonth: string;
  dueDate: string;
}

/**
 * Generates the bills of a component for a unit, grade or class: first a preview (how many new bills),
 * then, after a confirmation, the bills. Generating twice never duplicates.
 */
export function GenerateForm({ components, unitId }: { components: PaymentComponent[]; unitId: number | null }) {
  const { t } = useTranslation();
  const yearId = useActiveYearId();
  const generate = useGenerateBills();
  const [preview, setPreview] = useState<GenerateBillsResult | null>(null);
  const isMonthly = (componentId: string | null) =>
    components.find((c) => String(c.id) === componentId)?.frequency === 'MONTHLY';
  const { field, value, submit } = useContractForm<typeof GenerateBillsInput, Values>(
    GenerateBillsInput,
    { componentId: null, gradeId: null, classGroupId: null, fromMonth: '', toMonth: '', dueDate: '' },
    {
      prepare: (v) => ({
        unitId: unitId ?? undefined,
        componentId: v.componentId ? Number(v.componentId) : undefined,
        gradeId: v.gradeId ?? undefined,
        classGroupId: v.classGroupId ?? undefined,
        ...(isMonthly(v.componentId)
          ? { fromMonth: v.fromMonth || undefined, toMonth: v.toMonth || undefined }
          : { dueDate: v.dueDate || undefined }),
      }),
    },
  );
  const monthly = isMonthly(value('componentId'));
  const component = field('componentId');
  /** a preview (dry run) first; the bills only after the person confirms its figures */
  const run = (dryRun: boolean) =>
    submit(async (body) => {
      const result = await generate.mutateAsync({ ...body, dryRun });
      setPreview(dryRun ? result : null);
    });

  return (
    <form noValidate aria-label={t('finance.bills.generate')} onSubmit={(e) => void run(true)(e)}>
      <SimpleGrid cols={{ base: 1, sm: 3, lg: 6 }} mb="sm">
        <Select
          label={t('finance.component')}
          data={components.map((c) => ({ value: String(c.id), label: c.name }))}
          {...component}
          onChange={(v) => {
            component.onChange(v);
            setPreview(null);
          }}
        />
        <GradeSelect unitId={unitId} {...field('gradeId')} clearable />
        <ClassSelect unitId={unitId} academicYearId={yearId} {...field('classGroupId')} />
        {monthly ? (
          <>
            <TextInput label={t('finance.bills.fromMonth')} placeholder="2026-07" {...field('fromMonth')} />
            <TextInput label={t('finance.bills.toMonth')} placeholder="2026-11" {...field('toMonth')} />
          </>
        ) : (
          <TextInput label={t('finance.dueDate')} placeholder="2026-07-15" {...field('dueDate')} />
        )}
      </SimpleGrid>
      <Group justify="flex-end" mb="md">
        {preview && (
          <Text role="status">
            {t('finance.bills.preview', {
              created: preview.created,
              existing: preview.existing,
              students: preview.students,
            })}
          </Text>
        )}
        <Button type="submit" variant="default" loading={generate.isPending}>
          {t('finance.bills.previewButton')}
        </Button>
        <Button
          disabled={!preview || preview.created === 0}
          onClick={() =>
            confirmDialog({
              title: t('finance.bills.generate'),
              text: t('finance.bills.confirm', { created: preview?.created ?? 0 }),
              confirm: t('finance.bills.generate'),
              onConfirm: () => void run(false)(),
            })
          }
        >
          {t('finance.bills.generate')}
        </Button>
      </Group>
    </form>
  );
}
