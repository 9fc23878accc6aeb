import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@mms/shared';
import {
  academicYears,
  auditLog,
  calendarEntries,
  classGroups,
  enrollments,
  grades,
  students,
  units,
} from '../../db/schema/index.ts';
import { syncReadCache } from '../../lib/read-cache.ts';
import { clock } from '../../lib/clock.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { postFile, XLSX_MIME, xlsxOf } from '../../test/multipart.ts';
import { isSchoolDay, schoolDays } from './calendar.service.ts';

// Every date here is chosen by the test: the school year 2025/2026, long past whatever today is.
let ctx: TestContext;
let unitId: number;
let otherUnitId: number;
let yearId: number;
let prevYearId: number;
let classId: number;
let homeroom: Session;
let pupils: { id: number }[];

beforeAll(async () => {
  ctx = await createTestContext();
  const wakakur = await ctx.as('WAKAKUR');
  unitId = wakakur.user.unit!.id;
  const [other] = await ctx.db.insert(units).values({ code: 'SD', name: 'SD Uji' }).returning();
  otherUnitId = other!.id;
  await ctx.db.update(academicYears).set({ isActive: false });
  const [prev] = await ctx.db
    .insert(academicYears)
    .values({ name: '2024/2025', startDate: '2024-07-01', endDate: '2025-06-30' })
    .returning();
  const [year] = await ctx.db
    .insert(academicYears)
    .values({ name: '2025/2026', startDate: '2025-07-01', endDate: '2026-06-30', isActive: true })
    .returning();
  prevYearId = prev!.id;
  yearId = year!.id;
  const teacher = await ctx.createUser({ division: 'TEACHER' });
  homeroom = await ctx.signIn(teacher.username);
  const [grade] = await ctx.db.insert(grades).values({ unitId, level: 7, name: 'Kelas 7' }).returning();
  const [cls] = await ctx.db
    .insert(classGroups)
    .values({
      unitId,
      academicYearId: yearId,
      gradeId: grade!.id,
      name: '7A',
      homeroomEmployeeId: homeroom.user.employeeId,
    })
    .returning();
  classId = cls!.id;
  pupils = await ctx.db
    .insert(students)
    .values([
      { unitId, nis: 'K1', name: 'Siswa Satu' },
      { unitId, nis: 'K2', name: 'Siswa Dua' },
    ])
    .returning({ id: students.id });
  await ctx.db
    .insert(enrollments)
    .values(pupils.map((p) => ({ studentId: p.id, classGroupId: classId, academicYearId: yearId })));
});
afterAll(() => ctx.close());

const entry = (body: Record<string, unknown>) => ({ unitId, kind: 'LOCAL_DAY_OFF', name: 'Libur', ...body });
const post = async (s: Session, body: unknown) => ctx.call(s, 'POST', '/api/v1/calendar/entries', body);

