import { describe, expect, it } from 'vitest';
import { browserName, dateTimeText, recordText } from './format.ts';

describe('admin formats', () => {
  it('writes an instant in Jakarta time, the day included', () => {
    // 23:30 UTC is already the next day, 06:30, in Jakarta
    expect(dateTimeText('2026-11-24T23:30:00Z')).toBe('25/11/2026 06.30');
    expect(dateTimeText('2026-11-24T23:30:00Z', 'en')).toBe('25/11/2026 06:30');
    expect(dateTimeText(null)).toBe('');
    expect(dateTimeText('kemarin')).toBe('');
  });

  it('shows a record as indented JSON, nothing as null', () => {
    expect(recordText({ isActive: false })).toBe('{\n  "isActive": false\n}');
    expect(recordText(null)).toBeNull();
  });

  it('names a browser and its system from the user agent', () => {
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    expect(browserName(chrome)).toBe('Chrome · Linux');
    expect(browserName('Mozilla/5.0 (Windows NT 10.0; rv:120.0) Gecko/20100101 Firefox/120.0')).toBe(
      'Firefox · Windows',
    );
    expect(browserName('curl/8.0')).toBe('curl/8.0');
    expect(browserName(null)).toBe('–');
  });
});
