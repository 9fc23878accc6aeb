import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable, Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import sharp from 'sharp';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { CSRF_HEADER, SESSION_COOKIE } from '@mms/shared';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/client.ts';
import { ExitCode } from '../lib/exit-codes.ts';
import { schoolFactory } from '../modules/school/test-factory.ts';
import { createTestContext, TEST_PASSWORD, type Session, type TestContext } from '../test/context.ts';
import { createBackup, type BackupManifest } from './backup.ts';
import { localUploadStore } from './files.ts';
import { databaseIsEmpty, inspectArchive, LIMITS, restoreBackup, RestoreRefused } from './restore.ts';
import { runScheduledBackup } from './scheduled.ts';

let ctx: TestContext;
let f: ReturnType<typeof schoolFactory<Session>>;
let tmp: string;
const databases: string[] = [];
const adminUrl = () => inject('adminUrl');

beforeAll(async () => {
  ctx = await createTestContext();
  f = schoolFactory(ctx);
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'mms-backup-test-'));
});
afterAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  await ctx.close();
  await fs.rm(tmp, { recursive: true, force: true });
});

/** A new database: empty, or a copy of the migrated template (what a freshly started MMS has). */
async function newDatabase(kind: 'empty' | 'migrated'): Promise<string> {
  const name = `mms_t_${inject('runId')}_r${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name}${kind === 'migrated' ? ` template ${inject('templateDb')}` : ''}`);
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== '55006' || attempt > 50) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    await admin.end();
  }
  databases.push(name);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function uploadPhoto(session: Session, studentId: number, data: Buffer) {
  const boundary = `----mms${randomBytes(8).toString('hex')}`;
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/students/${studentId}/photo`,
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: session.cookie,
      [CSRF_HEADER]: session.csrfToken,
    },
  });
  if (res.statusCode !== 200) throw new Error(`photo upload → ${res.statusCode}: ${res.body}`);
  return res.json<{ photoUrl: string }>().photoUrl;
}

const png = (colour: string) =>
  sharp({ create: { width: 60, height: 80, channels: 3, background: colour } })
    .png()
    .toBuffer();

const sourceUrl = () => ctx.config.DATABASE_URL!;

let archive: string;
let manifest: BackupManifest;

describe('backup and restore', () => {
  it('a backup taken while writes go on restores into a new database to a working MMS with its counts', async () => {
    const { wakakur, unitId } = await f.setup();
    const first = await f.student(wakakur, unitId);
    const photoUrl = await uploadPhoto(wakakur, first.id, await png('#336699'));
    const photoName = photoUrl.split('/').pop()!;
    const before = (await query<{ n: number }>(sourceUrl(), 'select count(*)::int as n from students'))[0]!.n;

    // Four writers add students (and photos) through the API while the backup reads its snapshot.
    let backupDone = false;
    let writesDuringBackup = 0;
    let firstWrite!: () => void;
    const writing = new Promise<void>((resolve) => (firstWrite = resolve));
    const writer = async (w: number) => {
      for (let i = 0; i < 60 && !(backupDone && i >= 6); i++) {
        const s = await f.student(wakakur, unitId);
        firstWrite();
        if (i % 3 === 0) await uploadPhoto(wakakur, s.id, await png(`#${w}${i % 10}8844`));
        if (!backupDone) writesDuringBackup++;
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    // the backup starts once the writers are writing
    await writing;
    archive = path.join(tmp, 'during-writes.tar.gz');
    manifest = await createBackup({
      databaseUrl: sourceUrl(),
      files: localUploadStore(ctx.config.dataDir),
      out: archive,
    });
    backupDone = true;
    await Promise.all(writers);
    expect(writesDuringBackup).toBeGreaterThan(0);

    const rowsOf = (table: string) => manifest.tables.find((t) => t.name === table)!.rows;
    const after = (await query<{ n: number }>(sourceUrl(), 'select count(*)::int as n from students'))[0]!.n;
    expect(rowsOf('students')).toBeGreaterThanOrEqual(before);
    expect(after).toBeGreaterThan(before);
    expect(manifest.files.some((file) => file.key === `photos/${photoName}`)).toBe(true);
    expect(manifest.migration.tag).toMatch(/^\d{4}_/);
    // No partial or staging files are left next to the archive.
    expect(await fs.readdir(tmp)).toEqual(['during-writes.tar.gz']);

    // Restore into a new, empty database and an empty data directory.
    const target = await newDatabase('empty');
    const dataDir = path.join(tmp, 'restored-data');
    const result = await restoreBackup({ databaseUrl: target, files: localUploadStore(dataDir), archive });
    expect(result.tables).toBe(manifest.tables.length);
    for (const t of manifest.tables) {
      const [row] = await query<{ n: number }>(target, `select count(*)::int as n from "${t.name}"`);
      expect(row!.n, t.name).toBe(t.rows);
    }
    // One snapshot: a student and the audit entry of its creation were written in one transaction, and so were a
    // photo and its audit entry; tables read at different moments would disagree while the writers ran.
    const [consistent] = await query<{ students: number; created: number; photos: number; photoAudits: number }>(
      target,
      `select (select count(*)::int from students) as students,
              (select count(*)::int from audit_log where action = 'school.student.create') as created,
              (select count(*)::int from students where photo_path is not null) as photos,
              (select count(*)::int from audit_log where action = 'school.student.photo.update') as "photoAudits"`,
    );
    expect(consistent!.created).toBe(consistent!.students);
    expect(consistent!.photoAudits).toBe(consistent!.photos);
    // Every photo row of the snapshot has its file.
    const photos = await query<{ p: string }>(
      target,
      'select photo_path as p from students where photo_path is not null',
    );
    expect(photos.length).toBeGreaterThan(0);
    for (const { p } of photos) expect(existsSync(path.join(dataDir, 'uploads', 'photos', p)), p).toBe(true);

    // A working MMS on the restored database: sign in, read a list, download the photo, write.
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: target });
    const { db, pool } = createDatabase(target, 4);
    const app = await buildApp({ config, db });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: wakakur.user.username, password: TEST_PASSWORD },
      });
      expect(login.statusCode, login.body).toBe(200);
      const cookie = `${SESSION_COOKIE}=${login.cookies.find((c) => c.name === SESSION_COOKIE)!.value}`;
      const headers = { cookie, [CSRF_HEADER]: login.json<{ csrfToken: string }>().csrfToken };
      const list = await app.inject({ method: 'GET', url: `/api/v1/students?unitId=${unitId}`, headers });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json<{ total: number }>().total).toBe(rowsOf('students'));
      const photo = await app.inject({ method: 'GET', url: photoUrl, headers });
      expect(photo.statusCode).toBe(200);
      expect(
        photo.rawPayload.equals(await fs.readFile(path.join(ctx.config.dataDir, 'uploads', 'photos', photoName))),
      ).toBe(true);
      // The identity sequences continue after the restored rows.
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/students',
        headers,
        payload: { unitId, nis: 'NS-RESTORED', name: 'Siswa Sesudah Pemulihan' },
      });
      expect(created.statusCode, created.body).toBe(200);
    } finally {
      await app.close();
      await pool.end();
    }
  });

  it('refuses a target that holds data, and damaged, hostile or newer archives, writing nothing', async () => {
    const refusal = async (promise: Promise<unknown>) => {
      const err = await promise.then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(RestoreRefused);
      return err as RestoreRefused;
    };
    const emptyFiles = () => localUploadStore(path.join(tmp, `empty-${randomBytes(3).toString('hex')}`));

    // A database in use (the test's own) and a data directory with files.
    const busy = await refusal(restoreBackup({ databaseUrl: sourceUrl(), files: emptyFiles(), archive }));
    expect(busy.exitCode).toBe(ExitCode.restoreTargetNotEmpty);
    expect(busy.message).toMatch(/basis data tidak kosong/);
    const fresh = await newDatabase('migrated');
    expect(await databaseIsEmpty(fresh)).toEqual({ empty: true });
    const full = await refusal(
      restoreBackup({ databaseUrl: fresh, files: localUploadStore(ctx.config.dataDir), archive }),
    );
    expect(full.exitCode).toBe(ExitCode.restoreTargetNotEmpty);
    expect(await databaseIsEmpty(fresh)).toEqual({ empty: true });

    const target = await newDatabase('empty');
    const tablesOf = async () =>
      (await query<{ n: number }>(target, "select count(*)::int as n from pg_tables where schemaname = 'public'"))[0]!
        .n;
    const refusedArchive = async (file: string, message: RegExp) => {
      const err = await refusal(restoreBackup({ databaseUrl: target, files: emptyFiles(), archive: file }));
      expect(err.exitCode).toBe(ExitCode.archiveRefused);
      expect(err.message).toMatch(message);
      expect(await tablesOf()).toBe(0);
    };

    // Not an archive, cut short, one byte changed inside.
    const bytes = await fs.readFile(archive);
    await fs.writeFile(path.join(tmp, 'noise.tar.gz'), randomBytes(4096));
    await refusedArchive(path.join(tmp, 'noise.tar.gz'), /tidak dapat dibaca/);
    await fs.writeFile(path.join(tmp, 'cut.tar.gz'), bytes.subarray(0, Math.floor(bytes.length / 2)));
    await refusedArchive(path.join(tmp, 'cut.tar.gz'), /tidak dapat dibaca|tidak ada/);
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    await fs.writeFile(path.join(tmp, 'flipped.tar.gz'), flipped);
    await refusedArchive(path.join(tmp, 'flipped.tar.gz'), /Arsip ditolak/);

    // Rebuilt archives: the real entries with one changed (the manifest), or an added hostile one.
    const entries: { name: string; data: Buffer }[] = [];
    const extract = tar.extract();
    const reading = pipeline(createReadStream(archive), createGunzip(), extract as unknown as Writable);
    for await (const entry of extract as unknown as AsyncIterable<Readable & { header: tar.Headers }>) {
      const chunks: Buffer[] = [];
      for await (const c of entry) chunks.push(c as Buffer);
      entries.push({ name: entry.header.name, data: Buffer.concat(chunks) });
    }
    await reading;
    const rebuild = async (
      name: string,
      list: { name: string; data?: Buffer; header?: Partial<tar.Headers> }[],
    ): Promise<string> => {
      const file = path.join(tmp, name);
      const pack = tar.pack();
      const done = pipeline(pack as unknown as Readable, createGzip(), createWriteStream(file));
      for (const e of list) pack.entry({ name: e.name, type: 'file', ...e.header }, e.data ?? Buffer.alloc(0));
      pack.finalize();
      await done;
      return file;
    };
    const withManifest = (change: (m: BackupManifest) => void) => {
      const m = JSON.parse(entries.at(-1)!.data.toString()) as BackupManifest;
      change(m);
      return [...entries.slice(0, -1), { name: 'manifest.json', data: Buffer.from(JSON.stringify(m)) }];
    };

    await refusedArchive(
      await rebuild(
        'newer.tar.gz',
        withManifest((m) => {
          m.migration = { tag: '9999_from_the_future', when: 4_102_444_800_000 };
          m.version = '99.0.0';
        }),
      ),
      /tidak dikenal MMS ini/,
    );
    await refusedArchive(
      await rebuild(
        'miscounted.tar.gz',
        withManifest((m) => (m.tables[0]!.rows += 1)),
      ),
      /rusak/,
    );
    const outside = path.join(tmp, 'evil.txt');
    for (const [file, hostile, message] of [
      ['traversal.tar.gz', { name: 'files/../../evil.txt', data: Buffer.from('x') }, /nama isi tidak dikenal/],
      ['absolute.tar.gz', { name: outside, data: Buffer.from('x') }, /nama isi tidak dikenal/],
      [
        'symlink.tar.gz',
        { name: 'files/photos/link', header: { type: 'symlink', linkname: '/etc/passwd' } },
        /bukan berkas biasa/,
      ],
      ['directory.tar.gz', { name: 'files/photos', header: { type: 'directory' } }, /bukan berkas biasa/],
      ['unlisted.tar.gz', { name: 'files/photos/extra', data: Buffer.from('x') }, /tidak tercatat/],
    ] as const) {
      await refusedArchive(await rebuild(file, [hostile, ...entries]), message);
    }
    expect(existsSync(outside)).toBe(false);

    // A compression bomb: a small archive whose content is far larger.
    const slack = LIMITS.expansionSlack;
    LIMITS.expansionSlack = 1024 * 1024;
    try {
      await refusedArchive(
        await rebuild('bomb.tar.gz', [{ name: 'database/students.copy', data: Buffer.alloc(32 * 1024 * 1024) }]),
        /bom kompresi/,
      );
    } finally {
      LIMITS.expansionSlack = slack;
    }

    const missing = await refusal(
      restoreBackup({ databaseUrl: target, files: emptyFiles(), archive: '/nonexistent.tgz' }),
    );
    expect(missing.exitCode).toBe(ExitCode.usage);
  });

  it('restores into a database where only the migrations ran (what a first start leaves)', async () => {
    const target = await newDatabase('migrated');
    const files = localUploadStore(path.join(tmp, 'restored-into-migrated'));
    const result = await restoreBackup({ databaseUrl: target, files, archive });
    expect(result.rows).toBe(manifest.tables.reduce((sum, t) => sum + t.rows, 0));
    const [foundation] = await query<{ n: number }>(target, 'select count(*)::int as n from foundation');
    expect(foundation!.n).toBe(manifest.tables.find((t) => t.name === 'foundation')!.rows);
    expect(await databaseIsEmpty(target)).toMatchObject({ empty: false });
  });

  it('the daily backup keeps the newest MMS_BACKUP_KEEP archives', async () => {
    const dir = path.join(tmp, 'daily');
    await fs.mkdir(dir);
    await fs.writeFile(path.join(dir, 'mms-backup-20200101-000000.tar.gz'), 'old');
    await fs.writeFile(path.join(dir, 'copy-by-hand.tar.gz'), 'keep me');
    // Left by a backup killed two days ago (removed), and by one running now (kept).
    const twoDaysAgo = (Date.now() - 2 * 86_400_000) / 1000;
    await fs.mkdir(path.join(dir, '.mms-backup-killed'));
    await fs.writeFile(path.join(dir, 'mms-backup-20200102-000000.tar.gz.partial'), 'cut');
    for (const name of ['.mms-backup-killed', 'mms-backup-20200102-000000.tar.gz.partial']) {
      await fs.utimes(path.join(dir, name), twoDaysAgo, twoDaysAgo);
    }
    await fs.mkdir(path.join(dir, '.mms-backup-running'));
    const config = { MMS_BACKUP_DIR: dir, MMS_BACKUP_KEEP: 2, dataDir: ctx.config.dataDir };
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await runScheduledBackup({ databaseUrl: sourceUrl(), config }));
    expect(runs[0]!.removed).toEqual([]);
    expect(runs[1]!.removed).toEqual(['mms-backup-20200101-000000.tar.gz']);
    expect(runs[2]!.removed).toEqual([path.basename(runs[0]!.file)]);
    const left = (await fs.readdir(dir)).sort();
    expect(left).toEqual([
      '.mms-backup-running',
      'copy-by-hand.tar.gz',
      ...[runs[1]!, runs[2]!].map((r) => path.basename(r.file)).sort(),
    ]);
    // What it keeps are whole archives of the database.
    const kept = await inspectArchive(runs[2]!.file);
    expect(kept.tables.map((t) => t.name)).toContain('students');
    expect(kept.tables).toEqual(runs[2]!.manifest.tables);
  });
});
