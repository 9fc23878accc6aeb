import { describe, expect, it } from 'vitest';
import { showPercent } from './api.ts';

describe('analysis figures', () => {
  it('shows no data as a dash, never as zero', () => {
    expect(showPercent(null)).toBe('–');
    expect(showPercent(undefined)).toBe('–');
    expect(showPercent(0)).toBe('0');
    expect(showPercent(66.7)).toBe('66.7');
  });
});
