import { sql, type SQL } from 'drizzle-orm';
import type { StoredFile, StoredFileQuery } from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/index.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { clock } from '../../lib/clock.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { escapeLike } from '../../lib/sql.ts';
import type { StorageBackend } from '../../lib/storage.ts';
import { sniffMime } from '../../lib/uploads.ts';
import { CHECKED_KINDS, referencesSql } from './file-usage.ts';

const checkedList = () =>
  sql.join(
    CHECKED_KINDS.map((k) => sql`${k}`),
    sql`, `,
  );
const refsOf = sql`(select 1 from refs r where r.kind = sf.kind and r.name = sf.name)`;

function filters(q: StoredFileQuery): SQL {
  const where: SQL[] = [sql`true`];
  if (q.kind) where.push(sql`sf.kind = ${q.kind}`);
  if (q.uploader) {
    const like = escapeLike(q.uploader);
    where.push(sql`(u.username ilike ${like + '%'} or u.display_name ilike ${'%' + like + '%'})`);
  }
  if (q.from) where.push(sql`sf.uploaded_at >= (${q.from}::date)::timestamp at time zone 'Asia/Jakarta'`);
  if (q.to) where.push(sql`sf.uploaded_at < ((${q.to}::date + 1)::timestamp at time zone 'Asia/Jakarta')`);
  if (q.usage === 'used') where.push(sql`(sf.kind not in (${checkedList()}) or exists ${refsOf})`);
  if (q.usage === 'unused') where.push(sql`(sf.kind in (${checkedList()}) and not exists ${refsOf})`);
  if (q.q) {
    const like = '%' + escapeLike(q.q) + '%';
    where.push(sql`(sf.name ilike ${like} or sf.purpose ilike ${like} or sf.kind ilike ${like})`);
  }
  return sql.join(where, sql` and `);
}

interface Row extends Record<string, unknown> {
  kind: string;
  name: string;
  size: string | number;
  mime: string | null;
  uploaded_at: Date | string;
  purpose: string | null;
  uid: number | null;
  username: string | null;
  display_name: string | null;
  in_use: boolean | null;
  owners: StoredFile['owners'];
}

const toFile = (r: Row): StoredFile => ({
  kind: r.kind,
  name: r.name,
  size: Number(r.size),
  mime: r.mime,
  uploadedAt: new Date(r.uploaded_at).toISOString(),
  uploadedBy: r.uid === null ? null : { id: r.uid, username: r.username ?? '', displayName: r.display_name ?? '' },
  purpose: r.purpose,
  inUse: r.in_use,
  owners: r.owners ?? [],
});

/** The upload history: every registered file, newest first, with its uploader and the records using it. */
export async function listStoredFiles(db: Executor, q: StoredFileQuery) {
  const where = filters(q);
  const from = sql`from stored_files sf left join users u on u.id = sf.uploaded_by where ${where}`;
  const [rows, total] = await Promise.all([
    db.execute<Row>(sql`with refs as (${referencesSql()})
      select sf.kind, sf.name, sf.size, sf.mime, sf.uploaded_at, sf.purpose,
        u.id as uid, u.username, u.display_name,
        case when sf.kind in (${checkedList()}) then exists ${refsOf} else null end as in_use,
        coalesce((select jsonb_agg(jsonb_build_object('entity', r.entity, 'id', r.ref_id, 'label', r.label)
          order by r.entity, r.ref_id) from refs r where r.kind = sf.kind and r.name = sf.name), '[]'::jsonb) as owners
      ${from}
      order by sf.uploaded_at desc, sf.kind, sf.name
      limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
    db.execute<{ n: string }>(sql`with refs as (${referencesSql()}) select count(*) as n ${from}`),
  ]);
  return { items: rows.rows.map(toFile), total: Number(total.rows[0]?.n ?? 0), page: q.page, pageSize: q.pageSize };
}

/** The kinds in the registry with their file counts and bytes (the kind filter). */
export async function storedFileKinds(db: Executor) {
  const rows = await db.execute<{ kind: string; files: string; bytes: string }>(
    sql`select kind, count(*) as files, coalesce(sum(size), 0) as bytes from stored_files group by kind order by kind`,
  );
  return { items: rows.rows.map((r) => ({ kind: r.kind, files: Number(r.files), bytes: Number(r.bytes) })) };
}

/**
 * Removes a file that nothing uses: the check and the registry row's removal in one transaction
 * (the row locked), audited; the bytes go after the commit. 409 when the file is in use or its kind
 * has no usage check.
 */
export async function removeStoredFile(
  db: Database,
  storage: StorageBackend,
  actor: AuditActor,
  kind: string,
  name: string,
) {
  await db.transaction(async (tx) => {
    const found = await tx.execute<Row>(
      sql`select kind, name, size, mime, uploaded_at, uploaded_by, purpose from stored_files
        where kind = ${kind} and name = ${name} for update`,
    );
    const row = found.rows[0];
    if (!row) throw new AppError('NOT_FOUND', 'Berkas tidak ditemukan');
    if (!CHECKED_KINDS.includes(kind)) {
      throw conflict('Pemakaian berkas jenis ini tidak diperiksa, jadi berkas tidak dapat dihapus');
    }
    const used = await tx.execute(
      sql`with refs as (${referencesSql()}) select 1 from refs where kind = ${kind} and name = ${name} limit 1`,
    );
    if (used.rows.length) throw conflict('Berkas masih dipakai dan tidak dapat dihapus');
    await tx.execute(sql`delete from ${storedFiles} where kind = ${kind} and name = ${name}`);
    await audit(tx, actor, {
      action: 'file.remove',
      entityType: 'stored_file',
      entityId: `${kind}/${name}`,
      before: { kind, name, size: Number(row.size), mime: row.mime, purpose: row.purpose },
    });
  });
  await storage.remove(kind, name);
}

/**
 * Registers the files already in the storage without a registry row (uploaded before the registry
 * existed, or written by a tool): uploader unknown, uploaded at the time of the backfill, purpose
 * 'backfill'. Idempotent; returns how many rows it added.
 */
export async function backfillStoredFiles(db: Executor, storage: StorageBackend): Promise<number> {
  const known = new Set(
    (await db.select({ kind: storedFiles.kind, name: storedFiles.name }).from(storedFiles)).map(
      (r) => `${r.kind}/${r.name}`,
    ),
  );
  let added = 0;
  for await (const file of storage.list()) {
    if (known.has(`${file.kind}/${file.name}`)) continue;
    const head = await firstBytes(storage, file.kind, file.name);
    const inserted = await db
      .insert(storedFiles)
      .values({
        kind: file.kind,
        name: file.name,
        size: file.size,
        mime: sniffMime(head),
        uploadedAt: clock.now(),
        purpose: 'backfill',
      })
      .onConflictDoNothing()
      .returning({ name: storedFiles.name });
    added += inserted.length;
  }
  return added;
}

async function firstBytes(storage: StorageBackend, kind: string, name: string): Promise<Buffer> {
  const stream = await storage.open(kind, name);
  if (!stream) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    const b = Buffer.from(chunk as Uint8Array);
    chunks.push(b);
    length += b.length;
    if (length >= 16) break;
  }
  stream.destroy();
  return Buffer.concat(chunks);
}
