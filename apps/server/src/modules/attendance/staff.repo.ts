import { and, asc, count, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { employees, staffAttendance, units } from '../../db/schema/index.ts';
import { sqlNow } from '../../lib/sql.ts';

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
        updatedAt: sqlNow(),
      },
      setWhere: isNull(staffAttendance.checkInAt),
    })
    .returning(columns);
  return row;
}

export async function checkOut(db: Executor, id: number, at: Date) {
  const [row] = await db
    .update(staffAttendance)
    .set({ checkOutAt: at, updatedAt: sqlNow() })
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
      set: { status: sql`excluded.status`, leaveRequestId: sql`excluded.leave_request_id`, updatedAt: sqlNow() },
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

/**
 * The one definition of a staff member's day that was "absent or late" (the dashboard, the day's
 * absentees and the absent-and-late list all read it): a recorded SAKIT, IZIN or ALPA; a school day of the
 * employee's unit up to today with no record at all (no check-in: absent, status null); or HADIR with late
 * minutes. DINAS_LUAR is away on duty, neither. `schoolDayKeys` are `unitId:date` (0 for staff without a
 * unit, who follow the foundation's calendar) of the school days up to today, from the calendar service.
 */
export async function absentLateDays(
  db: Executor,
  f: { from: string; to: string; unitId: number | null; schoolDayKeys: string[] },
  q?: { page: number; pageSize: number },
) {
  const unit = f.unitId !== null ? sql`e.unit_id = ${f.unitId}` : sql`true`;
  const page = q ? sql`limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}` : sql``;
  const result = await db.execute<{
    id: number | null;
    employeeId: number;
    date: string;
    checkInAt: Date | string | null;
    checkOutAt: Date | string | null;
    status: 'HADIR' | 'SAKIT' | 'IZIN' | 'DINAS_LUAR' | 'ALPA' | null;
    lateMinutes: number;
    note: string | null;
    nip: string;
    name: string;
    unitId: number | null;
    total: number;
  }>(sql`
    select sa.id, e.id as "employeeId", d.day::date::text as date, sa.check_in_at as "checkInAt",
      sa.check_out_at as "checkOutAt", sa.status, coalesce(sa.late_minutes, 0)::int as "lateMinutes", sa.note,
      e.nip, e.name, e.unit_id as "unitId", (count(*) over ())::int as total
    from ${employees} e
    cross join generate_series(${f.from}::date, ${f.to}::date, interval '1 day') as d(day)
    left join ${staffAttendance} sa on sa.employee_id = e.id and sa.date = d.day::date
    where ${unit} and (
      sa.status in ('SAKIT', 'IZIN', 'ALPA')
      or (sa.status = 'HADIR' and sa.late_minutes > 0)
      or (sa.id is null and e.is_active
        and (coalesce(e.unit_id, 0)::text || ':' || d.day::date::text) = any(string_to_array(${f.schoolDayKeys.join(',')}, ',')))
    )
    order by d.day desc, e.name asc, e.id asc
    ${page}`);
  const items = result.rows.map(({ total: _total, ...r }) => ({
    ...r,
    checkInAt: r.checkInAt === null ? null : new Date(r.checkInAt),
    checkOutAt: r.checkOutAt === null ? null : new Date(r.checkOutAt),
  }));
  return { items, total: result.rows[0]?.total ?? 0 };
}

/** The first bell (`HH:MM`, Jakarta) of each unit, by id. */
export async function unitStartTimes(db: Executor, ids: number[]): Promise<Map<number, string>> {
  const real = ids.filter((id) => id !== 0);
  if (!real.length) return new Map();
  const rows = await db.select({ id: units.id, start: units.dayStartTime }).from(units).where(inArray(units.id, real));
  return new Map(rows.map((r) => [r.id, r.start]));
}

/** The unit ids of the active employees of a scope (null: every unit); 0 stands for staff without a unit. */
export async function staffUnitIds(db: Executor, unitId: number | null): Promise<number[]> {
  const rows = await db
    .selectDistinct({ unitId: employees.unitId })
    .from(employees)
    .where(and(eq(employees.isActive, true), unitId !== null ? eq(employees.unitId, unitId) : undefined));
  return rows.map((r) => r.unitId ?? 0);
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
        updatedAt: sqlNow(),
      },
    })
    .returning(columns);
  return row!;
}
