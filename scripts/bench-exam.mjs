#!/usr/bin/env node
// `npm run bench:exam`: the exam engine (issue 13) under a school's exam, as a benchmark (never a test).
// Starts the built server under scripts/supervise.mjs (as `npm start` does) on a fresh embedded PostgreSQL,
// seeds N student accounts and one approved, scheduled summative of 20 questions, then drives the takers
// from forked worker processes: they sign in over a window, all open the paper in the same minute (the start
// spike), save an answer every ~10 s with jitter for the exam and submit. Prints sign-in req/s, start and save
// percentiles, errors by status, the server's and PostgreSQL's CPU during the exam and the health route's req/s
// from the same run. Every acknowledged save is checked in the database afterwards; `--crash server|postgres`
// SIGKILLs the server or the postmaster mid-exam and the takers retry until acknowledged: no save may be lost.
//
//   npm run bench:exam -- --takers 3000 --minutes 5 [--workers 2] [--signin-seconds 60] [--crash [server|postgres]]
//
// Every flag may also be given as BENCH_<NAME> (BENCH_TAKERS=3000). `--no-build` skips the build.
import { fork, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const self = fileURLToPath(import.meta.url);
const PASSWORD = 'Uji-Beban-Ujian-2026';
const HEALTH_SECONDS = 10;
const HEALTH_CONNECTIONS = 50;
/** a request that has not answered in this long is given up and retried (a browser waits as long for a sign-in) */
const REQUEST_TIMEOUT_MS = 120_000;

/**
 * A flag's value: `--name value`, `--name=value`, a bare `--name` (true), else BENCH_NAME, else the fallback.
 * @param {string} name
 * @param {string | boolean | undefined} fallback
 */
function option(name, fallback) {
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a.startsWith(`--${name}=`)) return a.slice(name.length + 3);
    if (a === `--${name}`) {
      const next = args[i + 1];
      return next === undefined || next.startsWith('--') ? true : next;
    }
  }
  return process.env[`BENCH_${name.toUpperCase().replace(/-/g, '_')}`] ?? fallback;
}

/** @param {number[]} sorted @param {number} p */
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/**
 * One HTTP request on a keep-alive agent; status 0 when no answer came (refused, reset, timed out).
 * @param {http.Agent} agent
 * @param {number} port
 * @param {string} method
 * @param {string} url
 * @param {{ headers?: Record<string, string>, body?: unknown }} [options]
 * @returns {Promise<{ status: number, headers: http.IncomingHttpHeaders, body: string }>}
 */
function request(agent, port, method, url, { headers = {}, body } = {}) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        /** @type {Buffer[]} */
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', () => resolve({ status: 0, headers: {}, body: '' }));
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, headers: {}, body: '' }));
    if (payload) req.write(payload);
    req.end();
  });
}

