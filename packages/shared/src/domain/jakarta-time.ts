export const SCHOOL_TIME_ZONE = 'Asia/Jakarta';

export interface JakartaNow {
  /** ISO 8601 with the +07:00 offset, e.g. 2026-11-22T10:15:00+07:00 */
  iso: string;
  date: string;
  time: string;
}

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: SCHOOL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** A moment as the school's wall clock reads it (WIB, UTC+7, no daylight saving). */
export function toJakarta(moment: Date): JakartaNow {
  const p = Object.fromEntries(parts.formatToParts(moment).map((x) => [x.type, x.value]));
  const date = `${p.year}-${p.month}-${p.day}`;
  const time = `${p.hour}:${p.minute}:${p.second}`;
  return { iso: `${date}T${time}+07:00`, date, time };
}

/** Integer rupiah as the school writes it: Rp 1.250.000 */
export function formatRupiah(amount: number): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`rupiah must be an integer: ${amount}`);
  const sign = amount < 0 ? '-' : '';
  const digits = Math.abs(amount)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}Rp ${digits}`;
}
