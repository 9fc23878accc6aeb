// Builds the web app and prints the gzip size of the JS and CSS a browser loads for two routes
// (the entry chunk and its static imports, plus the route's lazy layout and screen chunks); then runs
// the built server on demo data and measures four pages with Lighthouse (mobile preset) in Debian's
// Chromium: performance and accessibility scores, LCP, TBT, CLS. `--no-lighthouse` skips that part;
// `--json <dir>` keeps each page's full Lighthouse report there (to see what costs the score);
// `--only <text>` measures only the pages whose name holds the text;
// `--runs <n>` measures each page n times and prints the run with the median performance score among those
// Lighthouse could measure (its advice for noisy machines: a busy CPU lengthens the tasks it times), after a line
// with every run's figures.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const dist = path.join(web, 'dist');
const jsonAt = process.argv.indexOf('--json');
const jsonDir = jsonAt > 0 ? path.resolve(process.argv[jsonAt + 1] ?? '') : undefined;
const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt > 0 ? Math.max(1, Number(process.argv[runsAt + 1]) || 1) : 1;

const BUDGET_KB = { '/auth/signin': 200, '/backend/dashboard': 300, '/…/play-online-*/:id': 330 };
const ROUTES = {
  '/auth/signin': ['src/app/layouts/blank-layout.tsx', 'src/features/auth/pages/sign-in-page.tsx'],
  '/backend/dashboard': ['src/app/layouts/backend-layout.tsx', 'src/features/dashboard/pages/dashboard-page.tsx'],
  '/…/play-online-*/:id': ['src/app/layouts/backend-layout.tsx', 'src/features/exam-engine/pages/play.ts'],
};
/**
 * Screens whose own chunks (what they load beyond the entry and their layout) have a budget of their own: the
 * exam play screen is opened by a whole class at once at the start of an exam, often on weak phones.
 */
const SCREEN_BUDGET_KB = {
  'exam play screen': {
    layout: 'src/app/layouts/backend-layout.tsx',
    screen: 'src/features/exam-engine/pages/play.ts',
    kb: 150,
  },
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

for (const [name, { layout, screen, kb: budget }] of Object.entries(SCREEN_BUDGET_KB)) {
  const shared = { js: new Set(), css: new Set() };
  const sharedSeen = new Set();
  for (const key of [entryKey, layout]) closure(key, shared, sharedSeen);
  const own = [...closure(screen).js].filter((f) => !shared.js.has(f));
  const js = own.reduce((n, f) => n + gz(f), 0);
  const ok = js / 1024 <= budget;
  if (!ok) failed = true;
  console.log(`${name} (own chunks)`.padEnd(32) + `${kb(js).padStart(10)} KB JS   ${budget} KB ${ok ? 'ok' : 'OVER'}`);
}

if (!process.argv.includes('--no-lighthouse')) await lighthouseRun();
process.exitCode = failed ? 1 : 0;

/** The pages of the goal (issue 10): sign-in, landing, a teacher's dashboard, the student list. */
async function lighthouseRun() {
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromePath)) {
    console.log(`\nLighthouse skipped: no Chromium at ${chromePath}`);
    return;
  }
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  for (const ws of ['@mms/shared', '@mms/server']) {
    if (spawnSync('npm', ['run', 'build', '-w', ws], { cwd: root, stdio: 'ignore' }).status !== 0)
      throw new Error(`build of ${ws} failed`);
  }
  const port = await new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = srv.address();
      srv.close(() => resolve(p));
    });
  });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mms-bench-web-'));
  spawnSync('chmod', ['755', dataDir]);
  const { DATABASE_URL: _ignored, ...baseEnv } = process.env;
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: { ...baseEnv, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', MMS_DEMO: 'true' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  let chrome;
  try {
    for (let i = 0; ; i++) {
      if (
        await fetch(`${base}/api/v1/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 600) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    const cookieOf = async (username) => {
      const res = await fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'demo-mms-2026' }),
      });
      if (!res.ok) throw new Error(`sign-in of ${username}: ${res.status}`);
      return res.headers.get('set-cookie').split(';')[0];
    };
    const pages = [
      { name: 'sign-in', url: '/auth/signin' },
      { name: 'landing', url: '/' },
      { name: 'teacher dashboard', url: '/backend/dashboard', cookie: await cookieOf('teacher') },
      { name: 'student list', url: '/backend/mms/principal/student-all', cookie: await cookieOf('principal') },
    ];
    // `--only <text>`: measure only the pages whose name holds the text (e.g. `--only list`)
    const onlyAt = process.argv.indexOf('--only');
    const only = onlyAt > 0 ? process.argv[onlyAt + 1] : undefined;
    if (only) pages.splice(0, pages.length, ...pages.filter((p) => p.name.includes(only)));
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    console.log('\nLighthouse (mobile preset: simulated slow 4G, 4x CPU slowdown), Chromium ' + chromePath);
    console.log('page                  perf   a11y   LCP ms   TBT ms    CLS   failing a11y audits');
    for (const page of pages) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(`${base}${page.url}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
        });
        runs.push(result.lhr);
      }
      const byOrder = [...runs];
      // the median of the runs Lighthouse could measure: a run it could not (a trace without its navigation
      // start, NO_NAVSTART, seen twice in ~70 runs) is not a score of 0
      const measured = runs.filter((r) => !r.runtimeError && r.categories.performance?.score != null);
      const ranked = measured.length > 0 ? measured : runs;
      ranked.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const lhr = ranked[Math.floor((ranked.length - 1) / 2)]; // of an even number, the lower of the middle two
      const { categories, audits } = lhr;
      if (jsonDir) {
        mkdirSync(jsonDir, { recursive: true });
        writeFileSync(path.join(jsonDir, `${page.name.replaceAll(' ', '-')}.json`), JSON.stringify(lhr));
      }
      const score = (c) => Math.round((categories[c]?.score ?? 0) * 100);
      const num = (a) => audits[a]?.numericValue ?? NaN;
      const a11yFails = categories.accessibility.auditRefs
        .filter((r) => r.weight > 0 && audits[r.id]?.score === 0)
        .map((r) => r.id);
      if (RUNS > 1) {
        // every run, in the order measured: how far the median's neighbours are from it
        const each = byOrder.map((r) => {
          // a run Lighthouse could not measure says why (e.g. NO_FCP) instead of a row of zeros
          if (r.runtimeError || r.categories.performance?.score == null) {
            const why = r.runtimeError?.code ?? r.audits['largest-contentful-paint']?.errorMessage ?? 'no score';
            return `(error: ${why})`;
          }
          const m = (a) => Math.round(r.audits[a]?.numericValue ?? NaN);
          return `${Math.round((r.categories.performance?.score ?? 0) * 100)}/${m('largest-contentful-paint')}/${m('total-blocking-time')}`;
        });
        console.log(`  runs (perf/LCP/TBT): ${each.join('  ')}`);
      }
      console.log(
        `${page.name.padEnd(20)}  ${String(score('performance')).padStart(4)}   ${String(score('accessibility')).padStart(4)}` +
          `   ${Math.round(num('largest-contentful-paint')).toString().padStart(6)}   ${Math.round(num('total-blocking-time')).toString().padStart(6)}` +
          `   ${num('cumulative-layout-shift').toFixed(3).padStart(5)}   ${a11yFails.join(', ') || '-'}`,
      );
    }
  } finally {
    await chrome?.kill();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
