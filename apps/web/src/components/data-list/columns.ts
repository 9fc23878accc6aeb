import { formatRupiah } from '@mms/shared';
import type { ListColumn } from './data-list.tsx';

/** A money column: rupiah on screen, right-aligned; the Excel export writes the number. */
export function amountColumn<T>(accessor: keyof T & string, title: string): ListColumn<T> {
  const amount = (row: T) => row[accessor] as number;
  return { accessor, title, textAlign: 'right', render: (row) => formatRupiah(amount(row)), exportValue: amount };
}
