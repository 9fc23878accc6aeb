import { timestamp } from 'drizzle-orm/pg-core';
import { clock } from '../../lib/clock.ts';

/**
 * A business row's time, stamped on insert from MMS's clock (MMS_NOW applies): drizzle fills it
 * from `clock.now()` when the insert names no value. The column's database default `now()` is only a
 * fallback for a raw SQL insert that names no value (such inserts name it: see btq.repo.ts), and it
 * keeps the migrations as they are.
 */
export const clockStamp = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow() // db-clock: fallback for raw SQL inserts only; drizzle inserts take clock.now() below
    .$defaultFn(() => clock.now());

/**
 * A technical row's time on the database's wall clock, not MMS_NOW: sessions and sign-in attempts,
 * whose expiry and rate-limit windows run on real time (`Date.now()`, SQL `now()`).
 */
export const wallStamp = () => timestamp({ withTimezone: true }).notNull().defaultNow(); // db-clock: technical rows on real time
