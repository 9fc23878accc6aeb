import { MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Page, StudentSummary } from '@mms/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api.ts';

/** A student as the pickers show and keep them. */
export interface PickedStudent {
  id: number;
  name: string;
  nis: string;
  className: string | null;
}

const label = (s: PickedStudent) => `${s.name} – ${s.nis}${s.className ? ` (${s.className})` : ''}`;

/** The students whose name or NIS matches what was typed (the server's search, 20 at a time). */
function useStudentSearch() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const found = useQuery({
    queryKey: ['/students', 'pick', q],
    queryFn: () => api<Page<StudentSummary>>('/students', { query: { q, page: 1, pageSize: 20, sort: 'name' } }),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
  const items: PickedStudent[] = (found.data?.items ?? []).map((s) => ({
    id: s.id,
    name: s.name,
    nis: s.nis,
    className: s.className ?? null,
  }));
  return { search, setSearch, items };
}

function options(chosen: PickedStudent[], found: PickedStudent[]) {
  const all = new Map<number, PickedStudent>();
  for (const s of [...chosen, ...found]) all.set(s.id, s);
  return [...all.values()].map((s) => ({ value: String(s.id), label: label(s) }));
}

/** Picks one or more students of the caller's unit (a group or class session names several). */
export function StudentsPicker({
  value,
  onChange,
  error,
}: {
  value: PickedStudent[];
  onChange: (students: PickedStudent[]) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const { search, setSearch, items } = useStudentSearch();
  const known = new Map([...value, ...items].map((s) => [String(s.id), s]));
  return (
    <MultiSelect
      label={t('counselling.students')}
      placeholder={t('counselling.studentsPlaceholder')}
      searchable
      withAsterisk
      filter={({ options: o }) => o}
      searchValue={search}
      onSearchChange={setSearch}
      data={options(value, items)}
      value={value.map((s) => String(s.id))}
      onChange={(ids) => onChange(ids.map((id) => known.get(id)!).filter(Boolean))}
      error={error}
      hidePickedOptions
    />
  );
}

/** Picks one student of the caller's unit. */
export function StudentPickerOne({
  value,
  onChange,
  error,
}: {
  value: PickedStudent | null;
  onChange: (student: PickedStudent | null) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const { search, setSearch, items } = useStudentSearch();
  const known = new Map([...(value ? [value] : []), ...items].map((s) => [String(s.id), s]));
  return (
    <Select
      label={t('counselling.student')}
      placeholder={t('counselling.studentsPlaceholder')}
      searchable
      clearable
      withAsterisk
      filter={({ options: o }) => o}
      searchValue={search}
      onSearchChange={setSearch}
      data={options(value ? [value] : [], items)}
      value={value ? String(value.id) : null}
      onChange={(id) => onChange(id ? (known.get(id) ?? null) : null)}
      error={error}
    />
  );
}
