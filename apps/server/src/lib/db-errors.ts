import { AppError } from './errors.ts';

/**
 * The one place where database errors become API errors. The database's constraints are the last
 * line of every rule (a unique index hit by a concurrent request, a row still referenced); the error
 * handler (http-errors.ts) maps whatever reaches it, and a service that knows a better message for
 * its own constraint wraps the write in `guarded`.
 */
interface PgError {
  code?: string;
  constraint?: string;
}
const pgError = (err: unknown): PgError | null =>
  typeof err === 'object' && err !== null && 'code' in err ? (err as PgError) : null;

/**
 * Turns the database's last-line guards into API errors: a unique index hit by a concurrent
 * request becomes 409, a row still referenced elsewhere 409, a missing reference 400.
 */
export function mapDbError(err: unknown, messages: { unique?: string; inUse?: string } = {}): never {
  throw dbErrorToApp(err, messages) ?? err;
}

/** The API error for a database error, or null when it is no error a request can cause. */
export function dbErrorToApp(err: unknown, messages: { unique?: string; inUse?: string } = {}): AppError | null {
  const cause = (err as { cause?: unknown })?.cause ?? err;
  const pg = pgError(cause) ?? pgError(err);
  switch (pg?.code) {
    case '23505': // unique_violation
      return new AppError('CONFLICT', messages.unique ?? 'Data yang sama sudah ada');
    case '23503': // foreign_key_violation
    case '23001': // restrict_violation: a row still referenced by an ON DELETE RESTRICT key (newer PostgreSQL)
      return new AppError('CONFLICT', messages.inUse ?? 'Data masih dipakai oleh data lain atau rujukannya tidak ada');
    case '23514': // check_violation
    case '23502': // not_null_violation
      return new AppError('VALIDATION_FAILED', 'Data tidak memenuhi aturan');
    case '22001': // string_data_right_truncation
    case '22003': // numeric_value_out_of_range
    case '22007': // invalid_datetime_format
    case '22008': // datetime_field_overflow
    case '22021': // character_not_in_repertoire (a NUL byte)
    case '22P02': // invalid_text_representation
    case '22P05': // untranslatable_character
      return new AppError('VALIDATION_FAILED', 'Data yang dikirim tidak valid');
    default:
      return databaseUnavailable(cause) || databaseUnavailable(err) ? unavailable() : null;
  }
}

const unavailable = () =>
  new AppError('UNAVAILABLE', 'Basis data sedang tidak dapat dihubungi. Coba lagi sebentar lagi.', undefined, {
    'retry-after': '5',
  });

/** Connection lost or refused, or the server shutting down or starting: the request may be tried again. */
function databaseUnavailable(err: unknown): boolean {
  const code = pgError(err)?.code ?? '';
  if (code.startsWith('08') || ['57P01', '57P02', '57P03', '53300', 'ECONNREFUSED', 'ECONNRESET'].includes(code))
    return true;
  const message = err instanceof Error ? err.message : '';
  return /^Connection terminated|timeout exceeded when trying to connect|connection error|not currently accepting connections/.test(
    message,
  );
}

/** Runs a write and maps the database guards' errors. */
export async function guarded<T>(work: () => Promise<T>, messages?: { unique?: string; inUse?: string }): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw err;
    return mapDbError(err, messages);
  }
}
