#!/usr/bin/env node
// `npm run bench:api`: the API under load on loopback, as a benchmark (never a timed test).
// Starts the built server on a fresh embedded PostgreSQL, seeds 5,000 students, then drives each
// endpoint with 50 concurrent keep-alive connections for BENCH_SECONDS (default 20) and prints
// requests/s and p50/p95/p99 beside the health endpoint measured in the same run, so the
// figures read as ratios on whatever machine runs them.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { root, startBenchServer } from './lib/bench-server.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 5000);

const bench = await startBenchServer({ prefix: 'mms-bench-', maxSockets: CONNECTIONS, healthTries: 300 });
const { port, dataDir, env, waitHealthy, stop } = bench;
/** The shared request, with the body as text (every endpoint here answers JSON). */
const request = async (method, url, options) => {
  const res = await bench.request(method, url, options);
  return { ...res, body: res.body.toString() };
};

async function api(session, method, url, body) {
  const headers = { cookie: session.cookie, ...(method === 'GET' ? {} : { 'x-csrf-token': session.csrf }) };
  const res = await request(method, url, { headers, body });
  if (res.status < 200 || res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${res.body}`);
  return JSON.parse(res.body || 'null');
}

/** Runs `fn` over `items` with at most `n` at a time. */
async function pool(items, n, fn) {
  const out = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

/** The newest Jakarta school day (Monday to Saturday) not after today. */
function lastSchoolDay() {
  const jakarta = new Date(Date.now() + 7 * 3600_000);
  if (jakarta.getUTCDay() === 0) jakarta.setUTCDate(jakarta.getUTCDate() - 1);
  return jakarta.toISOString().slice(0, 10);
}

/**
 * Issue 5's set-up: 60 classes of 30 students (moved from the seeded ones) in one unit, each
 * with its own homeroom teacher signed in, so each teacher saves its own class register.
 */
async function registerSetup(admin, unitId) {
  const years = await api(admin, 'GET', '/api/v1/academic-years?pageSize=50');
  const year = years.items.find((y) => y.isActive);
  const grade = await api(admin, 'POST', '/api/v1/grades', { unitId, level: 12, name: 'Kelas uji beban' });
  const classes = await pool(
    Array.from({ length: 60 }, (_, i) => i),
    8,
    (i) =>
      api(admin, 'POST', '/api/v1/classes', {
        academicYearId: year.id,
        gradeId: grade.id,
        name: `UJI${String(i + 1).padStart(2, '0')}`,
      }),
  );
  const ids = [];
  for (let page = 1; ids.length < 1800; page++) {
    const batch = await api(admin, 'GET', `/api/v1/students?unitId=${unitId}&status=ACTIVE&pageSize=200&page=${page}`);
    if (!batch.items.length) throw new Error('not enough students in the unit');
    ids.push(...batch.items.filter((s) => s.classGroupId).map((s) => s.id));
  }
  const members = classes.map((_, c) => ids.slice(c * 30, c * 30 + 30));
  await pool(
    members.flatMap((m, c) => m.map((studentId) => [studentId, classes[c].id])),
    16,
    ([studentId, toClassGroupId]) =>
      api(admin, 'POST', '/api/v1/enrollments/move', {
        studentId,
        toClassGroupId,
        note: 'uji beban',
        confirmGradeChange: true,
      }),
  );
  const password = 'Uji-Beban-Guru-2026';
  const teachers = await pool(classes, 8, async (cls, i) => {
    const nip = `BENCH${String(i + 1).padStart(4, '0')}`;
    const employee = await api(admin, 'POST', '/api/v1/employees', {
      unitId,
      nip,
      name: `Guru Uji ${i + 1}`,
      division: 'TEACHER',
      password,
    });
    await api(admin, 'PUT', `/api/v1/classes/${cls.id}/homeroom`, { employeeId: employee.id });
    return signIn(nip.toLowerCase(), password);
  });
  return { classes, members, teachers };
}

async function signIn(username, password = 'demo-mms-2026') {
  const res = await request('POST', '/api/v1/auth/login', { body: { username, password } });
  if (res.status !== 200) throw new Error(`sign-in ${username}: ${res.status} ${res.body}`);
  return { cookie: res.headers['set-cookie'][0].split(';')[0], csrf: JSON.parse(res.body).csrfToken };
}

/** Runs `make()` requests from CONNECTIONS loops for the duration; latencies in ms. */
async function load(name, make, connections = CONNECTIONS) {
  const latencies = [];
  let errors = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const loop = async (_, connection) => {
    while (performance.now() < deadline) {
      const { method, url, headers, body } = make(connection);
      const t0 = performance.now();
      const res = await request(method, url, { headers, body }).catch(() => ({ status: 0 }));
      latencies.push(performance.now() - t0);
      if (res.status < 200 || res.status >= 300) errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return {
    name,
    rps: latencies.length / elapsed,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    errors,
    count: latencies.length,
  };
}

try {
  await waitHealthy();
  console.log(`seeding ${STUDENTS} students...`);
  const seeded = spawnSync(process.execPath, ['apps/server/dist/cli/seed.js', '--students', String(STUDENTS)], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  if (seeded.status !== 0) throw new Error('seeding failed');

  const admin = await signIn('admin');
  const auth = { cookie: admin.cookie };
  const classes = JSON.parse((await request('GET', '/api/v1/classes?pageSize=50', { headers: auth })).body).items;
  const smpClass = classes.find((c) => /7A/.test(c.name)) ?? classes[0];
  if (!smpClass) throw new Error('no class after seeding');
  const unitId = smpClass.unitId;

  const scenarios = [
    ['health', () => ({ method: 'GET', url: '/api/v1/health' })],
    [
      'student list (page of 50, q=rahm)',
      () => ({ method: 'GET', url: '/api/v1/students?pageSize=50&q=rahm', headers: auth }),
    ],
    [
      // Another term on every request: the list is filtered in memory, not answered from stored pages.
      'student list (page of 50, 12 terms)',
      (() => {
        const terms = [
          'rahm',
          'siti',
          'nur',
          'putri',
          'ahmad',
          'fauzi',
          'aisyah',
          'hasan',
          '2000',
          'zahra',
          'ilham',
          'dewi',
        ];
        let next = 0;
        return () => ({
          method: 'GET',
          url: `/api/v1/students?pageSize=50&q=${terms[next++ % terms.length]}&sort=${next % 2 ? 'name' : '-nis'}`,
          headers: auth,
        });
      })(),
    ],
    ['timetable of a class', () => ({ method: 'GET', url: `/api/v1/timetable/classes/${smpClass.id}`, headers: auth })],
    [
      'lookup: subjects of a unit',
      () => ({ method: 'GET', url: `/api/v1/lookups/subjects?unitId=${unitId}`, headers: auth }),
    ],
  ];
  const results = [];
  const run = async (name, make, connections = CONNECTIONS) => {
    process.stdout.write(`${name}: ${SECONDS}s at ${connections} connections... `);
    const r = await load(name, make, connections);
    results.push(r);
    console.log(`${r.rps.toFixed(0)} req/s`);
  };
  for (const [name, make] of scenarios) await run(name, make);

  // Issue 5: 60 teachers saving their 30-student daily register at once, then a unit's recap.
  console.log('preparing 60 classes of 30 students with their homeroom teachers...');
  const bench = await registerSetup(admin, unitId);
  const { members, teachers } = bench;
  const date = lastSchoolDay();
  const codes = ['H', 'H', 'H', 'H', 'H', 'H', 'S', 'I', 'A'];
  let turn = 0;
  await run(
    'register save (60 teachers x 30 students)',
    (c) => ({
      method: 'PUT',
      url: `/api/v1/attendance/classes/${bench.classes[c].id}/daily/${date}`,
      headers: { cookie: teachers[c].cookie, 'x-csrf-token': teachers[c].csrf },
      body: { entries: members[c].map((studentId, i) => ({ studentId, code: codes[(i + turn++) % codes.length] })) },
    }),
    60,
  );
  const unitStudents = JSON.parse(
    (await request('GET', `/api/v1/students?unitId=${unitId}&pageSize=1`, { headers: auth })).body,
  ).total;
  await run(`monthly recap of a unit (${unitStudents} students)`, () => ({
    method: 'GET',
    url: `/api/v1/attendance/recap?unitId=${unitId}&month=${date.slice(0, 7)}`,
    headers: auth,
  }));
  const health = results[0].rps;
  console.log(
    `\n${'endpoint'.padEnd(42)} ${'req/s'.padStart(8)} ${'vs health'.padStart(10)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)}`,
  );
  for (const r of results) {
    console.log(
      `${r.name.padEnd(42)} ${r.rps.toFixed(0).padStart(8)} ${`${((r.rps / health) * 100).toFixed(0)}%`.padStart(10)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.errors).padStart(7)}`,
    );
  }
  console.log(
    `\ntargets: reads at least 30% of health's req/s with p99 under 50 ms; register save p99 under 200 ms; unit recap p99 under 500 ms (${os.cpus().length} cores, load generator on the same machine)`,
  );
  if (process.env.BENCH_KEEP) {
    // For profiling: leave the server and its data up until Ctrl-C.
    console.log(`server kept on port ${port}, data in ${dataDir}; Ctrl-C stops it`);
    await new Promise((resolve) => process.once('SIGINT', resolve));
  }
} finally {
  await stop();
}
