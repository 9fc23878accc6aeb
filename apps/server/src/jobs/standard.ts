import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { AuditActor } from '../lib/audit.ts';
import { clock } from '../lib/clock.ts';
import { deleteExpiredSessions } from '../modules/auth/auth.repo.ts';
import { GRACE_SECONDS, sweepDeadlines } from '../modules/exam/play/exam.service.ts';
import { generateMonthlyBills } from '../modules/finance/finance.service.ts';
import { deliverDue } from '../modules/notifications/deliver.ts';
import { notifyBillsDue } from '../modules/notifications/outbox.ts';
import { runUnitRapors, type RaporUnitJob } from '../modules/rapor/rapor-unit.service.ts';
import type { Providers } from '../modules/notifications/providers.ts';
import { JOB, scheduleExamDeadline } from './names.ts';
import type { Jobs } from './queue.ts';

export { JOB };

/** Who the audit log names for what a scheduled job changes. */
export const JOB_ACTOR: AuditActor = { userId: null, username: 'system:jobs', ip: null, requestId: null };

/**
 * The deadline job of one attempt: submits it (through the same UPDATE as the sweep, so an attempt is submitted
 * exactly once whichever comes first) when its deadline, grace and extension have passed; an attempt extended
 * meanwhile is queued again for its new deadline.
 */
export async function runExamDeadline(db: Database, attemptId: number): Promise<void> {
  const result = await db.execute<{ assessmentId: number; status: string; dueAt: Date }>(sql`
    select assessment_id as "assessmentId", status,
      deadline_at + make_interval(secs => ${GRACE_SECONDS} + extension_seconds) as "dueAt"
    from attempts where id = ${attemptId}`);
  const t = result.rows[0];
  if (!t || t.status !== 'IN_PROGRESS') return;
  if (new Date(t.dueAt).getTime() >= clock.now().getTime()) {
    await scheduleExamDeadline(attemptId, new Date(t.dueAt));
    return;
  }
  await sweepDeadlines(db, t.assessmentId);
}

/** Registers MMS's jobs on the queue (workers only where JOBS_WORKERS is on). */
export async function registerStandardJobs(
  jobs: Jobs,
  deps: { db: Database; config: Config; providers: Providers },
): Promise<void> {
  const { db, config, providers } = deps;
  await jobs.schedule(JOB.sessionCleanup, '17 * * * *', () => deleteExpiredSessions(db));
  await jobs.work<{ attemptId: number }>(JOB.examDeadline, ({ attemptId }) => runExamDeadline(db, attemptId));
  await jobs.schedule(JOB.examDeadlineSweep, '* * * * *', () => sweepDeadlines(db));
  const deliver = () =>
    deliverDue(db, providers, { maxAttempts: config.OUTBOX_MAX_ATTEMPTS, retrySeconds: config.OUTBOX_RETRY_SECONDS });
  await jobs.schedule(JOB.outboxDeliver, '* * * * *', deliver);
  await jobs.schedule(JOB.billsDueNotify, '0 7 * * *', () => db.transaction((tx) => notifyBillsDue(tx)));
  await jobs.work<RaporUnitJob>(JOB.raporUnit, (job) => runUnitRapors(db, config.dataDir, job));
  if (config.BILLS_AUTO_MONTHLY) {
    await jobs.schedule(JOB.billsMonthly, '5 0 1 * *', () => generateMonthlyBills(db, JOB_ACTOR));
  } else {
    await jobs.unschedule(JOB.billsMonthly);
  }
}
