import { z } from 'zod';

import { ERROR_CODES } from '../domain/protocol.ts';
import { zodMessage } from '../i18n/zod-messages.ts';

// Issues a contract gives no message for read as a person would say them (Indonesian message ids that
// renderMessage translates), never zod's "Invalid input: expected number, received NaN".
z.config({ customError: zodMessage });

/** The one error shape of every failed API call. */
export const ErrorBody = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The largest id a row can have: every id column is a 32-bit PostgreSQL integer. */
export const MAX_ID = 2_147_483_647;

/** An id as text (a path, a query): decimal digits without a leading zero, nothing around them. */
const DECIMAL_ID = /^[1-9][0-9]{0,9}$/;

/**
 * The id of a row, named for its messages: a whole number from 1 to MAX_ID, so an id past 32 bits is a
 * clear 400 and never reaches the database. Every contract takes its ids from here. Text is read only as
 * decimal digits: `Number()` would also take `0x10`, `1e2`, `+16`, `016` and ` 16`, and one row would have
 * many URLs.
 */
export const dbId = (label = 'Id') =>
  z.preprocess(
    (value) => (typeof value === 'string' && DECIMAL_ID.test(value) ? Number(value) : value),
    z
      // nothing or an empty number input (NaN): say the field is required, not that a number was expected
      .number({
        error: (issue) =>
          issue.input === undefined || Number.isNaN(issue.input) ? `${label} wajib diisi` : `${label} tidak valid`,
      })
      .int(`${label} tidak valid`)
      .positive(`${label} tidak valid`)
      .max(MAX_ID, `${label} tidak valid`),
  );

export const IdParams = z.object({ id: dbId() });

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000, 'Halaman terlalu jauh').default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
  q: z.string().trim().max(100).optional(),
  sort: z.string().max(50).optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const OkResponse = z.object({ ok: z.literal(true) });
