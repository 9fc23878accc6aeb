import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { DIVISIONS, PERMISSIONS, type Division } from '@mms/shared';
import {
  auditLog,
  employees,
  pointLedger,
  prayerPenalties,
  prayerRecords,
  students,
  units,
  users,
} from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { clock } from '../../lib/clock.ts';
import { attendanceFixture } from '../attendance/test-fixtures.ts';
import { schoolDays } from '../school/calendar.service.ts';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let principal: Session;
let student: Session;
let days: string[];
const P = '/api/v1/prayer';
const SUNDAY = '2026-11-15';

beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx);
  principal = await ctx.as('PRINCIPAL');
  student = await ctx.as('STUDENT');
  await ctx.db.execute(
    sql`insert into enrollments (student_id, class_group_id, academic_year_id, started_at)
        values (${student.user.studentId}, ${f.classA.id}, ${f.year.id}, '2026-07-01T00:00:00+07:00')`,
  );
  // the fixture's students: Siswa 01 a boy, Siswa 02 a girl, Siswa 03 a boy
  await ctx.db.update(students).set({ gender: 'L' }).where(eq(students.id, f.studentsA[0]!.id));
  await ctx.db.update(students).set({ gender: 'P' }).where(eq(students.id, f.studentsA[1]!.id));
  await ctx.db.update(students).set({ gender: 'L' }).where(eq(students.id, f.studentsA[2]!.id));
  // the fixture chooses its dates: the first five school days of November 2026 by THE calendar
  days = (await schoolDays(ctx.db, f.unitId, '2026-11-01', '2026-11-18')).slice(0, 5);
});
afterAll(() => ctx.close());

const [s0, s1, s2] = [0, 1, 2];
const sid = (i: number) => f.studentsA[i]!.id;
const save = (
  session: Session,
  date: string,
  records: { studentId: number; status: string; reason?: string | null }[],
  prayer = 'DZUHUR',
  classGroupId = f.classA.id,
) => ctx.call(session, 'PUT', `${P}/sheet`, { classGroupId, date, prayer, records });

const prayerLines = async (studentId: number) =>
  ctx.db
    .select()
    .from(pointLedger)
    .where(and(eq(pointLedger.studentId, studentId), eq(pointLedger.source, 'prayer')));

