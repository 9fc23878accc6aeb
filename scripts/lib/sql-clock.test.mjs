import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scan, unmarkedUses } from './sql-clock.mjs';

const checker = fileURLToPath(new URL('../check-sql-clock.mjs', import.meta.url));
const fixture = fileURLToPath(new URL('./fixtures/sql-clock', import.meta.url));
const scriptsDir = fileURLToPath(new URL('..', import.meta.url));

describe('check-sql-clock', () => {
  it('fails on exactly the unmarked use in the fixture, by file and line', () => {
    const run = spawnSync(process.execPath, [checker, fixture], { cwd: scriptsDir, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout.trim().split('\n')).toEqual(['lib/fixtures/sql-clock/example.repo.ts:8: now()']);
    expect(run.stderr).toContain('1 unmarked use(s)');
  });

  it('finds every SQL clock function and a defaultNow, and leaves comments and marked lines', () => {
    const source = [
      'const a = sql`select current_date, CURRENT_TIMESTAMP, localtimestamp, NOW( )`;',
      "const b = 'select now()';",
      'const c = timestamp().defaultNow();',
      '/* select now() */ const d = sql`select ${x.now()}`;',
      'const e = timestamp().defaultNow(); // db-clock: technical',
      'const f = sql`select now() -- db-clock: technical`;',
      'const g = sql`select ${sql`now()`}`;',
    ].join('\n');
    expect(unmarkedUses(source)).toEqual([
      { line: 1, use: 'current_date' },
      { line: 1, use: 'CURRENT_TIMESTAMP' },
      { line: 1, use: 'localtimestamp' },
      { line: 1, use: 'NOW( )' },
      { line: 2, use: 'now()' },
      { line: 3, use: '.defaultNow(' },
      { line: 7, use: 'now()' },
    ]);
  });

  it('finds no unmarked use in the server (npm test checks what npm run check does)', () => {
    expect(scan(fileURLToPath(new URL('../../apps/server/src', import.meta.url)))).toEqual([]);
  });
});
