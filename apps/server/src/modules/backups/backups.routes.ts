import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import {
  BACKUP_ARCHIVE_NAME,
  BACKUP_RESTORE_COMMAND,
  BackupNameParams,
  BackupOverview,
  BackupRun,
  ErrorBody,
} from '@mms/shared';
import { listArchives, readRun, startBackupNow } from '../../backup/runs.ts';
import { backupDir, dailyBackupSchedule } from '../../backup/scheduled.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { actorOf, audit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { userOf } from '../../lib/scope.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['backups'];

/**
 * The backup screen of the ADMIN (issue 39): the archives in the backup directory (MMS_BACKUP_DIR, else
 * DATA_DIR/backups), a backup made now as a job with its progress, an archive's download, and the daily backup's
 * last run. A restore stays a command on the server (docs/operations.md).
 */
export const backupsRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
  const dir = backupDir(config);
  const databaseUrl = () => config.DATABASE_URL ?? (db.$client as pg.Pool).options.connectionString ?? '';

  app.get(
    '/',
    {
      config: { access: 'backup.manage' },
      schema: {
        tags,
        summary: 'The archives (newest first), the daily backup and its last run, the last backup made here',
        response: { 200: BackupOverview, ...errors },
      },
    },
    async () => {
      const daily = dailyBackupSchedule(config);
      return {
        archives: await listArchives(dir),
        daily: {
          at: daily ? `${String(daily.hour).padStart(2, '0')}:${String(daily.minute).padStart(2, '0')}` : null,
          keep: config.MMS_BACKUP_KEEP,
          last: await readRun(dir, 'daily'),
        },
        current: await readRun(dir, 'now'),
        restoreCommand: BACKUP_RESTORE_COMMAND,
      };
    },
  );

  app.post(
    '/',
    {
      config: { access: 'backup.manage' },
      schema: {
        tags,
        summary: 'Make a backup now: a job; GET / shows its progress (409 while one runs)',
        response: { 202: BackupRun, ...errors },
      },
    },
    async (request, reply) => {
      const run = await startBackupNow({ by: userOf(request).username, databaseUrl: databaseUrl(), config });
      await audit(db, actorOf(request), { action: 'backup.create', entityType: 'backup', entityId: run.id });
      return reply.code(202).send(run);
    },
  );

  app.get(
    '/:name',
    {
      config: { access: 'backup.manage' },
      schema: {
        tags,
        summary: 'Download one archive (an archive name of this directory only)',
        params: BackupNameParams,
        response: { 200: z.unknown().describe('The .tar.gz archive'), ...errors },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      // The name is an archive name (no separator, no dot segment), and it stays in the directory.
      const file = path.join(dir, path.basename(name));
      if (!BACKUP_ARCHIVE_NAME.test(name) || path.dirname(file) !== path.resolve(dir))
        throw new AppError('NOT_FOUND', 'Berkas tidak ditemukan');
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) throw new AppError('NOT_FOUND', 'Berkas tidak ditemukan');
      await audit(db, actorOf(request), { action: 'backup.download', entityType: 'backup', entityId: name });
      return reply
        .header('content-type', 'application/gzip')
        .header('content-length', stat.size)
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(createReadStream(file));
    },
  );
};
