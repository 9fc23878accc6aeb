import { and, count, desc, eq, gte, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { employees, leaveRequests, students } from '../../db/schema/index.ts';
import { inAnyClassNowSql } from '../school/school.service.ts';
import { clock } from '../../lib/clock.ts';
import { sqlNow } from '../../lib/sql.ts';

const columns = {
  id: leaveRequests.id,
  unitId: leaveRequests.unitId,
  studentId: leaveRequests.studentId,
  employeeId: leaveRequests.employeeId,
  personName: sql<string>`coalesce(${students.name}, ${employees.name}, '')`,
  startDate: leaveRequests.startDate,
  endDate: leaveRequests.endDate,
  kind: leaveRequests.kind,
  reason: leaveRequests.reason,
  status: leaveRequests.status,
  attachmentPath: leaveRequests.attachmentPath,
  attachmentMime: leaveRequests.attachmentMime,
  attachmentSize: leaveRequests.attachmentSize,
  requestedByUserId: leaveRequests.requestedByUserId,
  decidedByUserId: leaveRequests.decidedByUserId,
  decidedAt: leaveRequests.decidedAt,
  decisionNote: leaveRequests.decisionNote,
  createdAt: leaveRequests.createdAt,
};

const select = (db: Executor) =>
  db
    .select(columns)
    .from(leaveRequests)
    .leftJoin(students, eq(students.id, leaveRequests.studentId))
    .leftJoin(employees, eq(employees.id, leaveRequests.employeeId));

export type LeaveRow = NonNullable<Awaited<ReturnType<typeof findLeave>>>;

export async function findLeave(db: Executor, id: number) {
  const [row] = await select(db).where(eq(leaveRequests.id, id));
  return row;
}

export async function insertLeave(db: Executor, values: typeof leaveRequests.$inferInsert) {
  const [row] = await db.insert(leaveRequests).values(values).returning({ id: leaveRequests.id });
  return row!.id;
}

/** A request of the same person, not rejected, that overlaps the range. */
export async function findOverlap(
  db: Executor,
  who: { studentId?: number; employeeId?: number },
  startDate: string,
  endDate: string,
) {
  const [row] = await db
    .select({ id: leaveRequests.id, startDate: leaveRequests.startDate, endDate: leaveRequests.endDate })
    .from(leaveRequests)
    .where(
      and(
        who.studentId ? eq(leaveRequests.studentId, who.studentId) : eq(leaveRequests.employeeId, who.employeeId!),
        ne(leaveRequests.status, 'rejected'),
        lte(leaveRequests.startDate, endDate),
        gte(leaveRequests.endDate, startDate),
      ),
    )
    .limit(1);
  return row;
}

/** Decides a pending request; returns nothing when it was decided meanwhile. */
export async function decide(
  db: Executor,
  id: number,
  values: { status: 'approved' | 'rejected'; decidedByUserId: number; decisionNote: string | null },
) {
  const [row] = await db
    .update(leaveRequests)
    .set({ ...values, decidedAt: clock.now(), updatedAt: sqlNow() })
    .where(and(eq(leaveRequests.id, id), eq(leaveRequests.status, 'pending')))
    .returning({ id: leaveRequests.id });
  return row;
}

export async function listLeaves(
  db: Executor,
  f: {
    unitId: number | null;
    status?: 'pending' | 'approved' | 'rejected';
    /** only requests made by or about this person */
    own?: { userId: number; studentId: number | null; employeeId: number | null; classIds?: number[] | null };
  },
  q: { page: number; pageSize: number },
) {
  const parts: SQL[] = [];
  if (f.unitId !== null) parts.push(eq(leaveRequests.unitId, f.unitId));
  if (f.status) parts.push(eq(leaveRequests.status, f.status));
  if (f.own) {
    const mine: SQL[] = [eq(leaveRequests.requestedByUserId, f.own.userId)];
    if (f.own.studentId) mine.push(eq(leaveRequests.studentId, f.own.studentId));
    if (f.own.employeeId) mine.push(eq(leaveRequests.employeeId, f.own.employeeId));
    if (f.own.classIds?.length) {
      mine.push(inAnyClassNowSql(sql`${leaveRequests.studentId}`, f.own.classIds));
    }
    parts.push(or(...mine)!);
  }
  const filter = parts.length ? and(...parts) : undefined;
  const [items, [total]] = await Promise.all([
    select(db)
      .where(filter)
      // what still waits for a decision first (the approver's work, the requester's open requests), then newest
      .orderBy(sql`${leaveRequests.status} = 'pending' desc`, desc(leaveRequests.createdAt), desc(leaveRequests.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(leaveRequests).where(filter),
  ]);
  return { items, total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

export async function deletePending(db: Executor, id: number) {
  const [row] = await db
    .delete(leaveRequests)
    .where(and(eq(leaveRequests.id, id), eq(leaveRequests.status, 'pending')))
    .returning({ id: leaveRequests.id });
  return row;
}