describe('recording a class', () => {
  it('shows the class on one sheet and saves a week of dzuhur, with who recorded and when', async () => {
    expect(days).toHaveLength(5);
    const sheet = await ctx.call(
      f.homeroomA,
      'GET',
      `${P}/sheet?classGroupId=${f.classA.id}&date=${days[0]}&prayer=DZUHUR`,
    );
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.json().rows).toHaveLength(4);
    expect(sheet.json().rows.every((r: { status: unknown }) => r.status === null)).toBe(true);

    // hand numbers: Siswa 01 five in congregation; Siswa 02 late once; Siswa 03 absent three times, sick once
    const plan: Record<number, [string, string | null][]> = {
      [s0]: [
        ['BERJAMAAH', null],
        ['BERJAMAAH', null],
        ['BERJAMAAH', null],
        ['BERJAMAAH', null],
        ['BERJAMAAH', null],
      ],
      [s1]: [
        ['TERLAMBAT', null],
        ['BERJAMAAH', null],
        ['BERJAMAAH', null],
        ['BERJAMAAH', null],
        ['BERJAMAAH', null],
      ],
      [s2]: [
        ['TIDAK_SALAT', null],
        ['TIDAK_SALAT', null],
        ['TIDAK_SALAT', null],
        ['UDZUR', 'SAKIT'],
        ['BERJAMAAH', null],
      ],
    };
    const savedFrom = clock.now().getTime();
    for (const [d, date] of days.entries()) {
      const records = [s0, s1, s2].map((i) => ({
        studentId: sid(i),
        status: plan[i]![d]![0],
        reason: plan[i]![d]![1],
      }));
      records.push({ studentId: student.user.studentId!, status: 'BERJAMAAH', reason: null });
      const res = await save(f.homeroomA, date, records);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ saved: 4, points: [] });
    }
    const after = await ctx.call(
      f.homeroomA,
      'GET',
      `${P}/sheet?classGroupId=${f.classA.id}&date=${days[3]}&prayer=DZUHUR`,
    );
    const row = after.json().rows.find((r: { studentId: number }) => r.studentId === sid(s2));
    expect(row).toMatchObject({ status: 'UDZUR', reason: 'SAKIT', recordedBy: f.homeroomA.user.displayName });
    // recorded at the instant of the save, on MMS's clock
    expect(Date.parse(row.recordedAt)).toBeGreaterThanOrEqual(savedFrom);
    expect(Date.parse(row.recordedAt)).toBeLessThanOrEqual(clock.now().getTime());
    expect(await ctx.db.select().from(prayerRecords)).toHaveLength(20);
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'prayer.record.save'));
    expect(audits).toHaveLength(5);
  });

  it('updates a record saved again (one row per student, day and prayer) and names the new recorder', async () => {
    // the duty teacher (a teacher of the unit who does not teach the class) corrects one record
    const res = await save(f.otherTeacher, days[4]!, [{ studentId: sid(s0), status: 'BERJAMAAH' }]);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await ctx.db
      .select()
      .from(prayerRecords)
      .where(and(eq(prayerRecords.studentId, sid(s0)), eq(prayerRecords.date, days[4]!)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.recordedByUserId).toBe(f.otherTeacher.user.id);
  });

  it('refuses a non-school day with a clear message, and writes nothing', async () => {
    const res = await save(f.homeroomA, SUNDAY, [{ studentId: sid(s0), status: 'BERJAMAAH' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Hari Minggu bukan hari sekolah');
    const sheet = await ctx.call(
      f.homeroomA,
      'GET',
      `${P}/sheet?classGroupId=${f.classA.id}&date=${SUNDAY}&prayer=ASHAR`,
    );
    expect(sheet.statusCode).toBe(400);
    expect(await ctx.db.select().from(prayerRecords).where(eq(prayerRecords.date, SUNDAY))).toHaveLength(0);
  });

  it('refuses HAID for a boy and accepts it for a girl; a reason only with udzur', async () => {
    const boy = await save(f.homeroomA, days[0]!, [{ studentId: sid(s0), status: 'UDZUR', reason: 'HAID' }], 'ASHAR');
    expect(boy.statusCode).toBe(400);
    expect(boy.json().error.message).toBe('Udzur haid hanya untuk siswi');
    const none = await save(f.homeroomA, days[0]!, [{ studentId: sid(s0), status: 'UDZUR' }], 'ASHAR');
    expect(none.statusCode).toBe(400);
    const extra = await save(
      f.homeroomA,
      days[0]!,
      [{ studentId: sid(s0), status: 'BERJAMAAH', reason: 'IZIN' }],
      'ASHAR',
    );
    expect(extra.statusCode).toBe(400);
    expect(await ctx.db.select().from(prayerRecords).where(eq(prayerRecords.prayer, 'ASHAR'))).toHaveLength(0);
    const girl = await save(f.homeroomA, days[0]!, [{ studentId: sid(s1), status: 'UDZUR', reason: 'HAID' }], 'ASHAR');
    expect(girl.statusCode, girl.body).toBe(200);
  });

  it('refuses bad input with 400 and no write: a student of another class, a future day, huge ids, NUL bytes', async () => {
    const other = await save(f.homeroomA, days[0]!, [{ studentId: f.studentsB[0]!.id, status: 'BERJAMAAH' }]);
    expect(other.statusCode).toBe(400);
    const future = await save(f.homeroomA, '2026-11-20', [{ studentId: sid(s0), status: 'BERJAMAAH' }]);
    expect(future.statusCode).toBe(400);
    const huge = await save(f.homeroomA, days[0]!, [{ studentId: 2 ** 40, status: 'BERJAMAAH' }]);
    expect(huge.statusCode).toBe(400);
    const twice = await save(f.homeroomA, days[0]!, [
      { studentId: sid(s0), status: 'BERJAMAAH' },
      { studentId: sid(s0), status: 'TERLAMBAT' },
    ]);
    expect(twice.statusCode).toBe(400);
    const nul = await ctx.call(f.homeroomA, 'GET', `${P}/recap?month=2026-11&q=a%00b`);
    expect(nul.statusCode).toBe(400);
    const bigClass = await ctx.call(
      f.homeroomA,
      'GET',
      `${P}/sheet?classGroupId=${2 ** 33}&date=${days[0]}&prayer=DZUHUR`,
    );
    expect(bigClass.statusCode).toBe(400);
    const missing = await ctx.call(f.homeroomA, 'GET', `${P}/sheet?classGroupId=999999&date=${days[0]}&prayer=DZUHUR`);
    expect(missing.statusCode).toBe(404);
    const badPrayer = await ctx.call(
      f.homeroomA,
      'GET',
      `${P}/sheet?classGroupId=${f.classA.id}&date=${days[0]}&prayer=SUBUH`,
    );
    expect(badPrayer.statusCode).toBe(400);
    expect(await ctx.db.select().from(prayerRecords)).toHaveLength(21);
  });
});

describe('the recap and the principal’s page', () => {
  it('counts per status per student, class and grade against the hand numbers', async () => {
    const res = await ctx.call(principal, 'GET', `${P}/recap?month=2026-11&prayer=DZUHUR&pageSize=2`);
    expect(res.statusCode, res.body).toBe(200);
    const recap = res.json();
    // class 7A: 20 dzuhur records = 15 in congregation, 1 late, 1 excused, 3 absent; rate 15 / 19 = 78.9 -> 79
    expect(recap.total).toEqual({
      counts: { BERJAMAAH: 15, TERLAMBAT: 1, UDZUR: 1, TIDAK_SALAT: 3 },
      total: 20,
      rate: 79,
    });
    expect(recap.byClass).toEqual([{ classGroupId: f.classA.id, className: '7A', ...recap.total }]);
    expect(recap.byGrade).toEqual([{ gradeId: f.classA.gradeId, gradeName: 'Kelas 7', ...recap.total }]);
    // the grade filter (the recap per grade): the class's grade keeps everything, another grade nothing
    const grade = (
      await ctx.call(principal, 'GET', `${P}/recap?month=2026-11&prayer=DZUHUR&gradeId=${f.classA.gradeId}`)
    ).json();
    expect(grade.total).toEqual(recap.total);
    const other = await ctx.call(
      principal,
      'GET',
      `${P}/recap?month=2026-11&prayer=DZUHUR&gradeId=${f.classA.gradeId + 999}`,
    );
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json()).toMatchObject({ byGrade: [], students: { total: 0 } });
    expect((await ctx.call(principal, 'GET', `${P}/recap?month=2026-11&gradeId=99999999999`)).statusCode).toBe(400);
    expect(recap.students.total).toBe(4);
    expect(recap.students.items).toHaveLength(2);
    const all = (await ctx.call(principal, 'GET', `${P}/recap?month=2026-11&prayer=DZUHUR`)).json().students.items;
    const byId = (id: number) => all.find((s: { studentId: number }) => s.studentId === id);
    expect(byId(sid(s1))).toMatchObject({ counts: { BERJAMAAH: 4, TERLAMBAT: 1, UDZUR: 0, TIDAK_SALAT: 0 }, rate: 80 });
    // 1 of the 4 owed (5 minus 1 excused) = 25
    expect(byId(sid(s2))).toMatchObject({ counts: { BERJAMAAH: 1, TERLAMBAT: 0, UDZUR: 1, TIDAK_SALAT: 3 }, rate: 25 });
    const search = await ctx.call(principal, 'GET', `${P}/recap?month=2026-11&q=siswa%2003`);
    expect(search.json().students.items.map((s: { studentId: number }) => s.studentId)).toEqual([sid(s2)]);
    const october = await ctx.call(principal, 'GET', `${P}/recap?month=2026-10`);
    expect(october.json().total.total).toBe(0);
    const both = await ctx.call(principal, 'GET', `${P}/recap?month=2026-11`);
    expect(both.json().total.total).toBe(21);
  });

  it('limits a teacher to their classes and exports the recap to Excel', async () => {
    const own = await ctx.call(f.homeroomB, 'GET', `${P}/recap?month=2026-11`);
    expect(own.statusCode).toBe(200);
    expect(own.json().total.total).toBe(0);
    const file = await ctx.call(f.homeroomA, 'GET', `${P}/recap/export?month=2026-11&prayer=DZUHUR`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const values = book.worksheets[0]!.getSheetValues().flat().map(String);
    expect(values).toContain('Siswa 03');
  });

  it('shows the principal today per class, the month per day and the most absent', async () => {
    const res = await ctx.call(principal, 'GET', `${P}/monitor?prayer=DZUHUR&date=${days[4]}`);
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json();
    expect(m.schoolDay).toBe(true);
    expect(m.today).toEqual([
      { classGroupId: f.classA.id, className: '7A', students: 4, recorded: 4, rate: 100 },
      { classGroupId: f.classB.id, className: '7B', students: 2, recorded: 0, rate: null },
    ]);
    expect(m.days.map((d: { date: string }) => d.date)).toEqual(days);
    // the first day: 2 of 4 in congregation (one late, one absent)
    expect(m.days[0]).toEqual({ date: days[0], recorded: 4, rate: 50 });
    expect(m.mostAbsent).toEqual([{ studentId: sid(s2), name: 'Siswa 03', className: '7A', absences: 3 }]);
    const sunday = await ctx.call(principal, 'GET', `${P}/monitor?prayer=ASHAR&date=${SUNDAY}`);
    expect(sunday.json().schoolDay).toBe(false);
  });
});

describe('discipline points at the threshold', () => {
  it('lets leaders set the rule; teachers read it', async () => {
    const teacher = await ctx.call(f.homeroomA, 'PUT', `${P}/rule`, { threshold: 4, points: 5, isActive: true });
    expect(teacher.statusCode).toBe(403);
    const bad = await ctx.call(principal, 'PUT', `${P}/rule`, { threshold: -1, points: 5, isActive: true });
    expect(bad.statusCode).toBe(400);
    const res = await ctx.call(principal, 'PUT', `${P}/rule`, { threshold: 4, points: 5, isActive: true });
    expect(res.statusCode, res.body).toBe(200);
    const read = await ctx.call(f.homeroomA, 'GET', `${P}/rule`);
    expect(read.json()).toEqual({ unitId: f.unitId, threshold: 4, points: 5, isActive: true });
  });

  it('adds exactly one ledger line when two saves cross the threshold at the same time', async () => {
    // Siswa 03 has 3 absences; two ashar saves at once make 5 (> 4)
    const [a, b] = await Promise.all([
      save(f.homeroomA, days[1]!, [{ studentId: sid(s2), status: 'TIDAK_SALAT' }], 'ASHAR'),
      save(f.otherTeacher, days[2]!, [{ studentId: sid(s2), status: 'TIDAK_SALAT' }], 'ASHAR'),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect([...a.json().points, ...b.json().points]).toEqual([{ studentId: sid(s2), name: 'Siswa 03', points: 5 }]);
    const lines = await prayerLines(sid(s2));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.points).toBe(5);
    const [penalty] = await ctx.db.select().from(prayerPenalties);
    expect(lines[0]!.refId).toBe(penalty!.id);
    expect(penalty).toMatchObject({ month: '2026-11', absences: 5, ledgerLineId: lines[0]!.id });
  });

  it('never adds a second line in the month, and a record changed back does not remove the points', async () => {
    expect(
      (await save(f.homeroomA, days[3]!, [{ studentId: sid(s2), status: 'TIDAK_SALAT' }], 'ASHAR')).json().points,
    ).toEqual([]);
    await save(f.homeroomA, days[1]!, [{ studentId: sid(s2), status: 'BERJAMAAH' }], 'ASHAR');
    await save(f.homeroomA, days[2]!, [{ studentId: sid(s2), status: 'BERJAMAAH' }], 'ASHAR');
    await save(f.homeroomA, days[1]!, [{ studentId: sid(s2), status: 'TIDAK_SALAT' }], 'ASHAR');
    await save(f.homeroomA, days[2]!, [{ studentId: sid(s2), status: 'TIDAK_SALAT' }], 'ASHAR');
    expect(await prayerLines(sid(s2))).toHaveLength(1);
    const ledger = await ctx.call(principal, 'GET', `/api/v1/discipline/ledger/${sid(s2)}`);
    expect(ledger.statusCode, ledger.body).toBe(200);
    expect(JSON.stringify(ledger.json())).toContain('prayer');
  });
});

describe('who may see what', () => {
  it('shows a student only their own prayers', async () => {
    const res = await ctx.call(student, 'GET', `${P}/me?month=2026-11`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().counts).toEqual({ BERJAMAAH: 5, TERLAMBAT: 0, UDZUR: 0, TIDAK_SALAT: 0 });
    expect(res.json().records).toHaveLength(5);
    expect(res.json().rate).toBe(100);
    expect((await ctx.call(student, 'GET', `${P}/recap?month=2026-11`)).statusCode).toBe(403);
    expect((await ctx.call(f.homeroomA, 'GET', `${P}/me`)).statusCode).toBe(403);
  });

  it('refuses a teacher of another unit', async () => {
    const [sd] = await ctx.db.insert(units).values({ code: 'SD', name: 'SD Uji' }).returning();
    const u = await ctx.createUser({ division: 'TEACHER' });
    await ctx.db.update(users).set({ unitId: sd!.id }).where(eq(users.id, u.id));
    await ctx.db.update(employees).set({ unitId: sd!.id }).where(eq(employees.userId, u.id));
    const sdTeacher = await ctx.signIn(u.username);
    expect((await save(sdTeacher, days[0]!, [{ studentId: sid(s0), status: 'TIDAK_SALAT' }])).statusCode).toBe(403);
    const sheet = await ctx.call(
      sdTeacher,
      'GET',
      `${P}/sheet?classGroupId=${f.classA.id}&date=${days[0]}&prayer=DZUHUR`,
    );
    expect(sheet.statusCode).toBe(403);
    expect((await ctx.call(sdTeacher, 'GET', `${P}/recap?month=2026-11&unitId=${f.unitId}`)).statusCode).toBe(403);
    const classes = await ctx.call(sdTeacher, 'GET', `${P}/classes`);
    expect(classes.json().classes).toEqual([]);
  });

  it('lists own classes first for a teacher', async () => {
    const res = await ctx.call(f.homeroomB, 'GET', `${P}/classes`);
    expect(res.json().classes.map((c: { name: string; own: boolean }) => [c.name, c.own])).toEqual([
      ['7B', true],
      ['7A', false],
    ]);
  });

  const ROUTES: [method: 'GET' | 'PUT', path: string, permission: keyof typeof PERMISSIONS][] = [
    ['GET', '/classes', 'prayer.record'],
    ['GET', '/sheet', 'prayer.record'],
    ['PUT', '/sheet', 'prayer.record'],
    ['GET', '/recap', 'prayer.read'],
    ['GET', '/recap/export', 'prayer.read'],
    ['GET', '/monitor', 'prayer.monitor'],
    ['GET', '/rule', 'prayer.read'],
    ['PUT', '/rule', 'prayer.monitor'],
    ['GET', '/me', 'school.student.self'],
  ];

  it('declares a permission on every route: allowed divisions pass, the others get 403', async () => {
    const routes = ctx.app
      .registeredRoutes()
      .filter((r) => r.url.startsWith(P) && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url.slice(P.length)}`);
    expect(routes.sort()).toEqual(ROUTES.map(([m, p]) => `${m} ${p}`).sort());
    const valid: Record<string, { query?: string; body?: unknown }> = {
      'GET /classes': { query: `unitId=${f.unitId}` },
      'GET /sheet': { query: `classGroupId=${f.classA.id}&date=${days[4]}&prayer=DZUHUR` },
      'PUT /sheet': {
        body: {
          classGroupId: f.classA.id,
          date: days[4],
          prayer: 'DZUHUR',
          records: [{ studentId: sid(s0), status: 'BERJAMAAH' }],
        },
      },
      'GET /recap': { query: `month=2026-11&unitId=${f.unitId}` },
      'GET /recap/export': { query: `month=2026-11&unitId=${f.unitId}` },
      'GET /monitor': { query: `prayer=DZUHUR&unitId=${f.unitId}` },
      'GET /rule': { query: `unitId=${f.unitId}` },
      'PUT /rule': { body: { unitId: f.unitId, threshold: 4, points: 5, isActive: true } },
      'GET /me': { query: 'month=2026-11' },
    };
    for (const division of DIVISIONS as readonly Division[]) {
      const session = await ctx.as(division);
      for (const [method, path, permission] of ROUTES) {
        const allowed = (PERMISSIONS[permission] as readonly Division[]).includes(division);
        const v = valid[`${method} ${path}`]!;
        const res = await ctx.call(session, method, `${P}${path}${v.query ? `?${v.query}` : ''}`, v.body);
        expect(res.statusCode, `${division} ${method} ${path}: ${res.body.slice(0, 200)}`).toBe(allowed ? 200 : 403);
      }
    }
    expect((await ctx.call(null, 'GET', `${P}/recap?month=2026-11`)).statusCode).toBe(401);
  });
});
