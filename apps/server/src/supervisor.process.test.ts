import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from './db/embedded.ts';
import { ExitCode } from './lib/exit-codes.ts';
import {
  SERVER_ARGS,
  alive,
  login as loginAt,
  pidIn as pidInDir,
  changePassword,
  spawnServerProcess,
  waitHealthy as healthyAt,
  type Spawned,
} from './test/server-process.ts';

// `npm start`'s supervisor (scripts/supervise.mjs) running the real server on its embedded
// PostgreSQL, from source, with a short restart pause.
const supervisorScript = fileURLToPath(new URL('../../../scripts/supervise.mjs', import.meta.url));
let dataDir: string;
let port: number;
const supervisors: Spawned['child'][] = [];
const serverPids = new Set<number>();
const backendPids: number[] = [];

function supervise(env: Record<string, string> = {}) {
  const s = spawnServerProcess(
    [supervisorScript, process.execPath, ...SERVER_ARGS],
    { dataDir, port },
    { MMS_RESTART_BACKOFF_MS: '100', ...env },
  );
  supervisors.push(s.child);
  return s;
}

const waitHealthy = (timeoutMs?: number) => healthyAt(port, timeoutMs);
const login = (username: string, password: string) => loginAt(port, username, password);
const pidIn = (file: string) => pidInDir(dataDir, file);
const postmasterPid = () => pidIn('postgres/postmaster.pid');
const serverPid = async () => {
  const pid = await pidIn('mms.pid');
  serverPids.add(pid);
  return pid;
};

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mms-supervisor-'));
  await fs.chmod(dataDir, 0o755);
  port = await freePort();
});
afterAll(async () => {
  for (const s of supervisors) if (s.exitCode === null && s.signalCode === null) s.kill('SIGKILL');
  for (const pid of [...serverPids, ...backendPids]) if (alive(pid)) process.kill(pid, 'SIGKILL');
  const pid = await postmasterPid().catch(() => 0);
  if (pid && alive(pid)) {
    process.kill(pid, 'SIGINT');
    // the data directory goes once PostgreSQL has stopped
    await vi.waitFor(() => expect(alive(pid)).toBe(false), { timeout: 10_000, interval: 50 });
  }
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('npm start supervises the server and its embedded PostgreSQL', { timeout: 240_000 }, () => {
  it('does not restart a server that stops on a configuration error, and exits with its code', async () => {
    const { FINAL_EXIT_CODES } = (await import(supervisorScript)) as { FINAL_EXIT_CODES: number[] };
    expect(FINAL_EXIT_CODES).toEqual([ExitCode.config]);

    const s = supervise({ PORT: 'delapan' });
    expect(await s.exited).toBe(ExitCode.config);
    expect(s.output().trim()).toMatch(/^Konfigurasi salah: PORT="delapan"/);
    expect(s.output().trim().split('\n')).toHaveLength(1);
  });

  it('restarts a killed server and then its killed PostgreSQL, keeping the data, and stops on SIGTERM', async () => {
    const s = supervise();
    await waitHealthy();
    // A change made before the crashes: the teacher's password.
    expect(await changePassword(port, 'teacher', 'demo-mms-2026', 'Sesudah-Crash-2026')).toBe(200);

    // (a) The server process is killed (out of memory, say).
    const first = await serverPid();
    process.kill(first, 'SIGKILL');
    await s.waitFor('MMS server stopped (signal SIGKILL); restarting in 100 ms (restart 1 of 5)');
    await waitHealthy();
    const second = await serverPid();
    expect(second).not.toBe(first);
    expect(s.output()).toContain('orphaned Postgres'); // the new server took over the database
    expect((await login('teacher', 'Sesudah-Crash-2026')).status).toBe(200);
    expect((await login('admin', 'demo-mms-2026')).status).toBe(200);

    // (b) The embedded PostgreSQL is killed: the server notices, exits, and comes back with it,
    // even while a backend of the dead postmaster, busy with a long query, still holds its memory.
    const postmaster = await postmasterPid();
    const database = {
      host: '127.0.0.1',
      port: Number((await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[3]),
      user: 'mms',
      password: (await fs.readFile(path.join(dataDir, 'postgres.secret'), 'utf8')).trim(),
      database: 'mms',
    };
    const busy = new pg.Client(database);
    busy.on('error', () => undefined);
    await busy.connect();
    const busyPid = ((await busy.query('select pg_backend_pid() as pid')).rows[0] as { pid: number }).pid;
    backendPids.push(busyPid);
    const longQuery = busy.query('select count(*) from generate_series(1, 5000000000)').catch(() => undefined);
    // the long query is running in its backend before the postmaster is killed
    const watcher = new pg.Client(database);
    await watcher.connect();
    await vi.waitFor(
      async () => {
        const { rows } = await watcher.query('select state from pg_stat_activity where pid = $1', [busyPid]);
        expect(rows).toEqual([{ state: 'active' }]);
      },
      { timeout: 10_000, interval: 50 },
    );
    await watcher.end();
    const killedAt = Date.now();
    process.kill(postmaster, 'SIGKILL');
    await s.waitFor(`embedded PostgreSQL (pid ${postmaster}) stopped unexpectedly; restarting MMS`);
    await s.waitFor(`MMS server stopped (exit code ${ExitCode.databaseLost}); restarting in 200 ms (restart 2 of 5)`);
    await waitHealthy(30_000);
    expect(s.output()).toMatch(/processes of a stopped Postgres \(pids \d+\) still hold .*: stopping them/);
    await longQuery;
    await busy.end().catch(() => undefined);
    expect(Date.now() - killedAt).toBeLessThan(30_000);
    expect(await serverPid()).not.toBe(second);
    const restarted = await postmasterPid();
    expect(restarted).not.toBe(postmaster);
    expect(alive(restarted)).toBe(true);
    expect((await login('teacher', 'Sesudah-Crash-2026')).status).toBe(200);

    // Stopping on request is not a crash: no restart, exit code 0, PostgreSQL stopped.
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    expect(s.output()).not.toContain('restart 3 of');
    // PostgreSQL stops with the server (its pid gone once the exited postmaster is reaped)
    await vi.waitFor(() => expect(alive(restarted)).toBe(false), { timeout: 5_000, interval: 50 });
    await expect(fs.stat(path.join(dataDir, 'mms.pid'))).rejects.toThrow();
  });

  it('gives up with a clear message when the server keeps dying', async () => {
    // Another program holds the port: every start of the server fails with exit code 1.
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      const s = supervise();
      expect(await s.exited).toBe(1);
      const out = s.output();
      for (const [n, pause] of [
        [1, '100 ms'],
        [2, '200 ms'],
        [3, '400 ms'],
        [4, '800 ms'],
        [5, '1.6 s'],
      ]) {
        expect(out).toContain(`MMS server stopped (exit code 1); restarting in ${pause} (restart ${n} of 5)`);
      }
      expect(out).not.toContain('restart 6 of');
      expect(out.trim().split('\n').at(-1)).toBe(
        'MMS berhenti: server mati 6 kali dalam 5 menit (terakhir: exit code 1); lihat log di atas. / ' +
          'MMS stopped: the server died 6 times within 5 minutes (last: exit code 1); see the log above.',
      );
    } finally {
      await new Promise((r) => blocker.close(r));
    }
    // Each failed start stopped its PostgreSQL again.
    const pid = await postmasterPid().catch(() => 0);
    expect(pid === 0 || !alive(pid)).toBe(true);
  });
});
