import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { PassThrough, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import tar from 'tar-stream';
import { z } from 'zod';
import { runMigrations } from '../db/migrate.ts';
import { ExitCode } from '../lib/exit-codes.ts';
import { Digest, fileEntry, FORMAT, FORMAT_VERSION, MANIFEST_NAME, tableEntry, type BackupManifest } from './backup.ts';
import {
  appliedMigration,
  copyInSql,
  copyOutSql,
  ident,
  listTables,
  migrationsUpTo,
  qualified,
  readJournal,
  setStableOutput,
  type TableInfo,
} from './database.ts';
import { isSafeKey, type BackupFileStore } from './files.ts';

/** A refused restore: the message says why, the exit code tells scripts which kind. Nothing was changed. */
export class RestoreRefused extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

const refuseArchive = (message: string) => new RestoreRefused(`Arsip ditolak: ${message}`, ExitCode.archiveRefused);

/** Limits that keep a hostile archive from filling memory or the disk. */
export const LIMITS = {
  manifestBytes: 64 * 1024 * 1024,
  entries: 2_000_000,
  /** all entries together, against the archive's own size (text COPY data compresses about 5-15 times) */
  expansion: 200,
  expansionSlack: 64 * 1024 * 1024,
};

/**
 * Tables a migration fills (0010 inserts the default foundation row): a database holding only those rows is
 * still empty. A test checks that a freshly migrated database counts as empty, so a new seeding migration shows.
 */
export const SEEDED_BY_MIGRATIONS: Record<string, number> = { foundation: 1 };

const NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const sha = z.string().regex(/^[a-f0-9]{64}$/);
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const ManifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  app: z.string().max(200),
  version: z.string().max(100),
  createdAt: z.string().max(100),
  migration: z.object({ tag: z.string().max(200), when: count }),
  postgres: z.string().max(200),
  tables: z
    .array(
      z.object({
        name: z.string().regex(NAME),
        file: z.string(),
        columns: z.array(z.string().min(1).max(63)).max(1600),
        rows: count,
        bytes: count,
        sha256: sha,
      }),
    )
    .max(10_000),
  sequences: z
    .array(
      z.object({ name: z.string().regex(NAME), lastValue: z.string().regex(/^-?\d{1,19}$/), isCalled: z.boolean() }),
    )
    .max(10_000),
  files: z
    .array(z.object({ key: z.string().refine(isSafeKey), file: z.string(), size: count, sha256: sha }))
    .max(LIMITS.entries),
});

interface SeenEntry {
  bytes: number;
  sha256: string;
  newlines: number;
}

async function* entriesOf(archive: string): AsyncGenerator<{ header: tar.Headers; stream: Readable }> {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(archive), createGunzip(), extract as unknown as Writable);
  reading.catch(() => undefined); // surfaced by the iteration below
  try {
    for await (const entry of extract as unknown as AsyncIterable<Readable & { header: tar.Headers }>) {
      yield { header: entry.header, stream: entry };
    }
    await reading;
  } catch (err) {
    if (err instanceof RestoreRefused) throw err;
    throw refuseArchive(`tidak dapat dibaca sebagai .tar.gz (${err instanceof Error ? err.message : String(err)})`);
  } finally {
    (extract as unknown as Writable).destroy();
  }
}

/**
 * Reads the whole archive once, writing nothing: every entry a plain file with an expected name, sizes within
 * bounds, the manifest last and valid, and every table and file matching the manifest's size and sha256.
 */
export async function inspectArchive(archive: string): Promise<BackupManifest> {
  try {
    return await inspect(archive);
  } catch (err) {
    if (err instanceof RestoreRefused) throw err;
    throw refuseArchive(`tidak dapat dibaca sebagai .tar.gz (${err instanceof Error ? err.message : String(err)})`);
  }
}

