import { addDays } from '@mms/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { classJournals, studentAttendance } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { attendanceFixture } from '../attendance/test-fixtures.ts';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let student: Session;
beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx);
  student = await ctx.as('STUDENT');
  await ctx.db.execute(
    sql`insert into enrollments (student_id, class_group_id, academic_year_id) values (${student.user.studentId}, ${f.classA.id}, ${f.year.id})`,
  );
});
afterAll(() => ctx.close());

const url = (slotId: number, date: string) => `/api/v1/journals/slots/${slotId}/${date}`;
const lessonRows = () =>
  ctx.db
    .select()
    .from(studentAttendance)
    .where(and(eq(studentAttendance.timetableSlotId, f.slot.id), eq(studentAttendance.date, f.day)));

describe('class journal', () => {
  it('lets the slot’s teacher write the journal; absences fill the lesson register', async () => {
    const res = await ctx.call(f.subjectTeacher, 'PUT', url(f.slot.id, f.day), {
      topic: 'Persamaan linear',
      objective: 'Siswa dapat menyelesaikan persamaan linear satu variabel',
      absences: [{ studentId: f.studentsA[0]!.id, code: 'S' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const journal = res.json();
    expect(journal).toMatchObject({ topic: 'Persamaan linear', className: '7A', subjectName: 'Matematika' });
    expect(journal.absences).toEqual([expect.objectContaining({ studentId: f.studentsA[0]!.id, code: 'S' })]);
    const rows = await lessonRows();
    expect(rows).toHaveLength(f.studentsA.length + 1);
    expect(rows.filter((r) => r.code !== 'H')).toHaveLength(1);
  });

  it('keeps one journal per slot per date: writing again edits it', async () => {
    const res = await ctx.call(f.subjectTeacher, 'PUT', url(f.slot.id, f.day), {
      topic: 'Persamaan linear (lanjutan)',
      absences: [{ studentId: f.studentsA[1]!.id, code: 'A' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().absences.map((a: { studentId: number }) => a.studentId)).toEqual([f.studentsA[1]!.id]);
    const journals = await ctx.db.select().from(classJournals).where(eq(classJournals.timetableSlotId, f.slot.id));
    expect(journals).toHaveLength(1);
    expect(await lessonRows()).toHaveLength(f.studentsA.length + 1);
  });

  it('writes nothing when an absent student is not in the class', async () => {
    const before = (await ctx.call(f.subjectTeacher, 'GET', url(f.slot.id, f.day))).json();
    const res = await ctx.call(f.subjectTeacher, 'PUT', url(f.slot.id, f.day), {
      topic: 'Tidak tersimpan',
      absences: [{ studentId: f.studentsB[0]!.id, code: 'A' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(`Siswa ${f.studentsB[0]!.name} tidak terdaftar di kelas 7A`);
    const after = (await ctx.call(f.subjectTeacher, 'GET', url(f.slot.id, f.day))).json();
    expect(after.topic).toBe(before.topic);
    expect(after.absences).toEqual(before.absences);
  });

  it('refuses other teachers, and a teacher who names themself substitute writes nothing', async () => {
    const body = { topic: 'Diganti' };
    expect((await ctx.call(f.otherTeacher, 'PUT', url(f.slot.id, f.day), body)).statusCode).toBe(403);
    // The homeroom teacher reads the class's journal but does not write another teacher's lesson.
    expect((await ctx.call(f.homeroomA, 'PUT', url(f.slot.id, f.day), body)).statusCode).toBe(403);
    expect((await ctx.call(f.homeroomA, 'GET', url(f.slot.id, f.day))).statusCode).toBe(200);
    const before = (await ctx.call(f.subjectTeacher, 'GET', url(f.slot.id, f.day))).json();
    const attack = await ctx.call(f.otherTeacher, 'PUT', url(f.slot.id, f.day), {
      topic: 'Ditulis penyusup',
      absences: [{ studentId: f.studentsA[0]!.id, code: 'A' }],
      substituteEmployeeId: f.otherTeacher.user.employeeId,
    });
    expect(attack.statusCode).toBe(403);
    const after = (await ctx.call(f.subjectTeacher, 'GET', url(f.slot.id, f.day))).json();
    expect(after).toEqual(before);
    // A teacher of another unit sending their own id as substitute is refused too, and nothing is written.
    const [sd] = await ctx.db
      .execute<{ id: number }>(sql`insert into units (code, name) values ('SDX', 'SD Lain') returning id`)
      .then((r) => r.rows);
    const stranger = await ctx.createUser({ division: 'TEACHER' });
    await ctx.db.execute(sql`update users set unit_id = ${sd!.id} where id = ${stranger.id}`);
    await ctx.db.execute(sql`update employees set unit_id = ${sd!.id} where user_id = ${stranger.id}`);
    const strangerSession = await ctx.signIn(stranger.username);
    const other = await ctx.call(strangerSession, 'PUT', url(f.slot.id, f.day), {
      topic: 'Unit lain',
      substituteEmployeeId: strangerSession.user.employeeId,
    });
    expect(other.statusCode).toBe(403);
    expect((await ctx.call(f.subjectTeacher, 'GET', url(f.slot.id, f.day))).json()).toEqual(before);
  });

  it('lets only the school name a substitute, who may then write the lesson’s journal', async () => {
    const principal = await ctx.as('PRINCIPAL');
    const subUrl = `${url(f.slot.id, f.day)}/substitute`;
    const name = { employeeId: f.otherTeacher.user.employeeId, note: 'Guru jadwal dinas luar' };
    // Teachers (the substitute-to-be and the scheduled one) cannot name substitutes.
    expect((await ctx.call(f.otherTeacher, 'PUT', subUrl, name)).statusCode).toBe(403);
    expect((await ctx.call(f.subjectTeacher, 'PUT', subUrl, name)).statusCode).toBe(403);
    expect((await ctx.call(student, 'GET', `/api/v1/journals/substitutes?from=${f.day}&to=${f.day}`)).statusCode).toBe(
      403,
    );
    // The scheduled teacher, an unknown employee and a bad date are refused with 400.
    const own = await ctx.call(principal, 'PUT', subUrl, { employeeId: f.subjectTeacher.user.employeeId });
    expect(own.statusCode).toBe(400);
    expect(own.json().error.message).toBe('Guru pengganti harus orang lain dari guru jadwal');
    expect((await ctx.call(principal, 'PUT', subUrl, { employeeId: 2147483000 })).statusCode).toBe(400);
    expect((await ctx.call(principal, 'PUT', `${url(f.slot.id, addDays(f.day, 1))}/substitute`, name)).statusCode).toBe(
      400,
    );

    const assigned = await ctx.call(principal, 'PUT', subUrl, name);
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({
      timetableSlotId: f.slot.id,
      date: f.day,
      substituteEmployeeId: f.otherTeacher.user.employeeId,
      note: 'Guru jadwal dinas luar',
      journalWritten: true,
    });
    // The journal already written names the substitute the school decided.
    expect((await ctx.call(f.subjectTeacher, 'GET', url(f.slot.id, f.day))).json().substituteName).toContain('Pegawai');
    // The named substitute sees the lesson among their substitutions, reads its roster and writes it.
    const mine = await ctx.call(f.otherTeacher, 'GET', `/api/v1/journals/substitutes?from=${f.day}&to=${f.day}`);
    expect(mine.json()).toEqual([expect.objectContaining({ timetableSlotId: f.slot.id, className: '7A' })]);
    expect(
      (await ctx.call(f.homeroomA, 'GET', `/api/v1/journals/substitutes?from=${f.day}&to=${f.day}`)).json(),
    ).toEqual([]);
    expect((await ctx.call(f.otherTeacher, 'GET', `${url(f.slot.id, f.day)}/roster`)).statusCode).toBe(200);
    const res = await ctx.call(f.otherTeacher, 'PUT', url(f.slot.id, f.day), { topic: 'Latihan soal' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      topic: 'Latihan soal',
      substituteEmployeeId: f.otherTeacher.user.employeeId,
    });
    const [logged] = (
      await ctx.db.execute<{ n: number }>(
        sql`select count(*)::int as n from audit_log where action = 'journal.substitute.assign' and entity_id = ${String(f.slot.id)}`,
      )
    ).rows;
    expect(logged!.n).toBe(1);
    // The principal's list shows it; withdrawing it takes the right away again.
    const list = await ctx.call(principal, 'GET', `/api/v1/journals/substitutes?from=${f.day}&to=${f.day}`);
    expect(list.json()).toHaveLength(1);
    expect((await ctx.call(principal, 'DELETE', subUrl)).statusCode).toBe(200);
    expect((await ctx.call(principal, 'DELETE', subUrl)).statusCode).toBe(404);
    expect((await ctx.call(f.otherTeacher, 'PUT', url(f.slot.id, f.day), { topic: 'Lagi' })).statusCode).toBe(403);
    expect((await ctx.call(f.subjectTeacher, 'GET', url(f.slot.id, f.day))).json().substituteEmployeeId).toBeNull();
    expect((await ctx.call(principal, 'PUT', url(f.slot.id, f.day), { topic: 'Kepsek' })).statusCode).toBe(200);
  });

  it('gives the lesson’s class list with the daily register’s codes to fill the absences', async () => {
    await ctx.call(f.homeroomA, 'PUT', `/api/v1/attendance/classes/${f.classA.id}/daily/${f.day}`, {
      entries: [{ studentId: f.studentsA[2]!.id, code: 'I' }],
    });
    const res = await ctx.call(f.subjectTeacher, 'GET', `${url(f.slot.id, f.day)}/roster`);
    expect(res.statusCode, res.body).toBe(200);
    const roster = res.json();
    expect(roster.students).toHaveLength(f.studentsA.length + 1);
    expect(roster.students.find((s: { studentId: number }) => s.studentId === f.studentsA[2]!.id)).toMatchObject({
      dailyCode: 'I',
      lessonCode: 'H',
    });
    expect((await ctx.call(f.homeroomB, 'GET', `${url(f.slot.id, f.day)}/roster`)).statusCode).toBe(403);
    expect((await ctx.call(student, 'GET', `${url(f.slot.id, f.day)}/roster`)).statusCode).toBe(403);
  });

  it('refuses a date that is not the slot’s weekday, in the future, or malformed', async () => {
    const body = { topic: 'x' };
    expect((await ctx.call(f.subjectTeacher, 'PUT', url(f.slot.id, addDays(f.day, -1)), body)).statusCode).toBe(400);
    const future = await ctx.call(f.subjectTeacher, 'PUT', url(f.slot.id, addDays(f.day, 7)), body);
    expect(future.statusCode).toBe(400);
    expect(future.json().error.message).toBe('Tanggal tidak boleh di masa depan');
    expect((await ctx.call(f.subjectTeacher, 'PUT', url(f.slot.id, 'besok'), body)).statusCode).toBe(400);
    expect((await ctx.call(f.subjectTeacher, 'PUT', url(f.slot.id, f.day), { topic: '' })).statusCode).toBe(400);
    expect((await ctx.call(f.subjectTeacher, 'PUT', url(999999, f.day), body)).statusCode).toBe(404);
    expect((await ctx.call(student, 'PUT', url(f.slot.id, f.day), body)).statusCode).toBe(403);
  });

  it('lists journals for the teacher, per class, and for the class’s students only', async () => {
    let res = await ctx.call(f.subjectTeacher, 'GET', '/api/v1/journals?mine=true');
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(1);
    // The last write (the principal's) listed no absences: PUT replaces the lesson register too.
    expect(res.json().items[0]).toMatchObject({ className: '7A', absentCount: 0, topic: 'Kepsek' });
    res = await ctx.call(f.homeroomA, 'GET', `/api/v1/journals?classGroupId=${f.classA.id}`);
    expect(res.json().total).toBe(1);
    res = await ctx.call(f.homeroomB, 'GET', '/api/v1/journals');
    expect(res.json().total).toBe(0);
    expect((await ctx.call(f.homeroomB, 'GET', `/api/v1/journals?classGroupId=${f.classA.id}`)).statusCode).toBe(403);
    res = await ctx.call(student, 'GET', '/api/v1/journals');
    expect(res.json().total).toBe(1);
    expect((await ctx.call(student, 'GET', url(f.slot.id, f.day))).statusCode).toBe(200);
    expect((await ctx.call(student, 'GET', `/api/v1/journals?classGroupId=${f.classB.id}`)).statusCode).toBe(403);
    const outsider = await ctx.signIn((await ctx.createUser({ division: 'STUDENT' })).username);
    expect((await ctx.call(outsider, 'GET', url(f.slot.id, f.day))).statusCode).toBe(403);
    expect((await ctx.call(outsider, 'GET', '/api/v1/journals')).json().total).toBe(0);
  });

  it('shows a teacher’s day: lessons with journals to write and homeroom registers to take', async () => {
    const res = await ctx.call(f.subjectTeacher, 'GET', '/api/v1/journals/today');
    expect(res.statusCode).toBe(200);
    const day = res.json();
    expect(day.date).toBe(f.day);
    // a subject teacher leads no class: no homeroom reminder is due
    expect(day.homeroom).toBe(false);
    expect(day.homeroomRegistersOpen).toEqual([]);
    expect(day.lessons).toEqual([
      expect.objectContaining({ timetableSlotId: f.slot.id, journalFilled: true, asSubstitute: false }),
    ]);
    const homeroom = (await ctx.call(f.homeroomB, 'GET', '/api/v1/journals/today')).json();
    expect(homeroom.homeroom).toBe(true);
    expect(homeroom.homeroomRegistersOpen).toEqual([{ classGroupId: f.classB.id, className: '7B' }]);
    expect((await ctx.call(student, 'GET', '/api/v1/journals/today')).statusCode).toBe(403);
  });
});
