import type { backupsId } from './id.ts';

/** English texts of the backup screen (ADMIN). */
export const backupsEn: typeof backupsId = {
  backups: {
    title: 'Backups',
    intro:
      "Each archive holds MMS's whole database and its uploaded files. Keep copies off this server (another disk or cloud storage).",
    archives: 'Backup archives',
    name: 'Archive name',
    createdAt: 'Time',
    size: 'Size',
    download: 'Download',
    downloadWhat: 'Download {{name}}',
    empty: 'No backup archive yet. Make a backup now, or wait for the daily backup.',
    loading: 'Loading the backups…',
    loadError: 'The backups could not be loaded. Please reload the page.',
    create: 'Make a backup now',
    createTitle: 'Make a backup now?',
    createConfirm:
      'MMS writes one new archive of the database and the uploaded files. Users can keep working while it runs; old archives beyond the number kept ({{keep}} archives) are deleted.',
    createSubmit: 'Make backup',
    started: 'The backup has started',
    running: 'Backup in progress: {{percent}}%',
    phases: {
      queued: 'Waiting its turn…',
      database: 'Reading the database…',
      files: 'Writing the archive…',
      done: 'Done',
    },
    lastNow: 'Last backup made on this screen',
    doneAt: 'Finished {{at}}: {{file}}',
    failedAt: 'Failed {{at}}: {{error}}',
    by: 'by {{name}}',
    daily: 'Daily backup',
    dailyAt: 'Runs every day at {{at}} WIB and keeps the newest {{keep}} archives.',
    dailyOff: 'The daily backup is off (set MMS_BACKUP_DAILY_AT).',
    dailyNever: 'The daily backup has not run yet.',
    dailyOk: 'Last succeeded: {{at}} ({{file}})',
    dailyFailed: 'Last failed: {{at}} ({{error}})',
    dailyRunning: 'Running since {{at}}',
    restore: 'Restoring data',
    restoreText:
      'A restore is not done from this screen. Run this command on the server, into an empty DATA_DIR or database (see docs/operations.md, section "Restore"):',
  },
};