async function inspect(archive: string): Promise<BackupManifest> {
  const stat = await fs.stat(archive).catch(() => null);
  if (!stat?.isFile()) throw new RestoreRefused(`Arsip tidak ditemukan: ${archive}`, ExitCode.usage);
  const budget = stat.size * LIMITS.expansion + LIMITS.expansionSlack;
  let total = 0;
  const seen = new Map<string, SeenEntry>();
  let manifestText: string | null = null;
  for await (const { header, stream } of entriesOf(archive)) {
    const name = header.name;
    if (manifestText !== null) throw refuseArchive(`${MANIFEST_NAME} harus menjadi isi terakhir`);
    if (header.type !== 'file') throw refuseArchive(`isi ${JSON.stringify(name)} bukan berkas biasa (${header.type})`);
    const isTable = /^database\/[a-z_][a-z0-9_]{0,62}\.copy$/.test(name);
    const isFile = name.startsWith('files/') && isSafeKey(name.slice('files/'.length));
    if (name !== MANIFEST_NAME && !isTable && !isFile)
      throw refuseArchive(`nama isi tidak dikenal ${JSON.stringify(name)}`);
    if (seen.has(name)) throw refuseArchive(`isi ${JSON.stringify(name)} muncul dua kali`);
    if (seen.size >= LIMITS.entries) throw refuseArchive('terlalu banyak isi');
    const size = header.size ?? 0;
    total += size;
    if (total > budget) throw refuseArchive('isinya jauh lebih besar dari arsipnya (bom kompresi?)');
    if (name === MANIFEST_NAME) {
      if (size > LIMITS.manifestBytes) throw refuseArchive(`${MANIFEST_NAME} terlalu besar`);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      manifestText = Buffer.concat(chunks).toString('utf8');
      continue;
    }
    const digest = new Digest();
    await pipeline(stream, digest, new Writable({ write: (_c, _e, done) => done() }));
    seen.set(name, { bytes: digest.bytes, sha256: digest.hex(), newlines: digest.newlines });
  }
  if (manifestText === null) throw refuseArchive(`${MANIFEST_NAME} tidak ada (bukan cadangan MMS, atau terpotong)`);

  let parsed;
  try {
    parsed = ManifestSchema.safeParse(JSON.parse(manifestText));
  } catch {
    throw refuseArchive(`${MANIFEST_NAME} bukan JSON`);
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw refuseArchive(`${MANIFEST_NAME} tidak sah (${issue.path.join('.')}: ${issue.message})`);
  }
  const manifest = parsed.data as BackupManifest;
  const expected = new Map<string, { bytes: number; sha256: string; rows?: number }>();
  for (const t of manifest.tables) {
    if (t.file !== tableEntry(t.name) || expected.has(t.file)) throw refuseArchive(`tabel ${t.name} tercatat salah`);
    expected.set(t.file, { bytes: t.bytes, sha256: t.sha256, rows: t.rows });
  }
  for (const f of manifest.files) {
    if (f.file !== fileEntry(f.key) || expected.has(f.file)) throw refuseArchive(`berkas ${f.key} tercatat salah`);
    expected.set(f.file, { bytes: f.size, sha256: f.sha256 });
  }
  for (const [name, want] of expected) {
    const got = seen.get(name);
    if (!got) throw refuseArchive(`${name} tercatat di ${MANIFEST_NAME} tetapi tidak ada di arsip`);
    if (
      got.bytes !== want.bytes ||
      got.sha256 !== want.sha256 ||
      (want.rows !== undefined && got.newlines !== want.rows)
    ) {
      throw refuseArchive(`${name} rusak (ukuran atau sha256 tidak cocok dengan ${MANIFEST_NAME})`);
    }
  }
  for (const name of seen.keys()) {
    if (!expected.has(name)) throw refuseArchive(`${name} tidak tercatat di ${MANIFEST_NAME}`);
  }
  const journal = await readJournal();
  if (!journal.some((e) => e.when === manifest.migration.when && e.tag === manifest.migration.tag)) {
    throw refuseArchive(
      `dibuat oleh MMS ${manifest.version} dengan migrasi ${manifest.migration.tag}, yang tidak dikenal MMS ini: ` +
        'pulihkan dengan versi MMS yang sama atau lebih baru',
    );
  }
  return manifest;
}

