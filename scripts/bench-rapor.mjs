#!/usr/bin/env node
// `npm run bench:rapor`: the rapor PDF on loopback, as a benchmark (never a timed test; issue 40 §2).
// Starts the built server on a fresh embedded PostgreSQL with the demo data, then times, one request at a time,
// BENCH_RUNS (default 5) PDFs of one student and of the whole class (SMP 7A), the JSON of one rapor beside them,
// and prints p50/max per kind, the PDF sizes and the server's peak memory (VmHWM), so the figures read on
// whatever machine runs them.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { startBenchServer } from './lib/bench-server.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const { server, request, waitHealthy, stop } = await startBenchServer({
  prefix: 'mms-bench-rapor-',
  maxSockets: 4,
  healthTries: 600,
});

async function signIn(username, password = 'demo-mms-2026') {
  const res = await request('POST', '/api/v1/auth/login', { body: { username, password } });
  if (res.status !== 200) throw new Error(`sign-in ${username}: ${res.status} ${res.body}`);
  return { cookie: res.headers['set-cookie'][0].split(';')[0] };
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

async function time(name, url, session) {
  const ms = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const res = await get(session, url);
    ms.push(performance.now() - t0);
    bytes = res.body.length;
  }
  ms.sort((a, b) => a - b);
  return { name, p50: ms[Math.floor(ms.length / 2)], max: ms.at(-1), bytes };
}

try {
  await waitHealthy();
  const admin = await signIn('admin');
  const { items } = JSON.parse((await get(admin, '/api/v1/rapor/classes')).body);
  const cls = items.find((c) => /^7A$/.test(c.name)) ?? items[0];
  if (!cls) throw new Error('no class to open a rapor of');
  const roster = JSON.parse((await get(admin, `/api/v1/rapor/classes/${cls.id}`)).body);
  const student = roster.students[0];
  if (!student) throw new Error(`class ${cls.name} has no students`);
  // warm-up: fonts, the read cache and the connection pool
  await get(admin, `/api/v1/rapor/students/${student.id}/pdf`);
  const results = [
    await time('rapor JSON (1 student)', `/api/v1/rapor/students/${student.id}`, admin),
    await time('rapor PDF (1 student)', `/api/v1/rapor/students/${student.id}/pdf`, admin),
    await time(
      `rapor PDF (class ${cls.name}, ${roster.students.length} students)`,
      `/api/v1/rapor/classes/${cls.id}/pdf`,
      admin,
    ),
  ];
  console.log(
    `\nrapor benchmark, ${RUNS} sequential runs each, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'})`,
  );
  console.log('| what | p50 ms | max ms | size KiB |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const r of results) {
    console.log(`| ${r.name} | ${r.p50.toFixed(0)} | ${r.max.toFixed(0)} | ${(r.bytes / 1024).toFixed(0)} |`);
  }
  console.log(`server peak memory (VmHWM): ${peakMiB() ?? '?'} MiB`);
} finally {
  await stop();
}
