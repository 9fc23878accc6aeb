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
