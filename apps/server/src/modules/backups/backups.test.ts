import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BackupOverview, BackupRun } from '@mms/shared';
import { runDailyBackup } from '../../backup/runs.ts';
import { backupDir } from '../../backup/scheduled.ts';
import { auditLog } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';

let ctx: TestContext;
let admin: Session;
let dir: string;
beforeAll(async () => {
  ctx = await createTestContext({ MMS_BACKUP_DAILY_AT: '01:30', MMS_BACKUP_KEEP: '5' });
  admin = await ctx.as('ADMIN');
  dir = backupDir(ctx.config);
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
  await ctx.close();
});

const overview = async () => {
  const res = await ctx.call(admin, 'GET', '/api/v1/backups');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BackupOverview>();
};

/** Polls the screen's overview until the backup made now has finished. */
async function finished(): Promise<BackupRun> {
  for (let i = 0; i < 200; i++) {
    const { current } = await overview();
    if (current && (current.state === 'done' || current.state === 'failed')) return current;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the backup did not finish');
}

describe('the backup screen’s API (ADMIN)', () => {
  it('lists nothing at first, with the daily time, the number kept and the restore command', async () => {
    const o = await overview();
    expect(o).toMatchObject({ archives: [], daily: { at: '01:30', keep: 5, last: null }, current: null });
    expect(o.restoreCommand).toMatch(/^npm run restore /);
  });

  it('makes a backup now as a job with progress, lists it with its time and size, and audits it', async () => {
    const res = await ctx.call(admin, 'POST', '/api/v1/backups');
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json<BackupRun>();
    expect(queued).toMatchObject({ kind: 'now', state: 'queued', percent: 0, by: admin.user.username });
    // one at a time
    const again = await ctx.call(admin, 'POST', '/api/v1/backups');
    expect([202, 409]).toContain(again.statusCode);
    if (again.statusCode === 409) expect(again.json().error.code).toBe('CONFLICT');

    const run = await finished();
    expect(run).toMatchObject({ id: queued.id, state: 'done', phase: 'done', percent: 100, error: null });
    expect(run.file).toMatch(/^mms-backup-\d{8}-\d{6}(-\d+)?\.tar\.gz$/);
    const { archives } = await overview();
    const archive = archives.find((a) => a.name === run.file)!;
    expect(archive.size).toBe((await fs.stat(path.join(dir, run.file!))).size);
    expect(Number.isNaN(Date.parse(archive.createdAt))).toBe(false);
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'backup.create' and ${auditLog.entityId} = ${queued.id}`);
    expect(rows[0]!.actorUsername).toBe(admin.user.username);
  });

  it('downloads an archive byte for byte, and nothing outside the backup folder', async () => {
    const { archives } = await overview();
    const name = archives[0]!.name;
    const res = await ctx.call(admin, 'GET', `/api/v1/backups/${name}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
    expect(res.rawPayload.equals(await fs.readFile(path.join(dir, name)))).toBe(true);

    await fs.writeFile(path.join(ctx.config.dataDir, 'secret.txt'), 'x');
    for (const bad of [
      '..%2Fsecret.txt',
      '%2E%2E%2Fsecret.txt',
      'backup-run-now.json',
      `${name}%2F..%2F..%2Fsecret.txt`,
    ]) {
      const r = await ctx.call(admin, 'GET', `/api/v1/backups/${bad}`);
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().error.code).toBe('VALIDATION_FAILED');
    }
    const missing = await ctx.call(admin, 'GET', '/api/v1/backups/mms-backup-20200101-000000.tar.gz');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
  });

  it('shows when the daily backup last ran and whether it succeeded', async () => {
    const ok = await runDailyBackup({ databaseUrl: ctx.config.DATABASE_URL!, config: ctx.config });
    let { daily } = await overview();
    expect(daily.last).toMatchObject({ id: ok.id, kind: 'daily', state: 'done', file: ok.file, by: null });
    expect(daily.last!.finishedAt).not.toBeNull();

    const badUrl = 'postgres://nobody@127.0.0.1:1/none';
    await expect(runDailyBackup({ databaseUrl: badUrl, config: ctx.config })).rejects.toThrow(/daily backup failed/);
    ({ daily } = await overview());
    expect(daily.last).toMatchObject({ kind: 'daily', state: 'failed' });
    expect(daily.last!.error).toBeTruthy();
  });

  it('is for ADMIN only: 401 anonymous, 403 to every other division', async () => {
    const { archives } = await overview();
    const name = archives[0]!.name;
    expect((await ctx.call(null, 'GET', '/api/v1/backups')).statusCode).toBe(401);
    expect((await ctx.call(null, 'GET', `/api/v1/backups/${name}`)).statusCode).toBe(401);
    for (const division of ['PRINCIPAL', 'TU', 'TEACHER', 'YAYASAN', 'STUDENT'] as const) {
      const s = await ctx.as(division);
      for (const [method, url] of [
        ['GET', '/api/v1/backups'],
        ['POST', '/api/v1/backups'],
        ['GET', `/api/v1/backups/${name}`],
      ] as const) {
        const res = await ctx.call(s, method, url);
        expect(res.statusCode, `${division} ${method} ${url}`).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
      }
    }
  });
});
