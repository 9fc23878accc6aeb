import { AsyncLocalStorage } from 'node:async_hooks';
import { jakartaDate, toJakarta } from '@mms/shared';

/**
 * The one clock of MMS: every business date and time on the server comes from here, in
 * Asia/Jakarta. `MMS_NOW` (or `setClock` in tests) fixes it at an instant, from which it runs on
 * with real time, so sessions and timeouts still work while "today" is the chosen day.
 */
let offsetMs = 0;
/** The offset of one request's clock (`runAtClock`), over the process's. */
const requestOffset = new AsyncLocalStorage<number>();

export const clock = {
  /** The current instant on MMS's clock. */
  now: (): Date => new Date(Date.now() + (requestOffset.getStore() ?? offsetMs)),
  /** Today's Jakarta calendar date (YYYY-MM-DD). */
  today: (): string => jakartaDate(clock.now()),
  /** Now as the school's wall clock reads it. */
  jakarta: () => toJakarta(clock.now()),
};

/** Sets MMS's clock to run from `instant` on (null: the host's clock again). */
export function setClock(instant: Date | string | null): void {
  offsetMs = instant === null ? 0 : new Date(instant).getTime() - Date.now();
}

/**
 * Runs `fn` (and all it awaits) on a clock that runs from `instant` on, the rest of the process keeping its own:
 * the browser suite's test clock (`MMS_TEST_CLOCK`, app.ts), so one journey sets its day while others run beside it.
 */
export function runAtClock<T>(instant: Date | string, fn: () => T): T {
  return requestOffset.run(new Date(instant).getTime() - Date.now(), fn);
}
