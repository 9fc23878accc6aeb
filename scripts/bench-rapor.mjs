#!/usr/bin/env node
// `npm run bench:rapor`: the rapor PDF on loopback, as a benchmark (never a timed test; issue 40 §2).
// Starts the built server on a fresh embedded PostgreSQL with the demo data, then times, one request at a time,
// BENCH_RUNS (default 5) PDFs of one student and of the whole class (SMP 7A, its first semester: the demo's ready
// one), the JSON of one rapor beside them; then adds generated students until the SMP holds about BENCH_SMP_STUDENTS
// (default 700, the SMP) and runs the whole unit's zip job once as the principal (start, progress polled to
// done, download), with its time, size and number of rapors. The health route is timed in the same run, and each
// figure is printed with its ratio to the health p50, so the figures read on whatever machine runs them. Also the
// server's peak memory (VmHWM).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { root, startBenchServer } from './lib/bench-server.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SMP_STUDENTS = Number(process.env.BENCH_SMP_STUDENTS ?? 700);
/** the health route's runs: enough for a steady p50 to divide by */
const HEALTH_RUNS = Math.max(RUNS, 50);
const SEMESTER = 'GANJIL';

const { server, env, request, waitHealthy, stop } = await startBenchServer({
  prefix: 'mms-bench-rapor-',
  maxSockets: 4,
  healthTries: 600,
});

async function signIn(username, password = 'demo-mms-2026') {
  const res = await request('POST', '/api/v1/auth/login', { body: { username, password } });
  if (res.status !== 200) throw new Error(`sign-in ${username}: ${res.status} ${res.body}`);
  return { cookie: res.headers['set-cookie'][0].split(';')[0], csrf: JSON.parse(res.body).csrfToken };
}

async function get(session, url) {
  const res = await request('GET', url, { headers: { cookie: session.cookie } });
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${res.body.toString().slice(0, 300)}`);
  return res;
}

/** The server's peak resident memory so far, in MiB (Linux), or null. */
function peakMiB() {
  try {
    const line = readFileSync(`/proc/${server.pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmHWM:'));
    return line ? Math.round(Number(line.replace(/\D+/g, '')) / 1024) : null;
  } catch {
    return null;
  }
}

async function time(name, url, session, runs = RUNS) {
  const ms = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const res = await get(session, url);
    ms.push(performance.now() - t0);
    bytes = res.body.length;
  }
  ms.sort((a, b) => a - b);
  return { name, p50: ms[Math.floor(ms.length / 2)], max: ms.at(-1), bytes };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The number of students in each class the session may open rapors of (the rapors of those classes). */
async function rosterSizes(session) {
  const { items } = JSON.parse((await get(session, '/api/v1/rapor/classes')).body);
  const sizes = [];
  for (const c of items) {
    const roster = JSON.parse((await get(session, `/api/v1/rapor/classes/${c.id}?semester=${SEMESTER}`)).body);
    sizes.push(roster.students.length);
  }
  return sizes;
}

/**
 * The whole unit's zip of rapors as the principal (their unit, SMP): the job started, its progress polled every
 * 100 ms to done, the zip downloaded; one run (a job per unit at a time).
 */
async function unitZip(principal) {
  const t0 = performance.now();
  const start = await request('POST', '/api/v1/rapor/unit', {
    headers: { cookie: principal.cookie, 'x-csrf-token': principal.csrf },
    body: { semester: SEMESTER },
  });
  if (start.status !== 202) throw new Error(`start the unit job: ${start.status} ${start.body}`);
  let run;
  for (;;) {
    run = JSON.parse((await get(principal, '/api/v1/rapor/unit')).body).run;
    if (run?.state === 'done') break;
    if (run?.state === 'failed') throw new Error(`the unit job failed: ${run.error}`);
    await sleep(100);
  }
  const job = performance.now() - t0;
  const t1 = performance.now();
  const zip = await get(principal, '/api/v1/rapor/unit/zip');
  const download = performance.now() - t1;
  return { job, download, total: performance.now() - t0, bytes: zip.body.length, classes: run.total };
}

