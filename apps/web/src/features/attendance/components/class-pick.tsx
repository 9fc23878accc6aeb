import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { jakartaToday, useRegisterClasses } from '../api.ts';

/** The classes whose attendance the caller may see (homeroom first), from the attendance API itself. */
export function AttendanceClassSelect({
  value,
  onChange,
  unitId,
  ...rest
}: Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: number | null;
  onChange: (v: number | null) => void;
  unitId?: number | null;
}) {
  const { t } = useTranslation();
  const classes = useRegisterClasses(jakartaToday(), unitId);
  return (
    <Select
      label={t('att.class')}
      placeholder={t('att.allClasses')}
      data={(classes.data?.items ?? []).map((c) => ({ value: String(c.classGroupId), label: c.className }))}
      value={value ? String(value) : null}
      onChange={(v) => onChange(v ? Number(v) : null)}
      searchable
      clearable
      w={{ base: '100%', xs: 180 }}
      {...rest}
    />
  );
}
