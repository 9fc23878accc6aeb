import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverNow, serverToday, syncServerClock } from './clock.ts';

afterEach(() => vi.useRealTimers());

describe('the server clock in the browser', () => {
  it('takes today from the server, not from a device set to another day and zone', () => {
    vi.useFakeTimers();
    // the device believes it is 30 June 2027, 23:00 UTC...
    vi.setSystemTime(new Date('2027-06-30T23:00:00Z'));
    expect(serverToday()).toBe('2027-07-01'); // (already 1 July in Jakarta)
    // ...while the server's clock (MMS_NOW) reads Sunday 29 November 2026, 10:00 WIB
    syncServerClock('2026-11-29T10:00:00+07:00');
    expect(serverToday()).toBe('2026-11-29');
    vi.advanceTimersByTime(14 * 3_600_000);
    expect(serverToday()).toBe('2026-11-30');
    expect(serverNow().toISOString()).toBe('2026-11-29T17:00:00.000Z');
  });

  it('ignores an answer without a readable time', () => {
    syncServerClock('2026-11-29T10:00:00+07:00', Date.now());
    const before = serverToday();
    syncServerClock('bukan waktu');
    expect(serverToday()).toBe(before);
  });
});
