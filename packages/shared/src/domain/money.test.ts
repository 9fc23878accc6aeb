import { describe, expect, it } from 'vitest';
import { formatRupiah } from './money.ts';

describe('formatRupiah', () => {
  it('writes whole rupiah with dots and a plain space', () => {
    expect(formatRupiah(1250000)).toBe('Rp 1.250.000');
    expect(formatRupiah(999)).toBe('Rp 999');
    expect(formatRupiah(1000)).toBe('Rp 1.000');
    expect(formatRupiah(2147483647)).toBe('Rp 2.147.483.647');
    expect(formatRupiah(Number.MAX_SAFE_INTEGER)).toBe('Rp 9.007.199.254.740.991');
  });

  it('writes zero, minus zero and negative amounts', () => {
    expect(formatRupiah(0)).toBe('Rp 0');
    expect(formatRupiah(-0)).toBe('Rp 0');
    expect(formatRupiah(-500)).toBe('-Rp 500');
    expect(formatRupiah(-1250000)).toBe('-Rp 1.250.000');
  });

  it('refuses what is not a whole rupiah', () => {
    expect(() => formatRupiah(1.5)).toThrow(new RangeError('rupiah must be an integer: 1.5'));
    expect(() => formatRupiah(Number.NaN)).toThrow(RangeError);
    expect(() => formatRupiah(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => formatRupiah(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });
});
