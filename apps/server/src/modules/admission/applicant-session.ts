import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APPLICANT_COOKIE, CSRF_HEADER } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { applicants, applicantSessions } from '../../db/schema/index.ts';
import { hashSessionId } from '../../lib/access.ts';
import { clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * The applicant's session (issue 17): parents sign in with the registration number and PIN, without a staff
 * account. A separate HttpOnly cookie `mms_applicant` (hashed in applicant_sessions) and its own CSRF token; the
 * staff's permission table does not apply, so applicant routes are declared `public` and call
 * `requireApplicant`, which decides from the cookie and the database which single applicant may be read.
 */
export interface ApplicantAuth {
  applicantId: number;
  waveId: number;
  unitId: number;
  csrfToken: string;
}

/** Two hours: long enough for the form and the selection test, short on a shared phone. */
export const APPLICANT_SESSION_SECONDS = 2 * 60 * 60;

type Db = Pick<Database, 'insert' | 'select' | 'delete'>;

export async function createApplicantSession(db: Db, applicantId: number) {
  const sessionId = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(32).toString('base64url');
  const now = clock.now();
  // Old sessions of the applicant end: one device at a time holds the form (and the test).
  await db.delete(applicantSessions).where(eq(applicantSessions.applicantId, applicantId));
  await db.insert(applicantSessions).values({
    idHash: hashSessionId(sessionId),
    applicantId,
    csrfToken,
    createdAt: now,
    expiresAt: new Date(now.getTime() + APPLICANT_SESSION_SECONDS * 1000),
  });
  return { sessionId, csrfToken };
}

export function setApplicantCookie(reply: FastifyReply, sessionId: string, secure: boolean) {
  void reply.setCookie(APPLICANT_COOKIE, sessionId, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/api/v1/admission/public',
    secure,
    maxAge: APPLICANT_SESSION_SECONDS,
  });
}

export function clearApplicantCookie(reply: FastifyReply, secure: boolean) {
  void reply.clearCookie(APPLICANT_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/api/v1/admission/public',
    secure,
  });
}

export async function endApplicantSession(db: Db, request: FastifyRequest) {
  const id = request.cookies[APPLICANT_COOKIE];
  if (id) await db.delete(applicantSessions).where(eq(applicantSessions.idHash, hashSessionId(id)));
}

/** Sessions past their end; run with the other clean-ups. */
export async function purgeApplicantSessions(db: Db) {
  await db.delete(applicantSessions).where(lt(applicantSessions.expiresAt, clock.now()));
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

function same(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The signed-in applicant, or 401; on a state-changing request also the CSRF header (403). Withdrawn applicants
 * still read their state; writing is the caller's rule (by state).
 */
export async function requireApplicant(db: Db, request: FastifyRequest): Promise<ApplicantAuth> {
  const id = request.cookies[APPLICANT_COOKIE];
  if (!id) throw new AppError('UNAUTHENTICATED', 'Masuk dengan nomor pendaftaran dan PIN terlebih dahulu');
  const [row] = await db
    .select({
      applicantId: applicants.id,
      waveId: applicants.waveId,
      unitId: applicants.unitId,
      csrfToken: applicantSessions.csrfToken,
    })
    .from(applicantSessions)
    .innerJoin(applicants, eq(applicants.id, applicantSessions.applicantId))
    .where(and(eq(applicantSessions.idHash, hashSessionId(id)), gt(applicantSessions.expiresAt, clock.now())))
    .limit(1);
  if (!row)
    throw new AppError('UNAUTHENTICATED', 'Sesi pendaftaran berakhir; masuk lagi dengan nomor pendaftaran dan PIN');
  if (!SAFE.has(request.method)) {
    const header = request.headers[CSRF_HEADER];
    if (typeof header !== 'string' || !same(header, row.csrfToken)) {
      throw new AppError('CSRF_FAILED', 'Token keamanan (CSRF) tidak ada atau tidak cocok; muat ulang halaman');
    }
  }
  return row;
}
