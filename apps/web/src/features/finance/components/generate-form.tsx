import { Button, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { GenerateBillsInput, type GenerateBillsResult, type PaymentComponent } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClassSelect, GradeSelect, useActiveYearId } from '../../../components/pickers.tsx';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { issueErrors } from '../../../lib/validation.ts';
import { useGenerateBills } from '../api.ts';

/**
 * Generates the bills of a component for a unit, grade or class: first a preview (how many new bills),
 * then, after a confirmation, the bills. Generating twice never duplicates.
 */
export function GenerateForm({ components, unitId }: { components: PaymentComponent[]; unitId: number | null }) {
  const { t } = useTranslation();
  const yearId = useActiveYearId();
  const generate = useGenerateBills();
  const [componentId, setComponentId] = useState<string | null>(null);
  const [gradeId, setGradeId] = useState<number | null>(null);
  const [classGroupId, setClassGroupId] = useState<number | null>(null);
  const [fromMonth, setFromMonth] = useState('');
  const [toMonth, setToMonth] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<GenerateBillsResult | null>(null);
  const monthly = components.find((c) => String(c.id) === componentId)?.frequency === 'MONTHLY';

  const body = (dryRun: boolean) => ({
    unitId: unitId ?? undefined,
    componentId: componentId ? Number(componentId) : undefined,
    gradeId: gradeId ?? undefined,
    classGroupId: classGroupId ?? undefined,
    ...(monthly
      ? { fromMonth: fromMonth || undefined, toMonth: toMonth || undefined }
      : { dueDate: dueDate || undefined }),
    dryRun,
  });

  function run(dryRun: boolean) {
    const parsed = GenerateBillsInput.safeParse(body(dryRun));
    if (!parsed.success) return setErrors(issueErrors(parsed.error));
    setErrors({});
    generate.mutate(parsed.data, {
      onSuccess: (r) => setPreview(dryRun ? r : null),
      onError: notifyError,
    });
  }

  return (
    <form
      noValidate
      aria-label={t('finance.bills.generate')}
      onSubmit={(e) => {
        e.preventDefault();
        run(true);
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 3, lg: 6 }} mb="sm">
        <Select
          label={t('finance.component')}
          data={components.map((c) => ({ value: String(c.id), label: c.name }))}
          value={componentId}
          onChange={(v) => {
            setComponentId(v);
            setPreview(null);
          }}
          error={errors.componentId}
        />
        <GradeSelect unitId={unitId} value={gradeId} onChange={setGradeId} clearable />
        <ClassSelect unitId={unitId} academicYearId={yearId} value={classGroupId} onChange={setClassGroupId} />
        {monthly ? (
          <>
            <TextInput
              label={t('finance.bills.fromMonth')}
              placeholder="2026-07"
              value={fromMonth}
              onChange={(e) => setFromMonth(e.currentTarget.value)}
              error={errors.fromMonth}
            />
            <TextInput
              label={t('finance.bills.toMonth')}
              placeholder="2026-11"
              value={toMonth}
              onChange={(e) => setToMonth(e.currentTarget.value)}
              error={errors.toMonth}
            />
          </>
        ) : (
          <TextInput
            label={t('finance.dueDate')}
            placeholder="2026-07-15"
            value={dueDate}
            onChange={(e) => setDueDate(e.currentTarget.value)}
            error={errors.dueDate}
          />
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
              onConfirm: () => run(false),
            })
          }
        >
          {t('finance.bills.generate')}
        </Button>
      </Group>
    </form>
  );
}
