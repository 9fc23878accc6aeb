import { describe, expect, it } from 'vitest';
import type { Assessment } from '@mms/shared';
import { quizChoices, whenText, windowText } from './distribution-model.ts';

describe('the distribution texts', () => {
  it('shows instants on the school clock (WIB), whatever the browser’s zone', () => {
    expect(whenText('2026-11-25T00:30:00.000Z')).toBe('25/11/2026 07:30');
    expect(whenText(null)).toBe('–');
  });

  it('writes a window of one day with one date, of several days with both', () => {
    expect(windowText('2026-11-25T00:00:00.000Z', '2026-11-25T02:00:00.000Z')).toBe('25/11/2026 07:00 – 09:00');
    expect(windowText('2026-11-25T00:00:00.000Z', '2026-11-28T16:00:00.000Z')).toBe(
      '25/11/2026 07:00 – 28/11/2026 23:00',
    );
    // 23:30 WIB is still the 25th though it is the 25th 16:30 UTC; 17:30 UTC is the 26th in Jakarta
    expect(windowText('2026-11-25T16:30:00.000Z', '2026-11-25T17:30:00.000Z')).toBe(
      '25/11/2026 23:30 – 26/11/2026 00:30',
    );
    expect(windowText(null, null)).toBe('–');
    expect(windowText('2026-11-25T00:00:00.000Z', null)).toBe('25/11/2026 07:00 – …');
  });

  it('offers the editable quizzes first, then by title', () => {
    const q = (title: string, editable: boolean) => ({ title, editable }) as Assessment;
    expect(quizChoices([q('B', false), q('C', true), q('A', false), q('A2', true)]).map((a) => a.title)).toEqual([
      'A2',
      'C',
      'A',
      'B',
    ]);
  });
});
