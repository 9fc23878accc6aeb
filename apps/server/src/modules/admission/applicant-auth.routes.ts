import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApplicantSessionResponse, ApplicantSignInRequest, ErrorBody, OkResponse } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { applicants } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords.ts';
import {
  clearApplicantCookie,
  createApplicantSession,
  endApplicantSession,
  requireApplicant,
  setApplicantCookie,
} from './applicant-session.ts';

const applicantSummary = (db: Database, id: number) =>
  db
    .select({
      id: applicants.id,
      regNo: applicants.regNo,
      name: applicants.name,
      state: applicants.state,
      waveId: applicants.waveId,
      unitId: applicants.unitId,
    })
    .from(applicants)
    .where(eq(applicants.id, id))
    .then((rows) => rows[0]!);

/**
 * The applicant's sign-in with the registration number and PIN (issue 17), under /api/v1/admission/public.
 * The same answer for an unknown number and a wrong PIN, and the same argon2 work for both; limited per address
 * (`signInPerMinute`), so guessing a 6-digit PIN from one address takes weeks.
 */
export const applicantAuthRoutes: FastifyPluginAsyncZod<{
  db: Database;
  cookieSecure: boolean;
  signInPerMinute: number;
}> = async (app, { db, cookieSecure, signInPerMinute }) => {
  app.post(
    '/sign-in',
    {
      config: { access: 'public', rateLimit: { max: signInPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['admission'],
        summary: 'An applicant signs in with the registration number and PIN',
        body: ApplicantSignInRequest,
        response: { 200: ApplicantSessionResponse, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const { regNo, pin } = request.body;
      const [row] = await db
        .select({ id: applicants.id, pinHash: applicants.pinHash })
        .from(applicants)
        .where(eq(applicants.regNo, regNo))
        .limit(1);
      const ok = await verifyPassword(row?.pinHash ?? (await dummyPasswordHash()), pin);
      if (!row || !ok) throw new AppError('UNAUTHENTICATED', 'Nomor pendaftaran atau PIN salah');
      const { sessionId, csrfToken } = await db.transaction((tx) => createApplicantSession(tx, row.id));
      setApplicantCookie(reply, sessionId, cookieSecure);
      return { applicant: await applicantSummary(db, row.id), csrfToken };
    },
  );

  app.get(
    '/me',
    {
      config: { access: 'applicant' },
      schema: {
        tags: ['admission'],
        summary: 'The signed-in applicant and the CSRF token (401 when not signed in)',
        response: { 200: ApplicantSessionResponse, 401: ErrorBody },
      },
    },
    async (request) => {
      const me = await requireApplicant(db, request);
      return { applicant: await applicantSummary(db, me.applicantId), csrfToken: me.csrfToken };
    },
  );

  app.post(
    '/sign-out',
    {
      config: { access: 'applicant' },
      schema: {
        tags: ['admission'],
        summary: 'End the applicant session',
        response: { 200: OkResponse, 401: ErrorBody },
      },
    },
    async (request, reply) => {
      await requireApplicant(db, request);
      await endApplicantSession(db, request);
      clearApplicantCookie(reply, cookieSecure);
      return { ok: true as const };
    },
  );
};
