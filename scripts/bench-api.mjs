#!/usr/bin/env node
// `npm run bench:api`: the API under load on loopback, as a benchmark (never a timed test).
// Starts the built server on a fresh embedded PostgreSQL, seeds 5,000 students, then drives each
// endpoint with 50 concurrent keep-alive connections for BENCH_SECONDS (default 20) and prints
// requests/s and p50/p95/p99 beside the health endpoint measured in the same run, so the
// figures read as ratios on whatever machine runs them.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 5000);

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

for (const ws of ['@mms/shared', '@mms/server']) {
  if (spawnSync('npm', ['run', 'build', '-w', ws], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mms-bench-'));
spawnSync('chmod', ['755', dataDir]);
const port = await freePort();
const { DATABASE_URL: _ignored, ...baseEnv } = process.env;
const env = {
  ...baseEnv,
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  MMS_DEMO: 'true',
  LOGIN_IP_LIMIT_PER_MINUTE: '100000',
};
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = async () => {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
};

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
function request(method, url, { headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
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
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

async function waitHealthy() {
  for (let i = 0; i < 300; i++) {
    const ok = await request('GET', '/api/v1/health').then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

async function signIn(username) {
  const res = await request('POST', '/api/v1/auth/login', { body: { username, password: 'demo-mms-2026' } });
  if (res.status !== 200) throw new Error(`sign-in ${username}: ${res.status} ${res.body}`);
  return { cookie: res.headers['set-cookie'][0].split(';')[0], csrf: JSON.parse(res.body).csrfToken };
}

/** Runs `make()` requests from CONNECTIONS loops for the duration; latencies in ms. */
async function load(name, make) {
  const latencies = [];
  let errors = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const { method, url, headers, body } = make();
      const t0 = performance.now();
      const res = await request(method, url, { headers, body }).catch(() => ({ status: 0 }));
      latencies.push(performance.now() - t0);
      if (res.status < 200 || res.status >= 300) errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
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
    ['timetable of a class', () => ({ method: 'GET', url: `/api/v1/timetable/classes/${smpClass.id}`, headers: auth })],
    [
      'lookup: subjects of a unit',
      () => ({ method: 'GET', url: `/api/v1/lookups/subjects?unitId=${unitId}`, headers: auth }),
    ],
  ];
  const results = [];
  for (const [name, make] of scenarios) {
    process.stdout.write(`${name}: ${SECONDS}s at ${CONNECTIONS} connections... `);
    const r = await load(name, make);
    results.push(r);
    console.log(`${r.rps.toFixed(0)} req/s`);
  }
  const health = results[0].rps;
  console.log(
    `\n${'endpoint'.padEnd(36)} ${'req/s'.padStart(8)} ${'vs health'.padStart(10)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)}`,
  );
  for (const r of results) {
    console.log(
      `${r.name.padEnd(36)} ${r.rps.toFixed(0).padStart(8)} ${`${((r.rps / health) * 100).toFixed(0)}%`.padStart(10)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.errors).padStart(7)}`,
    );
  }
  console.log(
    `\ntarget: each endpoint at least 30% of health's req/s and p99 under 50 ms (${os.cpus().length} cores, load generator on the same machine)`,
  );
} finally {
  await stop();
}
