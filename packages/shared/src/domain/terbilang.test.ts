import { describe, expect, it } from 'vitest';
import { terbilang, terbilangRupiah } from './terbilang.ts';

describe('terbilang', () => {
  it.each([
    [0, 'nol'],
    [1, 'satu'],
    [10, 'sepuluh'],
    [11, 'sebelas'],
    [15, 'lima belas'],
    [21, 'dua puluh satu'],
    [100, 'seratus'],
    [101, 'seratus satu'],
    [111, 'seratus sebelas'],
    [999, 'sembilan ratus sembilan puluh sembilan'],
    [1_000, 'seribu'],
    [1_001, 'seribu satu'],
    [2_000, 'dua ribu'],
    [11_000, 'sebelas ribu'],
    [100_000, 'seratus ribu'],
    [1_000_000, 'satu juta'],
    [1_250_000, 'satu juta dua ratus lima puluh ribu'],
    [1_000_000_000, 'satu miliar'],
    [2_500_001_000, 'dua miliar lima ratus juta seribu'],
    [1_000_000_000_000, 'satu triliun'],
    [-5_000, 'minus lima ribu'],
  ])('%i -> %s', (amount, words) => {
    expect(terbilang(amount)).toBe(words);
  });

  it('writes rupiah with a capital first letter', () => {
    expect(terbilangRupiah(1_250_000)).toBe('Satu juta dua ratus lima puluh ribu rupiah');
  });

  it('refuses fractions', () => {
    expect(() => terbilang(1000.5)).toThrow(RangeError);
  });
});
