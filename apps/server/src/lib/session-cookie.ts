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

/**
 * The known-device cookie (issue 38): a random id, HttpOnly, sent only to the auth routes, for a year. A
 * sign-in carrying it is not held by the per-address failure rule for the device's own account.
 */
export const DEVICE_COOKIE = 'mms_device';
const DEVICE_COOKIE_PATH = '/api/v1/auth';

export function setDeviceCookie(reply: FastifyReply, deviceId: string, secure: boolean, maxAgeSeconds: number) {
  void reply.setCookie(DEVICE_COOKIE, deviceId, {
    httpOnly: true,
    sameSite: 'strict',
    path: DEVICE_COOKIE_PATH,
    secure,
    maxAge: maxAgeSeconds,
  });
}
