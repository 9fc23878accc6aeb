import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { BACKUP_NAME, backupFileName, createBackup, type BackupManifest, type BackupOptions } from './backup.ts';
import { uploadStoreOf, type BackupFileStore } from './files.ts';

const STALE_MS = 24 * 3600 * 1000;

/** `MMS_BACKUP_DIR`, else `DATA_DIR/backups`. */
export function backupDir(config: Pick<Config, 'MMS_BACKUP_DIR' | 'dataDir'>): string {
  return config.MMS_BACKUP_DIR ? path.resolve(config.MMS_BACKUP_DIR) : path.join(config.dataDir, 'backups');
}

/**
 * When the daily backup runs (`MMS_BACKUP_DAILY_AT`, Jakarta time), as a cron line for the job queue,
 * or null when it is off.
 */
export function dailyBackupSchedule(
  config: Pick<Config, 'MMS_BACKUP_DAILY_AT'>,
): { hour: number; minute: number; timeZone: 'Asia/Jakarta'; cron: string } | null {
  if (!config.MMS_BACKUP_DAILY_AT) return null;
  const [hour, minute] = config.MMS_BACKUP_DAILY_AT.split(':').map(Number) as [number, number];
  return { hour, minute, timeZone: 'Asia/Jakarta', cron: `${minute} ${hour} * * *` };
}

/**
 * Keeps the newest `keep` archives that MMS named (`mms-backup-YYYYMMDD-HHMMSS.tar.gz`) in `dir` and deletes
 * the older ones. Anything else in the directory (a copy an operator put there, unfinished `.partial` files)
 * is left alone. Returns the deleted names, oldest first.
 */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  if (!Number.isInteger(keep) || keep < 1) throw new Error(`keep must be a positive integer, not ${keep}`);
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => BACKUP_NAME.test(n));
  // The name is the time (Jakarta): `-N` marks a second archive within the same second.
  const order = (n: string) => n.replace(/\.tar\.gz$/, '').replace(/^(mms-backup-\d{8}-\d{6})$/, '$1-0');
  names.sort((a, b) => {
    const [x, y] = [order(a), order(b)];
    const [xs, ys] = [x.slice(0, 26), y.slice(0, 26)];
    return xs !== ys ? (xs < ys ? -1 : 1) : Number(x.slice(27)) - Number(y.slice(27));
  });
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await fs.rm(path.join(dir, name), { force: true });
  // What a backup killed midway left behind (its staging directory, its unfinished archive), after a day.
  for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
    if (!/^\.mms-backup-/.test(name) && !/^mms-backup-.*\.partial$/.test(name)) continue;
    const stat = await fs.stat(path.join(dir, name)).catch(() => null);
    if (stat && Date.now() - stat.mtimeMs > STALE_MS)
      await fs.rm(path.join(dir, name), { recursive: true, force: true });
  }
  return old;
}

export interface ScheduledBackupResult {
  file: string;
  manifest: BackupManifest;
  /** older archives deleted to keep `MMS_BACKUP_KEEP` */
  removed: string[];
}

/**
 * The daily backup: one archive in `backupDir(config)` named by the time, then the oldest archives beyond
 * `MMS_BACKUP_KEEP` deleted. The job queue calls it once a day at `MMS_BACKUP_DAILY_AT` (see
 * `dailyBackupSchedule`); it works while MMS serves requests. A failed backup deletes nothing.
 */
export async function runScheduledBackup(options: {
  databaseUrl: string;
  config: Pick<Config, 'MMS_BACKUP_DIR' | 'MMS_BACKUP_KEEP'> & Parameters<typeof uploadStoreOf>[0];
  /** the uploaded files (default: DATA_DIR/uploads) */
  files?: BackupFileStore;
  onProgress?: BackupOptions['onProgress'];
}): Promise<ScheduledBackupResult> {
  const dir = backupDir(options.config);
  await fs.mkdir(dir, { recursive: true });
  const base = backupFileName().replace(/\.tar\.gz$/, '');
  let file = path.join(dir, `${base}.tar.gz`);
  for (
    let n = 1;
    await fs.stat(file).then(
      () => true,
      () => false,
    );
    n++
  )
    file = path.join(dir, `${base}-${n}.tar.gz`);
  const manifest = await createBackup({
    databaseUrl: options.databaseUrl,
    files: options.files ?? uploadStoreOf(options.config),
    out: file,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  const removed = await pruneBackups(dir, options.config.MMS_BACKUP_KEEP);
  return { file, manifest, removed };
}
