import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { classControlVisits, classGroups, users } from '../../db/schema/index.ts';

const columns = {
  id: classControlVisits.id,
  classGroupId: classControlVisits.classGroupId,
  className: classGroups.name,
  unitId: classGroups.unitId,
  date: classControlVisits.date,
  period: classControlVisits.period,
  teacherPresent: classControlVisits.teacherPresent,
  notes: classControlVisits.notes,
  principalUserId: classControlVisits.principalUserId,
  principalName: users.displayName,
  createdAt: classControlVisits.createdAt,
};

const select = (db: Executor) =>
  db
    .select(columns)
    .from(classControlVisits)
    .innerJoin(classGroups, eq(classGroups.id, classControlVisits.classGroupId))
    .leftJoin(users, eq(users.id, classControlVisits.principalUserId));

export type VisitRow = NonNullable<Awaited<ReturnType<typeof findVisit>>>;

export async function findVisit(db: Executor, id: number) {
  const [row] = await select(db).where(eq(classControlVisits.id, id));
  return row;
}

export async function insertVisit(db: Executor, values: typeof classControlVisits.$inferInsert) {
  const [row] = await db.insert(classControlVisits).values(values).returning({ id: classControlVisits.id });
  return row!.id;
}

export async function deleteVisit(db: Executor, id: number) {
  await db.delete(classControlVisits).where(eq(classControlVisits.id, id));
}

export async function listVisits(
  db: Executor,
  f: { unitId: number | null; classGroupId?: number; from?: string; to?: string },
  q: { page: number; pageSize: number },
) {
  const parts: SQL[] = [];
  if (f.unitId !== null) parts.push(eq(classGroups.unitId, f.unitId));
  if (f.classGroupId) parts.push(eq(classControlVisits.classGroupId, f.classGroupId));
  if (f.from) parts.push(gte(classControlVisits.date, f.from));
  if (f.to) parts.push(lte(classControlVisits.date, f.to));
  const filter = parts.length ? and(...parts) : undefined;
  const [items, [total]] = await Promise.all([
    select(db)
      .where(filter)
      .orderBy(desc(classControlVisits.date), desc(classControlVisits.period), desc(classControlVisits.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(classControlVisits)
      .innerJoin(classGroups, eq(classGroups.id, classControlVisits.classGroupId))
      .where(filter),
  ]);
  return { items, total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}
