import { describe, expect, it } from 'vitest';
import { chartedStudents, showPercent } from './api.ts';

describe('analysis figures', () => {
  it('shows no data as a dash, never as zero', () => {
    expect(showPercent(null)).toBe('–');
    expect(showPercent(undefined)).toBe('–');
    expect(showPercent(0)).toBe('0');
    expect(showPercent(66.7)).toBe('66.7');
  });

  it('labels each bar with the whole name and NIS, and leaves a student without data out of the chart', () => {
    const bars = chartedStudents([
      { name: 'Alif Ramadhan', nis: '2000001', percentage: 90 },
      { name: 'Alif Ramadhan', nis: '2000002', percentage: 0 },
      { name: 'Zahra Aulia', nis: '2000003', percentage: null },
    ]);
    expect(bars.map((b) => b.label)).toEqual(['Alif Ramadhan (2000001)', 'Alif Ramadhan (2000002)']);
    expect(bars.map((b) => b.percentage)).toEqual([90, 0]);
  });
});
