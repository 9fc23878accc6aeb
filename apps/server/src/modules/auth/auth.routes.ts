import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangePasswordRequest,
  ChangePasswordResponse,
  CurrentSessionResponse,
  ErrorBody,
  LoginRequest,
  OkResponse,
  SessionResponse,
} from '@mms/shared';
import { actorOf } from '../../lib/audit.ts';
import { clearSessionCookie, DEVICE_COOKIE, setDeviceCookie, setSessionCookie } from '../../lib/session-cookie.ts';
import { DEVICE_MAX_IDLE_DAYS, type AuthService } from './auth.service.ts';
import { clock } from '../../lib/clock.ts';
import { userCan } from '../../lib/scope.ts';
import type { PermissionResolver } from '../../lib/access.ts';
import { permissionsOf, PERMISSION_NAMES, type AuthUser } from '@mms/shared';

/** The session's permissions: the effective table (code and the ADMIN's overrides) the access hook read. */
const grantedOf = (user: AuthUser) => PERMISSION_NAMES.filter((p) => userCan(user, p));

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  cookieSecure: boolean;
  ipLimitPerMinute: number;
  /** the permission table as the ADMIN changed it, for the sign-in answer (the access hook has not run there) */
  permissions?: PermissionResolver;
}> = async (app, { auth, cookieSecure, ipLimitPerMinute, permissions }) => {
  app.post(
    '/login',
    {
      config: {
        access: 'public',
        // Per address: high enough for a whole school behind one NAT address signing in before an exam.
        rateLimit: { max: ipLimitPerMinute, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username and password',
        body: LoginRequest,
        response: { 200: SessionResponse, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const result = await auth.login(
        request.body,
        actorOf(request),
        request.headers['user-agent'] ?? null,
        request.cookies[DEVICE_COOKIE] ?? null,
      );
      setSessionCookie(reply, result.sessionId, cookieSecure, auth.maxAgeSeconds);
      setDeviceCookie(reply, result.deviceId, cookieSecure, DEVICE_MAX_IDLE_DAYS * 86_400);
      const user = result.user;
      const granted = permissions ? await permissions(user.division, user.unit?.id ?? null) : null;
      return {
        user,
        csrfToken: result.csrfToken,
        now: clock.jakarta().iso,
        permissions: granted ? PERMISSION_NAMES.filter((p) => granted.has(p)) : permissionsOf(user.division),
      };
    },
  );

  app.get(
    '/me',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user and the CSRF token',
        response: { 200: SessionResponse, 401: ErrorBody },
      },
    },
    async (request) => ({
      user: request.auth!.user,
      csrfToken: request.auth!.csrfToken,
      now: clock.jakarta().iso,
      permissions: grantedOf(request.auth!.user),
    }),
  );

  app.get(
    '/session',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'The session of this browser: the user and CSRF token, or user null for a guest (never 401)',
        response: { 200: CurrentSessionResponse },
      },
    },
    async (request) =>
      request.auth
        ? {
            user: request.auth.user,
            csrfToken: request.auth.csrfToken,
            now: clock.jakarta().iso,
            permissions: grantedOf(request.auth.user),
          }
        : { user: null, now: clock.jakarta().iso },
  );

  app.post(
    '/logout',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['auth'], summary: 'End this session', response: { 200: OkResponse } },
    },
    async (request, reply) => {
      await auth.logout(request.auth!, actorOf(request));
      clearSessionCookie(reply, cookieSecure);
      return { ok: true as const };
    },
  );

  app.post(
    '/password',
    {
      config: { access: 'profile.self' },
      schema: {
        tags: ['auth'],
        summary:
          'Change the own password; ends every session of the user and continues in a new one (new cookie and CSRF token)',
        body: ChangePasswordRequest,
        response: { 200: ChangePasswordResponse, 400: ErrorBody },
      },
    },
    async (request, reply) => {
      const changed = await auth.changePassword(
        request.auth!,
        request.body,
        actorOf(request),
        request.headers['user-agent'] ?? null,
      );
      setSessionCookie(reply, changed.sessionId, cookieSecure, auth.maxAgeSeconds);
      return { ok: true as const, otherSessionsEnded: changed.otherSessionsEnded, csrfToken: changed.csrfToken };
    },
  );
};
