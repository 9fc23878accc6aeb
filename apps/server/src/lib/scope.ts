import type { FastifyRequest } from 'fastify';
import { ALL_UNIT_DIVISIONS, can, type AuthUser, type Permission } from '@mms/shared';
import { forbidden } from './errors.ts';

/** What an API token was given, for callers who came with one (set by the token resolver). */
const tokenScopes = new WeakMap<AuthUser, ReadonlySet<Permission>>();

/** Narrows this caller to the scopes of the API token they called with. */
export function limitToScopes(user: AuthUser, scopes: readonly Permission[]): AuthUser {
  tokenScopes.set(user, new Set(scopes));
  return user;
}

/**
 * The one rule of what a caller may do, for route access and for every check inside a service: the
 * division's grant in the permission table, narrowed to the token's scopes when the call came with an API token.
 */
export const userCan = (user: AuthUser, permission: Permission): boolean =>
  can(user.division, permission) && (tokenScopes.get(user)?.has(permission) ?? true);

/** The signed-in caller of a route that declared a permission (the access hook guarantees one). */
export const userOf = (request: FastifyRequest): AuthUser => request.auth!.user;

/** Callers held to their `unit` although their division sees every unit (an API token bound to a unit). */
const unitBound = new WeakSet<AuthUser>();

/** Holds this caller to `user.unit` whatever their division (an API token of one unit). */
export function bindToUnit(user: AuthUser): AuthUser {
  unitBound.add(user);
  return user;
}

/** YAYASAN and ADMIN see every unit (unless an API token binds them to one); everyone else only their own. */
export const seesAllUnits = (user: AuthUser) => ALL_UNIT_DIVISIONS.includes(user.division) && !unitBound.has(user);

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
