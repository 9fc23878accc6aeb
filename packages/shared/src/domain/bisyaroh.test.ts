import { describe, expect, it } from 'vitest';
import { attendanceFacts, computeLines, nextMonthOf, pickRates, slipTotal, type RateRow } from './bisyaroh.ts';

const rates = {
  perJp: 25_000,
  perDay: 10_000,
  onTimePerDay: 5_000,
  transportPerDay: 15_000,
  absencePerDay: 50_000,
  allowances: [
    { name: 'Wali kelas', amount: 200_000 },
    { name: 'Tugas piket', amount: 0 },
  ],
};
const row = (over: Partial<RateRow>): RateRow => ({
  ...rates,
  employeeId: null,
  position: 'Guru',
  validFrom: '2026-01',
  ...over,
});

describe('computeLines', () => {
  it('turns a month into lines by hand numbers', () => {
    const lines = computeLines(rates, {
      jp: 12,
      daysPresent: 18,
      onTimeDays: 15,
      absentDays: 2,
      loans: [{ loanId: 7, name: 'Pinjaman koperasi', instalment: 300_000, remaining: 1_000_000 }],
    });
    // 12 x 25.000 = 300.000; 18 x 10.000 = 180.000; 15 x 5.000 = 75.000; 18 x 15.000 = 270.000;
    // wali kelas 200.000 (the 0 allowance is left out); alpa 2 x 50.000 = -100.000; loan -300.000
    expect(lines.map((l) => [l.kind, l.amount])).toEqual([
      ['JP', 300_000],
      ['DAY', 180_000],
      ['ON_TIME', 75_000],
      ['TRANSPORT', 270_000],
      ['ALLOWANCE', 200_000],
      ['ABSENCE', -100_000],
      ['LOAN', -300_000],
    ]);
    // 300.000 + 180.000 + 75.000 + 270.000 + 200.000 - 100.000 - 300.000 = 625.000
    expect(slipTotal(lines)).toBe(625_000);
    expect(lines.find((l) => l.kind === 'LOAN')!.loanId).toBe(7);
  });

  it('deducts only what remains of a loan, and nothing of a paid one', () => {
    const lines = computeLines(rates, {
      jp: 0,
      daysPresent: 0,
      onTimeDays: 0,
      absentDays: 0,
      loans: [
        { loanId: 1, name: 'A', instalment: 300_000, remaining: 120_000 },
        { loanId: 2, name: 'B', instalment: 300_000, remaining: 0 },
      ],
    });
    expect(lines.filter((l) => l.kind === 'LOAN').map((l) => l.amount)).toEqual([-120_000]);
    expect(slipTotal(lines)).toBe(200_000 - 120_000);
  });
});

describe('pickRates', () => {
  const rows = [
    row({ validFrom: '2026-01', perJp: 20_000 }),
    row({ validFrom: '2026-09', perJp: 25_000 }),
    row({ position: 'Kepala Sekolah', perJp: 99_000 }),
    row({ employeeId: 5, position: null, validFrom: '2026-10', perJp: 40_000 }),
  ];
  it('takes the latest position row not after the month (past months keep theirs)', () => {
    expect(pickRates(rows, { id: 1, position: 'guru ' }, '2026-08')!.perJp).toBe(20_000);
    expect(pickRates(rows, { id: 1, position: 'Guru' }, '2026-09')!.perJp).toBe(25_000);
    expect(pickRates(rows, { id: 1, position: 'Guru' }, '2025-12')).toBeNull();
    expect(pickRates(rows, { id: 1, position: null }, '2026-09')).toBeNull();
  });
  it("the employee's own row beats the position's from its month", () => {
    expect(pickRates(rows, { id: 5, position: 'Guru' }, '2026-09')!.perJp).toBe(25_000);
    expect(pickRates(rows, { id: 5, position: 'Guru' }, '2026-10')!.perJp).toBe(40_000);
  });
});

describe('attendanceFacts', () => {
  it('counts present, on time and absences without leave up to a day', () => {
    const school = ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07'];
    const rows = new Map([
      ['2026-11-02', { status: 'HADIR' as const, lateMinutes: 0 }],
      ['2026-11-03', { status: 'HADIR' as const, lateMinutes: 12 }],
      ['2026-11-04', { status: 'ALPA' as const, lateMinutes: 0 }],
      ['2026-11-05', { status: 'SAKIT' as const, lateMinutes: 0 }],
    ]);
    // 06: no row, approved leave -> not absent; 07: no row, after `until` -> not counted
    expect(attendanceFacts(school, rows, new Set(['2026-11-06']), '2026-11-06')).toEqual({
      daysPresent: 2,
      onTimeDays: 1,
      absentDays: 1,
    });
    // without the leave and up to the 7th: ALPA + 06 + 07 = 3
    expect(attendanceFacts(school, rows, new Set(), '2026-11-30').absentDays).toBe(3);
  });
});

it('nextMonthOf', () => {
  expect(nextMonthOf('2026-11')).toBe('2026-12');
  expect(nextMonthOf('2026-12')).toBe('2027-01');
});
