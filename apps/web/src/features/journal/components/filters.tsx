import { Select } from '@mantine/core';
import type { Page, ClassGroup } from '@mms/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-fields.tsx';
import { api } from '../../../lib/api.ts';

export function DateInputs(p: { from: string; to: string; setFrom: (v: string) => void; setTo: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <DateField label={t('att.from')} value={p.from} onChange={(v) => v && p.setFrom(v)} />
      <DateField label={t('att.to')} value={p.to} onChange={(v) => v && p.setTo(v)} />
    </>
  );
}

/** The class groups the caller may see (the server filters by unit and role). */
export function useClassGroupList(unitId?: number | null) {
  return useQuery({
    queryKey: ['/classes', 'journal', unitId ?? null],
    queryFn: () =>
      api<Page<ClassGroup>>('/classes', { query: { page: 1, pageSize: 200, unitId: unitId ?? undefined } }),
    staleTime: 5 * 60_000,
  });
}

export function ClassSelect({ value, onChange }: { value: number | null; onChange: (v: number | null) => void }) {
  const { t } = useTranslation();
  const classes = useClassGroupList();
  return (
    <Select
      label={t('att.class')}
      placeholder={t('att.allClasses')}
      data={(classes.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
      value={value ? String(value) : null}
      onChange={(v) => onChange(v ? Number(v) : null)}
      searchable
      clearable
      w={{ base: '100%', xs: 180 }}
    />
  );
}
