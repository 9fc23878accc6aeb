// Builds the web app and prints the gzip size of the JS and CSS a browser loads for two routes:
// the entry chunk and its static imports, plus the route's lazy layout and screen chunks.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const dist = path.join(web, 'dist');

const BUDGET_KB = { '/auth/signin': 200, '/backend/dashboard': 300 };
const ROUTES = {
  '/auth/signin': ['src/app/layouts/blank-layout.tsx', 'src/features/auth/pages/sign-in-page.tsx'],
  '/backend/dashboard': ['src/app/layouts/backend-layout.tsx', 'src/features/dashboard/pages/dashboard-page.tsx'],
};

if (!process.argv.includes('--no-build')) {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
}

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('no entry in the Vite manifest');

/** The files a chunk brings in through static imports, itself included. */
function closure(key, files = { js: new Set(), css: new Set() }, seen = new Set()) {
  if (seen.has(key)) return files;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
  files.js.add(chunk.file);
  for (const css of chunk.css ?? []) files.css.add(css);
  for (const dep of chunk.imports ?? []) closure(dep, files, seen);
  return files;
}

const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);

let failed = false;
console.log('route                 JS gzip KB   CSS gzip KB   JS files   budget (JS)');
for (const [route, keys] of Object.entries(ROUTES)) {
  const files = { js: new Set(), css: new Set() };
  const seen = new Set();
  for (const key of [entryKey, ...keys]) closure(key, files, seen);
  const js = [...files.js].reduce((n, f) => n + gz(f), 0);
  const css = [...files.css].reduce((n, f) => n + gz(f), 0);
  const ok = js / 1024 <= BUDGET_KB[route];
  if (!ok) failed = true;
  console.log(
    `${route.padEnd(20)}  ${kb(js).padStart(10)}   ${kb(css).padStart(11)}   ${String(files.js.size).padStart(8)}   ${
      BUDGET_KB[route]
    } KB ${ok ? 'ok' : 'OVER'}`,
  );
}
process.exitCode = failed ? 1 : 0;