try {
  await waitHealthy();
  const admin = await signIn('admin');
  const { items } = JSON.parse((await get(admin, '/api/v1/rapor/classes')).body);
  const cls = items.find((c) => /^7A$/.test(c.name)) ?? items[0];
  if (!cls) throw new Error('no class to open a rapor of');
  const roster = JSON.parse((await get(admin, `/api/v1/rapor/classes/${cls.id}?semester=${SEMESTER}`)).body);
  const student = roster.students[0];
  if (!student) throw new Error(`class ${cls.name} has no students`);
  // warm-up: fonts, the read cache and the connection pool
  await get(admin, `/api/v1/rapor/students/${student.id}/pdf?semester=${SEMESTER}`);
  await time('warm-up', '/api/v1/health', admin, 10);
  const results = [
    await time('health', '/api/v1/health', admin, HEALTH_RUNS),
    await time('rapor JSON (1 student)', `/api/v1/rapor/students/${student.id}?semester=${SEMESTER}`, admin),
    await time('rapor PDF (1 student)', `/api/v1/rapor/students/${student.id}/pdf?semester=${SEMESTER}`, admin),
    await time(
      `rapor PDF (class ${cls.name}, ${roster.students.length} students)`,
      `/api/v1/rapor/classes/${cls.id}/pdf?semester=${SEMESTER}`,
      admin,
    ),
  ];

  // ---- the whole SMP: generated students until it holds about SMP_STUDENTS (the seed adds them round robin over
  // every class of the active year, of both units), then the unit's zip once
  const principal = await signIn('principal');
  const smp = await rosterSizes(principal);
  const all = await rosterSizes(admin);
  const perClass = Math.max(0, Math.ceil((SMP_STUDENTS - smp.reduce((a, b) => a + b, 0)) / smp.length));
  const target = all.reduce((a, b) => a + b, 0) + perClass * all.length;
  if (perClass > 0) {
    console.log(`seeding students up to ${target} (about ${SMP_STUDENTS} in the SMP)...`);
    const seeded = spawnSync(process.execPath, ['apps/server/dist/cli/seed.js', '--students', String(target)], {
      cwd: root,
      env,
      stdio: 'inherit',
    });
    if (seeded.status !== 0) throw new Error('seeding failed');
  }
  const rapors = (await rosterSizes(principal)).reduce((a, b) => a + b, 0);
  const unit = await unitZip(principal);
  const health = results[0].p50;

  console.log(
    `\nrapor benchmark, ${RUNS} sequential run(s) each (health ${HEALTH_RUNS}), semester ${SEMESTER}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'})`,
  );
  console.log('| what | p50 ms | max ms | × health p50 | size KiB |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const r of results) {
    console.log(
      `| ${r.name} | ${r.p50.toFixed(r.p50 < 10 ? 1 : 0)} | ${r.max.toFixed(r.max < 10 ? 1 : 0)} | ${(r.p50 / health).toFixed(0)} | ${(r.bytes / 1024).toFixed(0)} |`,
    );
  }
  const row = (name, ms, bytes) =>
    console.log(
      `| ${name} | ${ms.toFixed(0)} | (1 run) | ${(ms / health).toFixed(0)} | ${bytes === null ? '' : (bytes / 1024).toFixed(0)} |`,
    );
  row(`unit zip job (SMP, ${unit.classes} classes, ${rapors} rapors): start to done`, unit.job, null);
  row('unit zip download', unit.download, unit.bytes);
  row('unit zip: start to downloaded', unit.total, unit.bytes);
  console.log(
    `per rapor in the unit job: ${(unit.job / rapors).toFixed(0)} ms (${(unit.job / rapors / health).toFixed(0)} × health p50)`,
  );
  console.log(`server peak memory (VmHWM): ${peakMiB() ?? '?'} MiB`);
} finally {
  await stop();
}
