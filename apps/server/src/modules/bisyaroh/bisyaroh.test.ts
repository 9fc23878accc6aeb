import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BisyarohMonth, BisyarohSlip, MissingJournalList, MyBisyarohList } from '@mms/shared';
import {
  academicYears,
  auditLog,
  calendarEntries,
  classGroups,
  classJournals,
  employees,
  financeAccounts,
  grades,
  leaveRequests,
  staffAttendance,
  subjects,
  timetableSlots,
  units,
  users,
  vouchers,
} from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { HEADING_ROWS } from '../../lib/xlsx.ts';

type Method = Parameters<TestContext['call']>[1];

const API = '/api/v1/bisyaroh';
const NOW = '2026-11-20T10:00:00+07:00';
const MONTH = '2026-10';

let ctx: TestContext;
let principal: Session;
let admin: Session;
let yayasan: Session;
let teacher: Session;
let teacher2: Session;
let student: Session;
let otherPrincipal: Session;
let smpId = 0;
let slotMon2 = 0;
const acc = { kas: 0, gaji: 0 };

const ok = async <T = Record<string, unknown>>(s: Session, method: Method, url: string, body?: unknown) => {
  const res = await ctx.call(s, method, url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const status = async (s: Session, method: Method, url: string, body?: unknown) =>
  (await ctx.call(s, method, url, body)).statusCode;

const rate = (over: Record<string, unknown>) => ({
  validFrom: '2026-07',
  perJp: 0,
  perDay: 0,
  onTimePerDay: 0,
  transportPerDay: 0,
  absencePerDay: 0,
  allowances: [],
  ...over,
});

beforeAll(async () => {
  ctx = await createTestContext({}, { now: NOW });
  const db = ctx.db;
  principal = await ctx.as('PRINCIPAL');
  admin = await ctx.as('ADMIN');
  yayasan = await ctx.as('YAYASAN');
  teacher = await ctx.as('TEACHER');
  student = await ctx.as('STUDENT');
  teacher2 = await ctx.signIn((await ctx.createUser({ division: 'TEACHER' })).username);
  smpId = principal.user.unit!.id;
  // a second unit with its own principal: they may not see SMP's bisyaroh
  const [sd] = await db.insert(units).values({ code: 'SD', name: 'SD Uji' }).returning();
  const u = await ctx.createUser({ division: 'PRINCIPAL' });
  await db.update(users).set({ unitId: sd!.id }).where(eq(users.id, u.id));
  await db.update(employees).set({ unitId: sd!.id }).where(eq(employees.userId, u.id));
  otherPrincipal = await ctx.signIn(u.username);

  // SMP works Monday-Friday; 14 October 2026 (a Wednesday) is a holiday in THE calendar
  await db.update(units).set({ schoolDaysPerWeek: 5 }).where(eq(units.id, smpId));
  await db.insert(calendarEntries).values({
    unitId: smpId,
    kind: 'NATIONAL_HOLIDAY',
    name: 'Libur uji',
    startDate: '2026-10-14',
    endDate: '2026-10-14',
  });
  const teacherEmp = teacher.user.employeeId!;
  await db.update(employees).set({ position: 'Guru' }).where(eq(employees.id, teacherEmp));

  // the teacher's timetable: Monday periods 1 and 2, Wednesday period 1 (class 7A, first semester 2026/2027)
  const [year] = await db
    .insert(academicYears)
    .values({ name: '2026/2027', startDate: '2026-07-01', endDate: '2027-06-30', isActive: true })
    .returning();
  const [grade] = await db.insert(grades).values({ unitId: smpId, level: 7, name: 'Kelas 7' }).returning();
  const [cls] = await db
    .insert(classGroups)
    .values({ unitId: smpId, academicYearId: year!.id, gradeId: grade!.id, name: '7A' })
    .returning();
  const [subject] = await db.insert(subjects).values({ unitId: smpId, code: 'MTK', name: 'Matematika' }).returning();
  const slot = async (day: number, period: number) =>
    (
      await db
        .insert(timetableSlots)
        .values({
          unitId: smpId,
          academicYearId: year!.id,
          semester: 'GANJIL',
          classGroupId: cls!.id,
          day,
          period,
          subjectId: subject!.id,
          employeeId: teacherEmp,
        })
        .returning()
    )[0]!.id;
  const mon1 = await slot(1, 1);
  slotMon2 = await slot(1, 2);
  const wed1 = await slot(3, 1);
  // journals: Mon 5 Oct (both periods), Mon 12 Oct (period 1 only), Wed 7 Oct = 4 lessons
  const journal = (timetableSlotId: number, date: string) => ({
    timetableSlotId,
    classGroupId: cls!.id,
    date,
    topic: 'Bab 1',
  });
  await db
    .insert(classJournals)
    .values([
      journal(mon1, '2026-10-05'),
      journal(slotMon2, '2026-10-05'),
      journal(mon1, '2026-10-12'),
      journal(wed1, '2026-10-07'),
    ]);

  // staff attendance of October (21 school days: 22 weekdays less the holiday)
  const att = (date: string, st: 'HADIR' | 'ALPA' | 'IZIN', lateMinutes = 0) => ({
    employeeId: teacherEmp,
    unitId: smpId,
    date,
    status: st,
    lateMinutes,
  });
  const onTime = ['01', '02', '05', '06', '07', '08', '09', '12', '13', '19'].map((d) => att(`2026-10-${d}`, 'HADIR'));
  const late = ['20', '21', '22'].map((d) => att(`2026-10-${d}`, 'HADIR', 10));
  await db.insert(staffAttendance).values([...onTime, ...late, att('2026-10-23', 'ALPA'), att('2026-10-26', 'IZIN')]);
  // approved leave on 15-16 October (no attendance rows); 27-30 October: no row and no leave
  await db.insert(leaveRequests).values({
    unitId: smpId,
    employeeId: teacherEmp,
    startDate: '2026-10-15',
    endDate: '2026-10-16',
    kind: 'IZIN',
    reason: 'Keluarga',
    status: 'approved',
  });

  const [kas] = await db
    .insert(financeAccounts)
    .values({ unitId: smpId, code: '1-101', name: 'Kas', kind: 'CASH' })
    .returning();
  const [gaji] = await db
    .insert(financeAccounts)
    .values({ unitId: smpId, code: '5-101', name: 'Gaji dan Bisyaroh', kind: 'EXPENSE' })
    .returning();
  acc.kas = kas!.id;
  acc.gaji = gaji!.id;
});

afterAll(async () => {
  await ctx.close();
});

describe('access', () => {
  const manageRoutes: [Method, string, unknown?][] = [
    ['GET', '/rates'],
    ['GET', '/rates/export'],
    ['POST', '/rates', rate({ position: 'Staf', validFrom: '2026-01' })],
    ['GET', '/employees'],
    ['GET', '/loans'],
    ['GET', '/months'],
    ['GET', '/months/export'],
    ['GET', `/months/find?month=${MONTH}`],
  ];
  it.each(manageRoutes)('%s %s: bisyaroh.manage may; a teacher and a student may not', async (method, path, body) => {
    for (const s of [teacher, student]) expect(await status(s, method, `${API}${path}`, body)).toBe(403);
    expect(await status(principal, method, `${API}${path}`, body)).toBe(200);
    const unitPath = path.includes('?') ? `${path}&unitId=${smpId}` : `${path}?unitId=${smpId}`;
    const withUnit = method === 'GET' ? unitPath : path;
    // ADMIN and YAYASAN name the unit (a new position each, so the rate is not a duplicate)
    for (const [i, s] of [admin, yayasan].entries()) {
      const unitBody = body ? { ...(body as object), unitId: smpId, position: `Staf ${i}` } : undefined;
      expect(await status(s, method, `${API}${withUnit}`, unitBody)).toBe(200);
    }
  });

  it('a principal of another unit may not open or change SMP', async () => {
    expect(await status(otherPrincipal, 'GET', `${API}/rates?unitId=${smpId}`)).toBe(403);
    expect(await status(otherPrincipal, 'POST', `${API}/months/compute`, { unitId: smpId, month: MONTH })).toBe(403);
  });

  it('my slips: paid staff may; a student, the foundation and ADMIN (paid no honorarium) may not', async () => {
    expect(await status(teacher, 'GET', `${API}/my-slips`)).toBe(200);
    expect(await status(principal, 'GET', `${API}/my-slips`)).toBe(200);
    for (const division of ['YAYASAN', 'ADMIN'] as const) {
      expect(await status(await ctx.as(division), 'GET', `${API}/my-slips`), division).toBe(403);
    }
    expect(await status(student, 'GET', `${API}/my-slips`)).toBe(403);
    expect(await status(student, 'GET', `${API}/my-slips/1`)).toBe(403);
    expect(await status(null as unknown as Session, 'GET', `${API}/my-slips`)).toBe(401);
  });

  it('bad input is 400, never 500', async () => {
    expect(await status(principal, 'GET', `${API}/months/99999999999`)).toBe(400);
    expect(await status(principal, 'POST', `${API}/rates`, rate({ position: 'X', perJp: 1000.5 }))).toBe(400);
    expect(await status(principal, 'POST', `${API}/rates`, rate({ position: 'X', employeeId: 1 }))).toBe(400);
    expect(await status(principal, 'POST', `${API}/months/compute`, { month: '2026-13' })).toBe(400);
    expect(await status(principal, 'POST', `${API}/months/compute`, { month: '2027-01' })).toBe(400);
    expect(await status(principal, 'GET', `${API}/months/77`)).toBe(404);
  });
});

describe('a month computed from journals, staff attendance and the calendar', () => {
  let month: BisyarohMonth;

  it('master: position rates by month, an employee rate and a loan (audited)', async () => {
    await ok(
      principal,
      'POST',
      `${API}/rates`,
      rate({
        position: 'Guru',
        perJp: 30_000,
        perDay: 20_000,
        onTimePerDay: 5_000,
        transportPerDay: 10_000,
        absencePerDay: 25_000,
        allowances: [{ name: 'Wali kelas', amount: 150_000 }],
      }),
    );
    // a change from November: October keeps its rates
    await ok(principal, 'POST', `${API}/rates`, rate({ position: 'Guru', validFrom: '2026-11', perJp: 99_000 }));
    expect(await status(principal, 'POST', `${API}/rates`, rate({ position: 'guru', validFrom: '2026-11' }))).toBe(409);
    await ok(
      principal,
      'POST',
      `${API}/rates`,
      rate({ employeeId: teacher2.user.employeeId, allowances: [{ name: 'Tugas piket', amount: 100_000 }] }),
    );
    await ok(principal, 'POST', `${API}/loans`, {
      employeeId: teacher.user.employeeId,
      name: 'Koperasi',
      principal: 500_000,
      instalment: 200_000,
      startMonth: MONTH,
    });
    const logged = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'bisyaroh.rate.create'));
    expect(logged.length).toBeGreaterThanOrEqual(3);
  });

  it('approves a missing journal (audited) and lists the rest', async () => {
    // the month row exists once computed; compute first, then approve and compute again
    month = await ok<BisyarohMonth>(principal, 'POST', `${API}/months/compute`, { month: MONTH });
    const missing = await ok<MissingJournalList>(principal, 'GET', `${API}/months/${month.id}/missing-journals`);
    // Mon 12 p2, Mon 19 p1+p2, Mon 26 p1+p2, Wed 21, Wed 28 (Wed 14 is the holiday)
    expect(missing.items.map((m) => `${m.date}/${m.period}`).sort()).toEqual(
      [
        '2026-10-12/2',
        '2026-10-19/1',
        '2026-10-19/2',
        '2026-10-21/1',
        '2026-10-26/1',
        '2026-10-26/2',
        '2026-10-28/1',
      ].sort(),
    );
    await ok(principal, 'POST', `${API}/months/${month.id}/approvals`, {
      timetableSlotId: slotMon2,
      date: '2026-10-12',
      reason: 'Jurnal tertinggal, sudah dicek',
    });
    expect(
      await status(principal, 'POST', `${API}/months/${month.id}/approvals`, {
        timetableSlotId: slotMon2,
        date: '2026-10-13',
        reason: 'Salah hari',
      }),
    ).toBe(400);
    const after = await ok<MissingJournalList>(principal, 'GET', `${API}/months/${month.id}/missing-journals`);
    expect(after.items.filter((m) => m.approved)).toHaveLength(1);
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'bisyaroh.journal.approve'))).toHaveLength(1);
  });

  it('equals the hand computation', async () => {
    month = await ok<BisyarohMonth>(principal, 'POST', `${API}/months/compute`, { month: MONTH });
    const slip = month.slips.find((s) => s.employeeId === teacher.user.employeeId)!;
    // JP: 4 journals (Mon 5 p1+p2, Mon 12 p1, Wed 7) + 1 approved (Mon 12 p2) = 5 x 30.000 = 150.000
    // present: 10 on time + 3 late = 13 days x 20.000 = 260.000; on time 10 x 5.000 = 50.000
    // transport 13 x 10.000 = 130.000; wali kelas 150.000
    // absent: 21 school days (22 weekdays less 14 Oct); ALPA 23 Oct + no row and no leave 27-30 Oct = 5 x 25.000 = -125.000
    //   (15-16 Oct approved leave, 26 Oct IZIN: not absent)
    // loan: min(200.000, 500.000) = -200.000
    // total 150.000 + 260.000 + 50.000 + 130.000 + 150.000 - 125.000 - 200.000 = 415.000
    expect(slip.lines.map((l) => [l.kind, l.quantity, l.amount])).toEqual([
      ['JP', 5, 150_000],
      ['DAY', 13, 260_000],
      ['ON_TIME', 10, 50_000],
      ['TRANSPORT', 13, 130_000],
      ['ALLOWANCE', 1, 150_000],
      ['ABSENCE', 5, -125_000],
      ['LOAN', 1, -200_000],
    ]);
    expect(slip.total).toBe(415_000);
    // teacher2 (own rate: piket 100.000, no absence rate) and no one else: the principal, admin ... have no rate
    expect(month.slips).toHaveLength(2);
    expect(month.total).toBe(515_000);
  });

  it('an adjustment with a reason survives a recompute', async () => {
    await ok(principal, 'POST', `${API}/months/${month.id}/adjustments`, {
      employeeId: teacher.user.employeeId,
      label: 'Lembur rapat',
      amount: 25_000,
      reason: 'Rapat sampai malam',
    });
    expect(
      await status(principal, 'POST', `${API}/months/${month.id}/adjustments`, {
        employeeId: teacher.user.employeeId,
        label: 'x',
        amount: 10.5,
        reason: 'abc',
      }),
    ).toBe(400);
    month = await ok<BisyarohMonth>(principal, 'POST', `${API}/months/compute`, { month: MONTH });
    const slip = month.slips.find((s) => s.employeeId === teacher.user.employeeId)!;
    expect(slip.lines.filter((l) => l.kind === 'ADJUSTMENT').map((l) => [l.amount, l.reason])).toEqual([
      [25_000, 'Rapat sampai malam'],
    ]);
    expect(slip.total).toBe(440_000);
    expect(month.total).toBe(540_000);
  });

  it('lock: every change after is 409; a correction goes into the next month', async () => {
    expect(await status(teacher, 'POST', `${API}/months/${month.id}/lock`)).toBe(403);
    expect(await status(otherPrincipal, 'POST', `${API}/months/${month.id}/lock`)).toBe(403);
    month = await ok<BisyarohMonth>(principal, 'POST', `${API}/months/${month.id}/lock`);
    expect(month.status).toBe('LOCKED');
    expect(await status(principal, 'POST', `${API}/months/${month.id}/lock`)).toBe(409);
    expect(await status(principal, 'POST', `${API}/months/compute`, { month: MONTH })).toBe(409);
    expect(
      await status(principal, 'POST', `${API}/months/${month.id}/adjustments`, {
        employeeId: teacher.user.employeeId,
        label: 'x',
        amount: 1000,
        reason: 'abc',
      }),
    ).toBe(409);
    expect(
      await status(principal, 'POST', `${API}/months/${month.id}/approvals`, {
        timetableSlotId: slotMon2,
        date: '2026-10-19',
        reason: 'Terlambat',
      }),
    ).toBe(409);

    const next = await ok<BisyarohMonth>(principal, 'POST', `${API}/months/${month.id}/corrections`, {
      employeeId: teacher.user.employeeId,
      amount: -15_000,
      reason: 'Kelebihan transport',
    });
    expect(next.month).toBe('2026-11');
    const line = next.slips
      .find((s) => s.employeeId === teacher.user.employeeId)!
      .lines.find((l) => l.kind === 'CORRECTION')!;
    expect([line.label, line.amount, line.reason]).toEqual(['Koreksi Oktober 2026', -15_000, 'Kelebihan transport']);
    // the locked month did not change
    expect((await ok<BisyarohMonth>(principal, 'GET', `${API}/months/${month.id}`)).total).toBe(540_000);
    // November computed: the correction stays, the loan has 300.000 left, the November rate applies
    const nov = await ok<BisyarohMonth>(principal, 'POST', `${API}/months/compute`, { month: '2026-11' });
    const novSlip = nov.slips.find((s) => s.employeeId === teacher.user.employeeId)!;
    expect(novSlip.lines.find((l) => l.kind === 'CORRECTION')!.amount).toBe(-15_000);
    expect(novSlip.lines.find((l) => l.kind === 'LOAN')!.amount).toBe(-200_000);
    expect(novSlip.lines.find((l) => l.kind === 'JP')).toBeUndefined();
  });

  it('pays a locked month with one BKK voucher, never twice', async () => {
    const pay = { accountId: acc.gaji, moneyAccountId: acc.kas, date: '2026-11-20' };
    const nov = (await ok<{ month: BisyarohMonth }>(principal, 'GET', `${API}/months/find?month=2026-11`)).month!;
    expect(await status(principal, 'POST', `${API}/months/${nov.id}/pay`, pay)).toBe(409);
    expect(await status(teacher, 'POST', `${API}/months/${month.id}/pay`, pay)).toBe(403);
    const paid = await ok<BisyarohMonth>(principal, 'POST', `${API}/months/${month.id}/pay`, pay);
    expect(paid.voucherNumber).toBe('BKK/2026/11/0001');
    const [v] = await ctx.db
      .select()
      .from(vouchers)
      .where(eq(vouchers.source, `bisyaroh:${month.id}`));
    expect([v!.type, v!.amount, v!.state, v!.accountId, v!.moneyAccountId]).toEqual([
      'BKK',
      540_000,
      'POSTED',
      acc.gaji,
      acc.kas,
    ]);
    expect(await status(principal, 'POST', `${API}/months/${month.id}/pay`, pay)).toBe(409);
    expect(
      await ctx.db
        .select()
        .from(vouchers)
        .where(and(eq(vouchers.unitId, smpId), eq(vouchers.type, 'BKK'))),
    ).toHaveLength(1);
  });

  it('the list shows months x units with per-unit totals', async () => {
    const list = await ok<{ items: { month: string; total: number }[]; unitTotals: { total: number }[] }>(
      yayasan,
      'GET',
      `${API}/months?year=2026`,
    );
    expect(list.items.find((m) => m.month === MONTH)!.total).toBe(540_000);
    expect(list.unitTotals).toHaveLength(1);
    // the export names the month (Oktober 2026 / October 2026), never 2026-10 (issue 39 finding 3)
    for (const [lang, name] of [
      ['id', 'Oktober 2026'],
      ['en', 'October 2026'],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `${API}/months/export?year=2026`,
        headers: { cookie: yayasan.cookie, 'accept-language': lang },
      });
      expect(res.statusCode, res.body).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const months = (book.worksheets[0]!.getColumn(1).values as unknown[]).slice(HEADING_ROWS + 2);
      expect(months).toContain(name);
      expect(months.some((m) => /^\d{4}-\d{2}$/.test(String(m)))).toBe(false);
    }
  });

  it('a teacher sees only their own slips of locked months; another id is 404', async () => {
    const mine = await ok<MyBisyarohList>(teacher, 'GET', `${API}/my-slips`);
    expect(mine.items.map((s) => [s.month, s.total])).toEqual([[MONTH, 440_000]]);
    const slip = await ok<BisyarohSlip>(teacher, 'GET', `${API}/my-slips/${mine.items[0]!.id}`);
    expect(slip.employeeId).toBe(teacher.user.employeeId);
    expect(slip.total).toBe(440_000);
    expect(await status(teacher2, 'GET', `${API}/my-slips/${mine.items[0]!.id}`)).toBe(404);
    // the open November slip is not shown yet
    const nov = (await ok<{ month: BisyarohMonth }>(principal, 'GET', `${API}/months/find?month=2026-11`)).month!;
    const novSlip = nov.slips.find((s) => s.employeeId === teacher.user.employeeId)!;
    expect(await status(teacher, 'GET', `${API}/my-slips/${novSlip.id}`)).toBe(404);
    // the principal opens any slip of the unit, another unit's principal may not
    expect((await ok<BisyarohSlip>(principal, 'GET', `${API}/slips/${slip.id}`)).total).toBe(440_000);
    expect(await status(otherPrincipal, 'GET', `${API}/slips/${slip.id}`)).toBe(403);
    expect(await status(teacher, 'GET', `${API}/slips/${slip.id}`)).toBe(403);
  });
});
