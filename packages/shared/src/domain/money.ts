/**
 * Money rules of the finance module (issue 15). Every amount is a whole number of rupiah: no
 * fractions anywhere in the money path, so every division below is an exact integer division.
 */

const RUPIAH = new Intl.NumberFormat('id-ID', {
  style: 'currency',
  currency: 'IDR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/**
 * Integer rupiah as the school writes it: `Rp 1.250.000`, `-Rp 500`. Intl puts a no-break space after
 * "Rp"; the papers, messages and tests use a plain one, so it is swapped. A fraction is a bug upstream
 * (money is whole rupiah), so it throws rather than rounding.
 */
export function formatRupiah(amount: number): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`rupiah must be an integer: ${amount}`);
  return RUPIAH.format(amount === 0 ? 0 : amount).replace('\u00a0', ' ');
}

function assertRupiah(amount: number, what = 'amount'): void {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new RangeError(`${what} must be a whole rupiah >= 0: ${amount}`);
}

/** a * b / c rounded down, for whole numbers, without ever holding a fraction. */
function mulDivFloor(a: number, b: number, c: number): number {
  const product = a * b;
  return (product - (product % c)) / c;
}

/** Where a fee rule applies; a null field matches every student. */
export interface FeeRuleScope {
  studentId: number | null;
  gradeId: number | null;
  program: string | null;
  boarding: 'MUKIM' | 'NON_MUKIM' | null;
  amount: number;
}

export interface FeeStudent {
  id: number;
  gradeId: number | null;
  program: string | null;
  boarding: 'MUKIM' | 'NON_MUKIM' | null;
}

/**
 * How specific a rule is, highest first: the student's own fee, then program and grade, then grade,
 * then program, then the unit's fee; a rule for the student's boarding (mukim or day) beats one for both.
 */
function specificity(rule: FeeRuleScope): number {
  return (
    (rule.studentId !== null ? 16 : 0) +
    (rule.gradeId !== null ? 8 : 0) +
    (rule.program !== null ? 4 : 0) +
    (rule.boarding !== null ? 1 : 0)
  );
}

function ruleMatches(rule: FeeRuleScope, student: FeeStudent): boolean {
  return (
    (rule.studentId === null || rule.studentId === student.id) &&
    (rule.gradeId === null || rule.gradeId === student.gradeId) &&
    (rule.program === null || rule.program === student.program) &&
    (rule.boarding === null || rule.boarding === student.boarding)
  );
}

/**
 * The fee of one component for a student: the most specific matching rule of that component
 * (see `specificity`), or null when no rule applies (the student is not billed for it).
 */
export function resolveFee(rules: readonly FeeRuleScope[], student: FeeStudent): number | null {
  let best: FeeRuleScope | null = null;
  for (const rule of rules) {
    if (!ruleMatches(rule, student)) continue;
    if (best === null || specificity(rule) > specificity(best)) best = rule;
  }
  return best ? best.amount : null;
}

/** A discount or scholarship: a whole percent (0-100) or an amount in rupiah. */
export type Discount = { percent: number; amount?: null } | { amount: number; percent?: null };

/**
 * The discount of a bill of `amount` rupiah. A percent rounds DOWN to the whole rupiah (the school
 * never gives more than the percent it approved); several discounts add up; the total is never
 * negative and never more than the bill.
 */
export function discountOf(amount: number, discounts: readonly Discount[]): number {
  assertRupiah(amount);
  let total = 0;
  for (const d of discounts) {
    if (d.percent !== null && d.percent !== undefined) {
      if (!Number.isInteger(d.percent) || d.percent < 0 || d.percent > 100)
        throw new RangeError(`percent must be 0-100: ${d.percent}`);
      total += mulDivFloor(amount, d.percent, 100);
    } else {
      assertRupiah(d.amount!, 'discount');
      total += d.amount!;
    }
  }
  return Math.min(total, amount);
}

/**
 * Splits `total` rupiah into instalments by whole percents that add up to 100 (60 then 40). Each part
 * rounds down and the last takes the remainder, so the parts always sum exactly to the total.
 */
export function splitInstalments(total: number, percents: readonly number[]): number[] {
  assertRupiah(total, 'total');
  if (percents.length === 0) throw new RangeError('at least one instalment');
  if (percents.some((p) => !Number.isInteger(p) || p <= 0) || percents.reduce((a, b) => a + b, 0) !== 100)
    throw new RangeError(`instalment percents must be whole, positive and sum to 100: ${percents.join(',')}`);
  const parts = percents.map((p) => mulDivFloor(total, p, 100));
  parts[parts.length - 1]! += total - parts.reduce((a, b) => a + b, 0);
  return parts;
}

/** The status of a bill from what is owed and what has been paid; CANCELLED is set only by a cancel. */
export function billStatusOf(amount: number, discount: number, paid: number): 'UNPAID' | 'PARTIAL' | 'PAID' {
  const due = amount - discount;
  if (paid >= due) return 'PAID';
  return paid > 0 ? 'PARTIAL' : 'UNPAID';
}

/** The months `YYYY-MM` from `from` to `to`, both included. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  while (y < ty || (y === ty && m <= tm)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
    if (out.length > 120) throw new RangeError('at most 120 months');
  }
  return out;
}
