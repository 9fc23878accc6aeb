#!/usr/bin/env node
// `npm test`: every suite. Unit and API tests (Vitest, on a real PostgreSQL: DATABASE_URL or an
// embedded one), then the browser tests (Playwright in Chromium against the built app).
// The server suite runs under a fixed awkward MMS_NOW (the shared and web suites and the browser suite
// on the machine's own date). Ends with one line `N passed, N failed` summing all suites.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { flakyLine, flakyTests } from './lib/flaky.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const run = (cmd, args, opts = {}) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts }).status ?? 1;
/** Like `run`, without waiting: resolves to the exit status. */
const start = (cmd, args, opts = {}) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];

// 1. The server's unit and API suite under a fixed awkward instant (1 July 06:59 WIB: a new school year in Jakarta
// while the UTC date is still 30 June), so no test depends on the day CI runs on. It runs the server from its
// sources (tsx), so it needs no build: it starts first and runs beside the build and the web suite (2, 3), since
// most of its time is waiting on PostgreSQL and on child processes (restarts, back-offs) while those are CPU work.
// Its output goes to a file, printed whole when it ends, so the two suites' lines do not interleave.
const AWKWARD_NOW = '2027-07-01T06:59:00+07:00';
// Three files at a time, whatever the core count: a server test mostly waits on PostgreSQL or on a child
// process (the supervisor and main-process files wait minutes on restarts and back-offs), which Vitest's
// default of one worker per core less one (1 on a 2-core machine) ran one after the other.
const SERVER_WORKERS = process.env.MMS_SERVER_TEST_WORKERS ?? '3';
const awkwardJson = path.join(results, 'vitest-awkward.json');
const awkwardLog = path.join(results, 'vitest-awkward.log');
const serverStarted = Date.now();
const serverSuite = start(
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'server',
    `--maxWorkers=${SERVER_WORKERS}`,
    '--reporter=dot',
    '--reporter=json',
    `--outputFile=${awkwardJson}`,
  ],
  {
    env: { ...process.env, MMS_NOW: AWKWARD_NOW },
    stdio: ['ignore', openSync(awkwardLog, 'w'), openSync(awkwardLog, 'a')],
  },
).then((status) => ({ status, seconds: Math.round((Date.now() - serverStarted) / 1000) }));

// 2. Build what the browser suite serves (`npm run build`'s three steps): the shared package, then the server's
// tsc (one core) beside the web app's vite build, which need only the shared package.
const built =
  run('npm', ['run', 'build', '-w', '@mms/shared']) === 0 &&
  (
    await Promise.all([
      start('npm', ['run', 'build', '-w', '@mms/server']),
      start('npm', ['run', 'build', '-w', '@mms/web']),
    ])
  ).every((status) => status === 0);
if (!built) problems.push('build failed');

// 3. Unit suites of the shared package and the web app, on the machine's date. The server suite runs once, in
// 1: it ran on both dates until a 2-core machine took 18 minutes for this step and 63 for the whole run; the
// six instants of `npm run test:dates` (Monday, Sunday, 1 January, 30 June, 1 July, Jakarta's midnight) keep
// checking it on the other days, and the browser suite runs the server on the machine's date.
const vitestJson = path.join(results, 'vitest.json');
const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--project',
  'shared',
  '--project',
  'web',
  '--project',
  'scripts',
  // jsdom renders are CPU work: one worker per core (Vitest's default leaves one of two cores idle)
  '--maxWorkers=2',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${vitestJson}`,
]);
const v = readJson(vitestJson);
if (v) {
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + v.numTodoTests;
  if (vitestStatus !== 0 && v.numFailedTests === 0) problems.push(`vitest exited with ${vitestStatus}`);
} else problems.push('vitest produced no results');

// The server suite's end (started in 1).
const { status: awkwardStatus, seconds: serverSeconds } = await serverSuite;
process.stdout.write(existsSync(awkwardLog) ? readFileSync(awkwardLog, 'utf8') : '');
const a = readJson(awkwardJson);
if (a) {
  passed += a.numPassedTests;
  failed += a.numFailedTests;
  skipped += a.numPendingTests + a.numTodoTests;
  if (awkwardStatus !== 0 && a.numFailedTests === 0)
    problems.push(`vitest at ${AWKWARD_NOW} exited with ${awkwardStatus}`);
  console.log(
    `server suite at MMS_NOW=${AWKWARD_NOW}: ${a.numPassedTests} passed, ${a.numFailedTests} failed (${serverSeconds} s, beside the build and the web suite)`,
  );
} else problems.push(`vitest at ${AWKWARD_NOW} produced no results`);

// 4. Browser suite.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  problems.push(
    `no Chromium at ${chromium}: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH`,
  );
} else if (!problems.includes('build failed')) {
  const pwJson = path.join(results, 'playwright.json');
  const pwStatus = run('npx', ['playwright', 'test', '--reporter=list,json'], {
    cwd: path.join(root, 'e2e'),
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
  });
  const p = readJson(pwJson);
  if (p) {
    // a test that passed only on a retry is a failure to fix at its cause, not a pass
    const flaky = flakyTests(p);
    for (const t of flaky) console.log(flakyLine(t));
    if (flaky.length !== p.stats.flaky)
      problems.push(`playwright counted ${p.stats.flaky} flaky, found ${flaky.length}`);
    passed += p.stats.expected;
    failed += p.stats.unexpected + p.stats.flaky;
    skipped += p.stats.skipped;
    if (pwStatus !== 0 && p.stats.unexpected === 0) problems.push(`playwright exited with ${pwStatus}`);
  } else problems.push('playwright produced no results');
}

for (const p of problems) console.error(`test run problem: ${p}`);
// a suite that could not run (no results, a server that did not start) counts as a failure in the summary
console.log(`${passed} passed, ${failed + problems.length} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || problems.length > 0 ? 1 : 0);
