import type { FastifyRequest } from 'fastify';
import { ALL_UNIT_DIVISIONS, can, type AuthUser, type Permission } from '@mms/shared';
import { actorOf, isActor, type Actor } from './actor.ts';
import { forbidden } from './errors.ts';

/**
 * The one rule of what a caller may do, for route access and for every check inside a service: the
 * division's grant in the permission table (with the ADMIN's overrides for the caller's division and unit, read
 * once per request by the access hook), narrowed to the token's scopes when the call came with an API token.
 */
export const userCan = (user: AuthUser | Actor, permission: Permission): boolean =>
  (isActor(user) && user.granted ? user.granted.has(permission) : can(user.division, permission)) &&
  (!isActor(user) || (user.tokenScopes?.has(permission) ?? true));

/** The signed-in caller of a route that declared a permission (the access hook guarantees one): its `Actor`. */
export const userOf = (request: FastifyRequest): Actor => actorOf(request);

/** YAYASAN and ADMIN see every unit (unless an API token binds them to one); everyone else only their own. */
export const seesAllUnits = (user: AuthUser | Actor) =>
  isActor(user) ? user.allUnits : ALL_UNIT_DIVISIONS.includes(user.division);

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
