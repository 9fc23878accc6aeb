import { fireEvent, screen } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { DateField, MonthField } from './date-fields.tsx';

function Harness(p: { initial: string; onChange: (v: string) => void; max?: string; clearable?: boolean }) {
  const [value, setValue] = useState(p.initial);
  return (
    <DateField
      label="Tanggal"
      value={value}
      max={p.max}
      clearable={p.clearable}
      onChange={(v) => {
        setValue(v);
        p.onChange(v);
      }}
    />
  );
}

afterEach(() => i18next.changeLanguage('id'));
const valueOf = (el: HTMLElement) => (el as HTMLInputElement).value;

describe('DateField', () => {
  it('shows the Indonesian order, whatever the browser', async () => {
    await renderWithApp(<Harness initial="2026-11-25" onChange={() => {}} />);
    expect(valueOf(screen.getByLabelText('Tanggal'))).toBe('25/11/2026');
  });

  it('reads a typed date in the Indonesian order and in the ISO form', async () => {
    const onChange = vi.fn();
    await renderWithApp(<Harness initial="2026-11-25" onChange={onChange} />);
    const input = screen.getByLabelText('Tanggal');
    fireEvent.change(input, { target: { value: '01/12/2026' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-12-01');
    fireEvent.change(input, { target: { value: '2027-01-05' } });
    expect(onChange).toHaveBeenLastCalledWith('2027-01-05');
    fireEvent.blur(input);
    expect(valueOf(input)).toBe('05/01/2027');
  });

  it('does not take a day that does not exist or one past the last allowed day', async () => {
    const onChange = vi.fn();
    await renderWithApp(<Harness initial="2026-11-25" max="2026-11-30" onChange={onChange} />);
    const input = screen.getByLabelText('Tanggal');
    fireEvent.change(input, { target: { value: '31/11/2026' } });
    fireEvent.change(input, { target: { value: '01/12/2026' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '30/11/2026' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-11-30');
  });

  it('keeps the day-first order in English too', async () => {
    await i18next.changeLanguage('en');
    await renderWithApp(<Harness initial="2026-03-04" onChange={() => {}} />);
    expect(valueOf(screen.getByLabelText('Tanggal'))).toBe('04/03/2026');
  });

  it('gives an empty value only when the field may be cleared', async () => {
    const onChange = vi.fn();
    await renderWithApp(<Harness initial="2026-11-25" clearable onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Tanggal'), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith('');
  });
});

describe('MonthField', () => {
  it('shows the month by name and gives YYYY-MM when one is chosen', async () => {
    const onChange = vi.fn();
    await renderWithApp(<MonthField label="Bulan" value="2026-11" onChange={onChange} />);
    const button = screen.getByLabelText('Bulan');
    expect(button.textContent).toContain('November 2026');
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('button', { name: 'Desember' }));
    expect(onChange).toHaveBeenCalledWith('2026-12');
  });
});

describe('the clear button of a date field', () => {
  it('has a name a screen reader reads', async () => {
    await renderWithApp(<Harness initial="2026-11-25" clearable onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Kosongkan tanggal' })).toHaveProperty('disabled', false);
  });
});