describe('the school days of a unit', () => {
  it('follows the school week, the unit’s and the foundation’s non-school entries, and keeps marked periods', async () => {
    await ctx.db.insert(calendarEntries).values([
      { unitId: null, kind: 'NATIONAL_HOLIDAY', name: 'HUT RI', startDate: '2025-08-17', endDate: '2025-08-17' },
      { unitId: otherUnitId, kind: 'LOCAL_DAY_OFF', name: 'Libur SD', startDate: '2025-09-01', endDate: '2025-09-02' },
      { unitId, kind: 'EXAM_WEEK', name: 'PTS', startDate: '2025-09-01', endDate: '2025-09-06' },
      { unitId, kind: 'SEMESTER_BREAK', name: 'Libur semester', startDate: '2025-12-22', endDate: '2026-01-03' },
    ]);
    // Saturday 2025-08-16 is a school day of a Monday-Saturday unit; Sunday never is.
    expect(await isSchoolDay(ctx.db, unitId, '2025-08-16')).toBe(true);
    expect(await isSchoolDay(ctx.db, unitId, '2025-08-24')).toBe(false);
    // the foundation's entry reaches every unit (HUT RI on a Sunday this year: try the SD unit's Monday off)
    expect(await isSchoolDay(ctx.db, otherUnitId, '2025-09-01')).toBe(false);
    expect(await isSchoolDay(ctx.db, unitId, '2025-09-01')).toBe(true); // an exam week stays a school day
    expect(await schoolDays(ctx.db, unitId, '2025-12-20', '2026-01-06')).toEqual([
      '2025-12-20',
      '2026-01-05',
      '2026-01-06',
    ]);
    await ctx.db.update(units).set({ schoolDaysPerWeek: 5 }).where(eq(units.id, otherUnitId));
    await syncReadCache(ctx.db);
    expect(await schoolDays(ctx.db, otherUnitId, '2025-08-11', '2025-08-17')).toEqual([
      '2025-08-11',
      '2025-08-12',
      '2025-08-13',
      '2025-08-14',
      '2025-08-15',
    ]);
    // the foundation (staff bound to no unit): its own entries, Monday-Saturday
    expect(await isSchoolDay(ctx.db, null, '2025-12-22')).toBe(true);
    await ctx.db.update(units).set({ schoolDaysPerWeek: 6 }).where(eq(units.id, otherUnitId));
    await syncReadCache(ctx.db);
  });
});

