#!/usr/bin/env node
// `npm run test:dates`: the unit and API suites (and with --e2e the browser suite) under MMS_NOW set
// to awkward instants, so no test depends on the day, hour or weekday it happens to run on.
// Prints one summary line per instant and ends with `N passed, N failed` over all runs.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { flakyLine, flakyTests } from './lib/flaky.mjs';

export const AWKWARD_INSTANTS = [
  ['a Monday', '2026-11-23T10:00:00+07:00'],
  ['a Sunday', '2026-11-29T10:00:00+07:00'],
  ['1 January 00:30 WIB', '2027-01-01T00:30:00+07:00'],
  ['30 June 23:30 WIB', '2027-06-30T23:30:00+07:00'],
  ['1 July 06:59 WIB (UTC still 30 June)', '2027-07-01T06:59:00+07:00'],
  ['a Jakarta midnight crossing', '2026-11-25T23:59:30+07:00'],
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results', 'dates');
const withE2e = process.argv.includes('--e2e');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
let passed = 0;
let failed = 0;
const lines = [];

if (withE2e && spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) {
  console.log('0 passed, 1 failed');
  process.exit(1);
}

for (const [name, instant] of AWKWARD_INSTANTS) {
  if (only && !name.includes(only) && instant !== only) continue;
  const env = { ...process.env, MMS_NOW: instant };
  const file = path.join(results, `vitest-${instant.replaceAll(':', '')}.json`);
  spawnSync('npx', ['vitest', 'run', '--reporter=dot', '--reporter=json', `--outputFile=${file}`], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  const v = readJson(file);
  let p = v?.numPassedTests ?? 0;
  let f = v ? v.numFailedTests : 1;
  if (withE2e) {
    const pw = path.join(results, `playwright-${instant.replaceAll(':', '')}.json`);
    spawnSync('npx', ['playwright', 'test', '--reporter=dot,json'], {
      cwd: path.join(root, 'e2e'),
      stdio: 'inherit',
      env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: pw },
    });
    const r = readJson(pw);
    // a test that passed only on a retry counts as failed (see scripts/lib/flaky.mjs)
    for (const t of flakyTests(r)) lines.push(`${instant}  ${flakyLine(t)}`);
    p += r ? r.stats.expected : 0;
    f += r ? r.stats.unexpected + r.stats.flaky : 1;
  }
  passed += p;
  failed += f;
  lines.push(`${instant}  ${name}: ${p} passed, ${f} failed`);
}

for (const line of lines) console.log(line);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
