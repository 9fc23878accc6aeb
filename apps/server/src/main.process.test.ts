import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from './db/embedded.ts';
import { ExitCode } from './lib/exit-codes.ts';
import {
  SERVER_ARGS,
  alive,
  login as loginAt,
  pidIn,
  changePassword,
  spawnServerProcess,
  waitHealthy as healthyAt,
  type Spawned,
} from './test/server-process.ts';

// The real server process on its own embedded PostgreSQL, as `npm start` runs it.
let dataDir: string;
let port: number;
const children: Spawned['child'][] = [];

function start(env: Record<string, string> = {}) {
  const s = spawnServerProcess(SERVER_ARGS, { dataDir: env.DATA_DIR ?? dataDir, port: Number(env.PORT ?? port) }, env);
  children.push(s.child);
  return s;
}

const waitHealthy = () => healthyAt(port);
const login = (username: string, password: string) => loginAt(port, username, password);
const postmasterPid = () => pidIn(dataDir, 'postgres/postmaster.pid');

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mms-process-'));
  await fs.chmod(dataDir, 0o755);
  port = await freePort();
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  const pid = await postmasterPid().catch(() => 0);
  if (pid && alive(pid)) {
    process.kill(pid, 'SIGINT');
    // the data directory goes once PostgreSQL has stopped
    await vi.waitFor(() => expect(alive(pid)).toBe(false), { timeout: 10_000, interval: 50 });
  }
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
    expect(await changePassword(port, 'teacher', 'demo-mms-2026', 'Sesudah-Crash-2026')).toBe(200);

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
    // PostgreSQL stops with the server (its pid gone once the exited postmaster is reaped)
    await vi.waitFor(() => expect(alive(running)).toBe(false), { timeout: 5_000, interval: 50 });
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
