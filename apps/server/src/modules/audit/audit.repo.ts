import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditQuery } from '@mms/shared';
import { escapeLike } from '../../lib/sql.ts';
import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

export async function listAudit(db: Executor, q: AuditQuery) {
  const where: SQL[] = [];
  if (q.action) where.push(ilike(auditLog.action, `${escapeLike(q.action)}%`));
  if (q.actor) where.push(ilike(auditLog.actorUsername, `${escapeLike(q.actor)}%`));
  if (q.entityType) where.push(eq(auditLog.entityType, q.entityType));
  if (q.entityId) where.push(eq(auditLog.entityId, q.entityId));
  if (q.userId)
    where.push(
      or(
        eq(auditLog.actorUserId, q.userId),
        and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, String(q.userId))),
      )!,
    );
  if (q.from) where.push(gte(auditLog.at, sql`(${q.from}::date)::timestamp at time zone 'Asia/Jakarta'`));
  if (q.to) where.push(lt(auditLog.at, sql`((${q.to}::date + 1)::timestamp at time zone 'Asia/Jakarta')`));
  if (q.q)
    where.push(
      sql`(${auditLog.action} ilike ${'%' + escapeLike(q.q) + '%'} or ${auditLog.actorUsername} ilike ${'%' + escapeLike(q.q) + '%'})`,
    );
  const filter = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(filter)
      .orderBy(q.sort === 'at' ? auditLog.id : desc(auditLog.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(auditLog).where(filter),
  ]);
  return {
    items: rows.map((r) => ({ ...r, at: r.at.toISOString() })),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}
