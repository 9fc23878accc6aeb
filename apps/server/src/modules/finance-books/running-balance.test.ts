import { describe, expect, it } from 'vitest';
import { runningBalances } from './running-balance.ts';

describe('runningBalances', () => {
  it('carries the opening balance through each line and day to the closing balance', () => {
    const result = runningBalances(1_000_000, [
      { date: '2026-11-02', debit: 250_000, credit: 0 },
      { date: '2026-11-02', debit: 0, credit: 100_000 },
      { date: '2026-11-05', debit: 0, credit: 1_150_000 },
      { date: '2026-11-09', debit: 500_000, credit: 0 },
    ]);
    expect(result.lines.map((l) => l.balance)).toEqual([1_250_000, 1_150_000, 0, 500_000]);
    expect(result.days).toEqual([
      { date: '2026-11-02', debit: 250_000, credit: 100_000, balance: 1_150_000 },
      { date: '2026-11-05', debit: 0, credit: 1_150_000, balance: 0 },
      { date: '2026-11-09', debit: 500_000, credit: 0, balance: 500_000 },
    ]);
    expect(result).toMatchObject({ debit: 750_000, credit: 1_250_000, closing: 500_000 });
  });

  it('keeps the opening balance as closing for an empty month, and may go below zero', () => {
    expect(runningBalances(42, [])).toEqual({ lines: [], days: [], debit: 0, credit: 0, closing: 42 });
    expect(runningBalances(0, [{ date: '2026-11-01', debit: 0, credit: 5 }]).closing).toBe(-5);
  });
});
