import { clock } from '../lib/clock.ts';
import { runningJobs } from './queue.ts';

/** The jobs every MMS server registers (docs/jobs.md lists them with their schedules). */
export const JOB = {
  sessionCleanup: 'session-cleanup',
  examDeadline: 'exam-deadline',
  examDeadlineSweep: 'exam-deadline-sweep',
  outboxDeliver: 'outbox-deliver',
  billsDueNotify: 'bills-due-notify',
  billsMonthly: 'bills-monthly',
  /** a backup asked for on the backup screen (backup/runs.ts) */
  backupNow: 'backup-now',
  /** a whole unit's rapors as one zip, asked for on the rapor screen (modules/rapor/rapor-unit.service.ts) */
  raporUnit: 'rapor-unit',
} as const;

/**
 * Queues the deadline job of an exam attempt for its deadline plus grace (and any extension): the attempt is
 * submitted then even if no browser and no sweep come by. Without a running queue (tests, a CLI) it does
 * nothing: the once-a-minute sweep and the sweep before each start still submit it.
 */
export async function scheduleExamDeadline(attemptId: number, dueAt: Date): Promise<void> {
  const jobs = runningJobs();
  if (!jobs) return;
  // pg-boss runs on the real clock; MMS's clock may be shifted (MMS_NOW): wait the same span on the real one
  const wait = Math.max(0, dueAt.getTime() - clock.now().getTime()) + 1000;
  // a queue that cannot take it now leaves the attempt to the sweeps
  await jobs.send(JOB.examDeadline, { attemptId }, { startAfter: new Date(Date.now() + wait) }).catch(() => null);
}

/** Seconds after a message is written that its own delivery run starts (the writer's transaction commits first). */
export const OUTBOX_SOON_SECONDS = 2;
/** Per queue: until when a delivery run is already queued. */
const outboxSoonUntil = new WeakMap<object, number>();

/**
 * Queues a delivery run of the outbox for a moment from now: a message written by a decision goes out within
 * seconds, not at the next minute's tick (which still sends whatever this run misses, e.g. a message whose
 * transaction committed late). One run per moment per server however many messages are written; without a running
 * queue (tests, a CLI) it does nothing.
 */
export async function deliverOutboxSoon(): Promise<void> {
  const jobs = runningJobs();
  if (!jobs || Date.now() < (outboxSoonUntil.get(jobs) ?? 0)) return;
  const startAfter = new Date(Date.now() + OUTBOX_SOON_SECONDS * 1000);
  outboxSoonUntil.set(jobs, startAfter.getTime());
  await jobs.send(JOB.outboxDeliver, {}, { startAfter }).catch(() => null);
}
