import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ChangePasswordRequest, ErrorBody, LoginRequest, OkResponse, SessionResponse } from '@mms/shared';
import { z } from 'zod';
import { actorOf } from '../../lib/audit.ts';
import { clearSessionCookie, setSessionCookie } from '../../lib/session-cookie.ts';
import type { AuthService } from './auth.service.ts';

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  cookieSecure: boolean;
  ipLimitPerMinute: number;
}> = async (app, { auth, cookieSecure, ipLimitPerMinute }) => {
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
      const result = await auth.login(request.body, actorOf(request), request.headers['user-agent'] ?? null);
      setSessionCookie(reply, result.sessionId, cookieSecure, auth.maxAgeSeconds);
      return { user: result.user, csrfToken: result.csrfToken };
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
    async (request) => ({ user: request.auth!.user, csrfToken: request.auth!.csrfToken }),
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
        summary: 'Change the own password; ends the other sessions of the user',
        body: ChangePasswordRequest,
        response: { 200: z.object({ ok: z.literal(true), otherSessionsEnded: z.number().int() }), 400: ErrorBody },
      },
    },
    async (request) => {
      const ended = await auth.changePassword(request.auth!, request.body, actorOf(request));
      return { ok: true as const, otherSessionsEnded: ended };
    },
  );
};
