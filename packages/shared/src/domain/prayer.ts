/**
 * Dzuhur and ashar prayer records (issue 16): the statuses and the pure rules the server and the screens share.
 * Percentages are integer math (rounded half up), never floating point.
 */

export const PRAYERS = ['DZUHUR', 'ASHAR'] as const;
export type Prayer = (typeof PRAYERS)[number];

/** BERJAMAAH prayed in congregation, TERLAMBAT late, UDZUR excused (with a reason), TIDAK_SALAT absent. */
export const PRAYER_STATUSES = ['BERJAMAAH', 'TERLAMBAT', 'UDZUR', 'TIDAK_SALAT'] as const;
export type PrayerStatus = (typeof PRAYER_STATUSES)[number];

/** Why a student is excused: HAID (girls only), SAKIT (sick), IZIN (permitted). */
export const UDZUR_REASONS = ['HAID', 'SAKIT', 'IZIN'] as const;
export type UdzurReason = (typeof UDZUR_REASONS)[number];

export type PrayerCounts = Record<PrayerStatus, number>;

export const emptyPrayerCounts = (): PrayerCounts => ({ BERJAMAAH: 0, TERLAMBAT: 0, UDZUR: 0, TIDAK_SALAT: 0 });

/** Adds `b` into a copy of `a`. */
export const addPrayerCounts = (a: PrayerCounts, b: PrayerCounts): PrayerCounts => ({
  BERJAMAAH: a.BERJAMAAH + b.BERJAMAAH,
  TERLAMBAT: a.TERLAMBAT + b.TERLAMBAT,
  UDZUR: a.UDZUR + b.UDZUR,
  TIDAK_SALAT: a.TIDAK_SALAT + b.TIDAK_SALAT,
});

export const prayerTotal = (c: PrayerCounts): number => c.BERJAMAAH + c.TERLAMBAT + c.UDZUR + c.TIDAK_SALAT;

/** `part` of `whole` in whole percent, rounded half up; null when there is nothing to divide by. */
export function percentOf(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.floor((part * 200 + whole) / (2 * whole));
}

/**
 * The congregation rate: prayers in congregation (on time) out of the prayers a student owed, i.e. every record
 * except the excused ones (UDZUR). Null when nothing was owed.
 */
export const congregationRate = (c: PrayerCounts): number | null => percentOf(c.BERJAMAAH, prayerTotal(c) - c.UDZUR);

/** The congregation rate unrounded (66.666... for 2 of 3), for the rapor, which rounds it once to its decimals. */
export function exactCongregationRate(c: PrayerCounts): number | null {
  const owed = prayerTotal(c) - c.UDZUR;
  return owed > 0 ? (c.BERJAMAAH * 100) / owed : null;
}

/**
 * Whether a record is acceptable: UDZUR needs a reason and only UDZUR has one; HAID only for a girl (gender 'P').
 * Returns the Indonesian message of the problem, or null.
 */
export function prayerRecordProblem(
  gender: 'L' | 'P' | null,
  status: PrayerStatus,
  reason: UdzurReason | null | undefined,
): string | null {
  if (status !== 'UDZUR') return reason ? 'Alasan hanya untuk status udzur' : null;
  if (!reason) return 'Alasan udzur wajib dipilih';
  if (reason === 'HAID' && gender !== 'P') return 'Udzur haid hanya untuk siswi';
  return null;
}

/**
 * The discipline rule: points are due when a student's absences (TIDAK_SALAT) in a month are MORE than the
 * unit's threshold (threshold 4: the fifth absence). Once per student and month; the caller keeps that record.
 */
export const thresholdExceeded = (absences: number, threshold: number): boolean => absences > threshold;