describe('calendar entries through the API', () => {
  it('lets WAKAKUR edit their unit and ADMIN the foundation; others only read', async () => {
    const wakakur = await ctx.as('WAKAKUR');
    const admin = await ctx.as('ADMIN');
    const created = await post(
      wakakur,
      entry({ name: 'Milad sekolah', startDate: '2025-10-10', endDate: '2025-10-10' }),
    );
    expect(created.statusCode).toBe(200);
    const id = created.json().id as number;
    expect(created.json()).toMatchObject({ unitId, nonSchool: true });
    for (const division of ['TEACHER', 'PRINCIPAL', 'YAYASAN', 'STUDENT', 'TU'] as const) {
      const s = await ctx.as(division);
      expect((await post(s, entry({ startDate: '2025-10-20', endDate: '2025-10-20' }))).statusCode).toBe(403);
      expect((await ctx.call(s, 'PATCH', `/api/v1/calendar/entries/${id}`, { name: 'X' })).statusCode).toBe(403);
      expect((await ctx.call(s, 'DELETE', `/api/v1/calendar/entries/${id}`)).statusCode).toBe(403);
      expect(
        (await ctx.call(s, 'PUT', `/api/v1/calendar/units/${unitId}/school-week`, { schoolDaysPerWeek: 5 })).statusCode,
      ).toBe(403);
      expect((await ctx.call(s, 'POST', '/api/v1/calendar/copy', { academicYearId: yearId })).statusCode).toBe(403);
      expect((await ctx.call(s, 'GET', '/api/v1/calendar/import/template')).statusCode).toBe(403);
    }
    // everyone signed in reads their unit's calendar; nobody signed out does
    for (const division of ['TEACHER', 'STUDENT', 'BPBK', 'TU'] as const) {
      const s = await ctx.as(division);
      const res = await ctx.call(s, 'GET', `/api/v1/calendar?academicYearId=${yearId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().items.map((e: { id: number }) => e.id)).toContain(id);
      expect((await ctx.call(s, 'GET', '/api/v1/calendar/month?month=2025-10')).statusCode).toBe(200);
      expect((await ctx.call(s, 'GET', `/api/v1/calendar?unitId=${otherUnitId}`)).statusCode).toBe(403);
    }
    for (const url of ['/api/v1/calendar', '/api/v1/calendar/month?month=2025-10', '/api/v1/calendar/upcoming']) {
      expect((await ctx.call(null, 'GET', url)).statusCode).toBe(401);
    }
    expect((await ctx.call(null, 'POST', '/api/v1/calendar/entries', entry({}))).statusCode).toBe(401);
    // the foundation's entries: ADMIN only
    const foundation = {
      unitId: null,
      kind: 'NATIONAL_HOLIDAY',
      name: 'Maulid',
      startDate: '2025-09-05',
      endDate: '2025-09-05',
    };
    expect((await post(wakakur, foundation)).statusCode).toBe(403);
    expect((await post(admin, foundation)).statusCode).toBe(200);
    // another unit's entry: not for this unit's WAKAKUR
    expect(
      (await post(wakakur, entry({ unitId: otherUnitId, startDate: '2025-10-21', endDate: '2025-10-21' }))).statusCode,
    ).toBe(403);
    const sd = await post(admin, entry({ unitId: otherUnitId, startDate: '2025-10-21', endDate: '2025-10-21' }));
    expect((await ctx.call(wakakur, 'DELETE', `/api/v1/calendar/entries/${sd.json().id}`)).statusCode).toBe(403);

    const changed = await ctx.call(wakakur, 'PATCH', `/api/v1/calendar/entries/${id}`, { endDate: '2025-10-11' });
    expect(changed.json()).toMatchObject({ startDate: '2025-10-10', endDate: '2025-10-11' });
    expect((await ctx.call(wakakur, 'DELETE', `/api/v1/calendar/entries/${id}`)).json()).toEqual({ ok: true });
    expect((await ctx.call(wakakur, 'DELETE', `/api/v1/calendar/entries/${id}`)).statusCode).toBe(404);
    const audits = await ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'calendar_entry'), eq(auditLog.entityId, String(id))));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'school.calendar.create',
      'school.calendar.delete',
      'school.calendar.update',
    ]);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const wakakur = await ctx.as('WAKAKUR');
    const before = await ctx.db.select().from(calendarEntries);
    const cases: [Record<string, unknown>, number, string][] = [
      [
        entry({ startDate: '2025-10-12', endDate: '2025-10-11' }),
        400,
        'Tanggal selesai tidak boleh sebelum tanggal mulai',
      ],
      [entry({ startDate: '2026-06-29', endDate: '2026-07-02' }), 400, 'di dalam satu tahun pelajaran'],
      [entry({ startDate: '2030-01-01', endDate: '2030-01-01' }), 400, 'di dalam satu tahun pelajaran'],
      [entry({ kind: 'PESTA', startDate: '2025-10-12', endDate: '2025-10-12' }), 400, 'Jenis kegiatan tidak dikenal'],
      [entry({ name: ' ', startDate: '2025-10-12', endDate: '2025-10-12' }), 400, 'Nama wajib diisi'],
      [entry({ startDate: '12-10-2025', endDate: '2025-10-12' }), 400, 'YYYY-MM-DD'],
      // overlaps the semester break of the unit
      [entry({ kind: 'SEMESTER_BREAK', startDate: '2026-01-02', endDate: '2026-01-09' }), 409, 'Libur semester'],
    ];
    for (const [body, status, message] of cases) {
      const res = await post(wakakur, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error.message + JSON.stringify(res.json().error.fields ?? {})).toContain(message);
    }
    expect(
      (await ctx.call(wakakur, 'PUT', `/api/v1/calendar/units/${unitId}/school-week`, { schoolDaysPerWeek: 7 }))
        .statusCode,
    ).toBe(400);
    expect((await ctx.call(wakakur, 'GET', '/api/v1/calendar/month?month=2025-13')).statusCode).toBe(400);
    expect(await ctx.db.select().from(calendarEntries)).toEqual(before);
  });

  it('shows a month day by day and the next non-school days', async () => {
    const teacher = await ctx.as('TEACHER');
    const month = (await ctx.call(teacher, 'GET', '/api/v1/calendar/month?month=2025-12')).json();
    expect(month.days).toHaveLength(31);
    const day = (d: string) => month.days.find((x: { date: string }) => x.date === d);
    expect(day('2025-12-20')).toMatchObject({ weekday: 6, schoolDay: true, entries: [] });
    expect(day('2025-12-21')).toMatchObject({ weekday: 7, schoolDay: false });
    expect(day('2025-12-22')).toMatchObject({
      schoolDay: false,
      entries: [expect.objectContaining({ name: 'Libur semester' })],
    });
    const upcoming = (await ctx.call(teacher, 'GET', '/api/v1/calendar/upcoming')).json();
    for (const e of upcoming.items) {
      expect(e.nonSchool).toBe(true);
      expect(e.endDate >= clock.today()).toBe(true);
    }
  });

  it('sets a unit’s school week', async () => {
    const wakakur = await ctx.as('WAKAKUR');
    const res = await ctx.call(wakakur, 'PUT', `/api/v1/calendar/units/${unitId}/school-week`, {
      schoolDaysPerWeek: 5,
    });
    expect(res.json()).toEqual({ unitId, schoolDaysPerWeek: 5 });
    expect(await isSchoolDay(ctx.db, unitId, '2025-08-16')).toBe(false);
    await ctx.call(wakakur, 'PUT', `/api/v1/calendar/units/${unitId}/school-week`, { schoolDaysPerWeek: 6 });
    expect(await isSchoolDay(ctx.db, unitId, '2025-08-16')).toBe(true);
  });
});

describe('a school holiday in the calendar', () => {
  it('is never A, refuses the register, and a day without a register is not taken', async () => {
    const wakakur = await ctx.as('WAKAKUR');
    // Cuti bersama on Monday 18 August 2025, after HUT RI on the Sunday.
    expect(
      (
        await post(
          wakakur,
          entry({ kind: 'CUTI_BERSAMA', name: 'Cuti bersama HUT RI', startDate: '2025-08-18', endDate: '2025-08-18' }),
        )
      ).statusCode,
    ).toBe(200);
    const url = (d: string) => `/api/v1/attendance/classes/${classId}/daily/${d}`;
    const refused = await ctx.call(homeroom, 'PUT', url('2025-08-18'), { entries: [] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('Cuti bersama HUT RI');
    // Friday the 15th: taken, Siswa Dua A; every other school day of August: not taken
    const saved = await ctx.call(homeroom, 'PUT', url('2025-08-15'), {
      entries: [{ studentId: pupils[1]!.id, code: 'A' }],
    });
    expect(saved.statusCode).toBe(200);

    const recap = (await ctx.call(homeroom, 'GET', `/api/v1/attendance/classes/${classId}/recap?month=2025-08`)).json();
    // August 2025: 31 days, 5 Sundays, HUT RI on a Sunday, cuti bersama on the 18th
    expect(recap.schoolDays).toHaveLength(25);
    expect(recap.schoolDays).not.toContain('2025-08-18');
    expect(recap.notTakenDays).toBe(24);
    const row = (i: number) => recap.rows.find((r: { studentId: number }) => r.studentId === pupils[i]!.id);
    expect(row(0)).toMatchObject({ days: 25, H: 1, A: 0, notTaken: 24, percentage: 100 });
    expect(row(1)).toMatchObject({ days: 25, H: 0, A: 1, notTaken: 24, percentage: 0 });

    const unit = (await ctx.call(wakakur, 'GET', `/api/v1/attendance/recap?month=2025-08`)).json();
    expect(unit.schoolDays).toBe(25);
    expect(unit.classes.find((c: { classGroupId: number }) => c.classGroupId === classId)).toMatchObject({
      students: 2,
      studentDays: 50,
      H: 1,
      A: 1,
      notTaken: 48,
      notTakenDays: 24,
      percentage: 50,
    });

    // the month view's registers: the school days only, with the classes that took theirs
    const registers = await ctx.call(homeroom, 'GET', '/api/v1/attendance/registers/month?month=2025-08');
    expect(registers.statusCode).toBe(200);
    expect(registers.json().classes).toBe(1);
    expect(registers.json().days).toHaveLength(25);
    expect(registers.json().days).toContainEqual({ date: '2025-08-15', taken: 1 });
    expect(registers.json().days).toContainEqual({ date: '2025-08-19', taken: 0 });
    const asStudent = await ctx.call(
      await ctx.as('STUDENT'),
      'GET',
      '/api/v1/attendance/registers/month?month=2025-08',
    );
    expect(asStudent.statusCode).toBe(403);

    // the not-taken list asks nothing on the holiday, and names the class on the next school day
    const notTaken = async (d: string) =>
      (await ctx.call(wakakur, 'GET', `/api/v1/attendance/classes/not-taken?date=${d}`))
        .json()
        .items.map((c: { classGroupId: number }) => c.classGroupId);
    expect(await notTaken('2025-08-18')).toEqual([]);
    expect(await notTaken('2025-08-17')).toEqual([]);
    expect(await notTaken('2025-08-19')).toEqual([classId]);
  });

  it('asks no teacher for a register or a journal today when today is a holiday', async () => {
    // "Today" is whatever day the suite runs: a year and a holiday are built around it.
    const today = clock.today();
    await ctx.db.update(academicYears).set({ isActive: false });
    const [year] = await ctx.db
      .insert(academicYears)
      .values({
        name: 'Sekitar hari ini',
        startDate: addDays(today, -150),
        endDate: addDays(today, 150),
        isActive: true,
      })
      .returning();
    const [grade] = await ctx.db.insert(grades).values({ unitId, level: 8, name: 'Kelas 8' }).returning();
    await ctx.db.insert(classGroups).values({
      unitId,
      academicYearId: year!.id,
      gradeId: grade!.id,
      name: '8A',
      homeroomEmployeeId: homeroom.user.employeeId,
    });
    const asked = async () => (await ctx.call(homeroom, 'GET', '/api/v1/journals/today')).json().homeroomRegistersOpen;
    const notTakenToday = async () =>
      (await ctx.call(await ctx.as('PRINCIPAL'), 'GET', '/api/v1/attendance/today')).json().classesNotTaken;
    const admin = await ctx.as('ADMIN');
    const holiday = await post(admin, {
      unitId: null,
      kind: 'ISLAMIC_HOLIDAY',
      name: 'Hari raya uji',
      startDate: addDays(today, -1),
      endDate: addDays(today, 1),
    });
    expect(holiday.statusCode).toBe(200);
    expect(await asked()).toEqual([]);
    expect(await notTakenToday()).toBe(0);
    expect((await ctx.call(await ctx.as('PRINCIPAL'), 'GET', '/api/v1/attendance/today')).json().staffAbsent).toBe(0);
    await ctx.call(admin, 'DELETE', `/api/v1/calendar/entries/${holiday.json().id}`);
    // without the holiday, on a Sunday nothing is asked either; on any other day 8A is
    if (!(await isSchoolDay(ctx.db, unitId, today))) return;
    expect(await asked()).toEqual([expect.objectContaining({ className: '8A' })]);
    expect(await notTakenToday()).toBe(1);
    await ctx.db.update(academicYears).set({ isActive: false }).where(eq(academicYears.id, year!.id));
    await ctx.db.update(academicYears).set({ isActive: true }).where(eq(academicYears.id, yearId));
  });
});

const HEADERS = ['Jenis*', 'Nama*', 'Tanggal mulai (YYYY-MM-DD)*', 'Tanggal selesai (YYYY-MM-DD)'];
const workbook = (rows: (string | null)[][]) => xlsxOf('Kalender', HEADERS, rows);
function upload(session: Session, query: string, data: Buffer) {
  return postFile(ctx, session, `/api/v1/calendar/import${query}`, 'file', {
    name: 'kalender.xlsx',
    data,
    mime: XLSX_MIME,
  });
}

describe('import and copy', () => {
  it('imports good rows, and reports every bad row by number while saving none', async () => {
    const wakakur = await ctx.as('WAKAKUR');
    const count = async () => (await ctx.db.select().from(calendarEntries)).length;
    const n = await count();
    const bad = await upload(
      wakakur,
      `?unitId=${unitId}`,
      await workbook([
        ['Libur nasional', 'Tahun baru Islam', '2031-01-01', null], // in no school year
        ['PESTA', 'Bukan jenis', '2025-11-03', null],
        ['PAS_PAT', 'PAS ganjil', '2025-12-01', '2025-11-28'],
        ['Pekan ujian', 'PTS genap', '2026-03-09', '2026-03-14'],
        ['EXAM_WEEK', 'PTS genap lagi', '2026-03-12', '2026-03-13'], // overlaps the row above
      ]),
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual([
      'baris 2: Tanggal mulai (YYYY-MM-DD)',
      'baris 3: Jenis',
      'baris 4: Tanggal selesai (YYYY-MM-DD)',
      'baris 6: Nama',
    ]);
    expect(await count()).toBe(n);

    const good = await upload(
      wakakur,
      `?unitId=${unitId}`,
      await workbook([
        ['Libur nasional', 'Tahun baru', '2026-01-01', null],
        ['PAS_PAT', 'PAS ganjil', '2025-12-01', '2025-12-06'],
      ]),
    );
    expect(good.json()).toEqual({ imported: 2 });
    expect(await count()).toBe(n + 2);
    expect(await isSchoolDay(ctx.db, unitId, '2026-01-01')).toBe(false);
    expect(await isSchoolDay(ctx.db, unitId, '2025-12-01')).toBe(true);
    // the foundation's calendar: ADMIN only; a teacher not at all
    expect((await upload(wakakur, '', await workbook([['MPLS', 'MPLS', '2025-07-14', '2025-07-16']]))).statusCode).toBe(
      403,
    );
    expect((await upload(await ctx.as('TEACHER'), `?unitId=${unitId}`, await workbook([]))).statusCode).toBe(403);
    expect((await upload(wakakur, `?unitId=${unitId}`, Buffer.from('not excel'))).statusCode).toBe(400);
    expect((await ctx.call(wakakur, 'GET', '/api/v1/calendar/import/template')).statusCode).toBe(200);
  });

  it('copies the previous year onto the same dates, leaving the moving holidays to be entered by hand', async () => {
    const admin = await ctx.as('ADMIN');
    await ctx.db.insert(calendarEntries).values([
      { unitId: null, kind: 'NATIONAL_HOLIDAY', name: 'Natal', startDate: '2024-12-25', endDate: '2024-12-25' },
      { unitId: null, kind: 'NATIONAL_HOLIDAY', name: 'HUT RI', startDate: '2024-08-17', endDate: '2024-08-17' },
      { unitId: null, kind: 'ISLAMIC_HOLIDAY', name: 'Idul Fitri', startDate: '2025-03-31', endDate: '2025-04-01' },
      {
        unitId: null,
        kind: 'CUTI_BERSAMA',
        name: 'Cuti bersama Idul Fitri',
        startDate: '2025-04-02',
        endDate: '2025-04-07',
      },
    ]);
    expect(
      (await ctx.call(await ctx.as('WAKAKUR'), 'POST', '/api/v1/calendar/copy', { academicYearId: yearId })).statusCode,
    ).toBe(403);
    const res = await ctx.call(admin, 'POST', '/api/v1/calendar/copy', { academicYearId: yearId });
    expect(res.statusCode).toBe(200);
    // Natal copied; HUT RI 2025 is already there; the Islamic holiday and its cuti bersama are left
    expect(res.json()).toEqual({ copied: 1, skipped: 3 });
    expect(await isSchoolDay(ctx.db, unitId, '2025-12-25')).toBe(false);
    expect((await ctx.call(admin, 'POST', '/api/v1/calendar/copy', { academicYearId: prevYearId })).statusCode).toBe(
      400,
    );
    expect((await ctx.call(admin, 'POST', '/api/v1/calendar/copy', { academicYearId: 999999 })).statusCode).toBe(404);
  });
});
