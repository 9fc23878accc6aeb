/**
 * Bisyaroh (the staff honorarium, issue 15): the pure rules. Every amount is integer rupiah; a deduction is a
 * negative line. The server gathers a month's numbers (JP taught, days present, on-time days, absences without
 * leave, open loans) and these functions turn them into the lines of a slip.
 */

export const BISYAROH_LINE_KINDS = [
  'JP',
  'DAY',
  'ON_TIME',
  'TRANSPORT',
  'ALLOWANCE',
  'LOAN',
  'ABSENCE',
  'ADJUSTMENT',
  'CORRECTION',
] as const;
export type BisyarohLineKind = (typeof BISYAROH_LINE_KINDS)[number];
/** Lines a person writes (kept when a month is computed again); the others are computed. */
export const MANUAL_LINE_KINDS: readonly BisyarohLineKind[] = ['ADJUSTMENT', 'CORRECTION'];

export interface BisyarohAllowance {
  name: string;
  amount: number;
}

/** The rates of a position or an employee, valid from a month. */
export interface BisyarohRates {
  perJp: number;
  perDay: number;
  onTimePerDay: number;
  transportPerDay: number;
  absencePerDay: number;
  allowances: readonly BisyarohAllowance[];
}

export interface RateRow extends BisyarohRates {
  employeeId: number | null;
  position: string | null;
  /** YYYY-MM */
  validFrom: string;
}

/**
 * The rates that apply to an employee in a month: the employee's own row beats the position's; of each, the one
 * with the latest `validFrom` not after the month (a change applies from its month, past months keep theirs).
 */
export function pickRates(
  rows: readonly RateRow[],
  employee: { id: number; position: string | null },
  month: string,
): RateRow | null {
  const latest = (match: (r: RateRow) => boolean) =>
    rows
      .filter((r) => match(r) && r.validFrom <= month)
      .reduce<RateRow | null>((best, r) => (best === null || r.validFrom > best.validFrom ? r : best), null);
  const own = latest((r) => r.employeeId === employee.id);
  if (own) return own;
  const position = employee.position?.trim().toLowerCase();
  if (!position) return null;
  return latest((r) => r.employeeId === null && r.position?.trim().toLowerCase() === position);
}

export interface LoanState {
  loanId: number;
  name: string;
  instalment: number;
  /** what is still owed before this month */
  remaining: number;
}

/** What one employee did in a month. */
export interface BisyarohMonthFacts {
  jp: number;
  daysPresent: number;
  onTimeDays: number;
  absentDays: number;
  loans: readonly LoanState[];
}

export interface ComputedLine {
  kind: BisyarohLineKind;
  label: string;
  quantity: number;
  rate: number;
  amount: number;
  loanId: number | null;
}

const line = (kind: BisyarohLineKind, label: string, quantity: number, rate: number, sign = 1): ComputedLine => ({
  kind,
  label,
  quantity,
  rate,
  amount: sign * quantity * rate,
  loanId: null,
});

/**
 * The computed lines of one employee's month. A line whose amount is 0 is left out (no rate or no count);
 * a loan deducts its instalment, or what remains when that is less.
 */
export function computeLines(rates: BisyarohRates, facts: BisyarohMonthFacts): ComputedLine[] {
  const lines = [
    line('JP', 'Mengajar (JP dengan jurnal)', facts.jp, rates.perJp),
    line('DAY', 'Kehadiran (hari hadir)', facts.daysPresent, rates.perDay),
    line('ON_TIME', 'Bonus tepat waktu (hari)', facts.onTimeDays, rates.onTimePerDay),
    line('TRANSPORT', 'Transport (hari hadir)', facts.daysPresent, rates.transportPerDay),
    ...rates.allowances.map((a) => line('ALLOWANCE', a.name, 1, a.amount)),
    line('ABSENCE', 'Potongan alpa (hari)', facts.absentDays, rates.absencePerDay, -1),
  ].filter((l) => l.amount !== 0);
  for (const loan of facts.loans) {
    const amount = Math.min(loan.instalment, loan.remaining);
    if (amount > 0) {
      lines.push({
        kind: 'LOAN',
        label: `Angsuran ${loan.name}`,
        quantity: 1,
        rate: amount,
        amount: -amount,
        loanId: loan.loanId,
      });
    }
  }
  return lines;
}

/** The total of a slip's lines (deductions are negative). */
export const slipTotal = (lines: readonly { amount: number }[]): number => lines.reduce((sum, l) => sum + l.amount, 0);

/** Staff attendance status of a day, as `staff_attendance.status`. */
export type StaffDayStatus = 'HADIR' | 'SAKIT' | 'IZIN' | 'DINAS_LUAR' | 'ALPA';

/**
 * Days present, on-time days and absences without leave of one employee in a month.
 * Present: HADIR (on time when lateMinutes is 0). Absent without leave: a school day (up to `until`) with no
 * attendance row and no approved leave, or any ALPA row.
 */
export function attendanceFacts(
  schoolDays: readonly string[],
  rows: ReadonlyMap<string, { status: StaffDayStatus; lateMinutes: number }>,
  leaveDays: ReadonlySet<string>,
  until: string,
): { daysPresent: number; onTimeDays: number; absentDays: number } {
  let daysPresent = 0;
  let onTimeDays = 0;
  let absentDays = 0;
  for (const [, row] of rows) {
    if (row.status === 'HADIR') {
      daysPresent += 1;
      if (row.lateMinutes === 0) onTimeDays += 1;
    } else if (row.status === 'ALPA') absentDays += 1;
  }
  for (const day of schoolDays) if (day <= until && !rows.has(day) && !leaveDays.has(day)) absentDays += 1;
  return { daysPresent, onTimeDays, absentDays };
}

/** The month after `YYYY-MM`. */
export function nextMonthOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}
