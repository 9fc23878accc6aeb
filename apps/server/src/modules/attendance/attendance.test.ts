import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { DIVISIONS, addDays, formatDate, longMonth } from '@mms/shared';
import { auditLog, studentAttendance, timetableSlots } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { attendanceFixture, previousSchoolDay } from './test-fixtures.ts';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx);
});
afterAll(() => ctx.close());

const registerUrl = (classId: number, date: string) => `/api/v1/attendance/classes/${classId}/daily/${date}`;
const rowsOf = async (classId: number, date: string) =>
  ctx.db
    .select()
    .from(studentAttendance)
    .where(and(eq(studentAttendance.classGroupId, classId), eq(studentAttendance.date, date)));

describe('daily register', () => {
  it('shows every enrolled student as H before the register is taken', async () => {
    const res = await ctx.call(f.homeroomA, 'GET', registerUrl(f.classA.id, f.day));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.taken).toBe(false);
    expect(body.className).toBe('7A');
    expect(body.entries).toHaveLength(3);
    expect(body.entries.every((e: { code: string; recorded: boolean }) => e.code === 'H' && !e.recorded)).toBe(true);
  });

  it('saves the whole class in one go, and entering the day again edits it', async () => {
    const [s1, s2, s3] = f.studentsA;
    const date = previousSchoolDay(f.day);
    let res = await ctx.call(f.homeroomA, 'PUT', registerUrl(f.classA.id, date), {
      entries: [
        { studentId: s1!.id, code: 'S', note: 'demam' },
        { studentId: s2!.id, code: 'H', lateMinutes: 15 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    let body = res.json();
    expect(body.taken).toBe(true);
    const codes = Object.fromEntries(
      body.entries.map((e: { studentId: number; code: string }) => [e.studentId, e.code]),
    );
    expect(codes).toEqual({ [s1!.id]: 'S', [s2!.id]: 'H', [s3!.id]: 'H' });
    expect(body.entries.find((e: { studentId: number }) => e.studentId === s2!.id).lateMinutes).toBe(15);

    res = await ctx.call(f.homeroomA, 'PUT', registerUrl(f.classA.id, date), {
      entries: [{ studentId: s1!.id, code: 'A' }],
    });
    expect(res.statusCode).toBe(200);
    body = res.json();
    expect(body.entries.find((e: { studentId: number }) => e.studentId === s1!.id).code).toBe('A');
    const rows = await rowsOf(f.classA.id, date);
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.studentId === s2!.id)?.lateMinutes).toBe(0);

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'attendance.student.register'))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(entry?.entityId).toBe(String(f.classA.id));
    expect(JSON.stringify(entry?.before)).toContain('"S"');
  });

  it('writes nothing when one student is not in the class', async () => {
    const date = previousSchoolDay(previousSchoolDay(f.day));
    const res = await ctx.call(f.homeroomA, 'PUT', registerUrl(f.classA.id, date), {
      entries: [
        { studentId: f.studentsA[0]!.id, code: 'S' },
        { studentId: f.studentsB[0]!.id, code: 'A' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      `Siswa ${f.studentsB[0]!.name} tidak terdaftar di kelas 7A pada ${formatDate(date)}`,
    );
    expect(await rowsOf(f.classA.id, date)).toHaveLength(0);
  });

  it('refuses duplicates, bad codes, future dates, Sundays and dates outside the active year', async () => {
    const s = f.studentsA[0]!.id;
    const put = (date: string, entries: unknown) =>
      ctx.call(f.homeroomA, 'PUT', registerUrl(f.classA.id, date), { entries });
    let res = await put(f.day, [
      { studentId: s, code: 'S' },
      { studentId: s, code: 'A' },
    ]);
    expect(res.statusCode).toBe(400);
    res = await put(f.day, [{ studentId: s, code: 'X' }]);
    expect(res.statusCode).toBe(400);
    res = await put(f.day, [{ studentId: s, code: 'H', lateMinutes: -1 }]);
    expect(res.statusCode).toBe(400);
    res = await put(addDays(f.day, 2), []);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Tanggal tidak boleh di masa depan');
    res = await put(previousSchoolDay(f.year.startDate), []);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('di luar tahun pelajaran aktif');
    let sunday = f.day;
    while (new Date(`${sunday}T00:00:00Z`).getUTCDay() !== 0) sunday = addDays(sunday, -1);
    res = await put(sunday, []);
    expect(res.statusCode).toBe(400);
    res = await ctx.call(f.homeroomA, 'GET', registerUrl(f.classA.id, 'kemarin'));
    expect(res.statusCode).toBe(400);
    res = await ctx.call(f.homeroomA, 'GET', registerUrl(999999, f.day));
    expect(res.statusCode).toBe(404);
    expect(await rowsOf(f.classA.id, f.day)).toHaveLength(0);
  });

  it('lets a teacher record only the classes they teach or lead; leaders record every class of their unit', async () => {
    const body = { entries: [] };
    expect((await ctx.call(f.homeroomB, 'PUT', registerUrl(f.classA.id, f.day), body)).statusCode).toBe(403);
    expect((await ctx.call(f.otherTeacher, 'GET', registerUrl(f.classA.id, f.day))).statusCode).toBe(403);
    expect((await ctx.call(f.subjectTeacher, 'GET', registerUrl(f.classA.id, f.day))).statusCode).toBe(200);
    expect((await ctx.call(f.homeroomB, 'PUT', registerUrl(f.classB.id, f.day), body)).statusCode).toBe(200);
    for (const division of ['PRINCIPAL', 'WAKAKUR', 'ADMIN'] as const) {
      const res = await ctx.call(await ctx.as(division), 'PUT', registerUrl(f.classB.id, f.day), body);
      expect(res.statusCode, division).toBe(200);
    }
    // BK and the foundation read, but do not record.
    expect((await ctx.call(await ctx.as('BPBK'), 'GET', registerUrl(f.classA.id, f.day))).statusCode).toBe(200);
    expect((await ctx.call(await ctx.as('YAYASAN'), 'PUT', registerUrl(f.classA.id, f.day), body)).statusCode).toBe(
      403,
    );
    expect((await ctx.call(await ctx.as('STUDENT'), 'GET', registerUrl(f.classA.id, f.day))).statusCode).toBe(403);
    expect((await ctx.call(null, 'GET', registerUrl(f.classA.id, f.day))).statusCode).toBe(401);
  });

  it('refuses a principal of another unit', async () => {
    const [other] = await ctx.db
      .execute<{ id: number }>(
        sql`insert into units (code, name) values ('SD', 'SD Uji') on conflict (code) do update set name = excluded.name returning id`,
      )
      .then((r) => r.rows);
    expect(other).toBeDefined();
    const u = await ctx.createUser({ division: 'PRINCIPAL', unitCode: 'SD' });
    const s = await ctx.signIn(u.username);
    // The harness binds unknown unit codes to no unit: such an account sees no class.
    const res = await ctx.call(s, 'GET', registerUrl(f.classA.id, f.day));
    expect(res.statusCode).toBe(403);
  });
});

describe('lists and recaps', () => {
  const from = () => addDays(f.day, -30);

  it('lists the absent and the late, teachers only for their own classes', async () => {
    const date = previousSchoolDay(f.day);
    const admin = await ctx.as('ADMIN');
    let res = await ctx.call(admin, 'GET', `/api/v1/attendance/students/absent?from=${from()}&to=${f.day}`);
    expect(res.statusCode).toBe(200);
    const absent = res.json();
    expect(absent.items.some((r: { date: string; code: string }) => r.date === date && r.code === 'A')).toBe(true);
    expect(absent.items.every((r: { code: string }) => r.code !== 'H')).toBe(true);

    await ctx.call(f.homeroomA, 'PUT', registerUrl(f.classA.id, date), {
      entries: [
        { studentId: f.studentsA[0]!.id, code: 'A' },
        { studentId: f.studentsA[1]!.id, code: 'H', lateMinutes: 10 },
      ],
    });
    res = await ctx.call(f.homeroomA, 'GET', `/api/v1/attendance/students/late?from=${from()}&to=${f.day}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      expect.objectContaining({ studentId: f.studentsA[1]!.id, lateMinutes: 10, className: '7A' }),
    ]);
    res = await ctx.call(f.homeroomB, 'GET', `/api/v1/attendance/students/absent?from=${from()}&to=${f.day}`);
    expect(res.json().total).toBe(0);
    res = await ctx.call(
      f.homeroomB,
      'GET',
      `/api/v1/attendance/students/absent?from=${from()}&to=${f.day}&classGroupId=${f.classA.id}`,
    );
    expect(res.statusCode).toBe(403);
    res = await ctx.call(admin, 'GET', `/api/v1/attendance/students/absent?from=${f.day}&to=${from()}`);
    expect(res.statusCode).toBe(400);
    res = await ctx.call(admin, 'GET', `/api/v1/attendance/students/absent?from=${from()}&to=${f.day}&pageSize=1`);
    expect(res.json().items).toHaveLength(1);
  });

  it('gives a student’s history to those who may see the student', async () => {
    const url = `/api/v1/attendance/students/${f.studentsA[0]!.id}?from=${from()}&to=${f.day}`;
    const res = await ctx.call(f.homeroomA, 'GET', url);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBeGreaterThan(0);
    expect((await ctx.call(f.homeroomB, 'GET', url)).statusCode).toBe(403);
    expect((await ctx.call(f.homeroomA, 'GET', url.replace(String(f.studentsA[0]!.id), '999999'))).statusCode).toBe(
      404,
    );
  });

  it('recaps a month: a school day without a record is A when the register was taken, else not taken', async () => {
    const month = f.day.slice(0, 7);
    const res = await ctx.call(f.homeroomA, 'GET', `/api/v1/attendance/classes/${f.classA.id}/recap?month=${month}`);
    expect(res.statusCode).toBe(200);
    const recap = res.json();
    expect(recap.schoolDays.length).toBeGreaterThan(0);
    for (const row of recap.rows) {
      expect(row.H + row.S + row.I + row.A + row.notTaken).toBe(recap.schoolDays.length);
      expect(row.notTaken).toBe(recap.notTakenDays);
      expect(row.percentage).toBeCloseTo((row.H / (recap.schoolDays.length - row.notTaken)) * 100, 0);
    }
    const bad = await ctx.call(f.homeroomA, 'GET', `/api/v1/attendance/classes/${f.classA.id}/recap?month=2026-13`);
    expect(bad.statusCode).toBe(400);
    const summary = await ctx.call(
      f.homeroomA,
      'GET',
      `/api/v1/attendance/classes/${f.classA.id}/summary?from=${from()}&to=${f.day}`,
    );
    expect(summary.statusCode).toBe(200);
    const s1 = summary.json().rows.find((r: { studentId: number }) => r.studentId === f.studentsA[0]!.id);
    // the summary counts the register's records of the range, code by code
    const recorded = await ctx.db
      .select({ code: studentAttendance.code })
      .from(studentAttendance)
      .where(
        and(
          eq(studentAttendance.studentId, f.studentsA[0]!.id),
          sql`${studentAttendance.date} between ${from()} and ${f.day}`,
        ),
      );
    const count = (code: string) => recorded.filter((r) => r.code === code).length;
    expect(count('A')).toBeGreaterThan(0);
    expect(s1).toMatchObject({ H: count('H'), S: count('S'), I: count('I'), A: count('A') });
  });

  it('lists the classes whose register the caller may open, with the day’s status', async () => {
    let res = await ctx.call(f.homeroomA, 'GET', `/api/v1/attendance/classes?date=${previousSchoolDay(f.day)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([expect.objectContaining({ className: '7A', isHomeroom: true, taken: true })]);
    res = await ctx.call(await ctx.as('WAKAKUR'), 'GET', `/api/v1/attendance/classes?date=${f.day}`);
    expect(res.json().items.map((c: { className: string }) => c.className)).toEqual(['7A', '7B']);
    // One class's register does not make every class "taken" (the status depends on the class).
    res = await ctx.call(await ctx.as('WAKAKUR'), 'GET', `/api/v1/attendance/classes?date=${previousSchoolDay(f.day)}`);
    expect(res.json().items.map((c: { className: string; taken: boolean }) => [c.className, c.taken])).toEqual([
      ['7A', true],
      ['7B', false],
    ]);
  });

  it('names the classes that have not taken the register of a day', async () => {
    const date = previousSchoolDay(previousSchoolDay(previousSchoolDay(f.day)));
    const url = `/api/v1/attendance/classes/not-taken?date=${date}`;
    let res = await ctx.call(await ctx.as('PRINCIPAL'), 'GET', url);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((c: { className: string }) => c.className)).toEqual(['7A', '7B']);
    await ctx.call(f.homeroomB, 'PUT', registerUrl(f.classB.id, date), { entries: [] });
    res = await ctx.call(await ctx.as('PRINCIPAL'), 'GET', url);
    expect(res.json().items.map((c: { className: string }) => c.className)).toEqual(['7A']);
    res = await ctx.call(f.homeroomB, 'GET', url);
    expect(res.json().items).toEqual([]);
  });

  it('exports the monthly recap and the absent list as Excel files', async () => {
    const month = f.day.slice(0, 7);
    const recap = await ctx.call(
      f.homeroomA,
      'GET',
      `/api/v1/attendance/classes/${f.classA.id}/recap/export?month=${month}`,
    );
    expect(recap.statusCode).toBe(200);
    expect(recap.headers['content-type']).toContain('spreadsheetml');
    expect(recap.headers['content-disposition']).toContain(`rekap-presensi-7A-${month}`);
    expect(recap.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(recap.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getCell('A1').value).toBe(`Rekap Presensi Kelas 7A ${longMonth(month, 'id')}`);
    expect(sheet.getCell('A2').value).toBe(`Filter: Kelas: 7A; Bulan: ${longMonth(month, 'id')}`);
    expect(sheet.getCell('A3').value).toMatch(/^Dicetak: \d{1,2} \S+ \d{4}$/);
    expect(sheet.getCell('A5').value).toBe('NIS');
    const denied = await ctx.call(
      f.homeroomB,
      'GET',
      `/api/v1/attendance/classes/${f.classA.id}/recap/export?month=${month}`,
    );
    expect(denied.statusCode).toBe(403);
    const absent = await ctx.call(
      await ctx.as('PRINCIPAL'),
      'GET',
      `/api/v1/attendance/students/absent/export?from=${from()}&to=${f.day}`,
    );
    expect(absent.statusCode).toBe(200);
    expect(absent.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('shows a student their own attendance only', async () => {
    const student = await ctx.as('STUDENT');
    const res = await ctx.call(student, 'GET', `/api/v1/attendance/me?from=${from()}&to=${f.day}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(0);
    expect((await ctx.call(f.homeroomA, 'GET', `/api/v1/attendance/me?from=${from()}&to=${f.day}`)).statusCode).toBe(
      403,
    );
  });

  it('counts today for the leaders’ dashboard', async () => {
    const res = await ctx.call(await ctx.as('PRINCIPAL'), 'GET', '/api/v1/attendance/today');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ staffTotal: expect.any(Number), classesNotTaken: expect.any(Number) });
    expect((await ctx.call(f.homeroomA, 'GET', '/api/v1/attendance/today')).statusCode).toBe(403);
  });
});

describe('robustness', () => {
  it('never answers 500 to the permission matrix’s probes', async () => {
    const routes = ctx.app
      .registeredRoutes()
      .filter(
        (r) =>
          r.method !== 'HEAD' &&
          ['attendance', 'leave-requests', 'journals', 'materials', 'class-control'].some((p) =>
            r.url.startsWith(`/api/v1/${p}`),
          ),
      );
    expect(routes.length).toBeGreaterThan(25);
    const failures: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z]+/g, '999999');
      for (const division of DIVISIONS) {
        const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
        const res = await ctx.call(await ctx.as(division), method, url, method === 'GET' ? undefined : {});
        if (res.statusCode >= 500) failures.push(`${route.method} ${route.url} as ${division} → ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('monthly recap of a unit', () => {
  it('counts H/S/I/A and not taken per class in the database, as the class recap does', async () => {
    const month = f.day.slice(0, 7);
    const leader = await ctx.as('WAKAKUR');
    const before = (await ctx.call(leader, 'GET', `/api/v1/attendance/recap?month=${month}`)).json();
    const classA = before.classes.find((c: { classGroupId: number }) => c.classGroupId === f.classA.id);
    expect(classA.students).toBe(3);
    const days = before.schoolDays;
    expect(classA.H + classA.S + classA.I + classA.A + classA.notTaken).toBe(3 * days);

    // the same month as the class recap the teacher sees, summed over the class
    const classRecap = (
      await ctx.call(leader, 'GET', `/api/v1/attendance/classes/${f.classA.id}/recap?month=${month}`)
    ).json();
    const sum = (k: 'H' | 'S' | 'I' | 'A' | 'notTaken') =>
      classRecap.rows.reduce((n: number, r: Record<string, number>) => n + r[k]!, 0);
    expect({ H: classA.H, S: classA.S, I: classA.I, A: classA.A, notTaken: classA.notTaken }).toEqual({
      H: sum('H'),
      S: sum('S'),
      I: sum('I'),
      A: sum('A'),
      notTaken: sum('notTaken'),
    });
    expect(classA.notTakenDays).toBe(classRecap.notTakenDays);
    // the per-class summary of the same dates is the same count, student by student
    const [y, m] = month.split('-').map(Number);
    const lastDay = new Date(Date.UTC(y!, m!, 0)).toISOString().slice(0, 10);
    const summary = (
      await ctx.call(leader, 'GET', `/api/v1/attendance/classes/${f.classA.id}/summary?from=${month}-01&to=${lastDay}`)
    ).json();
    expect(summary.rows).toEqual(classRecap.rows);
    expect(before.total.students).toBe(
      before.classes.reduce((n: number, c: { students: number }) => n + c.students, 0),
    );
  });

  it('keeps teachers to their classes and refuses a bad month and students', async () => {
    const month = f.day.slice(0, 7);
    const mine = (await ctx.call(f.homeroomB, 'GET', `/api/v1/attendance/recap?month=${month}`)).json();
    expect(mine.classes.map((c: { className: string }) => c.className)).toEqual(['7B']);
    expect((await ctx.call(f.homeroomB, 'GET', '/api/v1/attendance/recap?month=2026-13')).statusCode).toBe(400);
    expect((await ctx.call(await ctx.as('STUDENT'), 'GET', `/api/v1/attendance/recap?month=${month}`)).statusCode).toBe(
      403,
    );
  });
});

describe('saving a register in one statement', () => {
  // Days of their own, far enough back not to touch the days the tests above count on.
  const dayBack = (n: number) => {
    let d = f.day;
    for (let i = 0; i < n; i++) d = previousSchoolDay(d);
    return d;
  };
  const lastAudit = async () => {
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'attendance.student.register'))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    return entry!;
  };
  type AuditRows = { date: string; rows: { studentId: number; code: string; id?: number }[] };

  it('answers the register exactly as a fresh read of it', async () => {
    const date = dayBack(6);
    const [s1, s2] = f.studentsA;
    const res = await ctx.call(f.homeroomA, 'PUT', registerUrl(f.classA.id, date), {
      entries: [
        { studentId: s1!.id, code: 'I', note: '  acara keluarga  ' },
        { studentId: s2!.id, code: 'A' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const read = await ctx.call(f.homeroomA, 'GET', registerUrl(f.classA.id, date));
    expect(res.json()).toEqual(read.json());
    expect(res.json().entries.find((e: { studentId: number }) => e.studentId === s1!.id).note).toBe('acara keluarga');
  });

  it('leaves rows already holding the values as they are, and still audits the whole register', async () => {
    const date = dayBack(7);
    const NOTE = 'demam "tinggi" 39°C \\ {NULL}\nistirahat';
    const [s1, s2, s3] = f.studentsA;
    const entries = [
      // quotes, a backslash, a line break, NULL as text and non-ASCII: stored and audited as given
      { studentId: s1!.id, code: 'S', note: NOTE },
      { studentId: s2!.id, code: 'A' },
    ];
    expect((await ctx.call(f.homeroomA, 'PUT', registerUrl(f.classA.id, date), { entries })).statusCode).toBe(200);
    const first = await rowsOf(f.classA.id, date);
    expect(first).toHaveLength(3);
    expect(first.find((r) => r.studentId === s1!.id)?.note).toBe(NOTE);

    // The same register again: no row is rewritten, yet the save is audited with before and after.
    let res = await ctx.call(f.homeroomA, 'PUT', registerUrl(f.classA.id, date), { entries });
    expect(res.statusCode).toBe(200);
    expect(await rowsOf(f.classA.id, date)).toEqual(first);
    let entry = await lastAudit();
    expect(entry.entityId).toBe(String(f.classA.id));
    expect(entry.actorUserId).toBe(f.homeroomA.user.id);
    const codesOf = (rows: AuditRows) => Object.fromEntries(rows.rows.map((r) => [r.studentId, r.code]));
    const all = { [s1!.id]: 'S', [s2!.id]: 'A', [s3!.id]: 'H' };
    expect((entry.before as AuditRows).date).toBe(date);
    expect(codesOf(entry.before as AuditRows)).toEqual(all);
    expect(codesOf(entry.after as AuditRows)).toEqual(all);
    expect((entry.before as AuditRows).rows.map((r) => r.id).sort()).toEqual(first.map((r) => r.id).sort());
    expect(entry.after).toMatchObject({
      rows: expect.arrayContaining([{ studentId: s1!.id, code: 'S', lateMinutes: 0, note: NOTE }]),
    });

    // One change: only that row is rewritten; the audit holds the old and the new code.
    res = await ctx.call(f.homeroomA, 'PUT', registerUrl(f.classA.id, date), {
      entries: [...entries.slice(0, 1), { studentId: s2!.id, code: 'I' }],
    });
    expect(res.statusCode).toBe(200);
    const second = await rowsOf(f.classA.id, date);
    const byId = new Map(first.map((r) => [r.id, r]));
    for (const row of second) {
      if (row.studentId === s2!.id) {
        expect(row.code).toBe('I');
        expect(row.updatedAt.getTime()).toBeGreaterThan(byId.get(row.id)!.updatedAt.getTime());
      } else expect(row).toEqual(byId.get(row.id));
    }
    entry = await lastAudit();
    expect(codesOf(entry.before as AuditRows)[s2!.id]).toBe('A');
    expect(codesOf(entry.after as AuditRows)[s2!.id]).toBe('I');

    // Another person saving the same values records who saved them.
    const principal = await ctx.as('PRINCIPAL');
    expect(
      (await ctx.call(principal, 'PUT', registerUrl(f.classA.id, date), { entries: res.json().entries })).statusCode,
    ).toBe(200);
    const third = await rowsOf(f.classA.id, date);
    expect(third.every((r) => r.recordedByUserId === principal.user.id)).toBe(true);
  });

  it('keeps an approved leave’s link while its code stays, and answers taken as a read does', async () => {
    const date = dayBack(8);
    // Rows an approved leave wrote for the whole class.
    await ctx.db.insert(studentAttendance).values(
      f.studentsA.map((s, i) => ({
        studentId: s.id,
        classGroupId: f.classA.id,
        date,
        code: 'S' as const,
        note: 'Sakit: flu',
        source: 'daily' as const,
        leaveRequestId: 900_000 + i,
      })),
    );
    let read = await ctx.call(f.homeroomA, 'GET', registerUrl(f.classA.id, date));
    expect(read.json().taken).toBe(false);
    const same = f.studentsA.map((s) => ({ studentId: s.id, code: 'S', note: 'Sakit: flu' }));
    let res = await ctx.call(f.homeroomA, 'PUT', registerUrl(f.classA.id, date), { entries: same });
    expect(res.statusCode).toBe(200);
    read = await ctx.call(f.homeroomA, 'GET', registerUrl(f.classA.id, date));
    expect(res.json()).toEqual(read.json());
    expect((await rowsOf(f.classA.id, date)).map((r) => r.leaveRequestId).sort()).toEqual([900_000, 900_001, 900_002]);

    res = await ctx.call(f.homeroomA, 'PUT', registerUrl(f.classA.id, date), {
      entries: [...same.slice(1), { studentId: f.studentsA[0]!.id, code: 'H' }],
    });
    read = await ctx.call(f.homeroomA, 'GET', registerUrl(f.classA.id, date));
    expect(res.json()).toEqual(read.json());
    expect(res.json().taken).toBe(true);
    const rows = await rowsOf(f.classA.id, date);
    expect(rows.find((r) => r.studentId === f.studentsA[0]!.id)?.leaveRequestId).toBeNull();
  });

  it('takes over a row of the day written under another class, and audits it as replaced', async () => {
    const date = dayBack(9);
    const s = f.studentsA[2]!;
    const [earlier] = await ctx.db
      .insert(studentAttendance)
      .values({ studentId: s.id, classGroupId: f.classB.id, date, code: 'A', source: 'daily' })
      .returning();
    const res = await ctx.call(f.homeroomA, 'PUT', registerUrl(f.classA.id, date), {
      entries: [{ studentId: s.id, code: 'A' }],
    });
    expect(res.statusCode).toBe(200);
    expect(await rowsOf(f.classB.id, date)).toHaveLength(0);
    const rows = await rowsOf(f.classA.id, date);
    expect(rows.find((r) => r.studentId === s.id)).toMatchObject({ id: earlier!.id, code: 'A' });
    const entry = await lastAudit();
    expect((entry.before as AuditRows).rows).toEqual([
      { id: earlier!.id, studentId: s.id, code: 'A', lateMinutes: 0, note: null, leaveRequestId: null },
    ]);
  });

  it('applies the access rules of class-access.ts inside the statement', async () => {
    const date = dayBack(11);
    const put = async (who: Awaited<ReturnType<typeof ctx.as>>, classId: number) =>
      (await ctx.call(who, 'PUT', registerUrl(classId, date), { entries: [] })).statusCode;
    // A subject teacher records the class they teach; a teacher of none of its lessons does not.
    expect(await put(f.subjectTeacher, f.classA.id)).toBe(200);
    expect(await put(f.otherTeacher, f.classA.id)).toBe(403);
    expect(await put(f.subjectTeacher, f.classB.id)).toBe(403);
    // A timetable slot alone makes the class the teacher's own.
    const other = await ctx.createUser({ division: 'TEACHER' });
    const teacher = await ctx.signIn(other.username);
    expect(await put(teacher, f.classB.id)).toBe(403);
    const { unitId, academicYearId, semester, day, subjectId } = f.slot;
    await ctx.db.insert(timetableSlots).values({
      ...{ unitId, academicYearId, semester, day, subjectId },
      classGroupId: f.classB.id,
      period: 7,
      employeeId: teacher.user.employeeId!,
    });
    expect(await put(teacher, f.classB.id)).toBe(200);
    // A leader of no unit records nothing; the admin records every class.
    const stray = await ctx.signIn((await ctx.createUser({ division: 'PRINCIPAL', unitCode: 'XX' })).username);
    expect(await put(stray, f.classA.id)).toBe(403);
    expect(await put(await ctx.as('ADMIN'), f.classA.id)).toBe(200);
  });

  it('names the first problem in the usual order and writes nothing', async () => {
    const date = dayBack(10);
    // Another teacher's class on a future date: the class is refused before the date.
    expect(
      (await ctx.call(f.homeroomB, 'PUT', registerUrl(f.classA.id, addDays(f.day, 2)), { entries: [] })).statusCode,
    ).toBe(403);
    expect((await ctx.call(f.homeroomB, 'PUT', registerUrl(999999, date), { entries: [] })).statusCode).toBe(404);
    // A stranger listed before a duplicate is named first.
    const res = await ctx.call(f.homeroomA, 'PUT', registerUrl(f.classA.id, date), {
      entries: [
        { studentId: f.studentsB[1]!.id, code: 'A' },
        { studentId: f.studentsA[0]!.id, code: 'S' },
        { studentId: f.studentsA[0]!.id, code: 'A' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      `Siswa ${f.studentsB[1]!.name} tidak terdaftar di kelas 7A pada ${formatDate(date)}`,
    );
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect((await ctx.call(f.subjectTeacher, 'PUT', registerUrl(f.classB.id, date), { entries: [] })).statusCode).toBe(
      403,
    );
    expect(await ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog)).toEqual(before);
    expect(await rowsOf(f.classA.id, date)).toHaveLength(0);
    expect(await rowsOf(f.classB.id, date)).toHaveLength(0);
  });
});
