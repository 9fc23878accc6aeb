import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import {
  CSRF_HEADER,
  isPermission,
  SESSION_COOKIE,
  type AuthUser,
  type Permission,
  type RouteAccess,
} from '@mms/shared';
import { isActor, toActor, type Actor } from './actor.ts';
import { AppError } from './errors.ts';
import { userCan } from './scope.ts';

export interface AuthContext {
  /** the account; from the access hook on, its `Actor` (token scopes and unit binding included) */
  user: AuthUser | Actor;
  /** the session's id hash; empty for a call with an API token */
  sessionIdHash: string;
  /** the session's CSRF token; empty for a call with an API token (which needs none) */
  csrfToken: string;
  /** set when the caller authenticated with an API token (`Authorization: Bearer`) instead of a session */
  token?: ApiTokenAuth;
}

export interface ApiTokenAuth {
  id: number;
  name: string;
  /** what the token was granted; a call may use one only if the account's division has it too */
  scopes: readonly Permission[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: a permission of the shared table, any signed-in user, or everyone. */
    access?: RouteAccess;
    /** The route checks a bearer token of its own (GET /metrics and METRICS_TOKEN), not an API token. */
    ownBearer?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

export interface SessionResolver {
  resolve(sessionId: string, request: FastifyRequest): Promise<AuthContext | null>;
}

/** What a division may do in a unit: the code's table with the ADMIN's overrides (modules/permissions). */
export type PermissionResolver = (
  division: AuthUser['division'],
  unitId: number | null,
) => Promise<ReadonlySet<Permission>>;

/** Resolves an API token (modules/api-tokens) into the auth context of the account it acts as. */
export interface TokenResolver {
  resolve(token: string, request: FastifyRequest): Promise<AuthContext | null>;
}

/** Whether the caller may use a permission: `userCan` of lib/scope.ts, the one rule (token scopes included). */
export const mayUse = (auth: AuthContext, permission: Permission): boolean => userCan(auth.user, permission);

/** The token of an `Authorization: Bearer <token>` header; null when the request has none. */
export function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer(?:\s+(.*))?$/i.exec(header.trim());
  return match ? (match[1] ?? '').trim() : null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('hex');

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Marks every route registered inside a scope as public (used for docs and static files). */
export function markPublic(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...(route.config as object), access: 'public' };
  });
}

/**
 * Resolves the API token of an `Authorization: Bearer` header, else the session cookie, then
 * enforces the route's declared access: 401 without a session or with a token that does not work, 403 without the CSRF header on a state-changing request,
 * 403 without the permission. Runs before body validation, so a caller who may not use a
 * route learns nothing about its input.
 */
export const accessPlugin = fp<{ sessions: SessionResolver; tokens?: TokenResolver; permissions?: PermissionResolver }>(
  async (app, { sessions, tokens, permissions }) => {
    const routes: RouteOptions[] = [];
    app.decorateRequest('auth', null);
    app.decorate('registeredRoutes', (): RegisteredRoute[] =>
      routes.flatMap((r) =>
        (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({
          method: String(method),
          url: r.url,
          access: (r.config as { access?: RouteAccess } | undefined)?.access,
        })),
      ),
    );

    app.addHook('onRoute', (route) => {
      routes.push(route);
    });

    app.addHook('onReady', async () => {
      const undeclared = app.registeredRoutes().filter((r) => r.method !== 'HEAD' && !r.access);
      if (undeclared.length > 0) {
        throw new Error(
          `routes without a declared access: ${undeclared.map((r) => `${r.method} ${r.url}`).join(', ')}`,
        );
      }
      for (const r of app.registeredRoutes()) {
        if (
          r.access &&
          r.access !== 'public' &&
          r.access !== 'authenticated' &&
          r.access !== 'applicant' &&
          !isPermission(r.access)
        ) {
          throw new Error(`route ${r.method} ${r.url} declares an unknown permission ${r.access}`);
        }
      }
    });

    app.addHook('onRequest', async (request) => {
      // A bearer token wins over a cookie; a token that does not resolve is a 401 whatever the route.
      const bearer = request.routeOptions.config.ownBearer ? null : bearerTokenOf(request);
      if (bearer !== null) {
        request.auth = bearer && tokens ? await tokens.resolve(bearer, request) : null;
        if (!request.auth) {
          throw new AppError('UNAUTHENTICATED', 'Token API tidak berlaku: salah, sudah dicabut atau kedaluwarsa');
        }
      } else {
        const sessionId = request.cookies[SESSION_COOKIE];
        if (sessionId) request.auth = await sessions.resolve(sessionId, request);
      }
      // The caller's Actor, built once for the request: what every service and row rule decides from.
      if (request.auth && !isActor(request.auth.user)) request.auth.user = toActor(request.auth.user);
      // ... with the permission table as the ADMIN changed it, for the caller's division and unit
      if (request.auth && permissions) {
        const user = request.auth.user as Actor;
        request.auth.user = { ...user, granted: await permissions(user.division, user.unit?.id ?? null) };
      }

      const access = request.routeOptions.config.access;
      // 'applicant' routes resolve the applicant's own session themselves (requireApplicant), with its CSRF token.
      if (!access || access === 'public' || access === 'applicant') return;
      if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Silakan masuk terlebih dahulu');
      // Browsers never attach a bearer header by themselves: a token call needs no CSRF token.
      if (!SAFE_METHODS.has(request.method) && !request.auth.token) {
        const header = request.headers[CSRF_HEADER];
        if (typeof header !== 'string' || !sameToken(header, request.auth.csrfToken)) {
          throw new AppError('CSRF_FAILED', 'Token keamanan (CSRF) tidak ada atau tidak cocok; muat ulang halaman');
        }
      }
      if (access !== 'authenticated' && !mayUse(request.auth, access)) {
        throw new AppError('FORBIDDEN', 'Anda tidak berhak membuka halaman atau data ini');
      }
    });
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: () => RegisteredRoute[];
  }
}
