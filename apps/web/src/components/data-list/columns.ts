import { formatRupiah } from '@mms/shared';
import { dateRangeText } from '../../lib/display.ts';
import type { ListColumn } from './data-list.tsx';

/** A money column: rupiah on screen, right-aligned; the Excel export writes the number. */
export function amountColumn<T>(accessor: keyof T & string, title: string): ListColumn<T> {
  const amount = (row: T) => row[accessor] as number;
  return { accessor, title, textAlign: 'right', render: (row) => formatRupiah(amount(row)), exportValue: amount };
}

/** A period column (leave, a calendar entry): "1–3 Desember 2026", one date when it is one day. */
export function periodColumn<T extends { startDate: string; endDate: string | null }>(title: string): ListColumn<T> {
  return { accessor: 'startDate', title, render: (row) => dateRangeText(row.startDate, row.endDate) };
}
