#!/usr/bin/env node
/**
 * Fails (exit 1) on a use of the database's clock in the server's non-test code that no
 * `db-clock: <why>` marks (see scripts/lib/sql-clock.mjs). Usage: node scripts/check-sql-clock.mjs [folder]
 */
import { resolve } from 'node:path';
import { scan } from './lib/sql-clock.mjs';

const root = resolve(process.argv[2] ?? 'apps/server/src');
const found = scan(root, process.cwd());
for (const line of found) console.log(line);
if (found.length > 0) {
  console.error(
    `check-sql-clock: ${found.length} unmarked use(s) of the database's clock: pass sqlNow() / clock.now() as a parameter, or mark a technical one with "db-clock: <why>"`,
  );
  process.exit(1);
}
console.log('check-sql-clock: every SQL time comes from the clock or is marked db-clock');
