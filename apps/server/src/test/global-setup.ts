import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { runMigrations } from '../db/migrate.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDb: string;
    runId: string;
  }
}

const withDatabase = (url: string, db: string) => {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
};

/**
 * One PostgreSQL for the whole run: DATABASE_URL when set, else an embedded one in a temp dir.
 * A template database is migrated once; each test file clones it (see test/context.ts), so
 * suites never see each other's rows.
 */
export default async function setup(project: TestProject) {
  let stop = async () => undefined as void;
  let tmpDir: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mms-test-'));
    await fs.chmod(tmpDir, 0o755);
    const embedded = await startEmbeddedPostgres(tmpDir, { info: () => undefined, warn: (m) => console.warn(m) });
    adminUrl = embedded.url;
    stop = embedded.stop;
  }
  const runId = `${process.pid}_${Date.now()}`;
  const templateDb = `mms_tpl_${runId}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${templateDb}`);
  await runMigrations(withDatabase(adminUrl, templateDb));
  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', templateDb);
  project.provide('runId', runId);

  return async () => {
    // Test databases cloned from the template are dropped by their files; drop any left behind.
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 or datname = $2`,
      [`mms_t_${runId}_%`, templateDb],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
    await stop();
    if (tmpDir) await fs.rm(tmpDir, { recursive: true, force: true });
  };
}