/** Rows in MMS's tables beyond what the migrations insert (null: none). */
async function firstDataTable(client: pg.ClientBase): Promise<string | null> {
  for (const table of await listTables(client)) {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from (select 1 from ${qualified(table.name)} limit 2) t`,
    );
    if (rows[0]!.n > (SEEDED_BY_MIGRATIONS[table.name] ?? 0)) return table.name;
  }
  return null;
}

/** Whether the database holds no MMS data (a new database, or one where only the migrations ran). */
export async function databaseIsEmpty(databaseUrl: string): Promise<{ empty: boolean; reason?: string }> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'mms-restore' });
  await client.connect();
  try {
    const table = await firstDataTable(client);
    return table ? { empty: false, reason: `tabel ${table} berisi data` } : { empty: true };
  } finally {
    await client.end();
  }
}

export interface RestoreOptions {
  databaseUrl: string;
  files: BackupFileStore;
  archive: string;
  /** the archive's manifest when `inspectArchive` already checked it (the CLI does, before it starts PostgreSQL) */
  inspected?: BackupManifest;
}

export interface RestoreResult {
  manifest: BackupManifest;
  tables: number;
  rows: number;
  files: number;
}

const sameColumns = (a: string[], b: string[]) => a.length === b.length && a.every((c, i) => c === b[i]);

/**
 * Restores an archive of `createBackup` into an EMPTY database and an empty file store: checks the archive
 * whole first (`inspectArchive`), builds the schema of the archive's migration, loads every table with
 * `COPY FROM` in the archive's order (parents first) in one transaction, sets the sequences, writes the files,
 * and commits only when every table's rows read back to the manifest's count and sha256. On any failure the
 * transaction rolls back and the written files are removed. The server applies later migrations at its start.
 */
export async function restoreBackup({
  databaseUrl,
  files,
  archive,
  inspected,
}: RestoreOptions): Promise<RestoreResult> {
  // The load below checks every entry's size and sha256 against the manifest again, and writes only entries it names.
  const manifest = inspected ?? (await inspectArchive(archive));

  if (!(await files.isEmpty())) {
    throw new RestoreRefused(
      `Pemulihan ditolak: ${files.description} sudah berisi berkas; pulihkan ke direktori data yang kosong`,
      ExitCode.restoreTargetNotEmpty,
    );
  }
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'mms-restore' });
  await client.connect();
  const written: string[] = [];
  try {
    await setStableOutput(client);
    const notEmpty = (why: string) =>
      new RestoreRefused(`Pemulihan ditolak: basis data tidak kosong (${why})`, ExitCode.restoreTargetNotEmpty);
    const before = await appliedMigration(client);
    const existing = await firstDataTable(client);
    if (existing) throw notEmpty(`tabel ${existing} berisi data`);
    if (before && before.when > manifest.migration.when) {
      throw notEmpty(`skemanya sudah pada migrasi ${before.tag}, lebih baru dari arsip (${manifest.migration.tag})`);
    }
    if (!before) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S')`,
      );
      if (rows[0]!.n > 0) throw notEmpty('berisi tabel yang bukan dari migrasi MMS');
    }

    const migrations = await migrationsUpTo(manifest.migration);
    try {
      await runMigrations(databaseUrl, migrations.folder);
    } finally {
      await migrations.remove();
    }

    const tables = new Map<string, TableInfo>((await listTables(client)).map((t) => [t.name, t]));
    if (tables.size !== manifest.tables.length) {
      throw refuseArchive(`berisi ${manifest.tables.length} tabel, skema migrasinya ${tables.size}`);
    }
    for (const t of manifest.tables) {
      const here = tables.get(t.name);
      if (!here || !sameColumns(here.columns, t.columns)) {
        throw refuseArchive(`tabel ${t.name} tidak cocok dengan skema migrasi ${manifest.migration.tag}`);
      }
    }
    const byFile = new Map(manifest.tables.map((t) => [t.file, t]));
    const fileKeys = new Map(manifest.files.map((f) => [f.file, f]));

    await client.query('begin');
    try {
      for (const [name, seeded] of Object.entries(SEEDED_BY_MIGRATIONS)) {
        if (seeded > 0 && tables.has(name)) await client.query(`delete from ${qualified(name)}`);
      }
      for await (const { header, stream } of entriesOf(archive)) {
        const table = byFile.get(header.name);
        const file = fileKeys.get(header.name);
        const want = table?.bytes ?? file?.size;
        if (header.name !== MANIFEST_NAME && (want === undefined || header.size !== want)) {
          throw refuseArchive(`${header.name} berubah sejak diperiksa`);
        }
        const digest = new Digest();
        if (table) {
          await pipeline(stream, digest, client.query(copyFrom(copyInSql(tables.get(table.name)!))));
        } else if (file) {
          written.push(file.key);
          const through = new PassThrough();
          await Promise.all([pipeline(stream, digest, through), files.write(file.key, through)]);
        } else {
          stream.resume();
          continue;
        }
        if (digest.hex() !== (table?.sha256 ?? file?.sha256))
          throw refuseArchive(`${header.name} berubah sejak diperiksa`);
      }

      for (const s of manifest.sequences) {
        await client.query(`select setval($1, $2::bigint, $3)`, [qualified(s.name), s.lastValue, s.isCalled]);
      }
      // Identity and serial columns continue after their largest value, whatever the archive said.
      for (const table of tables.values()) {
        for (const { column, sequence } of table.sequenceColumns) {
          await client.query(
            `select setval($1, m) from (select max(${ident(column)}) as m from ${qualified(table.name)}) t
             where m is not null and m >= (select last_value from ${sequence})`,
            [sequence],
          );
        }
      }

      // Read every table back: the rows that will be committed are exactly the backed-up ones.
      let rows = 0;
      for (const t of manifest.tables) {
        const digest = new Digest();
        await pipeline(
          client.query(copyTo(copyOutSql(tables.get(t.name)!))),
          digest,
          new Writable({ write: (_c, _e, done) => done() }),
        );
        if (digest.newlines !== t.rows || digest.hex() !== t.sha256) {
          throw new Error(
            `tabel ${t.name} terbaca ${digest.newlines} baris setelah dimuat, arsip ${t.rows}, atau sha256 berbeda`,
          );
        }
        rows += t.rows;
      }
      await client.query('commit');
      return { manifest, tables: manifest.tables.length, rows, files: manifest.files.length };
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    }
  } catch (err) {
    for (const key of written) await files.remove(key).catch(() => undefined);
    throw err;
  } finally {
    await client.end().catch(() => undefined);
  }
}
