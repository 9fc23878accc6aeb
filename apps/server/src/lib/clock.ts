import { jakartaDate, toJakarta } from '@mms/shared';

/**
 * The one clock of MMS: every business date and time on the server comes from here, in
 * Asia/Jakarta. `MMS_NOW` (or `setClock` in tests) fixes it at an instant, from which it runs on
 * with real time, so sessions and timeouts still work while "today" is the chosen day.
 */
let offsetMs = 0;

export const clock = {
  /** The current instant on MMS's clock. */
  now: (): Date => new Date(Date.now() + offsetMs),
  /** Today's Jakarta calendar date (YYYY-MM-DD). */
  today: (): string => jakartaDate(clock.now()),
  /** Now as the school's wall clock reads it. */
  jakarta: () => toJakarta(clock.now()),
};

/** Sets MMS's clock to run from `instant` on (null: the host's clock again). */
export function setClock(instant: Date | string | null): void {
  offsetMs = instant === null ? 0 : new Date(instant).getTime() - Date.now();
}
