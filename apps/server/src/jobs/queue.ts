import PgBoss from 'pg-boss';
import type pg from 'pg';

/**
 * The job queue (issue 18): pg-boss, kept in PostgreSQL (schema `pgboss`), so that with several MMS servers on one
 * database every job runs once and no job state lives in a server's memory. A scheduled job is one row of pg-boss's
 * schedule table; on each cron tick exactly one server turns it into a job and exactly one worker takes it.
 *
 * pg-boss's own schema is created and migrated by `migrateJobQueue`, inside `runMigrations` under MMS's migration
 * lock; the running queue only checks that the schema is current.
 */
export const QUEUE_SCHEMA = 'pgboss';
/** cron expressions are read in the school's time zone */
export const QUEUE_TIME_ZONE = 'Asia/Jakarta';

/** Creates or migrates pg-boss's schema through `client` (which holds the migration lock). */
export async function migrateJobQueue(client: pg.Client): Promise<void> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => client.query(text, values) },
    schema: QUEUE_SCHEMA,
    migrate: true,
    supervise: false,
    schedule: false,
  });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, close: false, wait: true });
}

export interface JobLog {
  info: (msg: string) => void;
  warn: (obj: unknown, msg: string) => void;
}

export interface SendOptions {
  /** not before this instant */
  startAfter?: Date;
  /** one queued job per key (pg-boss's singletonKey) */
  singletonKey?: string;
}

export interface Jobs {
  /**
   * A job that runs on a cron schedule (five fields, Asia/Jakarta), once per tick across all servers:
   * `await jobs.schedule('backup-daily', '30 1 * * *', () => runScheduledBackup(...))`.
   */
  schedule(name: string, cron: string, run: () => Promise<unknown>): Promise<void>;
  /** Removes a schedule (a job switched off by its setting); nothing when there is none. */
  unschedule(name: string): Promise<void>;
  /** A queue and its worker: each job sent to `name` runs `run(data)` once, on one server. */
  work<T extends object>(name: string, run: (data: T) => Promise<unknown>): Promise<void>;
  /** Queues a job (`work` must have created the queue, here or on another server). */
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  /** Stops taking jobs, waits (up to `timeoutMs`) for the running ones, and closes the queue's connections. */
  stop(timeoutMs?: number): Promise<void>;
  readonly boss: PgBoss;
}

let current: Jobs | null = null;

/** The queue this process runs, if any (none in most tests): services queue follow-up jobs through it. */
export const runningJobs = (): Jobs | null => current;

/**
 * Starts the queue on `url`. With `workers` false (JOBS_WORKERS=false) this server only queues jobs and other
 * servers run them. A handler that throws is retried by pg-boss (twice, after 30 s and 60 s).
 */
export async function startJobs(options: { url: string; log: JobLog; workers: boolean }): Promise<Jobs> {
  const { url, log, workers } = options;
  const boss = new PgBoss({
    connectionString: url,
    application_name: 'mms-jobs',
    schema: QUEUE_SCHEMA,
    max: 4,
    migrate: false,
    supervise: workers,
    schedule: workers,
  });
  boss.on('error', (err) => log.warn({ err }, 'job queue error'));
  await boss.start();
  const queueOptions = { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 15 * 60 };
  // Servers starting together create the same queues at once; pg-boss's DDL can then deadlock or collide, and the
  // loser tries again (by then the queue exists).
  const ensureQueue = async (name: string) => {
    for (let attempt = 1; ; attempt++) {
      try {
        if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, ...queueOptions });
        return;
      } catch (err) {
        if (attempt >= 8) throw err;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 200 * attempt));
      }
    }
  };
  const handle =
    <T extends object>(name: string, run: (data: T) => Promise<unknown>) =>
    async (batch: PgBoss.Job<T>[]) => {
      for (const job of batch) {
        try {
          await run(job.data);
        } catch (err) {
          log.warn({ err }, `job ${name} failed; pg-boss retries it`);
          throw err;
        }
      }
    };
  const jobs: Jobs = {
    boss,
    async schedule(name, cron, run) {
      await ensureQueue(name);
      await boss.schedule(name, cron, {}, { tz: QUEUE_TIME_ZONE, singletonKey: name });
      if (workers) await boss.work(name, { pollingIntervalSeconds: 2 }, handle(name, run));
    },
    unschedule: (name) => boss.unschedule(name).catch(() => undefined),
    async work(name, run) {
      await ensureQueue(name);
      if (workers) await boss.work(name, { pollingIntervalSeconds: 1 }, handle(name, run));
    },
    send: (name, data, opts = {}) =>
      boss.send(name, data, {
        ...(opts.startAfter ? { startAfter: opts.startAfter } : {}),
        ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
      }),
    async stop(timeoutMs = 10_000) {
      if (current === jobs) current = null;
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
  };
  current = jobs;
  return jobs;
}
