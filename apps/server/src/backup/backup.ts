import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import tar from 'tar-stream';
import { APP_NAME, APP_VERSION, BACKUP_ARCHIVE_NAME } from '@mms/shared';
import { clock } from '../lib/clock.ts';
import {
  appliedMigration,
  copyOutSql,
  setStableOutput,
  listSequences,
  listTables,
  type MigrationRef,
  type SequenceValue,
} from './database.ts';
import type { BackupFileStore } from './files.ts';

export const MANIFEST_NAME = 'manifest.json';
export const FORMAT = 'mms-backup';
export const FORMAT_VERSION = 1;

export interface BackupManifest {
  format: typeof FORMAT;
  formatVersion: typeof FORMAT_VERSION;
  app: string;
  /** MMS's version that wrote the archive */
  version: string;
  createdAt: string;
  /** the last migration applied to the database: a restore builds exactly this schema */
  migration: MigrationRef;
  postgres: string;
  /** in load order (parents before the tables referencing them) */
  tables: { name: string; file: string; columns: string[]; rows: number; bytes: number; sha256: string }[];
  sequences: SequenceValue[];
  files: { key: string; file: string; size: number; sha256: string }[];
}

export const tableEntry = (table: string) => `database/${table}.copy`;
export const fileEntry = (key: string) => `files/${key}`;

/** Counts and hashes what passes through. */
export class Digest extends Transform {
  readonly hash = createHash('sha256');
  bytes = 0;
  newlines = 0;
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null, data?: Buffer) => void) {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) this.newlines++;
    done(null, chunk);
  }
  hex() {
    return this.hash.digest('hex');
  }
}

/** `mms-backup-20270701-065900.tar.gz` (Jakarta time): names sort by age. */
export function backupFileName(at: Date = clock.now()): string {
  const j = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Jakarta',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => j.find((p) => p.type === type)!.value;
  return `mms-backup-${part('year')}${part('month')}${part('day')}-${part('hour')}${part('minute')}${part('second')}.tar.gz`;
}

export const BACKUP_NAME = BACKUP_ARCHIVE_NAME;

export interface BackupOptions {
  databaseUrl: string;
  files: BackupFileStore;
  /** the archive to write; it appears only once complete */
  out: string;
  /**
   * How far it is: `database` while the tables are read (done of total tables), `files` while the archive is
   * written (the tables' data, then each uploaded file: total grows as the files are listed).
   */
  onProgress?: (progress: BackupProgress) => void;
}

export interface BackupProgress {
  phase: 'database' | 'files';
  done: number;
  total: number;
}

/**
 * One archive (`.tar.gz`) of MMS: every table read in ONE snapshot (`REPEATABLE READ READ ONLY`, `COPY … TO
 * STDOUT` per table), the uploaded files and `manifest.json` (last). It runs beside a working MMS: the snapshot
 * blocks no writer. Table data is spooled to a directory next to `out` (a tar entry needs its size first), so
 * memory stays bounded whatever the size of the school.
 */
export async function createBackup({ databaseUrl, files, out, onProgress }: BackupOptions): Promise<BackupManifest> {
  const target = path.resolve(out);
  await fs.mkdir(path.dirname(target), { recursive: true });
  const staging = await fs.mkdtemp(path.join(path.dirname(target), '.mms-backup-'));
  const partial = `${target}.partial`;
  try {
    const client = new pg.Client({ connectionString: databaseUrl, application_name: 'mms-backup' });
    await client.connect();
    let migration: MigrationRef | null;
    let postgres: string;
    let sequences: SequenceValue[];
    const tables: BackupManifest['tables'] = [];
    try {
      await setStableOutput(client);
      await client.query('begin isolation level repeatable read read only');
      // The first statement fixes the snapshot; sequences read after it are at least what any row in it used.
      postgres = (await client.query<{ v: string }>('select current_setting($1) as v', ['server_version'])).rows[0]!.v;
      migration = await appliedMigration(client);
      if (!migration) throw new Error('the database has no MMS schema (no migration applied): nothing to back up');
      const list = await listTables(client);
      sequences = await listSequences(client);
      await fs.mkdir(path.join(staging, 'database'));
      onProgress?.({ phase: 'database', done: 0, total: list.length });
      for (const table of list) {
        const file = tableEntry(table.name);
        const digest = new Digest();
        const copy = client.query(copyTo(copyOutSql(table)));
        await pipeline(copy, digest, createWriteStream(path.join(staging, file)));
        tables.push({
          name: table.name,
          file,
          columns: table.columns,
          rows: digest.newlines, // text COPY ends every row with one newline and escapes those inside values
          bytes: digest.bytes,
          sha256: digest.hex(),
        });
        onProgress?.({ phase: 'database', done: tables.length, total: list.length });
      }
      await client.query('commit');
    } finally {
      await client.end().catch(() => undefined);
    }

    const manifest: BackupManifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      app: APP_NAME,
      version: APP_VERSION,
      createdAt: clock.now().toISOString(),
      migration,
      postgres,
      tables,
      sequences,
      files: [],
    };

    const pack = tar.pack();
    const written = pipeline(pack as unknown as Readable, createGzip(), createWriteStream(partial, { mode: 0o600 }));
    const add = async (name: string, size: number, data: Readable, digest?: Digest) => {
      const entry = pack.entry({ name, size, mode: 0o600, mtime: clock.now(), type: 'file' });
      await (digest ? pipeline(data, digest, entry) : pipeline(data, entry));
    };
    try {
      let done = 0;
      for (const table of tables) {
        await add(table.file, table.bytes, createReadStream(path.join(staging, table.file)));
        onProgress?.({ phase: 'files', done: ++done, total: tables.length });
      }
      // Listed after the snapshot: every file a row of the snapshot names was saved before that row committed.
      for await (const key of files.list()) {
        const opened = await files.open(key);
        if (!opened) continue; // removed since the listing
        const digest = new Digest();
        await add(fileEntry(key), opened.size, opened.stream, digest);
        if (digest.bytes !== opened.size) throw new Error(`file ${key} changed while it was backed up`);
        manifest.files.push({ key, file: fileEntry(key), size: opened.size, sha256: digest.hex() });
        onProgress?.({ phase: 'files', done: ++done, total: Math.max(done, tables.length + manifest.files.length) });
      }
      const json = Buffer.from(JSON.stringify(manifest, null, 1));
      pack.entry({ name: 'manifest.json', size: json.length, mode: 0o600, mtime: clock.now(), type: 'file' }, json);
      pack.finalize();
    } catch (err) {
      pack.destroy(err as Error);
      await written.catch(() => undefined);
      throw err;
    }
    await written;
    const handle = await fs.open(partial, 'r');
    await handle.sync();
    await handle.close();
    await fs.rename(partial, target);
    return manifest;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
    await fs.rm(partial, { force: true });
  }
}
