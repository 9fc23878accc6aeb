#!/usr/bin/env node
// `npm start`: build whatever is missing or older than its sources, then run the server
// (migrations, first-start demo data, API and web app on one port) as a child process that is
// started again when it dies unexpectedly (see supervise.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { supervise } from './supervise.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const newest = (p) => {
  const full = path.join(root, p);
  if (!existsSync(full)) return 0;
  const st = statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(full).reduce((max, name) => Math.max(max, newest(path.join(p, name))), st.mtimeMs);
};

const targets = [
  {
    workspace: '@mms/shared',
    sources: ['packages/shared/src', 'packages/shared/package.json'],
    output: 'packages/shared/dist/index.js',
  },
  {
    workspace: '@mms/server',
    sources: ['apps/server/src', 'apps/server/package.json', 'packages/shared/src'],
    output: 'apps/server/dist/main.js',
  },
  {
    workspace: '@mms/web',
    sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/shared/src'],
    output: 'apps/web/dist/index.html',
  },
];

for (const t of targets) {
  const out = path.join(root, t.output);
  const built = existsSync(out) ? statSync(out).mtimeMs : 0;
  if (built > 0 && built >= Math.max(...t.sources.map(newest))) continue;
  console.warn(`building ${t.workspace}...`);
  const r = spawnSync('npm', ['run', 'build', '-w', t.workspace], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`build of ${t.workspace} failed`);
    process.exit(r.status ?? 1);
  }
}

process.exit(await supervise({ command: process.execPath, args: [path.join(root, 'apps/server/dist/main.js')] }));
