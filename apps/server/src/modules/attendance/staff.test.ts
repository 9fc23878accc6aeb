import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays } from '@mms/shared';
import { clock, setClock } from '../../lib/clock.ts';
import { auditLog, staffAttendance, units } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { attendanceFixture, SCHOOL_NOW } from './test-fixtures.ts';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx);
});
afterAll(() => ctx.close());

describe('staff attendance', () => {
  it('checks in at server time with late minutes from the unit start, once a day', async () => {
    // MMS's clock reads 10:00 WIB (SCHOOL_NOW); the unit starts at 07:00.
    await f.setStartTime('07:00');
    const res = await ctx.call(f.homeroomA, 'POST', '/api/v1/attendance/staff/check-in', { note: 'lewat gerbang' });
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json();
    expect(row.date).toBe('2026-11-18');
    expect(row.status).toBe('HADIR');
    expect(row.lateMinutes).toBe(180);
    expect(Math.abs(Date.parse(row.checkInAt) - Date.parse(SCHOOL_NOW))).toBeLessThan(60_000);

    const again = await ctx.call(f.homeroomA, 'POST', '/api/v1/attendance/staff/check-in', {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/sudah absen masuk hari ini pukul \d\d:\d\d/);
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'attendance.staff.checkIn'));
    expect(audits).toHaveLength(1);
  });

  it('is not late before the start time', async () => {
    await f.setStartTime('23:59');
    const res = await ctx.call(f.homeroomB, 'POST', '/api/v1/attendance/staff/check-in', {});
    expect(res.statusCode).toBe(200);
    expect(res.json().lateMinutes).toBe(0);
    await f.setStartTime('07:00');
  });

  it('checks out only after checking in, once', async () => {
    expect((await ctx.call(f.otherTeacher, 'POST', '/api/v1/attendance/staff/check-out', {})).statusCode).toBe(400);
    const res = await ctx.call(f.homeroomA, 'POST', '/api/v1/attendance/staff/check-out', {});
    expect(res.statusCode).toBe(200);
    expect(res.json().checkOutAt).not.toBeNull();
    expect((await ctx.call(f.homeroomA, 'POST', '/api/v1/attendance/staff/check-out', {})).statusCode).toBe(409);
  });

  it('shows one’s own attendance and today', async () => {
    let res = await ctx.call(f.homeroomA, 'GET', '/api/v1/attendance/staff/me');
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(1);
    res = await ctx.call(f.homeroomA, 'GET', '/api/v1/attendance/staff/me/today');
    expect(res.json().record.status).toBe('HADIR');
    res = await ctx.call(f.otherTeacher, 'GET', '/api/v1/attendance/staff/me/today');
    expect(res.json().record).toBeNull();
    expect((await ctx.call(await ctx.as('STUDENT'), 'GET', '/api/v1/attendance/staff/me')).statusCode).toBe(403);
    expect((await ctx.call(await ctx.as('STUDENT'), 'POST', '/api/v1/attendance/staff/check-in', {})).statusCode).toBe(
      403,
    );
  });

  it('gives the principal every employee of the day and the absentees', async () => {
    const res = await ctx.call(await ctx.as('PRINCIPAL'), 'GET', '/api/v1/attendance/staff/daily');
    expect(res.statusCode).toBe(200);
    const day = res.json();
    const present = day.items.filter((r: { status: string | null }) => r.status === 'HADIR');
    expect(present.map((r: { employeeId: number }) => r.employeeId).sort()).toEqual(
      [f.homeroomA.user.employeeId, f.homeroomB.user.employeeId].sort(),
    );
    expect(day.absentees.some((r: { employeeId: number }) => r.employeeId === f.otherTeacher.user.employeeId)).toBe(
      true,
    );
    expect(day.absentees.some((r: { employeeId: number }) => r.employeeId === f.homeroomA.user.employeeId)).toBe(false);
    expect((await ctx.call(f.homeroomA, 'GET', '/api/v1/attendance/staff/daily')).statusCode).toBe(403);
    expect(
      (await ctx.call(await ctx.as('PRINCIPAL'), 'GET', '/api/v1/attendance/staff/daily?date=kemarin')).statusCode,
    ).toBe(400);
    expect(
      (await ctx.call(await ctx.as('PRINCIPAL'), 'GET', '/api/v1/attendance/staff/daily?unitId=999999')).statusCode,
    ).toBe(403);
  });

  it('lists the staff who were late or not present over a range', async () => {
    await ctx.db
      .update(staffAttendance)
      .set({ lateMinutes: 25 })
      .where(eq(staffAttendance.employeeId, f.homeroomA.user.employeeId!));
    const today = clock.today();
    const url = `/api/v1/attendance/staff/absent-late?from=${today}&to=${today}`;
    const res = await ctx.call(await ctx.as('PRINCIPAL'), 'GET', url);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { employeeId: number; status: string | null; lateMinutes: number }[];
    // the late one, and everyone the day's absentees count (no check-in: status null), nobody else
    expect(items.filter((r) => r.status === 'HADIR')).toEqual([
      expect.objectContaining({ employeeId: f.homeroomA.user.employeeId, lateMinutes: 25, status: 'HADIR' }),
    ]);
    const day = (await ctx.call(await ctx.as('PRINCIPAL'), 'GET', '/api/v1/attendance/staff/daily')).json();
    expect(
      items
        .filter((r) => r.status !== 'HADIR')
        .map((r) => r.employeeId)
        .sort(),
    ).toEqual(day.absentees.map((r: { employeeId: number }) => r.employeeId).sort());
    expect(items.some((r) => r.employeeId === f.otherTeacher.user.employeeId && r.status === null)).toBe(true);
    expect((await ctx.call(await ctx.as('TU'), 'GET', url)).statusCode).toBe(200);
    expect((await ctx.call(f.homeroomA, 'GET', url)).statusCode).toBe(403);
  });

  it('lets a leader set a day’s status such as DINAS_LUAR, ahead of time too', async () => {
    const tomorrow = addDays(clock.today(), 1);
    const url = `/api/v1/attendance/staff/${f.otherTeacher.user.employeeId}/days/${tomorrow}`;
    const res = await ctx.call(await ctx.as('PRINCIPAL'), 'PUT', url, { status: 'DINAS_LUAR', note: 'Rapat MGMP' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'DINAS_LUAR', note: 'Rapat MGMP', checkInAt: null });
    expect((await ctx.call(await ctx.as('PRINCIPAL'), 'PUT', url, { status: 'HADIR' })).statusCode).toBe(400);
    expect((await ctx.call(await ctx.as('PRINCIPAL'), 'PUT', url, { status: 'CUTI' })).statusCode).toBe(400);
    expect((await ctx.call(f.homeroomA, 'PUT', url, { status: 'ALPA' })).statusCode).toBe(403);
    expect(
      (await ctx.call(await ctx.as('PRINCIPAL'), 'PUT', url.replace(/staff\/\d+/, 'staff/999999'), { status: 'IZIN' }))
        .statusCode,
    ).toBe(404);
    // A correction of today keeps the check-in time.
    const today = clock.today();
    const fixed = await ctx.call(
      await ctx.as('WAKAKUR'),
      'PUT',
      `/api/v1/attendance/staff/${f.homeroomB.user.employeeId}/days/${today}`,
      { status: 'HADIR', lateMinutes: 0, note: 'Terlambat karena tugas sekolah' },
    );
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().checkInAt).not.toBeNull();
  });

  it('lists nobody absent or late for today before the first bell (05:42 WIB), everyone without a check-in after', async () => {
    const principal = await ctx.as('PRINCIPAL');
    const list = async (from: string, to: string) => {
      const res = await ctx.call(principal, 'GET', `/api/v1/attendance/staff/absent-late?from=${from}&to=${to}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items as { employeeId: number; date: string; status: string | null }[];
    };
    const absentees = async () =>
      ((await ctx.call(principal, 'GET', '/api/v1/attendance/staff/daily')).json().absentees as unknown[]).length;
    try {
      setClock('2026-12-02T05:42:00+07:00'); // Wednesday 2 December, before the 07:00 bell (1 December in UTC)
      expect(await list('2026-12-02', '2026-12-02')).toEqual([]);
      expect(await absentees()).toBe(0);
      // the days before today stay as they were: yesterday's absentees are listed, none of today
      const range = await list('2026-12-01', '2026-12-02');
      expect(range.length).toBeGreaterThan(0);
      expect(range.every((r) => r.date === '2026-12-01')).toBe(true);
      // the unit's own first bell decides: at 05:30 the day has begun by 05:42
      await ctx.db.update(units).set({ dayStartTime: '05:30' }).where(eq(units.id, f.unitId));
      expect((await list('2026-12-02', '2026-12-02')).length).toBeGreaterThan(0);
      await ctx.db.update(units).set({ dayStartTime: '07:00' }).where(eq(units.id, f.unitId));
      setClock('2026-12-02T08:00:00+07:00');
      const after = await list('2026-12-02', '2026-12-02');
      expect(after.map((r) => r.employeeId)).toEqual(
        expect.arrayContaining([f.homeroomA.user.employeeId, f.otherTeacher.user.employeeId]),
      );
      expect(after.every((r) => r.status === null)).toBe(true);
      expect(await absentees()).toBe(after.length);
    } finally {
      await ctx.db.update(units).set({ dayStartTime: '07:00' }).where(eq(units.id, f.unitId));
      setClock(SCHOOL_NOW);
    }
  });

  it('keeps one row per employee per day', async () => {
    const rows = await ctx.db
      .select()
      .from(staffAttendance)
      .where(eq(staffAttendance.employeeId, f.homeroomA.user.employeeId!));
    expect(rows).toHaveLength(1);
  });

  it('keeps a check-in just before Jakarta midnight on its own day, and starts a new day after it', async () => {
    setClock('2026-11-19T23:59:58+07:00');
    const late = await ctx.call(f.otherTeacher, 'POST', '/api/v1/attendance/staff/check-in', {});
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().date).toBe('2026-11-19');
    // 00:00:02 WIB is still the previous day in UTC, but the next day at school.
    setClock('2026-11-20T00:00:02+07:00');
    const next = await ctx.call(f.otherTeacher, 'GET', '/api/v1/attendance/staff/me/today');
    expect(next.json()).toMatchObject({ date: '2026-11-20', record: null });
    expect((await ctx.call(f.otherTeacher, 'POST', '/api/v1/attendance/staff/check-in', {})).json().date).toBe(
      '2026-11-20',
    );
    setClock(SCHOOL_NOW);
  });
});
