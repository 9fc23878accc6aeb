import { describe, expect, it } from 'vitest';
import { raporScoreText } from './rapor-numbers.ts';

describe('raporScoreText', () => {
  it('prints whole numbers unless the school chose decimals, half up', () => {
    expect(raporScoreText(87.4, 0, 'id')).toBe('87');
    expect(raporScoreText(86.5, 0, 'id')).toBe('87');
    expect(raporScoreText(86.49, 0, 'en')).toBe('86');
    expect(raporScoreText(100, 0, 'id')).toBe('100');
  });

  it('writes the decimal comma in Indonesian and the point in English', () => {
    expect(raporScoreText(87.45, 1, 'id')).toBe('87,5');
    expect(raporScoreText(87.45, 1, 'en')).toBe('87.5');
    expect(raporScoreText(1.005, 2, 'id')).toBe('1,01');
    expect(raporScoreText(85, 1, 'id')).toBe('85,0');
    expect(raporScoreText(66.66666666666667, 2, 'en')).toBe('66.67');
  });

  it('prints a dash when there is no score', () => {
    expect(raporScoreText(null, 0, 'id')).toBe('-');
    expect(raporScoreText(null, 2, 'en')).toBe('-');
    expect(raporScoreText(1e-7, 1, 'id')).toBe('0,0');
  });
});
