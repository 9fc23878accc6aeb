import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { BACKUP_ARCHIVE_NAME, type BackupArchive, type BackupRun } from '@mms/shared';
import type { Config } from '../config.ts';
import { JOB } from '../jobs/names.ts';
import { runningJobs } from '../jobs/queue.ts';
import { clock } from '../lib/clock.ts';
import { conflict } from '../lib/errors.ts';
import type { BackupProgress } from './backup.ts';
import { backupDir, runScheduledBackup } from './scheduled.ts';

/**
 * The runs of the backup screen (issue 39): the last daily backup and the last one made on the screen, each one
 * small JSON file in the backup directory beside the archives (`backup-run-daily.json`, `backup-run-now.json`), so
 * that whichever server runs the job, the screen of any server reads its progress and outcome. pruneBackups leaves
 * them alone (they are not archive names).
 */
export type BackupRunKind = BackupRun['kind'];
type Stored = BackupRun & { updatedAt: string };

/** A run that has not moved for this long died with its process: the screen shows it failed. */
const STALLED_MS = 20 * 60 * 1000;
/** Progress is written at most this often (and always at the end). */
const PROGRESS_EVERY_MS = 500;

type RunConfig = Pick<Config, 'MMS_BACKUP_DIR' | 'MMS_BACKUP_KEEP' | 'dataDir'> &
  Parameters<typeof runScheduledBackup>[0]['config'];

const runFile = (dir: string, kind: BackupRunKind) => path.join(dir, `backup-run-${kind}.json`);

async function writeRun(dir: string, run: BackupRun): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  const stored: Stored = { ...run, updatedAt: new Date().toISOString() };
  const file = runFile(dir, run.kind);
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(tmp, JSON.stringify(stored), { mode: 0o600 });
  await fs.rename(tmp, file);
}

const publicRun = ({ updatedAt: _updatedAt, ...run }: Stored): BackupRun => run;

/** The last run of a kind, or null; one that stalled (its server stopped midway) reads as failed. */
export async function readRun(dir: string, kind: BackupRunKind): Promise<BackupRun | null> {
  const text = await fs.readFile(runFile(dir, kind), 'utf8').catch(() => null);
  if (!text) return null;
  let stored: Stored;
  try {
    stored = JSON.parse(text) as Stored;
  } catch {
    return null;
  }
  const open = stored.state === 'queued' || stored.state === 'running';
  if (open && Date.now() - new Date(stored.updatedAt).getTime() > STALLED_MS) {
    return { ...publicRun(stored), state: 'failed', error: 'interrupted', finishedAt: stored.updatedAt };
  }
  return publicRun(stored);
}

/** The archives in the backup directory, newest first. */
export async function listArchives(dir: string): Promise<BackupArchive[]> {
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => BACKUP_ARCHIVE_NAME.test(n));
  const archives: BackupArchive[] = [];
  for (const name of names) {
    const stat = await fs.stat(path.join(dir, name)).catch(() => null);
    if (stat?.isFile()) archives.push({ name, size: stat.size, createdAt: stat.mtime.toISOString() });
  }
  return archives.sort((a, b) =>
    a.createdAt === b.createdAt ? b.name.localeCompare(a.name) : a.createdAt < b.createdAt ? 1 : -1,
  );
}

/** The database phase is the first half, writing the archive the second. */
export function percentOf(progress: BackupProgress): number {
  const share = progress.total > 0 ? Math.min(1, progress.done / progress.total) : 0;
  return Math.min(99, Math.round((progress.phase === 'database' ? 2 : 50) + share * 48));
}

/** Runs one backup and records it: running with its progress, then done (the archive's name) or failed. */
async function recorded(options: {
  id: string;
  kind: BackupRunKind;
  by: string | null;
  databaseUrl: string;
  config: RunConfig;
}): Promise<BackupRun> {
  const dir = backupDir(options.config);
  let run: BackupRun = {
    id: options.id,
    kind: options.kind,
    state: 'running',
    phase: 'database',
    percent: 1,
    startedAt: clock.now().toISOString(),
    finishedAt: null,
    file: null,
    error: null,
    by: options.by,
  };
  await writeRun(dir, run);
  let lastWrite = 0;
  let writing: Promise<void> = Promise.resolve();
  const onProgress = (progress: BackupProgress) => {
    run = { ...run, phase: progress.phase, percent: percentOf(progress) };
    if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = Date.now();
    const snapshot = run;
    writing = writing.then(() => writeRun(dir, snapshot)).catch(() => undefined);
  };
  try {
    const result = await runScheduledBackup({ databaseUrl: options.databaseUrl, config: options.config, onProgress });
    run = { ...run, state: 'done', phase: 'done', percent: 100, file: path.basename(result.file) };
  } catch (err) {
    run = { ...run, state: 'failed', error: err instanceof Error ? err.message : String(err) };
  }
  run = { ...run, finishedAt: clock.now().toISOString() };
  await writing;
  await writeRun(dir, run);
  return run;
}

/** The daily backup of the job queue (MMS_BACKUP_DAILY_AT), recorded for the screen; a failure is thrown on. */
export async function runDailyBackup(options: { databaseUrl: string; config: RunConfig }): Promise<BackupRun> {
  const run = await recorded({ ...options, id: randomUUID(), kind: 'daily', by: null });
  if (run.state === 'failed') throw new Error(`daily backup failed: ${run.error}`);
  return run;
}

/** The job of a backup asked for on the screen (queued by startBackupNow). */
export const runBackupNow = (options: { id: string; by: string | null; databaseUrl: string; config: RunConfig }) =>
  recorded({ ...options, kind: 'now' });

/**
 * Asks for a backup now: recorded as queued, then run by the job queue (on whichever server takes it) or, where this
 * process runs no queue (a test), here in the background. One at a time: 409 while one is queued or running.
 */
export async function startBackupNow(options: {
  by: string;
  databaseUrl: string;
  config: RunConfig;
}): Promise<BackupRun> {
  const dir = backupDir(options.config);
  const last = await readRun(dir, 'now');
  if (last && (last.state === 'queued' || last.state === 'running')) {
    throw conflict('Pencadangan sedang berjalan; tunggu sampai selesai');
  }
  const run: BackupRun = {
    id: randomUUID(),
    kind: 'now',
    state: 'queued',
    phase: 'queued',
    percent: 0,
    startedAt: clock.now().toISOString(),
    finishedAt: null,
    file: null,
    error: null,
    by: options.by,
  };
  await writeRun(dir, run);
  const jobs = runningJobs();
  const queued = jobs ? await jobs.send(JOB.backupNow, { id: run.id, by: options.by }).catch(() => null) : null;
  if (!queued) {
    void runBackupNow({ id: run.id, by: options.by, databaseUrl: options.databaseUrl, config: options.config });
  }
  return run;
}
