import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBisyarohEmployees } from '../api.ts';

/** The active employees of a unit, searchable by name and NIP. */
export function EmployeeSelect(props: {
  unitId: number;
  value: string | null;
  onChange: (v: string | null) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const employees = useBisyarohEmployees(props.unitId);
  return (
    <Select
      label={t('bisyaroh.common.employee')}
      searchable
      data={(employees.data?.items ?? []).map((e) => ({ value: String(e.id), label: `${e.name} (${e.nip})` }))}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
      required
    />
  );
}
