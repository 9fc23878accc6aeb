import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  billStatusOf,
  discountOf,
  formatRupiah,
  monthsBetween,
  resolveFee,
  splitInstalments,
  type FeeRuleScope,
} from '@mms/shared';

// The money rules of shared/domain/money.ts, by example and by property (fast-check is the server's dev dependency).

const rule = (r: Partial<FeeRuleScope> & { amount: number }): FeeRuleScope => ({
  studentId: null,
  gradeId: null,
  program: null,
  boarding: null,
  ...r,
});
const student = { id: 7, gradeId: 3, program: 'Tahfidz', boarding: 'MUKIM' as const };

describe('resolveFee', () => {
  const rules = [
    rule({ amount: 100 }),
    rule({ gradeId: 3, amount: 200 }),
    rule({ program: 'Tahfidz', amount: 250 }),
    rule({ gradeId: 3, program: 'Tahfidz', amount: 300 }),
    rule({ gradeId: 3, program: 'Tahfidz', boarding: 'MUKIM', amount: 350 }),
    rule({ studentId: 7, amount: 50 }),
  ];
  it('takes the student, then program and grade, then grade, then program, then the unit', () => {
    expect(resolveFee(rules, student)).toBe(50);
    expect(resolveFee(rules.slice(0, 5), student)).toBe(350);
    expect(resolveFee(rules.slice(0, 5), { ...student, boarding: 'NON_MUKIM' })).toBe(300);
    expect(resolveFee(rules.slice(0, 3), student)).toBe(200);
    expect(resolveFee([rules[0]!, rules[2]!], student)).toBe(250);
    expect(resolveFee(rules.slice(0, 5), { id: 8, gradeId: 4, program: null, boarding: null })).toBe(100);
    expect(resolveFee([rule({ gradeId: 4, amount: 1 })], student)).toBeNull();
    expect(resolveFee(rules, { ...student, id: 9 })).toBe(350);
  });

  it('never picks a rule that does not match, and the order of rules does not matter', () => {
    const arbRule = fc.record({
      studentId: fc.option(fc.constantFrom(7, 8), { nil: null }),
      gradeId: fc.option(fc.constantFrom(3, 4), { nil: null }),
      program: fc.option(fc.constantFrom('Tahfidz', 'Reguler'), { nil: null }),
      boarding: fc.option(fc.constantFrom('MUKIM' as const, 'NON_MUKIM' as const), { nil: null }),
      amount: fc.integer({ min: 0, max: 10_000_000 }),
    });
    fc.assert(
      fc.property(fc.uniqueArray(arbRule, { selector: (r) => JSON.stringify({ ...r, amount: 0 }) }), (rs) => {
        const fee = resolveFee(rs, student);
        const matching = rs.filter(
          (r) =>
            (r.studentId ?? 7) === 7 &&
            (r.gradeId ?? 3) === 3 &&
            (r.program ?? 'Tahfidz') === 'Tahfidz' &&
            (r.boarding ?? 'MUKIM') === 'MUKIM',
        );
        if (matching.length === 0) return fee === null;
        return matching.some((r) => r.amount === fee) && resolveFee([...rs].reverse(), student) === fee;
      }),
    );
  });
});

describe('discountOf', () => {
  it('applies the anchors: yatim-piatu 100%, yatim 75%, teacher’s child 50%, low income 25%', () => {
    expect(discountOf(350000, [{ percent: 100 }])).toBe(350000);
    expect(discountOf(350000, [{ percent: 75 }])).toBe(262500);
    expect(discountOf(350000, [{ percent: 50 }])).toBe(175000);
    expect(discountOf(350000, [{ percent: 25 }])).toBe(87500);
    expect(discountOf(333, [{ percent: 50 }])).toBe(166); // rounds down to the rupiah
    expect(discountOf(100000, [{ amount: 150000 }])).toBe(100000);
    expect(discountOf(100000, [{ percent: 50 }, { amount: 20000 }])).toBe(70000);
    expect(() => discountOf(100, [{ percent: 101 }])).toThrow(RangeError);
    expect(() => discountOf(100.5, [])).toThrow(RangeError);
  });

  it('is a whole rupiah, never negative, never above the bill', () => {
    const arbDiscount = fc.oneof(
      fc.integer({ min: 0, max: 100 }).map((percent) => ({ percent })),
      fc.integer({ min: 0, max: 50_000_000 }).map((amount) => ({ amount })),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000_000 }), fc.array(arbDiscount, { maxLength: 4 }), (amount, ds) => {
        const d = discountOf(amount, ds);
        return Number.isSafeInteger(d) && d >= 0 && d <= amount;
      }),
    );
  });
});

describe('splitInstalments', () => {
  it('splits 60% then 40%', () => {
    expect(splitInstalments(5000000, [60, 40])).toEqual([3000000, 2000000]);
    expect(splitInstalments(1000, [33, 33, 34])).toEqual([330, 330, 340]);
    expect(splitInstalments(1001, [50, 50])).toEqual([500, 501]);
    expect(() => splitInstalments(100, [60, 30])).toThrow(RangeError);
    expect(() => splitInstalments(100, [])).toThrow(RangeError);
  });

  it('always sums exactly to the total, in whole non-negative rupiah', () => {
    const arbPercents = fc.array(fc.integer({ min: 1, max: 99 }), { minLength: 1, maxLength: 11 }).map((cuts) => {
      const points = [...new Set(cuts)].sort((a, b) => a - b);
      return [...points, 100].map((p, i, all) => p - (i === 0 ? 0 : all[i - 1]!));
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000_000 }), arbPercents, (total, percents) => {
        const parts = splitInstalments(total, percents);
        return (
          parts.length === percents.length &&
          parts.reduce((a, b) => a + b, 0) === total &&
          parts.every((p) => Number.isSafeInteger(p) && p >= 0)
        );
      }),
    );
  });
});

describe('formatRupiah and the rest', () => {
  it('formats as the school writes it', () => {
    expect(formatRupiah(1250000)).toBe('Rp 1.250.000');
    expect(formatRupiah(0)).toBe('Rp 0');
    expect(formatRupiah(999)).toBe('Rp 999');
    expect(() => formatRupiah(0.1)).toThrow(RangeError);
  });

  it('round-trips every whole rupiah through its digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (n) => {
        const s = formatRupiah(n);
        return /^Rp \d{1,3}(\.\d{3})*$/.test(s) && Number(s.slice(3).replaceAll('.', '')) === n;
      }),
    );
  });

  it('gives a bill’s status from what is owed and paid', () => {
    expect(billStatusOf(100, 0, 0)).toBe('UNPAID');
    expect(billStatusOf(100, 20, 10)).toBe('PARTIAL');
    expect(billStatusOf(100, 20, 80)).toBe('PAID');
    expect(billStatusOf(100, 100, 0)).toBe('PAID');
  });

  it('lists months across a year end', () => {
    expect(monthsBetween('2026-11', '2027-02')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthsBetween('2026-07', '2026-07')).toEqual(['2026-07']);
  });
});
