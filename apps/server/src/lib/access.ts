import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { can, CSRF_HEADER, isPermission, SESSION_COOKIE, type AuthUser, type RouteAccess } from '@mms/shared';
import { AppError } from './errors.ts';

export interface AuthContext {
  user: AuthUser;
  sessionIdHash: string;
  csrfToken: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: a permission of the shared table, any signed-in user, or everyone. */
    access?: RouteAccess;
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
 * Resolves the session cookie, then enforces the route's declared access:
 * 401 without a session, 403 without the CSRF header on a state-changing request,
 * 403 without the permission. Runs before body validation, so a caller who may not use a
 * route learns nothing about its input.
 */
export const accessPlugin = fp<{ sessions: SessionResolver }>(async (app, { sessions }) => {
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
      throw new Error(`routes without a declared access: ${undeclared.map((r) => `${r.method} ${r.url}`).join(', ')}`);
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
    const sessionId = request.cookies[SESSION_COOKIE];
    if (sessionId) request.auth = await sessions.resolve(sessionId, request);

    const access = request.routeOptions.config.access;
    // 'applicant' routes resolve the applicant's own session themselves (requireApplicant), with its CSRF token.
    if (!access || access === 'public' || access === 'applicant') return;
    if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Silakan masuk terlebih dahulu');
    if (!SAFE_METHODS.has(request.method)) {
      const header = request.headers[CSRF_HEADER];
      if (typeof header !== 'string' || !sameToken(header, request.auth.csrfToken)) {
        throw new AppError('CSRF_FAILED', 'Token keamanan (CSRF) tidak ada atau tidak cocok; muat ulang halaman');
      }
    }
    if (access !== 'authenticated' && !can(request.auth.user.division, access)) {
      throw new AppError('FORBIDDEN', 'Anda tidak berhak membuka halaman atau data ini');
    }
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: () => RegisteredRoute[];
  }
}
