import { TextInput, type TextInputProps } from '@mantine/core';

/** A native date field (YYYY-MM-DD, phone-friendly picker); `max` keeps future dates out where the server refuses them. */
export function DateField({
  value,
  onChange,
  ...rest
}: Omit<TextInputProps, 'value' | 'onChange' | 'type'> & { value: string; onChange: (v: string) => void }) {
  return (
    <TextInput
      type="date"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      w={{ base: '100%', xs: 180 }}
      {...rest}
    />
  );
}
