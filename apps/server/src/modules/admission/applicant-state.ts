import { eq, sql } from 'drizzle-orm';
import { APPLICANT_STATE_LABELS, canMoveApplicant, type ApplicantState } from '@mms/shared';
import type { Transaction } from '../../db/client.ts';
import { applicantEvents, applicants } from '../../db/schema/index.ts';
import { audited, type AuditActor } from '../../lib/audit.ts';
import { clock } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/errors.ts';

/**
 * The one way an applicant changes state (issue 17), used by every path (staff screens, the public form, the
 * selection test's submission, the ranking's decisions): locks the row, refuses a move the shared flow does not
 * allow (409, nothing written), then writes the state, the event and the audit entry in the caller's transaction.
 * `expect` guards against a stale screen: the move is refused unless the applicant is still in that state.
 */
export async function moveApplicant(
  tx: Transaction,
  actor: AuditActor,
  applicantId: number,
  to: ApplicantState,
  options: { note?: string | null; expect?: ApplicantState; set?: Partial<typeof applicants.$inferInsert> } = {},
) {
  const [row] = await tx
    .select({ id: applicants.id, state: applicants.state, regNo: applicants.regNo })
    .from(applicants)
    .where(eq(applicants.id, applicantId))
    .for('update');
  if (!row) throw notFound('Pendaftar');
  if (options.expect && row.state !== options.expect) {
    throw conflict(
      `Status pendaftar ${row.regNo} sudah berubah menjadi "${APPLICANT_STATE_LABELS[row.state].id}"; muat ulang halaman`,
    );
  }
  if (!canMoveApplicant(row.state, to)) {
    throw conflict(
      `Status "${APPLICANT_STATE_LABELS[row.state].id}" tidak dapat diubah menjadi "${APPLICANT_STATE_LABELS[to].id}"`,
    );
  }
  const now = clock.now();
  await tx
    .update(applicants)
    .set({
      ...options.set,
      state: to,
      updatedAt: now,
      ...(to === 'REGISTERED'
        ? { registeredAt: sql`coalesce(${applicants.registeredAt}, ${now.toISOString()}::timestamptz)` }
        : {}),
    })
    .where(eq(applicants.id, applicantId));
  await audited(
    tx,
    actor,
    {
      action: 'admission.applicant.state',
      entityType: 'applicant',
      entityId: applicantId,
      before: { state: row.state },
      after: { state: to, note: options.note ?? null },
    },
    () =>
      tx.insert(applicantEvents).values({
        applicantId,
        at: now,
        fromState: row.state,
        toState: to,
        note: options.note ?? null,
        byUserId: actor.userId,
      }),
  );
  return { from: row.state, to };
}
