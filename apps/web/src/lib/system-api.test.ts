import { describe, expect, it } from 'vitest';
import { formatJakartaDate, formatJakartaTime } from './system-api.ts';

describe('the date and clock in Jakarta (UTC+7 all year), without an Intl formatter', () => {
  it('reads the Jakarta day and time of an instant, past midnight included', () => {
    const justAfterMidnight = new Date('2026-11-24T17:30:05Z'); // 00:30:05 WIB on the 25th
    expect(formatJakartaDate(justAfterMidnight, 'id')).toBe('Rabu, 25 November 2026');
    expect(formatJakartaDate(justAfterMidnight, 'en')).toBe('Wednesday, 25 November 2026');
    expect(formatJakartaTime(justAfterMidnight)).toBe('00:30:05');
  });

  it('writes what Intl writes for the Asia/Jakarta zone, over a year of instants', () => {
    const intlDate = (language: string) =>
      new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'id-ID', {
        timeZone: 'Asia/Jakarta',
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      });
    const intlTime = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Jakarta',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: false,
    });
    // every 37 hours and 13 minutes through 2027: each weekday, month and hour of the day comes round
    for (let t = Date.UTC(2027, 0, 1); t < Date.UTC(2028, 0, 1); t += (37 * 60 + 13) * 60_000 + 7_000) {
      const at = new Date(t);
      for (const language of ['id', 'en'])
        expect(formatJakartaDate(at, language), at.toISOString()).toBe(intlDate(language).format(at));
      expect(formatJakartaTime(at), at.toISOString()).toBe(intlTime.format(at));
    }
  });
});
