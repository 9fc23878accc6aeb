import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The real server process on its own embedded PostgreSQL, as `npm start` runs it: shared by the
// process tests (main.process.test.ts, supervisor.process.test.ts).

/** apps/server, where `src/main.ts` runs from source. */
export const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/** The command line that runs the server from source. */
export const SERVER_ARGS = ['--conditions=mms-source', '--import', 'tsx', 'src/main.ts'];

/** A child process whose output is kept, with a wait for a line of it. */
export interface Spawned {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
  waitFor: (text: string, timeoutMs?: number) => Promise<void>;
}

/** Spawns `node <args>` in apps/server with the server's settings (never DATABASE_URL: the embedded one). */
export function spawnServerProcess(
  args: string[],
  settings: { dataDir: string; port: number },
  env: Record<string, string> = {},
): Spawned {
  const { DATABASE_URL: _unused, ...base } = process.env;
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: {
      ...base,
      DATA_DIR: settings.dataDir,
      PORT: String(settings.port),
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
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = async (text: string, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!output.includes(text)) {
      if (Date.now() > deadline) throw new Error(`no "${text}" in:\n${output.slice(-4000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { child, exited, output: () => output, waitFor };
}

export async function waitHealthy(port: number, timeoutMs = 60_000): Promise<void> {
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

export const login = (port: number, username: string, password: string) =>
  fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });

/** Signs in and changes the password; the status of the change. */
export async function changePassword(port: number, username: string, current: string, next: string) {
  const res = await login(port, username, current);
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  const changed = await fetch(`http://127.0.0.1:${port}/api/v1/auth/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken },
    body: JSON.stringify({ currentPassword: current, newPassword: next }),
  });
  return changed.status;
}

/** The pid in the first line of a file of the data directory (postgres/postmaster.pid, mms.pid). */
export const pidIn = async (dataDir: string, file: string) =>
  Number.parseInt((await fs.readFile(path.join(dataDir, file), 'utf8')).split('\n')[0]!, 10);

export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
