import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { clock } from '../lib/clock.ts';
import { GRACE_SECONDS, sweepDeadlines } from '../modules/exam/play/exam.service.ts';
import { generateMonthlyBills } from '../modules/finance/finance.service.ts';
import { notify } from '../modules/notifications/outbox.ts';
import { logProvider } from '../modules/notifications/providers.ts';
import { paymentsFixture } from '../test/finance-payments-fixture.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { attemptPast as insertAttempt, attemptState, until } from '../test/jobs-fixture.ts';
import { JOB, scheduleExamDeadline } from './names.ts';
import { startJobs, type Jobs } from './queue.ts';
import { JOB_ACTOR, registerStandardJobs, runExamDeadline } from './standard.ts';

let ctx: TestContext;
let p: Awaited<ReturnType<typeof paymentsFixture>>;
const running: Jobs[] = [];
const quiet = { info: () => undefined, warn: () => undefined };

const start = async () => {
  const jobs = await startJobs({ url: ctx.config.DATABASE_URL!, log: quiet, workers: true });
  running.push(jobs);
  return jobs;
};

beforeAll(async () => {
  ctx = await createTestContext();
  p = await paymentsFixture(ctx);
});
// no worker outlives the file
afterAll(async () => {
  for (const jobs of running) await jobs.stop(2000);
  await ctx.close();
});

const attemptPast = (db: Database, studentIndex: number, agoSeconds: number, extensionSeconds = 0) =>
  insertAttempt(
    db,
    {
      unitId: p.f.unitId,
      subjectId: p.f.subject.id,
      gradeId: p.f.classA.gradeId,
      studentId: p.f.studentsA[studentIndex]!.id,
    },
    agoSeconds,
    extensionSeconds,
  );
const attempt = (id: number) => attemptState(ctx.db, id);

