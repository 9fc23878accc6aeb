/** A posted voucher as a book reads it: money in is a debit of the cash box or bank, money out a credit. */
export interface BookEntry {
  date: string;
  debit: number;
  credit: number;
}

/**
 * The running balance after each entry and the balance at the end of each day, from the month's opening
 * balance. Entries come in book order (date, then posting order). Integer rupiah in, integer rupiah out.
 */
export function runningBalances<T extends BookEntry>(opening: number, entries: readonly T[]) {
  let balance = opening;
  const lines = entries.map((e) => {
    balance += e.debit - e.credit;
    return { ...e, balance };
  });
  const days: { date: string; debit: number; credit: number; balance: number }[] = [];
  for (const line of lines) {
    const last = days.at(-1);
    if (last && last.date === line.date) {
      last.debit += line.debit;
      last.credit += line.credit;
      last.balance = line.balance;
    } else days.push({ date: line.date, debit: line.debit, credit: line.credit, balance: line.balance });
  }
  const debit = lines.reduce((s, l) => s + l.debit, 0);
  const credit = lines.reduce((s, l) => s + l.credit, 0);
  return { lines, days, debit, credit, closing: opening + debit - credit };
}
