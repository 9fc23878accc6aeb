import { formatRupiah } from '@mms/shared';
import { describe, expect, it } from 'vitest';
import { amountColumn, periodColumn } from './columns.ts';

describe('list columns', () => {
  it('shows an amount in rupiah, right-aligned, and exports the number', () => {
    const column = amountColumn<{ id: number; amount: number }>('amount', 'Nominal');
    const row = { id: 1, amount: 1500000 };
    expect(column.textAlign).toBe('right');
    expect(column.render!(row, 0)).toBe(formatRupiah(1500000));
    expect(column.exportValue!(row)).toBe(1500000);
  });

  it('shows a period as one date when it is one day', () => {
    const column = periodColumn<{ startDate: string; endDate: string | null }>('Tanggal');
    expect(column.render!({ startDate: '2026-12-01', endDate: null }, 0)).toBe('1 Desember 2026');
    expect(column.render!({ startDate: '2026-12-01', endDate: '2026-12-01' }, 0)).toBe('1 Desember 2026');
    expect(String(column.render!({ startDate: '2026-12-01', endDate: '2026-12-03' }, 0))).toContain('3 Desember 2026');
  });
});
