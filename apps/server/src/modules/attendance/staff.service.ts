import {
  toJakarta,
  type AuthUser,
  type DateUnitQuery,
  type OwnStaffAttendanceQuery,
  type StaffAbsentLateQuery,
  type StaffDayInput,
  minutesOf,
  jakartaDate,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { assertUnit, seesAllUnits, unitScope } from '../../lib/scope.ts';
import { assertRange } from '../../lib/school-dates.ts';
import { clock } from '../../lib/clock.ts';
import { schoolDays } from '../school/calendar.service.ts';
import * as repo from './staff.repo.ts';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findDay>>>;

const DEFAULT_START = '07:00';
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const toApi = <T extends Pick<Row, 'checkInAt' | 'checkOutAt'>>(r: T) => ({
  ...r,
  checkInAt: iso(r.checkInAt),
  checkOutAt: iso(r.checkOutAt),
});
const clockOf = (d: Date) => toJakarta(d).time.slice(0, 5);

export function createStaffAttendanceService(db: Database) {
  const now = clock.now;
  async function employeeOf(user: AuthUser) {
    if (!user.employeeId) throw new AppError('FORBIDDEN', 'Akun Anda tidak terhubung ke data pegawai');
    const employee = await repo.findEmployeeWithUnit(db, user.employeeId);
    if (!employee) throw new AppError('FORBIDDEN', 'Akun Anda tidak terhubung ke data pegawai');
    return employee;
  }

  /** Check-in at server time; late minutes count from the unit's first bell. */
  async function checkIn(user: AuthUser, note: string | null | undefined, actor: AuditActor) {
    const employee = await employeeOf(user);
    const at = now();
    const moment = toJakarta(at);
    const date = moment.date;
    const start = employee.dayStartTime ?? DEFAULT_START;
    const lateMinutes = Math.max(0, minutesOf(moment.time) - minutesOf(start));
    const existing = await repo.findDay(db, employee.id, date);
    if (existing?.checkInAt) {
      throw conflict(`Anda sudah absen masuk hari ini pukul ${clockOf(existing.checkInAt)}`);
    }
    const row = await db.transaction(async (tx) => {
      const row = await repo.checkIn(tx, {
        employeeId: employee.id,
        unitId: employee.unitId,
        date,
        lateMinutes,
        note: note ?? null,
        at,
      });
      // A concurrent check-in won the race: the conditional upsert returns nothing.
      if (!row) throw conflict('Anda sudah absen masuk hari ini');
      await audit(tx, actor, {
        action: 'attendance.staff.checkIn',
        entityType: 'staff_attendance',
        entityId: row.id,
        before: existing ?? null,
        after: row,
      });
      return row;
    });
    return toApi(row);
  }

  async function checkOut(user: AuthUser, actor: AuditActor) {
    const employee = await employeeOf(user);
    const date = jakartaDate(now());
    const existing = await repo.findDay(db, employee.id, date);
    if (!existing?.checkInAt) throw badRequest('Anda belum absen masuk hari ini');
    if (existing.checkOutAt) throw conflict(`Anda sudah absen pulang hari ini pukul ${clockOf(existing.checkOutAt)}`);
    const row = await db.transaction(async (tx) => {
      const row = await repo.checkOut(tx, existing.id, now());
      if (!row) throw conflict('Anda sudah absen pulang hari ini');
      await audit(tx, actor, {
        action: 'attendance.staff.checkOut',
        entityType: 'staff_attendance',
        entityId: row.id,
        before: existing,
        after: row,
      });
      return row;
    });
    return toApi(row);
  }

  async function today(user: AuthUser) {
    const employee = await employeeOf(user);
    const row = await repo.findDay(db, employee.id, jakartaDate(now()));
    return { date: jakartaDate(now()), record: row ? toApi(row) : null };
  }

  async function listOwn(user: AuthUser, q: OwnStaffAttendanceQuery) {
    const employee = await employeeOf(user);
    const page = await repo.listOwn(db, employee.id, q);
    return { ...page, items: page.items.map(toApi) };
  }

  /**
   * The `unitId:date` keys of the school days from `from` to `to` (not after today) of the units whose staff
   * are in scope: an employee without a record on one of these days did not come. Today counts only from the
   * unit's first bell on: before it nobody is absent yet (issue 39: at 05:42 every teacher was "Belum presensi").
   */
  async function schoolDayKeys(unitId: number | null, from: string, to: string): Promise<string[]> {
    const today = clock.today();
    const last = to < today ? to : today;
    if (from > last) return [];
    const ids = await repo.staffUnitIds(db, unitId);
    const starts = await repo.unitStartTimes(db, ids);
    const time = clock.jakarta().time;
    const keys: string[] = [];
    for (const id of ids) {
      const begun = minutesOf(time) >= minutesOf(starts.get(id) ?? DEFAULT_START);
      for (const day of await schoolDays(db, id === 0 ? null : id, from, last)) {
        if (day < today || begun) keys.push(`${id}:${day}`);
      }
    }
    return keys;
  }

  /** The absent-or-late days of the staff in scope between two dates (repo.absentLateDays is the definition). */
  async function absentLateDays(
    unitId: number | null,
    from: string,
    to: string,
    q?: { page: number; pageSize: number },
  ) {
    return repo.absentLateDays(db, { from, to, unitId, schoolDayKeys: await schoolDayKeys(unitId, from, to) }, q);
  }

  /** Every employee of the unit on a day, with the absentees (not present: no check-in, sakit, izin, alpa) apart. */
  async function daily(user: AuthUser, q: DateUnitQuery) {
    const date = q.date ?? jakartaDate(now());
    const unitId = unitScope(user, q.unitId);
    const rows = (await repo.daily(db, date, unitId)).map((r) => ({
      ...r,
      checkInAt: iso(r.checkInAt),
      checkOutAt: iso(r.checkOutAt),
    }));
    const day = await absentLateDays(unitId, date, date);
    const absent = new Set(day.items.filter((r) => r.status !== 'HADIR').map((r) => r.employeeId));
    const late = new Set(day.items.filter((r) => r.status === 'HADIR').map((r) => r.employeeId));
    return {
      date,
      items: rows,
      absentees: rows.filter((r) => absent.has(r.employeeId)),
      latecomers: rows.filter((r) => late.has(r.employeeId)),
    };
  }

  /** The absent-and-late list: the same days the dashboard counts, one row per employee and day. */
  async function absentLate(user: AuthUser, q: StaffAbsentLateQuery) {
    assertRange(q.from, q.to);
    const unitId = unitScope(user, q.unitId);
    const page = await absentLateDays(unitId, q.from, q.to, q);
    return { items: page.items.map(toApi), total: page.total, page: q.page, pageSize: q.pageSize };
  }

  /** A leader's correction of a day: DL, sakit, izin or alpa (ahead of time too), or hadir up to today. */
  async function setDay(user: AuthUser, employeeId: number, date: string, input: StaffDayInput, actor: AuditActor) {
    const employee = await repo.findEmployeeWithUnit(db, employeeId);
    if (!employee) throw notFound('Pegawai');
    if (!seesAllUnits(user)) assertUnit(user, employee.unitId);
    if ((input.status === 'HADIR' || input.status === 'ALPA') && date > jakartaDate(now())) {
      throw badRequest('Tanggal tidak boleh di masa depan', { date: 'Di masa depan' });
    }
    const before = await repo.findDay(db, employeeId, date);
    const row = await db.transaction(async (tx) => {
      const row = await repo.setDay(tx, {
        employeeId,
        unitId: employee.unitId,
        date,
        status: input.status,
        lateMinutes: input.lateMinutes,
        note: input.note ?? null,
      });
      await audit(tx, actor, {
        action: 'attendance.staff.set',
        entityType: 'staff_attendance',
        entityId: row.id,
        before: before ?? null,
        after: row,
      });
      return row;
    });
    return toApi(row);
  }

  return { checkIn, checkOut, today, listOwn, daily, absentLate, setDay };
}

export type StaffAttendanceService = ReturnType<typeof createStaffAttendanceService>;
