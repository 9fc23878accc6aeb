import type { FastifyRequest } from 'fastify';
import { ALL_UNIT_DIVISIONS, type AuthUser, type Permission } from '@mms/shared';

/**
 * The signed-in caller as every check sees it, built once per request (the session or API-token resolver,
 * then the access hook) and passed down to the services: the account (an `AuthUser`, so a service that has
 * not moved to `Actor` yet still takes it) plus what the call itself was given. Row rules (modules/access)
 * decide from this and the database, never from an id the request offers.
 */
export interface Actor extends AuthUser {
  /** The scopes of the API token the call came with; null for a session (the division's grant alone). */
  readonly tokenScopes: ReadonlySet<Permission> | null;
  /** The call is held to `unit` although the division sees every unit (an API token bound to one unit). */
  readonly unitBound: boolean;
  /** Sees every unit: YAYASAN and ADMIN, unless a token binds them to one. */
  readonly allUnits: boolean;
  /**
   * What the division may do in the caller's unit: the code's table with the ADMIN's overrides (issue 39), set by
   * the access hook once per request; absent (a job, a test's plain account): the code's table alone.
   */
  readonly granted?: ReadonlySet<Permission>;
}

/** What an API token adds to the account it acts as. */
export interface TokenGrant {
  scopes: readonly Permission[];
  /** the unit the token is bound to, or null for the account's own reach */
  unit: AuthUser['unit'];
}

export const isActor = (user: AuthUser): user is Actor => 'tokenScopes' in user && 'unitBound' in user;

/**
 * The actor of an account: a session's (the division's grant and unit), or an API token's (narrowed to its
 * scopes; a token of one unit holds even YAYASAN and ADMIN to that unit). A new object: the account row is
 * not changed.
 */
export function toActor(user: AuthUser, token?: TokenGrant): Actor {
  const divisionSeesAll = ALL_UNIT_DIVISIONS.includes(user.division);
  const unitBound = !!token?.unit && divisionSeesAll;
  return {
    ...user,
    unit: unitBound ? token.unit : user.unit,
    tokenScopes: token ? new Set(token.scopes) : null,
    unitBound,
    allUnits: divisionSeesAll && !unitBound,
  };
}

/** The actor of an account that may or may not be one already (tests and jobs hand plain accounts). */
export const actorOfUser = (user: AuthUser): Actor => (isActor(user) ? user : toActor(user));

/** The signed-in caller of a route that declared a permission (the access hook guarantees one). */
export const actorOf = (request: FastifyRequest): Actor => actorOfUser(request.auth!.user);