describe('the job queue in PostgreSQL', () => {
  it('runs each job sent once, with two servers working the same queue', async () => {
    const [a, b] = [await start(), await start()];
    const ran: { by: string; n: number }[] = [];
    const worker = (by: string) => async (data: { n: number }) => void ran.push({ by, n: data.n });
    await a.work<{ n: number }>('mms-test-echo', worker('a'));
    await b.work<{ n: number }>('mms-test-echo', worker('b'));
    for (let n = 0; n < 12; n++) await (n % 2 ? a : b).send('mms-test-echo', { n });
    // every job completed in the queue (marked after its handler returned): none can be fetched and run again
    const states = await until(
      async () =>
        (
          await ctx.db.execute<{ state: string; n: number }>(sql`
            select state, count(*)::int as n from pgboss.job where name = 'mms-test-echo' group by state`)
        ).rows,
      (rows) => rows.length === 1 && rows[0]!.state === 'completed' && rows[0]!.n === 12,
    );
    expect(states).toEqual([{ state: 'completed', n: 12 }]);
    expect(ran.map((r) => r.n).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it("keeps MMS's schedules as rows: the standard jobs, and monthly bills only when switched on", async () => {
    const jobs = running[0]!;
    const providers = {
      whatsapp: logProvider(() => undefined),
      email: logProvider(() => undefined),
      log: logProvider(() => undefined),
    };
    await registerStandardJobs(jobs, { db: ctx.db, config: loadConfig({ BILLS_AUTO_MONTHLY: 'true' }), providers });
    let schedules = await jobs.boss.getSchedules();
    expect(
      Object.fromEntries(schedules.map((s) => [s.name, `${s.cron} ${(s as { timezone?: string }).timezone}`])),
    ).toEqual({
      [JOB.sessionCleanup]: '17 * * * * Asia/Jakarta',
      [JOB.examDeadlineSweep]: '* * * * * Asia/Jakarta',
      [JOB.outboxDeliver]: '* * * * * Asia/Jakarta',
      [JOB.billsDueNotify]: '0 7 * * * Asia/Jakarta',
      [JOB.billsMonthly]: '5 0 1 * * Asia/Jakarta',
    });
    await registerStandardJobs(jobs, { db: ctx.db, config: loadConfig({}), providers });
    schedules = await jobs.boss.getSchedules();
    expect(schedules.map((s) => s.name).sort()).toEqual(
      [JOB.billsDueNotify, JOB.examDeadlineSweep, JOB.outboxDeliver, JOB.sessionCleanup].sort(),
    );
  });

  it('submits an attempt at its deadline through its own delayed job, once, whatever comes by after', async () => {
    const { attemptId, deadline } = await attemptPast(ctx.db, 0, GRACE_SECONDS + 5);
    await scheduleExamDeadline(attemptId, new Date(deadline.getTime() + GRACE_SECONDS * 1000));
    // no sweep runs here (its schedule is off): the attempt's own job, on the worker registered above, submits it
    await running[0]!.boss.unschedule(JOB.examDeadlineSweep);
    await until(
      () => attempt(attemptId),
      (t) => t.status !== 'IN_PROGRESS',
    );
    expect(await attempt(attemptId)).toMatchObject({ submittedBy: 'DEADLINE', autoSubmits: 1 });
    const done = await until(
      async () =>
        (
          await ctx.db.execute<{ state: string }>(sql`
            select state from pgboss.job where name = ${JOB.examDeadline} and (data->>'attemptId')::int = ${attemptId}`)
        ).rows.map((r) => r.state),
      (states) => states.includes('completed'),
    );
    expect(done).toEqual(['completed']);
    // the sweep coming by after it, and a late duplicate job, change nothing
    await sweepDeadlines(ctx.db);
    await runExamDeadline(ctx.db, attemptId); // a late duplicate job changes nothing
    expect((await attempt(attemptId)).autoSubmits).toBe(1);
  });

  it('sends a message a moment after the change that wrote it, not at the next minute’s tick', async () => {
    // no tick here: the outbox's schedule is off; its worker (registered above) stays and takes the sent run
    await running[0]!.boss.unschedule(JOB.outboxDeliver);
    const subject = `Segera ${Date.now()}`;
    await ctx.db.transaction((tx) =>
      notify(tx, [{ name: 'Bu Sari', phone: '081234567890' }], { topic: 'leave.decision', subject, body: 'Isi' }),
    );
    const state = async () =>
      (await ctx.db.execute<{ state: string }>(sql`select state from outbox_messages where subject = ${subject}`))
        .rows[0]?.state;
    expect(await until(state, (s) => s === 'sent')).toBe('sent');
  });

  it('leaves an attempt whose deadline was extended running, and queues its job for the new deadline', async () => {
    const { attemptId } = await attemptPast(ctx.db, 1, GRACE_SECONDS + 5, 3600);
    const queued = async () =>
      (
        await ctx.db.execute<{ n: number }>(sql`
          select count(*)::int as n from pgboss.job
          where name = ${JOB.examDeadline} and state = 'created' and (data->>'attemptId')::int = ${attemptId}`)
      ).rows[0]!.n;
    expect(await queued()).toBe(0);
    await runExamDeadline(ctx.db, attemptId);
    expect(await attempt(attemptId)).toMatchObject({ status: 'IN_PROGRESS', autoSubmits: 0 });
    expect(await queued()).toBe(1);
  });

  it("generates the month's bills of every monthly fee once, however often the job runs", async () => {
    const month = clock.today().slice(0, 7);
    const count = async () =>
      (
        await ctx.db.execute<{ n: number }>(
          sql`select count(*)::int as n from bills where period = ${month} and component_id = ${p.spp.id}`,
        )
      ).rows[0]!.n;
    const before = await count();
    const made = await generateMonthlyBills(ctx.db, JOB_ACTOR);
    expect(made).toBeGreaterThanOrEqual(20); // 12 + 8 students of 7A and 7B
    expect(await count()).toBe(before + made);
    const again = await Promise.all([generateMonthlyBills(ctx.db, JOB_ACTOR), generateMonthlyBills(ctx.db, JOB_ACTOR)]);
    expect(again).toEqual([0, 0]);
    const audit = await ctx.db.execute<{ username: string }>(
      sql`select actor_username as username from audit_log where action = 'finance.bills.generate'`,
    );
    expect(audit.rows).toEqual([{ username: 'system:jobs' }]);
  });
});
