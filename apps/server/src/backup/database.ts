import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { MIGRATIONS_FOLDER } from '../db/migrate.ts';

/** The schema a backup holds: MMS's tables. (drizzle's own schema is rebuilt by running the migrations.) */
export const BACKUP_SCHEMA = 'public';

export interface TableInfo {
  name: string;
  /** stored columns in table order (generated columns are computed again on load) */
  columns: string[];
  /** the primary key's columns, each with `COLLATE "C"` when it sorts by a collation */
  orderBy: string[];
  /** serial and identity columns with their sequence */
  sequenceColumns: { column: string; sequence: string }[];
}

export interface SequenceValue {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

export interface MigrationRef {
  tag: string;
  when: number;
}

export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const qualified = (table: string) => `${ident(BACKUP_SCHEMA)}.${ident(table)}`;

/**
 * MMS's tables in an order that loads without breaking a foreign key: every table after the tables it
 * references (a table referencing itself loads in one COPY, whose checks run at its end). A cycle between
 * tables cannot be loaded this way and is refused, so a migration that adds one fails the backup test.
 */
export async function listTables(client: pg.ClientBase): Promise<TableInfo[]> {
  const tables = await client.query<{ oid: number; name: string }>(
    `select c.oid::int as oid, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
    [BACKUP_SCHEMA],
  );
  const columns = await client.query<{ oid: number; name: string; collatable: boolean; sequence: string | null }>(
    `select a.attrelid::int as oid, a.attname as name, a.attcollation <> 0 as collatable,
            pg_get_serial_sequence(quote_ident($1) || '.' || quote_ident(c.relname), a.attname) as sequence
     from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     order by a.attrelid, a.attnum`,
    [BACKUP_SCHEMA],
  );
  const keys = await client.query<{ oid: number; name: string }>(
    `select i.indrelid::int as oid, a.attname as name
     from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
     join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and i.indisprimary
     order by i.indrelid, array_position(i.indkey::int2[], a.attnum)`,
    [BACKUP_SCHEMA],
  );
  const references = await client.query<{ child: number; parent: number }>(
    `select conrelid::int as child, confrelid::int as parent from pg_constraint k
     join pg_namespace n on n.oid = k.connamespace where n.nspname = $1 and k.contype = 'f'`,
    [BACKUP_SCHEMA],
  );

  const info = new Map<number, TableInfo>();
  for (const t of tables.rows) info.set(t.oid, { name: t.name, columns: [], orderBy: [], sequenceColumns: [] });
  const collatable = new Map<string, boolean>();
  for (const c of columns.rows) {
    const table = info.get(c.oid);
    if (!table) continue;
    table.columns.push(c.name);
    collatable.set(`${c.oid}.${c.name}`, c.collatable);
    if (c.sequence) table.sequenceColumns.push({ column: c.name, sequence: c.sequence });
  }
  for (const k of keys.rows) {
    const table = info.get(k.oid);
    if (!table) continue;
    table.orderBy.push(collatable.get(`${k.oid}.${k.name}`) ? `${ident(k.name)} collate "C"` : ident(k.name));
  }

  const parents = new Map<number, Set<number>>();
  for (const r of references.rows) {
    if (r.child === r.parent || !info.has(r.parent)) continue;
    (parents.get(r.child) ?? parents.set(r.child, new Set()).get(r.child)!).add(r.parent);
  }
  const ordered: TableInfo[] = [];
  const state = new Map<number, 'visiting' | 'done'>();
  const visit = (oid: number, trail: string[]) => {
    if (state.get(oid) === 'done') return;
    const name = info.get(oid)!.name;
    if (state.get(oid) === 'visiting') {
      throw new Error(`foreign keys form a cycle (${[...trail, name].join(' → ')}): the backup cannot order them`);
    }
    state.set(oid, 'visiting');
    for (const parent of [...(parents.get(oid) ?? [])].sort((a, b) => a - b)) visit(parent, [...trail, name]);
    state.set(oid, 'done');
    ordered.push(info.get(oid)!);
  };
  for (const t of tables.rows) visit(t.oid, []);
  return ordered;
}

/**
 * The same rows must give the same COPY bytes on any server and session: times in UTC, ISO dates, shortest exact
 * floats. The backup and the restore's check both set these.
 */
export async function setStableOutput(client: pg.ClientBase): Promise<void> {
  await client.query(
    "set timezone = 'UTC'; set datestyle = 'ISO, YMD'; set intervalstyle = 'postgres'; " +
      "set extra_float_digits = 1; set bytea_output = 'hex'; set client_min_messages = 'warning'",
  );
}

/** `COPY (select … order by primary key) TO STDOUT`: the same rows give the same bytes on any server. */
export function copyOutSql(table: TableInfo): string {
  const cols = table.columns.map(ident).join(', ');
  const order = table.orderBy.length > 0 ? ` order by ${table.orderBy.join(', ')}` : '';
  return `copy (select ${cols} from ${qualified(table.name)}${order}) to stdout`;
}

export function copyInSql(table: TableInfo): string {
  return `copy ${qualified(table.name)} (${table.columns.map(ident).join(', ')}) from stdin`;
}

export async function listSequences(client: pg.ClientBase): Promise<SequenceValue[]> {
  const { rows } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relkind = 'S' order by c.relname`,
    [BACKUP_SCHEMA],
  );
  const values: SequenceValue[] = [];
  for (const { name } of rows) {
    const r = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text as last_value, is_called from ${qualified(name)}`,
    );
    values.push({ name, lastValue: r.rows[0]!.last_value, isCalled: r.rows[0]!.is_called });
  }
  return values;
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export async function readJournal(folder = MIGRATIONS_FOLDER): Promise<JournalEntry[]> {
  const journal = JSON.parse(await fs.readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** The last migration applied to the database (null: none, the database is new). */
export async function appliedMigration(client: pg.ClientBase): Promise<MigrationRef | null> {
  const exists = await client.query<{ ok: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as ok`,
  );
  if (!exists.rows[0]!.ok) return null;
  const { rows } = await client.query<{ when: string }>(
    `select created_at::text as when from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (rows.length === 0) return null;
  const when = Number(rows[0]!.when);
  const entry = (await readJournal()).find((e) => e.when === when);
  return { tag: entry?.tag ?? `unknown-${when}`, when };
}

/**
 * A copy of the migrations folder that ends at `upTo`, for a restore: the archive's rows fit the schema
 * of that migration; the server applies the later ones at its next start.
 */
export async function migrationsUpTo(upTo: MigrationRef): Promise<{ folder: string; remove: () => Promise<void> }> {
  const entries = await readJournal();
  const last = entries.findIndex((e) => e.when === upTo.when && e.tag === upTo.tag);
  if (last < 0) throw new Error(`migration ${upTo.tag} is not one of this MMS`);
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'mms-restore-migrations-'));
  await fs.mkdir(path.join(folder, 'meta'));
  const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  journal.entries = journal.entries.slice(0, last + 1);
  await fs.writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries) {
    await fs.copyFile(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  return { folder, remove: () => fs.rm(folder, { recursive: true, force: true }) };
}
