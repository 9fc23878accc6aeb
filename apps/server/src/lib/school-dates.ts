import { daysBetween } from '@mms/shared';
import { clock } from './clock.ts';
import { badRequest } from './errors.ts';

/** Refuses a date after today (Jakarta, on MMS's clock). */
export function assertNotFuture(date: string): void {
  if (date > clock.today()) throw badRequest('Tanggal tidak boleh di masa depan', { date: 'Di masa depan' });
}

/** Refuses a range whose end comes before its start, or longer than `maxDays`. */
export function assertRange(from: string, to: string, maxDays = 366): void {
  if (from > to) throw badRequest('Tanggal akhir tidak boleh sebelum tanggal awal', { to: 'Sebelum tanggal awal' });
  if (daysBetween(from, to) > maxDays) {
    throw badRequest(`Rentang tanggal maksimal ${maxDays} hari`, { to: 'Rentang terlalu panjang' });
  }
}
