import { z } from 'zod';

/** The archive name MMS writes (`mms-backup-20270701-013000.tar.gz`, Jakarta time; `-N` a second one that second). */
export const BACKUP_ARCHIVE_NAME = /^mms-backup-\d{8}-\d{6}(-\d+)?\.tar\.gz$/;

/** How a restore is done: a command on the server, never a button (docs/operations.md, "Restore"). */
export const BACKUP_RESTORE_COMMAND = 'npm run restore /path/to/mms-backup-YYYYMMDD-HHMMSS.tar.gz';

export const BackupArchive = z.object({
  name: z.string(),
  /** bytes */
  size: z.number().int().nonnegative(),
  /** when the archive was written (ISO instant) */
  createdAt: z.string(),
});
export type BackupArchive = z.infer<typeof BackupArchive>;

export const BACKUP_RUN_KINDS = ['daily', 'now'] as const;
export const BACKUP_RUN_STATES = ['queued', 'running', 'done', 'failed'] as const;
/** `database`: the tables are read; `files`: the archive is written (tables, then the uploaded files). */
export const BACKUP_RUN_PHASES = ['queued', 'database', 'files', 'done'] as const;

/** One run of a backup: the daily one or one made on the backup screen. */
export const BackupRun = z.object({
  id: z.string(),
  kind: z.enum(BACKUP_RUN_KINDS),
  state: z.enum(BACKUP_RUN_STATES),
  phase: z.enum(BACKUP_RUN_PHASES),
  /** 0-100 */
  percent: z.number().int().min(0).max(100),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** the archive written (its name) */
  file: z.string().nullable(),
  error: z.string().nullable(),
  /** who asked for it (a username); null for the daily one */
  by: z.string().nullable(),
});
export type BackupRun = z.infer<typeof BackupRun>;

export const BackupOverview = z.object({
  /** newest first */
  archives: z.array(BackupArchive),
  daily: z.object({
    /** `01:30` (Jakarta time), null when the daily backup is off (MMS_BACKUP_DAILY_AT) */
    at: z.string().nullable(),
    /** archives kept (MMS_BACKUP_KEEP) */
    keep: z.number().int(),
    last: BackupRun.nullable(),
  }),
  /** the last backup made on the screen (running or finished) */
  current: BackupRun.nullable(),
  restoreCommand: z.string(),
});
export type BackupOverview = z.infer<typeof BackupOverview>;

export const BackupNameParams = z.object({ name: z.string().regex(BACKUP_ARCHIVE_NAME) });
