import { Group, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { DateField } from '../../../components/date-fields.tsx';

/** A date and a time of the school's clock (WIB), as the assessment forms hold them. */
export interface WallClockValue {
  date: string;
  time: string;
}

/** An instant typed as a date and an HH:MM time side by side (a due time, an opening or a closing). */
export function DateTimeField({
  dateLabel,
  timeLabel,
  value,
  onChange,
  error,
  required = false,
}: {
  dateLabel: string;
  timeLabel: string;
  value: WallClockValue;
  onChange: (value: WallClockValue) => void;
  error?: ReactNode;
  required?: boolean;
}) {
  return (
    <Group align="flex-start" grow>
      <DateField
        label={dateLabel}
        value={value.date}
        onChange={(date) => onChange({ ...value, date })}
        clearable={!required}
        withAsterisk={required}
        error={error}
      />
      <TextInput
        type="time"
        label={timeLabel}
        value={value.time}
        onChange={(e) => onChange({ ...value, time: e.currentTarget.value })}
      />
    </Group>
  );
}
