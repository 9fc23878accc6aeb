import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addPrayerCounts,
  congregationRate,
  exactCongregationRate,
  emptyPrayerCounts,
  percentOf,
  prayerRecordProblem,
  prayerTotal,
  thresholdExceeded,
} from './prayer.ts';

describe('percentOf', () => {
  it('rounds half up in integer math', () => {
    expect(percentOf(15, 19)).toBe(79); // 78.94
    expect(percentOf(1, 8)).toBe(13); // 12.5
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(0, 5)).toBe(0);
    expect(percentOf(5, 5)).toBe(100);
    expect(percentOf(1, 0)).toBeNull();
  });

  it('equals Math.round of the exact ratio and stays within 0..100', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }), (whole, raw) => {
        const part = raw % (whole + 1);
        const p = percentOf(part, whole)!;
        expect(p).toBe(Math.round((part * 100) / whole));
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(100);
      }),
    );
  });
});

describe('the congregation rate', () => {
  it('leaves the excused out of what was owed', () => {
    const c = { BERJAMAAH: 1, TERLAMBAT: 0, UDZUR: 1, TIDAK_SALAT: 3 };
    expect(prayerTotal(c)).toBe(5);
    expect(congregationRate(c)).toBe(25);
    expect(exactCongregationRate({ ...c, BERJAMAAH: 2, TIDAK_SALAT: 1 })).toBeCloseTo(66.667, 3);
    expect(congregationRate({ ...emptyPrayerCounts(), UDZUR: 2 })).toBeNull();
    expect(addPrayerCounts(c, c)).toEqual({ BERJAMAAH: 2, TERLAMBAT: 0, UDZUR: 2, TIDAK_SALAT: 6 });
  });
});

describe('a record', () => {
  it('needs a reason for udzur only, and haid only for a girl', () => {
    expect(prayerRecordProblem('L', 'BERJAMAAH', null)).toBeNull();
    expect(prayerRecordProblem('L', 'BERJAMAAH', 'IZIN')).toBe('Alasan hanya untuk status udzur');
    expect(prayerRecordProblem('L', 'UDZUR', null)).toBe('Alasan udzur wajib dipilih');
    expect(prayerRecordProblem('L', 'UDZUR', 'HAID')).toBe('Udzur haid hanya untuk siswi');
    expect(prayerRecordProblem(null, 'UDZUR', 'HAID')).toBe('Udzur haid hanya untuk siswi');
    expect(prayerRecordProblem('P', 'UDZUR', 'HAID')).toBeNull();
    expect(prayerRecordProblem('L', 'UDZUR', 'SAKIT')).toBeNull();
  });

  it('passes the threshold only above it', () => {
    expect(thresholdExceeded(4, 4)).toBe(false);
    expect(thresholdExceeded(5, 4)).toBe(true);
    expect(thresholdExceeded(1, 0)).toBe(true);
  });
});
