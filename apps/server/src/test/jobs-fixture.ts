import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { clock } from '../lib/clock.ts';

// Test-only: running exam attempts whose deadline has passed, put straight into the tables (the exam tests cover
// how attempts start), for the job queue and two-server tests.

/** A quiz of the class and one running attempt of the student, its deadline `agoSeconds` before MMS's now. */
export async function attemptPast(
  db: Database,
  f: { unitId: number; subjectId: number; gradeId: number; studentId: number },
  agoSeconds: number,
  extensionSeconds = 0,
) {
  const [a] = (
    await db.execute<{ id: number }>(sql`
      insert into assessments (unit_id, kind, title, subject_id, grade_id, duration_minutes, state)
      values (${f.unitId}, 'FORMATIVE', ${`Kuis tenggat ${f.studentId}`}, ${f.subjectId}, ${f.gradeId}, 30, 'OPEN')
      returning id`)
  ).rows;
  const deadline = new Date(clock.now().getTime() - agoSeconds * 1000);
  const [t] = (
    await db.execute<{ id: number }>(sql`
      insert into attempts (assessment_id, student_id, attempt_no, started_at, deadline_at, extension_seconds)
      values (${a!.id}, ${f.studentId}, 1, ${new Date(deadline.getTime() - 1_800_000)}, ${deadline}, ${extensionSeconds})
      returning id`)
  ).rows;
  return { attemptId: t!.id, assessmentId: a!.id, deadline };
}

/** An attempt's state and how many times it was submitted automatically. */
export async function attemptState(db: Database, id: number) {
  const result = await db.execute<{ status: string; submittedBy: string | null; autoSubmits: number }>(sql`
    select t.status, t.submitted_by as "submittedBy",
      (select count(*)::int from attempt_events e where e.attempt_id = t.id and e.kind = 'AUTO_SUBMIT') as "autoSubmits"
    from attempts t where t.id = ${id}`);
  return result.rows[0]!;
}

/** Polls `what` until `ok` holds (or fails after `timeoutMs`). */
export async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await what();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
