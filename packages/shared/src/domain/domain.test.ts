import { describe, expect, it } from 'vitest';
import { academicPeriodOf, academicPeriodOfDate } from './dates.ts';
import { numberList } from './number-list.ts';
import { formatRupiah } from './money.ts';
import { toJakarta } from './dates.ts';
import { can, PERMISSIONS, permissionsOf } from './permissions.ts';
import { DIVISIONS } from './divisions.ts';

describe('academic year (July rule)', () => {
  it.each([
    [2025, 1, '2024/2025', 'GENAP'],
    [2025, 6, '2024/2025', 'GENAP'],
    [2025, 7, '2025/2026', 'GANJIL'],
    [2025, 12, '2025/2026', 'GANJIL'],
  ] as const)('%i-%i is %s %s', (year, month, tapel, semester) => {
    expect(academicPeriodOf(year, month)).toMatchObject({ tapel, semester });
  });

  it('reads a Jakarta date', () => {
    expect(academicPeriodOfDate('2026-06-30')).toEqual({ tapel: '2025/2026', semester: 'GENAP', startYear: 2025 });
    expect(academicPeriodOfDate('2026-07-01')).toEqual({ tapel: '2026/2027', semester: 'GANJIL', startYear: 2026 });
  });

  it('refuses impossible months and dates', () => {
    expect(() => academicPeriodOf(2025, 0)).toThrow(RangeError);
    expect(() => academicPeriodOf(2025, 13)).toThrow(RangeError);
    expect(() => academicPeriodOfDate('2025/07/01')).toThrow(RangeError);
  });
});

describe('number list', () => {
  it('pads numbers below 10 to two digits', () => {
    expect(numberList(0)).toEqual([]);
    expect(numberList(1)).toEqual(['01']);
    expect(numberList(11)).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11']);
    expect(numberList(100).at(-1)).toBe('100');
  });
  it('refuses negative and fractional lengths', () => {
    expect(() => numberList(-1)).toThrow(RangeError);
    expect(() => numberList(2.5)).toThrow(RangeError);
  });
});

describe('Jakarta time and rupiah', () => {
  it('converts a UTC instant to WIB across the date line', () => {
    expect(toJakarta(new Date('2026-06-30T17:00:00Z'))).toEqual({
      iso: '2026-07-01T00:00:00+07:00',
      date: '2026-07-01',
      time: '00:00:00',
    });
    expect(toJakarta(new Date('2026-06-30T16:59:59Z')).date).toBe('2026-06-30');
  });
  it('formats integer rupiah with dots', () => {
    expect(formatRupiah(1250000)).toBe('Rp 1.250.000');
    expect(formatRupiah(0)).toBe('Rp 0');
    expect(formatRupiah(-500)).toBe('-Rp 500');
    expect(() => formatRupiah(1.5)).toThrow(RangeError);
  });
});

describe('permission table', () => {
  it('grants every permission to at least one division and everything to ADMIN except self-service', () => {
    for (const [name, divisions] of Object.entries(PERMISSIONS)) {
      expect(divisions.length, name).toBeGreaterThan(0);
    }
    const adminLacks = Object.keys(PERMISSIONS).filter((p) => !can('ADMIN', p as keyof typeof PERMISSIONS));
    expect(adminLacks.sort()).toEqual([
      'assessment.take',
      'bisyaroh.self',
      'counselling.confidential',
      'counselling.self',
      'finance.self',
      // a teacher's own subject and a homeroom's own class: nothing for ADMIN to submit or write
      'rapor.note',
      'rapor.self',
      'rapor.submit',
      'school.student.self',
    ]);
  });
  it('keeps students out of staff data', () => {
    expect(can('STUDENT', 'school.student.read')).toBe(false);
    expect(can('STUDENT', 'audit.read')).toBe(false);
    expect(can('STUDENT', 'assessment.take')).toBe(true);
    expect(can(null, 'dashboard.view')).toBe(false);
  });
  it('lists a division permissions', () => {
    for (const d of DIVISIONS) expect(permissionsOf(d)).toContain('dashboard.view');
    expect(permissionsOf('TU')).not.toContain('finance.manage');
  });
});
