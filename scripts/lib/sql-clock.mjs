import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The SQL clock check: business time in SQL comes from MMS's clock (`sqlNow()`, `clock.now()`) as a
 * bound parameter, so MMS_NOW reaches the rows. The database's own clock (`now()`, `current_date`,
 * `current_timestamp`, `localtimestamp`, a column's `.defaultNow()`) stays only where it means the
 * database's wall time for a technical row, and that line says so with `db-clock: <why>` (as `// db-clock:`
 * in TypeScript or `-- db-clock:` in the SQL).
 */

/** SQL functions reading the database's clock, looked for inside string and template literals. */
const SQL_CLOCK = /(?<![\w.$])(now\s*\(\s*\)|current_date|current_timestamp|localtimestamp)(?![\w$])/gi;
/** Drizzle's column default on the database's clock, looked for in code. */
const DEFAULT_NOW = /\.defaultNow\s*\(/g;
const MARK = /db-clock:\s*\S/;

/**
 * Splits TypeScript source into code and literal (string and template text) pieces, leaving out
 * comments, so `now()` in a comment or a JS call named `now()` is not taken for SQL.
 * @param {string} text
 * @returns {{ kind: 'code' | 'literal', start: number, text: string }[]}
 */
function pieces(text) {
  const out = [];
  let i = 0;
  let start = 0;
  let kind = 'code';
  /** one entry per open template: the brace depth of the code inside its current `${` */
  const templates = [];
  const flush = (end, next) => {
    if (end > start) out.push({ kind, start, text: text.slice(start, end) });
    start = end;
    kind = next;
  };
  while (i < text.length) {
    const c = text[i];
    if (kind === 'code') {
      if (c === '/' && text[i + 1] === '/') {
        flush(i, 'code');
        const nl = text.indexOf('\n', i);
        i = nl === -1 ? text.length : nl;
        start = i;
        continue;
      }
      if (c === '/' && text[i + 1] === '*') {
        flush(i, 'code');
        const end = text.indexOf('*/', i + 2);
        i = end === -1 ? text.length : end + 2;
        start = i;
        continue;
      }
      if (c === "'" || c === '"') {
        flush(i + 1, 'literal');
        i++;
        while (i < text.length && text[i] !== c && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
        flush(i, 'code');
        i++;
        continue;
      }
      if (c === '`') {
        flush(i + 1, 'literal');
        templates.push(0);
        i++;
        kind = 'literal';
        continue;
      }
      if (templates.length > 0 && c === '{') templates[templates.length - 1]++;
      if (templates.length > 0 && c === '}') {
        if (templates[templates.length - 1] === 0) {
          flush(i, 'literal');
          i++;
          start = i;
          continue;
        }
        templates[templates.length - 1]--;
      }
      i++;
      continue;
    }
    // inside a template's text
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === '`') {
      templates.pop();
      flush(i, 'code');
      i++;
      start = i;
      continue;
    }
    if (c === '$' && text[i + 1] === '{') {
      flush(i, 'code');
      i += 2;
      start = i;
      continue;
    }
    i++;
  }
  flush(text.length, kind);
  return out;
}

/**
 * The unmarked uses of the database's clock in one file's source.
 * @param {string} text
 * @returns {{ line: number, use: string }[]}
 */
export function unmarkedUses(text) {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const lineOf = (offset) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const lines = text.split('\n');
  const found = [];
  for (const piece of pieces(text)) {
    const pattern = piece.kind === 'literal' ? SQL_CLOCK : DEFAULT_NOW;
    pattern.lastIndex = 0;
    for (const m of piece.text.matchAll(pattern)) {
      const line = lineOf(piece.start + m.index);
      if (!MARK.test(lines[line])) found.push({ line: line + 1, use: m[0].trim() });
    }
  }
  return found;
}

/**
 * Every unmarked use under `root` (non-test `.ts` files), as `path:line` with the use.
 * @param {string} root the folder scanned
 * @param {string} [base] paths are printed relative to this folder
 */
export function scan(root, base = root) {
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(path);
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')) {
        for (const u of unmarkedUses(readFileSync(path, 'utf8')))
          out.push(`${relative(base, path)}:${u.line}: ${u.use}`);
      }
    }
  };
  walk(root);
  return out;
}
