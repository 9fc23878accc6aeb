import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE } from '@mms/shared';

export function setSessionCookie(reply: FastifyReply, sessionId: string, secure: boolean, maxAgeSeconds: number) {
  void reply.setCookie(SESSION_COOKIE, sessionId, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  void reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure });
}
