import { and, eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Extracurricular, ExtracurricularList, ExtracurricularMembers, Rapor } from '@mms/shared';
import { auditLog, raporStates } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { attendanceFixture } from '../attendance/test-fixtures.ts';

// Extracurriculars (issue 40 §2) on the attendance fixture: 18 November 2026, first semester of 2026/2027. The
// subject teacher coaches Pramuka; 7A's two first students and 7B's first are its members.
const API = '/api/v1/extracurriculars';
let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let wakakur: Session;
let activity: Extracurricular;
const grade = (s: Session, grades: { studentId: number; predicate: string | null; note: string }[]) =>
  ctx.call(s, 'PUT', `${API}/${activity.id}/grades`, { semester: 'GANJIL', grades });

beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx);
  wakakur = await ctx.as('WAKAKUR');
});

afterAll(async () => {
  await ctx.close();
});

describe('extracurriculars', () => {
  it('WAKAKUR creates an activity with its coach and members; lists filter by year, search and reach', async () => {
    const res = await ctx.call(wakakur, 'POST', API, {
      name: 'Pramuka',
      coachEmployeeId: f.subjectTeacher.user.employeeId,
      schedule: 'Jumat 14.00',
    });
    expect(res.statusCode, res.body).toBe(200);
    activity = res.json<Extracurricular>();
    expect(activity).toMatchObject({ name: 'Pramuka', academicYearId: f.year.id, memberCount: 0, canGrade: true });
    await ctx.call(wakakur, 'POST', API, { name: 'Futsal', coachEmployeeId: f.otherTeacher.user.employeeId });

    const members = [f.studentsA[0]!.id, f.studentsA[1]!.id, f.studentsB[0]!.id];
    const added = await ctx.call(wakakur, 'POST', `${API}/${activity.id}/members`, { studentIds: members });
    expect(added.json()).toEqual({ added: 3 });
    // a second add of the same students changes nothing
    expect((await ctx.call(wakakur, 'POST', `${API}/${activity.id}/members`, { studentIds: members })).json()).toEqual({
      added: 0,
    });

    const all = (await ctx.call(wakakur, 'GET', `${API}?q=pram`)).json<ExtracurricularList>();
    expect(all.items.map((a) => [a.name, a.memberCount, a.coachName])).toEqual([
      ['Pramuka', 3, expect.stringMatching(/^Pegawai teacher_/)],
    ]);
    expect((await ctx.call(wakakur, 'GET', API)).json<ExtracurricularList>().total).toBe(2);
    // a teacher lists the activities they coach; the principal reads every one but grades none
    const coach = (await ctx.call(f.subjectTeacher, 'GET', API)).json<ExtracurricularList>();
    expect(coach.items.map((a) => [a.name, a.canGrade])).toEqual([['Pramuka', true]]);
    const principal = (await ctx.call(await ctx.as('PRINCIPAL'), 'GET', API)).json<ExtracurricularList>();
    expect(principal.items.map((a) => [a.name, a.canGrade])).toEqual([
      ['Futsal', false],
      ['Pramuka', false],
    ]);
    // a student may not list, a teacher may not create
    expect((await ctx.call(await ctx.as('STUDENT'), 'GET', API)).statusCode).toBe(403);
    expect((await ctx.call(f.subjectTeacher, 'POST', API, { name: 'X', coachEmployeeId: 1 })).statusCode).toBe(403);
  });

  it('refuses bad input with the field named', async () => {
    const empty = await ctx.call(wakakur, 'POST', API, {
      name: ' ',
      coachEmployeeId: f.subjectTeacher.user.employeeId,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toMatchObject({ name: 'Nama kegiatan wajib diisi' });
    const twice = await ctx.call(wakakur, 'POST', API, {
      name: 'pramuka',
      coachEmployeeId: f.otherTeacher.user.employeeId,
    });
    expect(twice.statusCode).toBe(409);
    const longNote = await grade(f.subjectTeacher, [
      { studentId: f.studentsA[0]!.id, predicate: 'SB', note: 'x'.repeat(501) },
    ]);
    expect(longNote.statusCode).toBe(400);
    const badPredicate = await grade(f.subjectTeacher, [{ studentId: f.studentsA[0]!.id, predicate: 'A', note: '' }]);
    expect(badPredicate.statusCode).toBe(400);
    const stranger = await grade(f.subjectTeacher, [{ studentId: f.studentsA[2]!.id, predicate: 'B', note: '' }]);
    expect(stranger.statusCode).toBe(400);
  });

  it('lets the coach grade their members, refuses another teacher, and audits the save', async () => {
    const denied = await grade(f.otherTeacher, [{ studentId: f.studentsA[0]!.id, predicate: 'K', note: '' }]);
    expect(denied.statusCode).toBe(403);
    const res = await grade(f.subjectTeacher, [
      { studentId: f.studentsA[0]!.id, predicate: 'SB', note: 'Aktif memimpin regu' },
      { studentId: f.studentsA[1]!.id, predicate: 'B', note: '' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<ExtracurricularMembers>();
    expect(view.members.find((m) => m.studentId === f.studentsA[0]!.id)).toMatchObject({
      predicate: 'SB',
      note: 'Aktif memimpin regu',
      className: '7A',
    });
    const logged = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'extracurricular.grade'), eq(auditLog.entityId, String(activity.id))));
    expect(logged).toHaveLength(1);
    // the other teacher may not read the members either
    expect((await ctx.call(f.otherTeacher, 'GET', `${API}/${activity.id}/members?semester=GANJIL`)).statusCode).toBe(
      403,
    );
  });

  it('refuses grading a student whose class rapor is locked, saving nothing of the request', async () => {
    await ctx.db
      .insert(raporStates)
      .values({ classGroupId: f.classB.id, semester: 'GANJIL', status: 'LOCKED', lockedAt: new Date() });
    const res = await grade(f.subjectTeacher, [
      { studentId: f.studentsA[1]!.id, predicate: 'C', note: '' },
      { studentId: f.studentsB[0]!.id, predicate: 'B', note: '' },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/dikunci/);
    const view = (
      await ctx.call(f.subjectTeacher, 'GET', `${API}/${activity.id}/members?semester=GANJIL`)
    ).json<ExtracurricularMembers>();
    expect(view.members.find((m) => m.studentId === f.studentsA[1]!.id)?.predicate).toBe('B');
    expect(view.members.find((m) => m.studentId === f.studentsB[0]!.id)?.predicate).toBeNull();
    // a graded activity is not deleted
    expect((await ctx.call(wakakur, 'DELETE', `${API}/${activity.id}`)).statusCode).toBe(409);
  });

  it('puts the predicate and note on the student’s rapor, its JSON and its PDF', async () => {
    const url = `/api/v1/rapor/students/${f.studentsA[0]!.id}`;
    const res = await ctx.call(f.homeroomA, 'GET', `${url}?semester=GANJIL`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Rapor>().extracurriculars).toEqual([
      { name: 'Pramuka', predicate: 'SB', note: 'Aktif memimpin regu' },
    ]);
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `${url}/pdf?semester=GANJIL`,
      headers: { cookie: f.homeroomA.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    const doc = await getDocument({ data: new Uint8Array(pdf.rawPayload), useSystemFonts: false }).promise;
    let text = '';
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent();
      text += content.items.map((it) => ('str' in it ? it.str : '')).join(' ');
    }
    await doc.destroy();
    expect(text).toMatch(/Pramuka\s+Sangat Baik\s+Aktif memimpin regu/);
  });
});
