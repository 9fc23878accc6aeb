import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApplicantSessionResponse, ApplicantSignInRequest, ErrorBody, OkResponse } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { applicants } from '../../db/schema/index.ts';
import { AppError, signInThrottled } from '../../lib/errors.ts';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords.ts';
import {
  clearApplicantCookie,
  createApplicantSession,
  endApplicantSession,
  requireApplicant,
  setApplicantCookie,
} from './applicant-session.ts';
import { clearPinFailures, lockApplicantSignIn, pinLockedFor, recordPinFailure } from './applicant-pin-limit.ts';

const wrongPin = () => new AppError('UNAUTHENTICATED', 'Nomor pendaftaran atau PIN salah');

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
 * (`signInPerMinute`) and per applicant from every address (`applicant-pin-limit.ts`: 5 wrong PINs lock the
 * applicant's sign-in for 15 minutes), so guessing a 6-digit PIN takes years.
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
      if (!row) {
        await verifyPassword(await dummyPasswordHash(), pin);
        throw wrongPin();
      }
      const outcome = await db.transaction(async (tx) => {
        await lockApplicantSignIn(tx, row.id);
        const lockedFor = await pinLockedFor(tx, row.id);
        if (lockedFor !== null) return { kind: 'locked' as const, retryAfter: lockedFor };
        if (!(await verifyPassword(row.pinHash, pin))) {
          await recordPinFailure(tx, row.id);
          return { kind: 'wrong' as const };
        }
        await clearPinFailures(tx, row.id);
        return { kind: 'ok' as const, ...(await createApplicantSession(tx, row.id)) };
      });
      if (outcome.kind === 'locked') throw signInThrottled(outcome.retryAfter);
      if (outcome.kind === 'wrong') throw wrongPin();
      setApplicantCookie(reply, outcome.sessionId, cookieSecure);
      return { applicant: await applicantSummary(db, row.id), csrfToken: outcome.csrfToken };
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
