import { and, asc, count, desc, eq, gte, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { employees, staffAttendance, units } from '../../db/schema/index.ts';

const columns = {
  id: staffAttendance.id,
  employeeId: staffAttendance.employeeId,
  date: staffAttendance.date,
  checkInAt: staffAttendance.checkInAt,
  checkOutAt: staffAttendance.checkOutAt,
  status: staffAttendance.status,
  lateMinutes: staffAttendance.lateMinutes,
  note: staffAttendance.note,
};

export async function findEmployeeWithUnit(db: Executor, employeeId: number) {
  const [row] = await db
    .select({ id: employees.id, name: employees.name, unitId: employees.unitId, dayStartTime: units.dayStartTime })
    .from(employees)
    .leftJoin(units, eq(units.id, employees.unitId))
    .where(eq(employees.id, employeeId));
  return row;
}

export async function findDay(db: Executor, employeeId: number, date: string) {
  const [row] = await db
    .select(columns)
    .from(staffAttendance)
    .where(and(eq(staffAttendance.employeeId, employeeId), eq(staffAttendance.date, date)));
  return row;
}

/** Inserts the day's check-in, or turns a row without one (e.g. from a leave) into attendance. */
export async function checkIn(
  db: Executor,
  {
    at,
    ...values
  }: {
    employeeId: number;
    unitId: number | null;
    date: string;
    lateMinutes: number;
    note: string | null;
    at: Date;
  },
) {
  const [row] = await db
    .insert(staffAttendance)
    .values({ ...values, status: 'HADIR', checkInAt: at })
    .onConflictDoUpdate({
      target: [staffAttendance.employeeId, staffAttendance.date],
      set: {
        status: 'HADIR',
        checkInAt: at,
        lateMinutes: values.lateMinutes,
        note: values.note,
        leaveRequestId: null,
        updatedAt: sql`now()`,
      },
      setWhere: isNull(staffAttendance.checkInAt),
    })
    .returning(columns);
  return row;
}

export async function checkOut(db: Executor, id: number, at: Date) {
  const [row] = await db
    .update(staffAttendance)
    .set({ checkOutAt: at, updatedAt: sql`now()` })
    .where(and(eq(staffAttendance.id, id), isNull(staffAttendance.checkOutAt)))
    .returning(columns);
  return row;
}

/** Writes a leave's status on days the employee has not checked in. */
export async function upsertLeaveDays(
  db: Executor,
  rows: { employeeId: number; unitId: number | null; date: string; status: 'SAKIT' | 'IZIN'; leaveRequestId: number }[],
) {
  if (!rows.length) return;
  await db
    .insert(staffAttendance)
    .values(rows)
    .onConflictDoUpdate({
      target: [staffAttendance.employeeId, staffAttendance.date],
      set: { status: sql`excluded.status`, leaveRequestId: sql`excluded.leave_request_id`, updatedAt: sql`now()` },
      setWhere: isNull(staffAttendance.checkInAt),
    });
}

export async function listOwn(
  db: Executor,
  employeeId: number,
  q: { from?: string; to?: string; page: number; pageSize: number },
) {
  const parts: SQL[] = [eq(staffAttendance.employeeId, employeeId)];
  if (q.from) parts.push(gte(staffAttendance.date, q.from));
  if (q.to) parts.push(lte(staffAttendance.date, q.to));
  const filter = and(...parts);
  const [items, [total]] = await Promise.all([
    db
      .select(columns)
      .from(staffAttendance)
      .where(filter)
      .orderBy(desc(staffAttendance.date))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(staffAttendance).where(filter),
  ]);
  return { items, total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/** Every active employee of the unit (null: all) with the day's row, if any. */
export async function daily(db: Executor, date: string, unitId: number | null) {
  return db
    .select({
      employeeId: employees.id,
      nip: employees.nip,
      name: employees.name,
      unitId: employees.unitId,
      status: staffAttendance.status,
      checkInAt: staffAttendance.checkInAt,
      checkOutAt: staffAttendance.checkOutAt,
      lateMinutes: sql<number>`coalesce(${staffAttendance.lateMinutes}, 0)`.mapWith(Number),
    })
    .from(employees)
    .leftJoin(staffAttendance, and(eq(staffAttendance.employeeId, employees.id), eq(staffAttendance.date, date)))
    .where(and(eq(employees.isActive, true), unitId !== null ? eq(employees.unitId, unitId) : undefined))
    .orderBy(asc(employees.name), asc(employees.id));
}

/** Recorded days with a status other than HADIR, or late, between two dates. */
export async function listAbsentLate(
  db: Executor,
  f: { from: string; to: string; unitId: number | null },
  q: { page: number; pageSize: number },
) {
  const filter = and(
    gte(staffAttendance.date, f.from),
    lte(staffAttendance.date, f.to),
    or(ne(staffAttendance.status, 'HADIR'), sql`${staffAttendance.lateMinutes} > 0`),
    f.unitId !== null ? eq(employees.unitId, f.unitId) : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select({ ...columns, nip: employees.nip, name: employees.name, unitId: employees.unitId })
      .from(staffAttendance)
      .innerJoin(employees, eq(employees.id, staffAttendance.employeeId))
      .where(filter)
      .orderBy(desc(staffAttendance.date), asc(employees.name))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(staffAttendance)
      .innerJoin(employees, eq(employees.id, staffAttendance.employeeId))
      .where(filter),
  ]);
  return { items, total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/** Sets an employee's status of a day; check-in and check-out times stay as they are. */
export async function setDay(
  db: Executor,
  values: {
    employeeId: number;
    unitId: number | null;
    date: string;
    status: 'HADIR' | 'SAKIT' | 'IZIN' | 'DINAS_LUAR' | 'ALPA';
    lateMinutes: number | undefined;
    note: string | null;
  },
) {
  const [row] = await db
    .insert(staffAttendance)
    .values({ ...values, lateMinutes: values.lateMinutes ?? 0 })
    .onConflictDoUpdate({
      target: [staffAttendance.employeeId, staffAttendance.date],
      set: {
        status: values.status,
        note: values.note,
        leaveRequestId: null,
        ...(values.lateMinutes === undefined ? {} : { lateMinutes: values.lateMinutes }),
        updatedAt: sql`now()`,
      },
    })
    .returning(columns);
  return row!;
}
