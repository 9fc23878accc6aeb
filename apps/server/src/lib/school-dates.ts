import { toJakarta } from '@mms/shared';
import { badRequest } from './errors.ts';

/** Today's date on the school's wall clock (WIB). */
export const todayJakarta = (now = new Date()) => toJakarta(now).date;

/** 1 Monday ... 7 Sunday of a calendar date YYYY-MM-DD. */
export function weekdayOf(date: string): number {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Minutes since midnight of "HH:MM" or "HH:MM:SS". */
export function minutesOf(clock: string): number {
  const [h, m] = clock.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** Refuses a date after today (Jakarta). */
export function assertNotFuture(date: string, now = new Date()): void {
  if (date > todayJakarta(now)) throw badRequest('Tanggal tidak boleh di masa depan', { date: 'Di masa depan' });
}

/** Refuses a range whose end comes before its start. */
export function assertRange(from: string, to: string, maxDays = 366): void {
  if (from > to) throw badRequest('Tanggal akhir tidak boleh sebelum tanggal awal', { to: 'Sebelum tanggal awal' });
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 > maxDays) {
    throw badRequest(`Rentang tanggal maksimal ${maxDays} hari`, { to: 'Rentang terlalu panjang' });
  }
}
