import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './db/embedded.ts';
import { ExitCode } from './lib/exit-codes.ts';

// The real server process on its own embedded PostgreSQL, as `npm start` runs it.
const serverDir = fileURLToPath(new URL('..', import.meta.url));
let dataDir: string;
let port: number;
const children: ChildProcess[] = [];

function start(env: Record<string, string> = {}) {
  const { DATABASE_URL: _unused, ...base } = process.env;
  const child = spawn(process.execPath, ['--conditions=mms-source', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...base,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitHealthy(timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/v1/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

const login = (username: string, password: string) =>
  fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });

const postmasterPid = async () =>
  Number.parseInt((await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]!, 10);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mms-process-'));
  await fs.chmod(dataDir, 0o755);
  port = await freePort();
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  const pid = await postmasterPid().catch(() => 0);
  if (pid && alive(pid)) process.kill(pid, 'SIGINT');
  await new Promise((r) => setTimeout(r, 500));
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('the server process on the embedded PostgreSQL', { timeout: 180_000 }, () => {
  it('stops at start with a one-line message naming a wrong variable', async () => {
    const s = start({ PORT: 'delapan' });
    expect(await s.exited).toBe(ExitCode.config);
    expect(s.output().trim()).toMatch(/^Konfigurasi salah: PORT="delapan"/);
    expect(s.output().trim().split('\n')).toHaveLength(1);
  });

  it('starts with demo data, survives kill -9 with its data intact, and stops cleanly on SIGINT', async () => {
    const first = start();
    await waitHealthy();
    expect((await login('admin', 'demo-mms-2026')).status).toBe(200);
    // A change made before the crash: the teacher's password.
    const teacher = await login('teacher', 'demo-mms-2026');
    const cookie = teacher.headers.get('set-cookie')!.split(';')[0]!;
    const { csrfToken } = (await teacher.json()) as { csrfToken: string };
    const changed = await fetch(`http://127.0.0.1:${port}/api/v1/auth/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken },
      body: JSON.stringify({ currentPassword: 'demo-mms-2026', newPassword: 'Sesudah-Crash-2026' }),
    });
    expect(changed.status).toBe(200);

    const orphan = await postmasterPid();
    first.child.kill('SIGKILL');
    await first.exited;
    expect(alive(orphan)).toBe(true); // the postmaster outlives the killed server

    const second = start();
    await waitHealthy();
    expect(second.output()).toContain('orphaned Postgres');
    expect(alive(orphan)).toBe(false);
    expect((await login('teacher', 'Sesudah-Crash-2026')).status).toBe(200);
    for (const username of ['admin', 'teachercashier', 'principal', 'wakakur', 'yayasan', 'bpbk', 'tu', 'student']) {
      const res = await login(username, 'demo-mms-2026');
      expect(res.status, username).toBe(200);
      expect(((await res.json()) as { user: { division: string } }).user.division).toBe(username.toUpperCase());
    }

    const running = await postmasterPid();
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(alive(running)).toBe(false);
    await expect(fs.stat(path.join(dataDir, 'mms.pid'))).rejects.toThrow();
  });

  it('starts with no demo data when MMS_DEMO=false', async () => {
    const emptyDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mms-nodemo-'));
    await fs.chmod(emptyDir, 0o755);
    const s = start({ MMS_DEMO: 'false', DATA_DIR: emptyDir });
    try {
      await waitHealthy();
      expect((await login('admin', 'demo-mms-2026')).status).toBe(401);
    } finally {
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
      await fs.rm(emptyDir, { recursive: true, force: true });
    }
  });

  it('refuses a second server on the same data directory', async () => {
    const a = start();
    await waitHealthy();
    const b = start({ PORT: String(await freePort()) });
    expect(await b.exited).toBe(ExitCode.config);
    expect(b.output().trim()).toMatch(/^MMS sudah berjalan \(pid \d+\) dengan DATA_DIR /);
    a.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
  });
});