if (process.argv.includes('--worker')) await worker();
else {
  try {
    await main();
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The worker: a share of the takers, in its own process so the generator does not share the parent's event loop.
// ---------------------------------------------------------------------------------------------------------------

/**
 * @typedef {{ id: number, type: string }} PaperQuestion
 * @typedef {{ port: number, usernames: string[], password: string, assessmentId: number, questions: PaperQuestion[],
 *   signinAt: number, signinSeconds: number }} WorkerInit
 * @typedef {{ startAt: number, spikeSeconds: number, examMs: number, saveEveryMs: number, retryUntil: number }} ExamPlan
 */

async function worker() {
  /** @type {WorkerInit} */
  const init = await new Promise((resolve) => process.once('message', (m) => resolve(/** @type {any} */ (m).init)));
  const { port } = init;
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  /** @type {Record<string, Record<string, number>>} failed tries by phase and status */
  const errors = {};
  /** @param {string} phase @param {number} status */
  const fail = (phase, status) => {
    errors[phase] ??= {};
    errors[phase][status] = (errors[phase][status] ?? 0) + 1;
  };
  let retryUntil = Infinity;

  /**
   * A request retried with backoff while the server is away (no answer, 5xx, 429) until it succeeds; a refusal
   * (another 4xx) is final. Every failed try counts as an error of its phase. The time is to the final answer.
   * @param {string} phase
   * @param {string} method
   * @param {string} url
   * @param {{ headers?: Record<string, string>, body?: unknown }} options
   */
  async function call(phase, method, url, options) {
    const t0 = performance.now();
    for (let attempt = 0; ; attempt++) {
      const res = await request(agent, port, method, url, options);
      if (res.status >= 200 && res.status < 300) return { ok: true, res, ms: performance.now() - t0 };
      fail(phase, res.status);
      const transient = res.status === 0 || res.status === 429 || res.status >= 500;
      if (!transient || Date.now() > retryUntil) return { ok: false, res, ms: performance.now() - t0 };
      await sleep(Math.min(5000, 200 * 2 ** attempt) * (0.5 + Math.random()));
    }
  }

  // ---- sign-in over the window
  /** @type {{ username: string, cookie: string, csrf: string }[]} */
  const sessions = [];
  /** @type {number[]} */
  const signinMs = [];
  let firstSignin = Infinity;
  let lastSignin = 0;
  await Promise.all(
    init.usernames.map(async (username) => {
      await sleep(init.signinAt + Math.random() * init.signinSeconds * 1000 - Date.now());
      firstSignin = Math.min(firstSignin, Date.now());
      const r = await call('signin', 'POST', '/api/v1/auth/login', { body: { username, password: init.password } });
      lastSignin = Math.max(lastSignin, Date.now());
      if (!r.ok) return;
      signinMs.push(r.ms);
      const cookie = String(r.res.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
      sessions.push({ username, cookie, csrf: JSON.parse(r.res.body).csrfToken });
    }),
  );
  process.send?.({ signedIn: { ms: signinMs, firstSignin, lastSignin, sessions: sessions.length } });

  /** @type {ExamPlan} */
  const plan = await new Promise((resolve) => process.once('message', (m) => resolve(/** @type {any} */ (m).exam)));
  retryUntil = plan.retryUntil;
  const cpu0 = process.cpuUsage();

  /** @type {number[]} */
  const startMs = [];
  /** @type {number[]} */
  const saveMs = [];
  /** @type {number[]} */
  const submitMs = [];
  /** the highest acknowledged save per attempt and question: [attemptId, questionId, clientSeq, response] */
  /** @type {Map<string, [number, number, number, unknown]>} */
  const acked = new Map();
  let ackCount = 0;
  /** @type {number[]} */
  const started = [];
  /** @type {number[]} */
  const submitted = [];
  let refused = 0;

  const essay = 'Jawaban uraian yang ditulis perlahan oleh peserta, kalimat demi kalimat. '.repeat(8);
  /** @param {PaperQuestion} q @param {number} seq */
  const responseFor = (q, seq) => {
    const pick = (/** @type {string[]} */ xs) => xs[seq % xs.length];
    switch (q.type) {
      case 'SINGLE':
        return { type: 'SINGLE', optionId: pick(['a', 'b', 'c', 'd']) };
      case 'MULTIPLE':
        return { type: 'MULTIPLE', optionIds: seq % 2 ? ['a', 'c'] : ['b'] };
      case 'TRUE_FALSE':
        return { type: 'TRUE_FALSE', answers: { s1: seq % 2 === 0, s2: seq % 3 === 0 } };
      case 'MATCHING':
        return { type: 'MATCHING', pairs: { l1: pick(['r1', 'r2', 'r3']), l2: pick(['r2', 'r3', 'r1']) } };
      case 'SHORT':
        return { type: 'SHORT', text: `jawaban ${seq}` };
      default:
        return { type: 'ESSAY', text: essay.slice(0, 40 + ((seq * 37) % essay.length)) };
    }
  };

  await Promise.all(
    sessions.map(async (s, i) => {
      const headers = { cookie: s.cookie, 'x-csrf-token': s.csrf };
      const deviceId = `bench-device-${process.pid}-${i}`;
      await sleep(plan.startAt + Math.random() * plan.spikeSeconds * 1000 - Date.now());
      const opened = Date.now();
      const st = await call('start', 'POST', `/api/v1/exam/assessments/${init.assessmentId}/start`, {
        headers,
        body: { deviceId },
      });
      if (!st.ok) return;
      startMs.push(st.ms);
      const attemptId = JSON.parse(st.res.body).attempt.id;
      started.push(attemptId);
      const end = opened + plan.examMs;
      let seq = 0;
      for (let next = Date.now() + Math.random() * plan.saveEveryMs; next < end - 2000;) {
        await sleep(next - Date.now());
        seq++;
        const q = init.questions[Math.floor(Math.random() * init.questions.length)];
        if (!q) break;
        const save = { questionId: q.id, clientSeq: seq, response: responseFor(q, seq), flagged: seq % 7 === 0 };
        const r = await call('save', 'POST', `/api/v1/exam/attempts/${attemptId}/saves`, {
          headers,
          body: { deviceId, saves: [save] },
        });
        if (r.ok) {
          saveMs.push(r.ms);
          ackCount++;
          const key = `${attemptId}:${q.id}`;
          const held = acked.get(key);
          if (!held || held[2] < seq) acked.set(key, [attemptId, q.id, seq, save.response]);
        } else refused++;
        next += plan.saveEveryMs * (0.8 + Math.random() * 0.4);
      }
      await sleep(end - Date.now());
      const sub = await call('submit', 'POST', `/api/v1/exam/attempts/${attemptId}/submit`, {
        headers,
        body: { deviceId },
      });
      if (sub.ok) {
        submitMs.push(sub.ms);
        submitted.push(attemptId);
      }
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  process.send?.(
    {
      done: {
        startMs,
        saveMs,
        submitMs,
        errors,
        acked: [...acked.values()],
        ackCount,
        started,
        submitted,
        refused,
        cpuMs: (cpu.user + cpu.system) / 1000,
      },
    },
    () => process.exit(0),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The parent: build, server, seed, health, the phases, CPU, the check of every acknowledged save.
// ---------------------------------------------------------------------------------------------------------------

async function main() {
  const takers = Number(option('takers', '3000'));
  const minutes = Number(option('minutes', '5'));
  const workers = Number(option('workers', String(Math.min(4, Math.max(2, os.cpus().length)))));
  // Sign-in verifies an argon2id hash (19 MiB, ~30 ms of a core): by default the window offers at most 20 a second,
  // about what this 2-core machine verifies, so the queue does not outlast the browsers' patience.
  const signinSeconds = Number(option('signin-seconds', String(Math.max(60, Math.ceil(takers / 20)))));
  const spikeSeconds = Number(option('spike-seconds', '60'));
  const saveEverySeconds = Number(option('save-seconds', '10'));
  const crash = option('crash', false);
  /** @type {(null | 'server' | 'postgres')[]} */
  const modes = crash === false ? [null] : crash === true ? ['server', 'postgres'] : [];
  if (crash === 'server' || crash === 'postgres') modes.push(crash);
  if (!modes.length || ![takers, minutes, workers, signinSeconds, spikeSeconds].every((n) => n > 0)) {
    console.error(
      'usage: bench-exam [--takers N] [--minutes M] [--workers W] [--signin-seconds S] [--crash [server|postgres]]',
    );
    process.exit(2);
  }

  if (!option('no-build', false)) {
    for (const ws of ['@mms/shared', '@mms/server']) {
      const built = spawnSync('nice', ['npm', 'run', 'build', '-w', ws], { cwd: root, stdio: 'inherit' });
      if (built.status !== 0) process.exit(1);
    }
  }

  let failed = false;
  for (const mode of modes) {
    const lost = await run({ takers, minutes, workers, signinSeconds, spikeSeconds, saveEverySeconds, crash: mode });
    if (lost !== 0) failed = true;
  }
  process.exit(failed ? 1 : 0);
}

/**
 * @param {{ takers: number, minutes: number, workers: number, signinSeconds: number, spikeSeconds: number,
 *   saveEverySeconds: number, crash: null | 'server' | 'postgres' }} o
 * @returns {Promise<number>} the acknowledged saves (or started/submitted attempts) lost
 */
async function run(o) {
  const label = o.crash ? ` (crash: SIGKILL the ${o.crash === 'server' ? 'server' : 'PostgreSQL postmaster'})` : '';
  console.log(
    `\n=== ${o.takers} takers, ${o.minutes} min exam, ${o.workers} workers, sign-in over ${o.signinSeconds} s${label}`,
  );
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mms-bench-exam-'));
  spawnSync('chmod', ['755', dataDir]);
  const port = await new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
  const { DATABASE_URL: _ignored, ...baseEnv } = process.env;
  const env = {
    ...baseEnv,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    MMS_DEMO: 'true',
    NODE_ENV: 'production',
    LOGIN_IP_LIMIT_PER_MINUTE: '100000',
    LOGIN_MAX_FAILURES: '100',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '10000',
    MMS_RESTART_BACKOFF_MS: '500',
  };
  // As `npm start` runs it: the supervisor starts the server again when it (or its PostgreSQL) dies.
  const supervisor = spawn(process.execPath, ['scripts/supervise.mjs', process.execPath, 'apps/server/dist/main.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const supervisorExit = new Promise((r) => supervisor.once('exit', r));
  /** @type {import('node:child_process').ChildProcess[]} */
  const children = [];
  /** @type {import('pg').Client | undefined} */
  let client;
  /** @type {Promise<void> | undefined} */
  let stopping;
  /** Stops the workers, the server (which stops its PostgreSQL) and removes the data; once, whoever asks first. */
  const stop = () =>
    (stopping ??= (async () => {
      for (const c of children) c.kill('SIGKILL');
      await client?.end().catch(() => undefined);
      supervisor.kill('SIGTERM');
      await Promise.race([supervisorExit, sleep(30_000)]);
      // a postmaster left behind (the server killed while it stopped) goes too
      const pm = postmasterPid(dataDir);
      if (pm) {
        try {
          process.kill(pm, 'SIGQUIT');
        } catch {
          /* gone */
        }
        await sleep(2000);
      }
      rmSync(dataDir, { recursive: true, force: true });
    })());
  const onSignal = () => void stop().then(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    const agent = new http.Agent({ keepAlive: true, maxSockets: HEALTH_CONNECTIONS });
    const req = (/** @type {string} */ method, /** @type {string} */ url, /** @type {any} */ options) =>
      request(agent, port, method, url, options);
    for (let i = 0; ; i++) {
      if ((await req('GET', '/api/v1/health')).status === 200) break;
      if (i > 600) throw new Error('server did not start');
      await sleep(200);
    }

    // ---- seed: the students by SQL (one password hash for all), the questions and the exam through the API
    console.log('seeding...');
    const requireServer = createRequire(path.join(root, 'apps/server/package.json'));
    const pg = requireServer('pg');
    client = new pg.Client({ connectionString: databaseUrl(dataDir) });
    client.on('error', () => undefined); // the database may be killed on purpose (--crash)
    await client.connect();
    const db = /** @type {import('pg').Client} */ (client);
    const one = async (/** @type {string} */ text, /** @type {unknown[]} */ values = []) =>
      (await db.query(text, values)).rows[0];
    const unit = await one(`select id from units where code = 'SMP'`);
    const year = await one(`select id from academic_years where is_active`);
    const grade = await one(`select id from grades where unit_id = $1 order by level limit 1`, [unit.id]);
    const subject = await one(`select id from subjects where unit_id = $1 order by (code = 'MTK') desc, id limit 1`, [
      unit.id,
    ]);
    const { hashPassword } = await import(pathToFileURL(path.join(root, 'apps/server/dist/lib/passwords.js')).href);
    const hash = await hashPassword(PASSWORD);
    const classCount = Math.min(50, Math.max(1, Math.ceil(o.takers / 40)));
    const classIds = (
      await db.query(
        `insert into class_groups (unit_id, academic_year_id, grade_id, name)
         select $1, $2, $3, 'UJI' || lpad(i::text, 2, '0') from generate_series(1, $4) i returning id`,
        [unit.id, year.id, grade.id, classCount],
      )
    ).rows.map((r) => r.id);
    await db.query(
      `with u as (
         insert into users (username, display_name, password_hash, division, unit_id)
         select 'uji' || lpad(i::text, 5, '0'), 'Peserta Uji ' || i, $1, 'STUDENT', $2 from generate_series(1, $3) i
         returning id, username, display_name
       ), s as (
         insert into students (unit_id, user_id, nis, name, status)
         select $2, u.id, '99' || substr(u.username, 4), u.display_name, 'ACTIVE' from u
         returning id, nis
       )
       insert into enrollments (student_id, class_group_id, academic_year_id, started_at)
       select s.id, ($4::int[])[1 + (substr(s.nis, 3)::int % $5)], $6, now() - interval '1 day' from s`,
      [hash, unit.id, o.takers, classIds, classCount, year.id],
    );
    const usernames = Array.from({ length: o.takers }, (_, i) => `uji${String(i + 1).padStart(5, '0')}`);

    const wakakur = await signIn(req, 'wakakur', 'demo-mms-2026');
    const api = async (/** @type {string} */ method, /** @type {string} */ url, /** @type {unknown} */ body) => {
      const res = await req(method, url, { headers: { cookie: wakakur.cookie, 'x-csrf-token': wakakur.csrf }, body });
      if (res.status < 200 || res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${res.body}`);
      return JSON.parse(res.body || 'null');
    };
    const contents = [
      {
        type: 'SINGLE',
        options: ['6', '8', '9', '12'].map((text, i) => ({ id: 'abcd'[i], text })),
        key: 'b',
      },
      {
        type: 'MULTIPLE',
        options: ['2', '4', '5', '9'].map((text, i) => ({ id: 'abcd'[i], text })),
        key: ['a', 'c'],
        partial: 'PARTIAL',
      },
      {
        type: 'TRUE_FALSE',
        statements: [
          { id: 's1', text: 'Bumi bulat' },
          { id: 's2', text: 'Matahari dingin' },
        ],
        key: { s1: true, s2: false },
        partial: 'PARTIAL',
      },
      {
        type: 'MATCHING',
        left: [
          { id: 'l1', text: 'Ibu kota Jawa Barat' },
          { id: 'l2', text: 'Ibu kota Jawa Timur' },
        ],
        right: [
          { id: 'r1', text: 'Bandung' },
          { id: 'r2', text: 'Surabaya' },
          { id: 'r3', text: 'Semarang' },
        ],
        key: { l1: 'r1', l2: 'r2' },
        partial: 'PARTIAL',
      },
      { type: 'SHORT', accepted: [{ text: 'Jakarta' }] },
    ];
    /** @type {PaperQuestion[]} */
    const questions = [];
    for (let i = 0; i < 20; i++) {
      const content =
        i === 19 ? { type: 'ESSAY', rubric: [{ criterion: 'Tepat', points: 5 }] } : contents[i % contents.length];
      const q = await api('POST', '/api/v1/questions', {
        subjectId: subject.id,
        gradeId: grade.id,
        stem: `<p>Soal uji beban nomor ${i + 1}: bacalah dengan teliti lalu jawab.</p>`,
        content,
        points: i === 19 ? 5 : 2,
      });
      questions.push({ id: q.id, type: /** @type {{ type: string }} */ (content).type });
    }
    const assessment = await api('POST', '/api/v1/assessments', {
      kind: 'SUMMATIVE',
      title: 'Ujian uji beban',
      subjectId: subject.id,
      gradeId: grade.id,
      // one minute beyond the takers' exam, so their submit comes before the deadline
      durationMinutes: o.minutes + 1,
      passingMark: 75,
      shuffleQuestions: true,
      shuffleOptions: true,
      classIds,
    });
    await api('PUT', `/api/v1/assessments/${assessment.id}/items`, {
      items: questions.map((q) => ({ questionId: q.id })),
    });
    await api('POST', `/api/v1/assessments/${assessment.id}/submit`, {});
    await api('POST', `/api/v1/assessments/${assessment.id}/approve`, {});
    const closesAt = Date.now() + (o.signinSeconds * 4 + o.spikeSeconds + o.minutes * 60 + 20 * 60) * 1000;
    await api('POST', `/api/v1/assessments/${assessment.id}/schedule`, {
      classIds,
      opensAt: new Date(Date.now() - 60_000).toISOString(),
      closesAt: new Date(closesAt).toISOString(),
    });
    await client.end();
    client = undefined;
    console.log(
      `seeded ${o.takers} students in ${classCount} classes, ${questions.length} questions, assessment ${assessment.id}`,
    );

    // ---- the health route, measured in this run before the takers come
    const health = await healthBurst(req);
    console.log(`health: ${health.toFixed(0)} req/s (${HEALTH_CONNECTIONS} connections, ${HEALTH_SECONDS} s)`);

    // ---- the workers: sign-in over the window
    const share = Math.ceil(o.takers / o.workers);
    /** @type {{ child: import('node:child_process').ChildProcess, next: (key: string) => Promise<any> }[]} */
    const pool = [];
    const signinAt = Date.now() + 2000;
    for (let w = 0; w < o.workers; w++) {
      const child = fork(self, ['--worker'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      children.push(child);
      /** @type {any[]} */
      const inbox = [];
      /** @type {((m: any) => void) | undefined} */
      let waiting;
      child.on('message', (m) => (waiting ? (waiting(m), (waiting = undefined)) : inbox.push(m)));
      const died = new Promise((_, reject) =>
        child.once('exit', (code) => !stopping && code !== 0 && reject(new Error(`worker ${w} exited with ${code}`))),
      );
      died.catch(() => undefined); // raced below; a worker killed at the end is no failure
      const next = (/** @type {string} */ key) =>
        Promise.race([
          new Promise((resolve) => (inbox.length ? resolve(inbox.shift()) : (waiting = resolve))).then((m) => m[key]),
          died,
        ]);
      child.send({
        init: {
          port,
          usernames: usernames.slice(w * share, (w + 1) * share),
          password: PASSWORD,
          assessmentId: assessment.id,
          questions,
          signinAt,
          signinSeconds: o.signinSeconds,
        },
      });
      pool.push({ child, next });
    }
    console.log(`signing in ${o.takers} takers over ${o.signinSeconds} s...`);
    const signed = await Promise.all(pool.map((p) => p.next('signedIn')));
    const signinMs = signed.flatMap((s) => s.ms).sort((a, b) => a - b);
    const signinSpan =
      (Math.max(...signed.map((s) => s.lastSignin)) - Math.min(...signed.map((s) => s.firstSignin))) / 1000;
    const sessions = signed.reduce((n, s) => n + s.sessions, 0);

    // ---- the exam: the start spike, the saves, the submits; CPU sampled throughout
    const startAt = Date.now() + 3000;
    const examMs = o.minutes * 60_000;
    const endAt = startAt + o.spikeSeconds * 1000 + examMs;
    console.log(
      `${sessions} signed in; the exam starts (papers opened over ${o.spikeSeconds} s, then ${o.minutes} min of saves)...`,
    );
    for (const p of pool) {
      p.child.send({
        exam: {
          startAt,
          spikeSeconds: o.spikeSeconds,
          examMs,
          saveEveryMs: o.saveEverySeconds * 1000,
          retryUntil: endAt + 5 * 60_000,
        },
      });
    }
    const cpu = cpuMeter(supervisor.pid ?? 0, dataDir);
    await sleep(startAt - Date.now());
    cpu.begin();
    const sampler = setInterval(() => cpu.sample(), 1000);
    /** @type {string | null} */
    let crashNote = null;
    if (o.crash) {
      const crashAt = startAt + o.spikeSeconds * 1000 + examMs / 2;
      void sleep(crashAt - Date.now()).then(() => {
        const pid = o.crash === 'server' ? serverPid(supervisor.pid ?? 0) : postmasterPid(dataDir);
        if (!pid) return void (crashNote = `no ${o.crash} process found to kill`);
        process.kill(pid, 'SIGKILL');
        crashNote = `SIGKILL to the ${o.crash} (pid ${pid}) at ${((crashAt - startAt) / 1000).toFixed(0)} s into the exam`;
        console.log(crashNote);
      });
    }
    const done = await Promise.all(pool.map((p) => p.next('done')));
    clearInterval(sampler);
    const usage = cpu.end();

    // ---- every acknowledged save in the database
    for (let i = 0; ; i++) {
      if ((await req('GET', '/api/v1/health')).status === 200) break;
      if (i > 600) throw new Error('server did not come back');
      await sleep(200);
    }
    client = new pg.Client({ connectionString: databaseUrl(dataDir) });
    client.on('error', () => undefined);
    await client.connect();
    const check = await verify(/** @type {import('pg').Client} */ (client), assessment.id, done);

    // ---- the report
    const all = (/** @type {string} */ key) => done.flatMap((d) => d[key]).sort((a, b) => a - b);
    const startMs = all('startMs');
    const saveMs = all('saveMs');
    const submitMs = all('submitMs');
    /** @type {Record<string, Record<string, number>>} */
    const errors = {};
    for (const d of done) {
      for (const [phase, byStatus] of Object.entries(d.errors)) {
        for (const [status, n] of Object.entries(/** @type {Record<string, number>} */ (byStatus))) {
          errors[phase] ??= {};
          errors[phase][status] = (errors[phase][status] ?? 0) + n;
        }
      }
    }
    const errorCount = Object.values(errors).reduce((n, e) => n + Object.values(e).reduce((a, b) => a + b, 0), 0);
    const errorText = errorCount
      ? Object.entries(errors)
          .map(
            ([phase, e]) =>
              `${phase} ${Object.entries(e)
                .map(([s, n]) => `${s === '0' ? 'no answer' : s}x${n}`)
                .join(' ')}`,
          )
          .join('; ')
      : '0';
    const signinRate = signinMs.length / Math.max(signinSpan, 0.001);
    const f = (/** @type {number} */ n) => (Number.isFinite(n) ? n.toFixed(1) : '-');
    const row = (/** @type {string} */ name, /** @type {number[]} */ xs) =>
      `${name.padEnd(20)} ${String(xs.length).padStart(8)} ${f(pct(xs, 50)).padStart(9)} ${f(pct(xs, 95)).padStart(9)} ${f(pct(xs, 99)).padStart(9)} ${f(xs[xs.length - 1] ?? NaN).padStart(9)}`;
    console.log(
      `\n${'phase'.padEnd(20)} ${'requests'.padStart(8)} ${'p50 ms'.padStart(9)} ${'p95 ms'.padStart(9)} ${'p99 ms'.padStart(9)} ${'max ms'.padStart(9)}`,
    );
    console.log(row('sign-in', signinMs));
    console.log(row('start (spike)', startMs));
    console.log(row('save', saveMs));
    console.log(row('submit', submitMs));
    const generatorCpu = done.reduce((n, d) => n + d.cpuMs, 0) / 1000;
    console.log(`
sign-in throughput   ${signinRate.toFixed(1)} req/s (${signinMs.length} sign-ins in ${signinSpan.toFixed(1)} s)
save throughput      ${(saveMs.length / usage.seconds).toFixed(1)} req/s over the exam phase (${usage.seconds.toFixed(0)} s)
errors               ${errorText} (failed tries, each retried while the server was away)
server CPU           ${usage.server.toFixed(0)}% of one core (node), PostgreSQL ${usage.postgres.toFixed(0)}%, together ${((usage.server + usage.postgres) / os.cpus().length).toFixed(0)}% of ${os.cpus().length} cores; load generator ${((generatorCpu / usage.seconds) * 100).toFixed(0)}% of one core
health               ${health.toFixed(0)} req/s
attempts             ${check.started} started, ${check.submitted} submitted by the taker, ${check.statuses}
acknowledged saves   ${check.acked}, checked in the database: ${check.lost} lost${check.lostAttempts ? `, ${check.lostAttempts} attempts lost` : ''}${crashNote ? `\ncrash                ${crashNote}` : ''}`);
    const meets = pct(saveMs, 99) < 100 && pct(startMs, 99) < 1000 && errorCount === 0 && startMs.length === o.takers;
    console.log(
      `\nRESULT takers=${o.takers}${o.crash ? ` crash=${o.crash}` : ''} signin=${signinRate.toFixed(1)}req/s start_p50=${f(pct(startMs, 50))}ms start_p99=${f(pct(startMs, 99))}ms save_p50=${f(pct(saveMs, 50))}ms save_p95=${f(pct(saveMs, 95))}ms save_p99=${f(pct(saveMs, 99))}ms errors=${errorCount} server_cpu=${usage.server.toFixed(0)}% pg_cpu=${usage.postgres.toFixed(0)}% health=${health.toFixed(0)}req/s acked=${check.acked} lost=${check.lost + check.lostAttempts} targets=${meets ? 'met' : 'missed'} (save p99<100ms, start p99<1s, 0 errors)`,
    );
    return check.lost + check.lostAttempts;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await stop();
  }
}

/**
 * @param {(method: string, url: string, options?: any) => Promise<{ status: number, headers: any, body: string }>} req
 * @param {string} username
 * @param {string} password
 */
async function signIn(req, username, password) {
  const res = await req('POST', '/api/v1/auth/login', { body: { username, password } });
  if (res.status !== 200) throw new Error(`sign-in ${username}: ${res.status} ${res.body}`);
  return { cookie: String(res.headers['set-cookie'][0]).split(';')[0], csrf: JSON.parse(res.body).csrfToken };
}

/** @param {(method: string, url: string) => Promise<{ status: number }>} req */
async function healthBurst(req) {
  let count = 0;
  const deadline = performance.now() + HEALTH_SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: HEALTH_CONNECTIONS }, async () => {
      while (performance.now() < deadline) if ((await req('GET', '/api/v1/health')).status === 200) count++;
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

/** @param {string} dataDir */
function postmasterPid(dataDir) {
  try {
    const pid = Number.parseInt(
      readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0] ?? '',
      10,
    );
    process.kill(pid, 0);
    return pid;
  } catch {
    return 0;
  }
}

/** The URL of the embedded PostgreSQL as the server's tools find it: the port from postmaster.pid. */
function databaseUrl(/** @type {string} */ dataDir) {
  const lock = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  const password = readFileSync(path.join(dataDir, 'postgres.secret'), 'utf8').trim();
  return `postgres://mms:${encodeURIComponent(password)}@127.0.0.1:${Number.parseInt(lock[3] ?? '', 10)}/mms`;
}

/**
 * /proc/<pid>/stat: the parent and the CPU ticks (own, and of reaped children).
 * @param {number} pid
 */
function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const n = (/** @type {number} */ i) => Number(f[i] ?? 0);
    return { ppid: n(1), own: n(11) + n(12), children: n(13) + n(14) };
  } catch {
    return undefined;
  }
}

/** @param {number} parent */
function childrenOf(parent) {
  /** @type {number[]} */
  const out = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (pid && stat(pid)?.ppid === parent) out.push(pid);
  }
  return out;
}

/** The server under the supervisor (its node child). */
/** @param {number} supervisorPid */
function serverPid(supervisorPid) {
  return childrenOf(supervisorPid)[0] ?? 0;
}

/**
 * CPU of the server process and of PostgreSQL (the postmaster, its live backends, and the backends it reaped),
 * summed over samples so a restarted server or database counts too.
 * @param {number} supervisorPid
 * @param {string} dataDir
 */
function cpuMeter(supervisorPid, dataDir) {
  const hz = 100; // USER_HZ on Linux
  /** @type {Map<number, number>} */
  const last = new Map();
  const total = { server: 0, postgres: 0 };
  let t0 = 0;
  /** @param {'server' | 'postgres'} kind @param {number} pid @param {number} ticks */
  const add = (kind, pid, ticks) => {
    const before = last.get(pid);
    last.set(pid, ticks);
    if (before !== undefined && t0) total[kind] += ticks - before;
  };
  const sample = () => {
    const server = serverPid(supervisorPid);
    const s = server ? stat(server) : undefined;
    if (s) add('server', server, s.own);
    const pm = postmasterPid(dataDir);
    const p = pm ? stat(pm) : undefined;
    if (!p) return;
    add('postgres', -pm, p.own + p.children);
    for (const backend of childrenOf(pm)) {
      const b = stat(backend);
      if (b) add('postgres', backend, b.own);
    }
  };
  return {
    sample,
    begin() {
      sample();
      t0 = performance.now();
      total.server = total.postgres = 0;
    },
    end() {
      sample();
      const seconds = (performance.now() - t0) / 1000;
      return {
        seconds,
        server: (total.server / hz / seconds) * 100,
        postgres: (total.postgres / hz / seconds) * 100,
      };
    },
  };
}

/** @param {unknown} v @returns {string} JSON with sorted keys (jsonb stores keys in its own order) */
function canonical(v) {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(/** @type {Record<string, unknown>} */ (v)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/**
 * For every acknowledged (attempt, question) the stored sequence number is at least the acknowledged one, with the
 * same response when equal; every started attempt is there, and every acknowledged submit is submitted.
 * @param {import('pg').Client} db
 * @param {number} assessmentId
 * @param {any[]} done
 */
async function verify(db, assessmentId, done) {
  const answers = await db.query(
    `select a.attempt_id, a.question_id, a.client_seq, a.response from answers a
     join attempts t on t.id = a.attempt_id where t.assessment_id = $1`,
    [assessmentId],
  );
  /** @type {Map<string, { seq: number, response: unknown }>} */
  const stored = new Map();
  for (const r of answers.rows)
    stored.set(`${r.attempt_id}:${r.question_id}`, { seq: r.client_seq, response: r.response });
  const attempts = await db.query(`select id, status, submitted_by from attempts where assessment_id = $1`, [
    assessmentId,
  ]);
  const byId = new Map(attempts.rows.map((r) => [r.id, r]));
  let lost = 0;
  let lostAttempts = 0;
  let acked = 0;
  let started = 0;
  let submitted = 0;
  for (const d of done) {
    acked += d.ackCount;
    for (const [attemptId, questionId, seq, response] of d.acked) {
      const s = stored.get(`${attemptId}:${questionId}`);
      if (!s || s.seq < seq || (s.seq === seq && canonical(s.response) !== canonical(response))) lost++;
    }
    for (const id of d.started) {
      started++;
      if (!byId.has(id)) lostAttempts++;
    }
    for (const id of d.submitted) {
      submitted++;
      const a = byId.get(id);
      if (!a || a.status === 'IN_PROGRESS' || a.submitted_by !== 'STUDENT') lostAttempts++;
    }
  }
  /** @type {Record<string, number>} */
  const counts = {};
  for (const r of attempts.rows)
    counts[`${r.status}/${r.submitted_by ?? '-'}`] = (counts[`${r.status}/${r.submitted_by ?? '-'}`] ?? 0) + 1;
  const statuses = Object.entries(counts)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  return { acked, lost, lostAttempts, started, submitted, statuses };
}
