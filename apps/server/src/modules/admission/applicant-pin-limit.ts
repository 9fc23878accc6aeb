import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { applicantSignInFailures } from '../../db/schema/index.ts';
import { clock } from '../../lib/clock.ts';

/**
 * Wrong PINs count per applicant, from every address (issue 38), beside the per-address limit of the route:
 * PIN_MAX_FAILURES wrong PINs within PIN_FAILURE_WINDOW_MINUTES of each other lock that applicant's sign-in
 * for PIN_LOCK_MINUTES, the right PIN included. A 6-digit PIN then takes years to guess from any number of
 * addresses (at most 5 tries per 15 minutes, 480 a day, against 1,000,000 PINs).
 */
export const PIN_MAX_FAILURES = 5;
export const PIN_FAILURE_WINDOW_MINUTES = 15;
export const PIN_LOCK_MINUTES = 15;

const MINUTE_MS = 60_000;

/** Serialises the sign-ins of one applicant, so parallel guesses cannot slip past the count. */
export async function lockApplicantSignIn(tx: Executor, applicantId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'applicant-pin:' + applicantId}))`);
}

/** Seconds until the applicant's sign-in opens again, or null when it is open. */
export async function pinLockedFor(tx: Executor, applicantId: number): Promise<number | null> {
  const [row] = await tx
    .select({ lockedUntil: applicantSignInFailures.lockedUntil })
    .from(applicantSignInFailures)
    .where(eq(applicantSignInFailures.applicantId, applicantId));
  const left = row?.lockedUntil ? row.lockedUntil.getTime() - clock.now().getTime() : 0;
  return left > 0 ? Math.ceil(left / 1000) : null;
}

/** Counts a wrong PIN; the one that completes a run locks the sign-in (and starts a new run). */
export async function recordPinFailure(tx: Executor, applicantId: number) {
  const now = clock.now();
  const [row] = await tx
    .select()
    .from(applicantSignInFailures)
    .where(eq(applicantSignInFailures.applicantId, applicantId));
  const inRun = row && now.getTime() - row.lastFailedAt.getTime() <= PIN_FAILURE_WINDOW_MINUTES * MINUTE_MS;
  const failures = (inRun ? row.failures : 0) + 1;
  const locks = failures >= PIN_MAX_FAILURES;
  const values = {
    failures: locks ? 0 : failures,
    lastFailedAt: now,
    lockedUntil: locks ? new Date(now.getTime() + PIN_LOCK_MINUTES * MINUTE_MS) : null,
  };
  await tx
    .insert(applicantSignInFailures)
    .values({ applicantId, ...values })
    .onConflictDoUpdate({ target: applicantSignInFailures.applicantId, set: values });
}

/** A right PIN outside a lock: the run ends. */
export async function clearPinFailures(tx: Executor, applicantId: number) {
  await tx.delete(applicantSignInFailures).where(eq(applicantSignInFailures.applicantId, applicantId));
}
