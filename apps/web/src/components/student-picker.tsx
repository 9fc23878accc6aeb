import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Page, StudentSummary } from '@mms/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api.ts';
import '../i18n/list/index.ts';

/** Picks one student by typing a name, NIS or NISN (server search, 20 at a time); used by every feature that picks one. */
export function StudentPicker({
  value,
  onChange,
  ...rest
}: Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: StudentSummary | null;
  onChange: (s: StudentSummary | null) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const found = useQuery({
    queryKey: ['/students', 'pick', q],
    queryFn: () => api<Page<StudentSummary>>('/students', { query: { q, page: 1, pageSize: 20, sort: 'name' } }),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
  const items = found.data?.items ?? [];
  const label = (s: StudentSummary) => `${s.name} – ${s.nis}${s.className ? ` (${s.className})` : ''}`;
  const data = [...(value && !items.some((s) => s.id === value.id) ? [value] : []), ...items].map((s) => ({
    value: String(s.id),
    label: label(s),
  }));
  return (
    <Select
      label={t('school.mutation.student')}
      placeholder={t('school.students.searchLabel')}
      searchable
      clearable
      filter={({ options }) => options}
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={value ? String(value.id) : null}
      onChange={(v) => onChange([...items, ...(value ? [value] : [])].find((s) => String(s.id) === v) ?? null)}
      nothingFoundMessage={q.trim().length >= 2 ? t('list.empty') : undefined}
      {...rest}
    />
  );
}
