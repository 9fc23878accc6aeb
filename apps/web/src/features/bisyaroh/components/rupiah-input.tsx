import { NumberInput, type NumberInputProps } from '@mantine/core';

/** An integer rupiah field (no fraction, `1.250.000`); `negative` allows a deduction. */
export function RupiahInput({
  value,
  onChange,
  negative = false,
  ...rest
}: Omit<NumberInputProps, 'value' | 'onChange'> & {
  value: number;
  onChange: (v: number) => void;
  negative?: boolean;
}) {
  return (
    <NumberInput
      value={value}
      onChange={(v) => onChange(typeof v === 'number' ? v : 0)}
      thousandSeparator="."
      decimalSeparator=","
      allowDecimal={false}
      allowNegative={negative}
      {...rest}
    />
  );
}
