import { sql, type SQL } from 'drizzle-orm';
import { clock } from './clock.ts';

/** Makes user text literal inside a LIKE/ILIKE pattern (its %, _ and \ match only themselves). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The row offset of a page (pages start at 1). */
export const offsetOf = (q: { page: number; pageSize: number }) => (q.page - 1) * q.pageSize;

/**
 * A list as one PostgreSQL array parameter (drizzle spreads a JS array into separate parameters).
 * Only for numbers, ISO dates and plain codes, which need no quoting inside an array literal.
 */
export const arrayParam = (values: readonly (number | string)[]) => `{${values.join(',')}}`;

/**
 * The clock's instant as a bound SQL parameter: the one way business SQL says "now", so rows,
 * deadlines and screens agree under MMS_NOW. The database's own `now()` is only for technical rows,
 * marked `db-clock: <why>` (`npm run check` runs scripts/check-sql-clock.mjs).
 */
export const sqlNow = (): SQL<Date> => sql<Date>`${clock.now()}::timestamptz`;
