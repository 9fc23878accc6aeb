import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, SESSION_COOKIE } from '@mms/shared';
import { freePort } from './db/embedded.ts';
import { JOB } from './jobs/names.ts';
import { startJobs, type Jobs } from './jobs/queue.ts';
import { clock } from './lib/clock.ts';
import { paymentsFixture } from './test/finance-payments-fixture.ts';
import { createTestContext, TEST_PASSWORD, type Session, type TestContext } from './test/context.ts';
import { attemptPast, attemptState, until } from './test/jobs-fixture.ts';
import { SERVER_ARGS, spawnServerProcess, waitHealthy, type Spawned } from './test/server-process.ts';

// Two MMS server processes (issue 18) on ONE PostgreSQL database: DATABASE_URL's server when set, else the run's
// embedded cluster (test/global-setup.ts), which both processes reach through DATABASE_URL. What one server does,
// the other sees: sessions, sign-in throttling, voucher and receipt numbering, exam deadlines, the read cache.

let ctx: TestContext;
let p: Awaited<ReturnType<typeof paymentsFixture>>;
let queue: Jobs;
const servers: { spawned: Spawned; port: number; dir: string }[] = [];
const A = () => servers[0]!.port;
const B = () => servers[1]!.port;

beforeAll(async () => {
  ctx = await createTestContext();
  p = await paymentsFixture(ctx);
  for (let i = 0; i < 2; i++) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mms-two-'));
    const port = await freePort();
    const spawned = spawnServerProcess(
      SERVER_ARGS,
      { dataDir: dir, port },
      { DATABASE_URL: ctx.config.DATABASE_URL!, MMS_DEMO: 'false', LOG_LEVEL: 'warn' },
    );
    servers.push({ spawned, port, dir });
  }
  try {
    await Promise.all(servers.map((s) => waitHealthy(s.port, 90_000)));
  } catch (err) {
    throw new Error(`${String(err)}\n${servers.map((s) => s.spawned.output().slice(-3000)).join('\n---\n')}`, {
      cause: err,
    });
  }
  // the test's own handle on the queue: it only queues (the servers work)
  queue = await startJobs({
    url: ctx.config.DATABASE_URL!,
    log: { info: () => undefined, warn: () => undefined },
    workers: false,
  });
}, 120_000);

afterAll(async () => {
  await queue?.stop(1000);
  await Promise.all(
    servers.map(async (s) => {
      if (s.spawned.child.exitCode === null) s.spawned.child.kill('SIGTERM');
      const code = await Promise.race([s.spawned.exited, new Promise((r) => setTimeout(() => r('hung'), 15_000))]);
      if (code === 'hung') s.spawned.child.kill('SIGKILL');
      await fs.rm(s.dir, { recursive: true, force: true });
    }),
  );
  await ctx.close();
}, 60_000);

const url = (port: number, pathName: string) => `http://127.0.0.1:${port}/api/v1${pathName}`;

