import type { MantineSpacing, StyleProp } from '@mantine/core';
import { DateInput, DatesProvider, MonthPickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { parseDateText } from '@mms/shared';
import 'dayjs/locale/id';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { displayLanguage } from '../lib/display.ts';

/**
 * The date and month fields of every screen. A native `type="date"` shows the browser's order (mm/dd/yyyy on
 * an English browser); these show the Indonesian order `25/11/2026` (and `November 2026` for a month) in both
 * languages, accept typing (`25/11/2026`, `25-11-2026` or `2026-11-25`) or a calendar, and start the week on
 * Monday. Values stay `YYYY-MM-DD` (`YYYY-MM` for a month), '' when empty, as the contracts want them.
 */
interface CommonProps {
  label: ReactNode;
  error?: ReactNode;
  description?: ReactNode;
  withAsterisk?: boolean;
  required?: boolean;
  disabled?: boolean;
  /** Clearing gives ''; off for filters that always hold a date. */
  clearable?: boolean;
  w?: StyleProp<MantineSpacing | string | number>;
  name?: string;
  onBlur?: () => void;
}

function Dates({ children }: { children: ReactNode }) {
  return (
    <DatesProvider settings={{ locale: displayLanguage(), firstDayOfWeek: 1, weekendDays: [0] }}>
      {children}
    </DatesProvider>
  );
}

function useAriaLabels() {
  const { t } = useTranslation();
  return {
    nextMonth: t('dates.nextMonth'),
    previousMonth: t('dates.previousMonth'),
    nextYear: t('dates.nextYear'),
    previousYear: t('dates.previousYear'),
    nextDecade: t('dates.nextDecade'),
    previousDecade: t('dates.previousDecade'),
    monthLevelControl: t('dates.monthLevel'),
    yearLevelControl: t('dates.yearLevel'),
  };
}

type DateFieldProps = CommonProps & {
  value: string;
  onChange: (value: string) => void;
  /** The first and last day a person may choose (`YYYY-MM-DD`). */
  min?: string;
  max?: string;
};

export function DateField({
  value,
  onChange,
  min,
  max,
  clearable = false,
  w = { base: '100%', xs: 180 },
  ...rest
}: DateFieldProps) {
  const { t } = useTranslation();
  const ariaLabels = useAriaLabels();
  return (
    <Dates>
      <DateInput
        value={value || null}
        onChange={(v) => {
          const next = v ? v.slice(0, 10) : '';
          if (next === '' ? clearable : (!min || next >= min) && (!max || next <= max)) onChange(next);
        }}
        dateParser={parseDateText}
        valueFormat="DD/MM/YYYY"
        placeholder={t('dates.placeholder')}
        minDate={min}
        maxDate={max}
        clearable={clearable}
        clearButtonProps={{ 'aria-label': t('dates.clear') }}
        allowDeselect={clearable}
        ariaLabels={ariaLabels}
        w={w}
        {...rest}
      />
    </Dates>
  );
}

export function MonthField({
  value,
  onChange,
  clearable = false,
  w = { base: '100%', xs: 180 },
  ...rest
}: CommonProps & {
  /** `YYYY-MM`. */
  value: string;
  onChange: (month: string) => void;
}) {
  const { t } = useTranslation();
  const ariaLabels = useAriaLabels();
  return (
    <Dates>
      <MonthPickerInput
        value={value ? `${value.slice(0, 7)}-01` : null}
        onChange={(v) => (v ? onChange(v.slice(0, 7)) : clearable && onChange(''))}
        valueFormat="MMMM YYYY"
        monthsListFormat="MMMM"
        placeholder={t('dates.monthPlaceholder')}
        clearable={clearable}
        clearButtonProps={{ 'aria-label': t('dates.clear') }}
        ariaLabels={ariaLabels}
        w={w}
        {...rest}
      />
    </Dates>
  );
}

/** A date field of a react-hook-form form (clearable; its error comes from the form). */
export function FormDateField<V extends FieldValues>({
  control,
  name,
  ...rest
}: Omit<DateFieldProps, 'value' | 'onChange' | 'error'> & { control: Control<V>; name: Path<V> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateField
          value={(field.value as string | null) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          clearable
          w="100%"
          {...rest}
        />
      )}
    />
  );
}
