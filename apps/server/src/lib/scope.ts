import type { FastifyRequest } from 'fastify';
import { ALL_UNIT_DIVISIONS, type AuthUser } from '@mms/shared';
import { AppError, forbidden } from './errors.ts';

/** The signed-in caller of a route that declared a permission (the access hook guarantees one). */
export const userOf = (request: FastifyRequest): AuthUser => request.auth!.user;

/** YAYASAN and ADMIN see every unit; everyone else only their own. */
export const seesAllUnits = (user: AuthUser) => ALL_UNIT_DIVISIONS.includes(user.division);

/** Teachers see only the students of the classes they teach or lead as homeroom teacher. */
export const seesOnlyOwnClasses = (user: AuthUser) => user.division === 'TEACHER' || user.division === 'TEACHERCASHIER';

/**
 * The unit a list or lookup runs on: the requested one when the caller may see it, the caller's
 * own unit when none is requested, or null (every unit) for YAYASAN and ADMIN.
 */
export function unitScope(user: AuthUser, requested: number | undefined): number | null {
  if (seesAllUnits(user)) return requested ?? null;
  const own = user.unit?.id;
  if (own === undefined) throw forbidden('Akun Anda belum terhubung ke unit sekolah');
  if (requested !== undefined && requested !== own) throw forbidden('Anda hanya dapat membuka data unit Anda sendiri');
  return own;
}

/** Refuses a record of another unit to a caller bound to one unit. */
export function assertUnit(user: AuthUser, unitId: number | null): void {
  if (seesAllUnits(user)) return;
  if (unitId === null || unitId !== user.unit?.id) throw forbidden('Data ini milik unit lain');
}

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
  const cause = (err as { cause?: unknown })?.cause ?? err;
  const pg = pgError(cause) ?? pgError(err);
  if (pg?.code === '23505') throw new AppError('CONFLICT', messages.unique ?? 'Data yang sama sudah ada');
  if (pg?.code === '23503') {
    throw new AppError('CONFLICT', messages.inUse ?? 'Data masih dipakai oleh data lain atau rujukannya tidak ada');
  }
  if (pg?.code === '23514') throw new AppError('VALIDATION_FAILED', 'Data tidak memenuhi aturan');
  throw err;
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