async function login(port: number, username: string, password: string) {
  const res = await fetch(url(port, '/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0] ?? '';
  const body = (await res.json()) as { csrfToken?: string };
  return { status: res.status, session: { cookie, csrfToken: body.csrfToken ?? '' } };
}

/** A call with a session (its cookie and CSRF header) to one server. */
function call(
  port: number,
  s: Pick<Session, 'cookie' | 'csrfToken'>,
  method: string,
  pathName: string,
  body?: unknown,
) {
  return fetch(url(port, pathName), {
    method,
    headers: {
      cookie: s.cookie,
      [CSRF_HEADER]: s.csrfToken,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe('two MMS servers on one database', { timeout: 60_000 }, () => {
  it('share sessions: signed in on A works on B, and signing out on A ends it on B', async () => {
    const signed = await login(A(), p.teacher.user.username, TEST_PASSWORD);
    expect(signed.status).toBe(200);
    expect(signed.session.cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
    const me = await call(B(), signed.session, 'GET', '/auth/me');
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { username: string } }).user.username).toBe(p.teacher.user.username);
    expect((await call(A(), signed.session, 'POST', '/auth/logout', {})).status).toBe(200);
    expect((await call(B(), signed.session, 'GET', '/auth/me')).status).toBe(401);
  });

  it('count sign-in failures across both: five on A and B together lock the address out of both', async () => {
    const user = await ctx.createUser({ division: 'TEACHER' });
    for (let i = 0; i < 5; i++) {
      expect((await login(i % 2 ? B() : A(), user.username, 'salah-sandi-123')).status).toBe(401);
    }
    // the right password now: refused on both, as on one server
    expect((await login(A(), user.username, TEST_PASSWORD)).status).toBe(429);
    expect((await login(B(), user.username, TEST_PASSWORD)).status).toBe(429);
  });

  it('number vouchers approved at once on both servers without a collision or a gap', async () => {
    const today = clock.today();
    const ids: number[] = [];
    for (let i = 0; i < 16; i++) {
      const res = await ctx.call(p.cashier, 'POST', '/api/v1/finance-books/vouchers', {
        type: 'BKM',
        date: today,
        accountId: p.acc.other,
        moneyAccountId: p.acc.kas,
        amount: 10_000 + i,
        description: `Setoran serentak ${i}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json<{ id: number }>().id);
    }
    // the second cashier approves: half on A, half on B, all at once
    const answers = await Promise.all(
      ids.map((id, i) => call(i % 2 ? B() : A(), p.cashier2, 'POST', `/finance-books/vouchers/${id}/approve`, {})),
    );
    const numbers: string[] = [];
    for (const res of answers) {
      expect(res.status).toBe(200);
      numbers.push(((await res.json()) as { number: string }).number);
    }
    const prefix = `BKM/${today.slice(0, 4)}/${today.slice(5, 7)}/`;
    expect(numbers.sort()).toEqual(Array.from({ length: 16 }, (_, i) => `${prefix}${String(i + 1).padStart(4, '0')}`));
  });

  it('number receipts of payments taken at once on both servers without a collision or a gap', async () => {
    const kids = p.f.studentsB;
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        call(i % 2 ? B() : A(), p.cashier, 'POST', '/finance-payments/payments', {
          studentId: kids[i % kids.length]!.id,
          method: 'CASH',
          amount: 100_000 + i,
          payerName: `Wali ${i}`,
        }),
      ),
    );
    const numbers: string[] = [];
    for (const res of answers) {
      expect(res.status, await res.clone().text()).toBe(200);
      numbers.push(((await res.json()) as { number: string }).number);
    }
    // KWT/<unit>/<yyyy>/<mm>/<seq>: one series, 0001 to 0016
    const prefix = numbers[0]!.slice(0, numbers[0]!.lastIndexOf('/') + 1);
    expect(prefix).toMatch(/^KWT\/SMP\/\d{4}\/\d{2}\/$/);
    expect(numbers.sort()).toEqual(Array.from({ length: 16 }, (_, i) => `${prefix}${String(i + 1).padStart(4, '0')}`));
  });

  it('submit an attempt past its deadline exactly once, whichever server takes its jobs', async () => {
    const attempts: Awaited<ReturnType<typeof attemptPast>>[] = [];
    for (const s of p.f.studentsA.slice(0, 6)) {
      attempts.push(
        await attemptPast(
          ctx.db,
          { unitId: p.f.unitId, subjectId: p.f.subject.id, gradeId: p.f.classA.gradeId, studentId: s.id },
          90,
        ),
      );
    }
    // each attempt's deadline job, queued twice (a retry, a second start): both servers' workers race for them
    for (const t of attempts) {
      for (let k = 0; k < 2; k++) await queue.send(JOB.examDeadline, { attemptId: t.attemptId });
    }
    for (const t of attempts) {
      await until(
        () => attemptState(ctx.db, t.attemptId),
        (s) => s.status !== 'IN_PROGRESS',
      );
    }
    await until(
      async () =>
        (
          await ctx.db.execute<{ n: number }>(sql`
            select count(*)::int as n from pgboss.job where name = ${JOB.examDeadline} and state = 'completed'
              and (data->>'attemptId')::int in (${sql.join(
                attempts.map((t) => sql`${t.attemptId}`),
                sql`, `,
              )})`)
        ).rows[0]!.n,
      (n) => n === attempts.length * 2,
    );
    for (const t of attempts) {
      expect(await attemptState(ctx.db, t.attemptId)).toMatchObject({ submittedBy: 'DEADLINE', autoSubmits: 1 });
    }
  });

  it('read a change made on A at once on B (the read cache hears of it)', async () => {
    const admin = p.admin;
    const cls = `/classes/${p.f.classA.id}`;
    const before = (await (await call(B(), admin, 'GET', cls)).json()) as { name: string };
    expect(before.name).toBe('7A');
    // read it on B again: now it is a cached copy
    expect(((await (await call(B(), admin, 'GET', cls)).json()) as { name: string }).name).toBe('7A');
    const changed = await call(A(), admin, 'PATCH', cls, { name: '7A Tahfiz' });
    expect(changed.status).toBe(200);
    expect(((await (await call(B(), admin, 'GET', cls)).json()) as { name: string }).name).toBe('7A Tahfiz');
    const back = await call(B(), admin, 'PATCH', cls, { name: '7A' });
    expect(back.status).toBe(200);
    expect(((await (await call(A(), admin, 'GET', cls)).json()) as { name: string }).name).toBe('7A');
  });
});
