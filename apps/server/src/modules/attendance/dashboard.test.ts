import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, leaveRequests, staffAttendance, units } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

// Wednesday 18 November 2026, 10:00 WIB: a school day of a six-day week
const NOW = '2026-11-18T10:00:00+07:00';
const TODAY = '2026-11-18';

let ctx: TestContext;
let unitId: number;
const staff: Record<'onTime' | 'late' | 'absent' | 'onDuty' | 'sick', number> = {
  onTime: 0,
  late: 0,
  absent: 0,
  onDuty: 0,
  sick: 0,
};

beforeAll(async () => {
  ctx = await createTestContext({}, { now: NOW });
  const [unit] = await ctx.db
    .insert(units)
    .values({ code: 'DSB', name: 'Unit Dasbor', dayStartTime: '07:00' })
    .returning();
  unitId = unit!.id;
  for (const key of Object.keys(staff) as (keyof typeof staff)[]) {
    const [e] = await ctx.db
      .insert(employees)
      .values({ unitId, nip: `DSB-${key}`, name: `Guru ${key}` })
      .returning();
    staff[key] = e!.id;
  }
  const at = (time: string) => new Date(`${TODAY}T${time}:00+07:00`);
  await ctx.db.insert(staffAttendance).values([
    { employeeId: staff.onTime, unitId, date: TODAY, status: 'HADIR', checkInAt: at('06:55'), lateMinutes: 0 },
    { employeeId: staff.late, unitId, date: TODAY, status: 'HADIR', checkInAt: at('07:20'), lateMinutes: 20 },
    // away on duty is neither absent nor late; sick is absent (not present), with its reason
    { employeeId: staff.onDuty, unitId, date: TODAY, status: 'DINAS_LUAR' },
    { employeeId: staff.sick, unitId, date: TODAY, status: 'SAKIT' },
  ]);
  // staff.absent has no record: no check-in on a school day
});
afterAll(() => ctx.close());

describe('the staff counts of the dashboard and the absent-and-late list (one definition)', () => {
  it('counts one on time, one late, one without check-in (and a sick one) the same in the widget and the list', async () => {
    const admin = await ctx.as('ADMIN');
    const counts = (await ctx.call(admin, 'GET', `/api/v1/attendance/today?unitId=${unitId}`)).json();
    expect(counts).toMatchObject({ date: TODAY, staffTotal: 5, staffAbsent: 2, staffLate: 1 });

    const list = await ctx.call(
      admin,
      'GET',
      `/api/v1/attendance/staff/absent-late?from=${TODAY}&to=${TODAY}&unitId=${unitId}`,
    );
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().items as {
      employeeId: number;
      status: string | null;
      lateMinutes: number;
      id: number | null;
    }[];
    expect(list.json().total).toBe(3);
    expect(rows.map((r) => [r.employeeId, r.status, r.lateMinutes]).sort()).toEqual(
      [
        [staff.absent, null, 0],
        [staff.late, 'HADIR', 20],
        [staff.sick, 'SAKIT', 0],
      ].sort(),
    );
    expect(rows.find((r) => r.employeeId === staff.absent)!.id).toBeNull();
    // the list's absent rows are the widget's absent count, its late rows the late count
    expect(rows.filter((r) => r.status !== 'HADIR')).toHaveLength(counts.staffAbsent);
    expect(rows.filter((r) => r.status === 'HADIR')).toHaveLength(counts.staffLate);

    const day = (await ctx.call(admin, 'GET', `/api/v1/attendance/staff/daily?unitId=${unitId}`)).json();
    expect(day.absentees.map((r: { employeeId: number }) => r.employeeId).sort()).toEqual(
      [staff.absent, staff.sick].sort(),
    );
    expect(day.latecomers.map((r: { employeeId: number }) => r.employeeId)).toEqual([staff.late]);
  });

  it('counts no absence on a day without school, nor on a day still to come', async () => {
    const admin = await ctx.as('ADMIN');
    // Sunday 15 November: no records, not a school day
    const sunday = await ctx.call(
      admin,
      'GET',
      `/api/v1/attendance/staff/absent-late?from=2026-11-15&to=2026-11-15&unitId=${unitId}`,
    );
    expect(sunday.json().total).toBe(0);
    // Monday 16 November (a school day, nobody recorded): five absent; tomorrow is not counted yet
    const range = await ctx.call(
      admin,
      'GET',
      `/api/v1/attendance/staff/absent-late?from=2026-11-16&to=2026-11-19&unitId=${unitId}`,
    );
    const dates = (range.json().items as { date: string }[]).map((r) => r.date);
    expect(dates.filter((d) => d === '2026-11-16')).toHaveLength(5);
    expect(dates.filter((d) => d === '2026-11-19')).toHaveLength(0);
  });

  it('shows a decider what waits: leave to decide, registers not taken, staff not checked in', async () => {
    const admin = await ctx.as('ADMIN');
    await ctx.db.insert(leaveRequests).values({
      unitId,
      employeeId: staff.absent,
      startDate: TODAY,
      endDate: TODAY,
      kind: 'SAKIT',
      reason: 'Demam',
      requestedByUserId: admin.user.id,
    });
    const res = await ctx.call(admin, 'GET', `/api/v1/attendance/waiting?unitId=${unitId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      date: TODAY,
      leaveToDecide: 1,
      classesNotTaken: 0,
      staffNotCheckedIn: 2,
      staffTotal: 5,
    });
    // every count is the total of the screen it links to
    const pending = await ctx.call(admin, 'GET', `/api/v1/leave-requests?status=pending&unitId=${unitId}`);
    expect(pending.json().total).toBe(1);

    // a principal sees their own unit; those who decide no leave are refused
    const principal = await ctx.as('PRINCIPAL');
    expect((await ctx.call(principal, 'GET', '/api/v1/attendance/waiting')).statusCode).toBe(200);
    expect((await ctx.call(principal, 'GET', `/api/v1/attendance/waiting?unitId=${unitId}`)).statusCode).toBe(403);
    expect((await ctx.call(await ctx.as('TEACHER'), 'GET', '/api/v1/attendance/waiting')).statusCode).toBe(403);
    expect((await ctx.call(await ctx.as('YAYASAN'), 'GET', '/api/v1/attendance/waiting')).statusCode).toBe(403);
    expect((await ctx.call(null, 'GET', '/api/v1/attendance/waiting')).statusCode).toBe(401);
    expect((await ctx.call(admin, 'GET', '/api/v1/attendance/waiting?unitId=x')).statusCode).toBe(400);
  });
});
