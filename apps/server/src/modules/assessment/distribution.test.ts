import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessments, auditLog, employees, teachingAssignments, units, users } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { attendanceFixture } from '../attendance/test-fixtures.ts';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let wakakur: Session;
let control: Session;
let student: Session;
let outsiderWakakur: Session;
let otherUnitId: number;

const API = '/api/v1/assessments';
const W = {
  opensAt: '2026-11-25T07:00:00+07:00',
  closesAt: '2026-11-28T23:00:00+07:00',
};

beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx);
  wakakur = await ctx.as('WAKAKUR');
  control = await ctx.as('TEACHERCASHIER');
  student = await ctx.as('STUDENT');
  // the team mate teaches Matematika in 7B
  await ctx.db.insert(teachingAssignments).values({
    employeeId: f.homeroomB.user.employeeId!,
    subjectId: f.subject.id,
    classGroupId: f.classB.id,
    academicYearId: f.year.id,
    semester: 'GANJIL',
    hoursPerWeek: 4,
  });
  // the curriculum deputy of another unit
  const [sd] = await ctx.db.insert(units).values({ code: 'SD', name: 'SD Uji' }).returning();
  otherUnitId = sd!.id;
  const u = await ctx.createUser({ division: 'WAKAKUR' });
  await ctx.db.update(users).set({ unitId: sd!.id }).where(eq(users.id, u.id));
  await ctx.db.update(employees).set({ unitId: sd!.id }).where(eq(employees.userId, u.id));
  outsiderWakakur = await ctx.signIn(u.username);
});
afterAll(() => ctx.close());

const ok = async (s: Session, method: 'POST' | 'PUT' | 'GET', url: string, body?: unknown) => {
  const res = await ctx.call(s, method, url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** An assessment of Matematika grade 7 by the teacher, taken through submit and the deputy's approval. */
async function approved(kind: 'TASK' | 'FORMATIVE' | 'SUMMATIVE', title: string, author = f.subjectTeacher) {
  const a = await ok(author, 'POST', API, {
    kind,
    title,
    subjectId: f.subject.id,
    gradeId: f.classA.gradeId,
    durationMinutes: kind === 'TASK' ? null : 60,
    passingMark: 75,
    classIds: [],
  });
  if (kind !== 'TASK') {
    const q = await ok(author, 'POST', '/api/v1/questions', {
      subjectId: f.subject.id,
      gradeId: f.classA.gradeId,
      stem: `<p>${title}: 3 + 4 = ...</p>`,
      content: {
        type: 'SINGLE',
        options: [
          { id: 'a', text: '7' },
          { id: 'b', text: '8' },
        ],
        key: 'a',
      },
      points: 1,
    });
    await ok(author, 'PUT', `${API}/${a.id}/items`, { items: [{ questionId: q.id }] });
  }
  const submitted = await ok(author, 'POST', `${API}/${a.id}/submit`, {});
  if (submitted.state === 'SUBMITTED') await ok(wakakur, 'POST', `${API}/${a.id}/approve`, {});
  return a.id as number;
}

describe('distributing a task or a quiz', () => {
  let taskId: number;
  let quizId: number;

  it('puts the teacher’s approved task on the schedule of a class with its window and due time, audited', async () => {
    taskId = await approved('TASK', 'Tugas rangkuman bab 3');
    const res = await ctx.call(f.subjectTeacher, 'POST', `${API}/${taskId}/schedule`, {
      classIds: [f.classA.id],
      ...W,
      dueAt: '2026-11-27T21:00:00+07:00',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'SCHEDULED',
      classes: [{ id: f.classA.id, name: '7A' }],
      dueAt: new Date('2026-11-27T21:00:00+07:00').toISOString(),
      opensAt: new Date(W.opensAt).toISOString(),
    });
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'assessment.schedule'), eq(auditLog.entityId, String(taskId))));
    expect(entry?.before).toEqual({ state: 'APPROVED' });
    expect(entry?.after).toMatchObject({
      state: 'SCHEDULED',
      classIds: [f.classA.id],
      dueAt: '2026-11-27T21:00:00+07:00',
    });
  });

  it('refuses a due time outside the window, a due time on a quiz, and a set that is not approved', async () => {
    const outside = await ctx.call(f.subjectTeacher, 'POST', `${API}/${taskId}/schedule`, {
      classIds: [f.classA.id],
      ...W,
      dueAt: '2026-11-29T21:00:00+07:00',
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.fields.dueAt).toBe('Batas pengumpulan harus di dalam waktu buka dan tutup');

    quizId = await approved('FORMATIVE', 'Kuis pecahan');
    const onQuiz = await ctx.call(f.subjectTeacher, 'POST', `${API}/${quizId}/schedule`, {
      classIds: [f.classA.id],
      ...W,
      dueAt: '2026-11-27T21:00:00+07:00',
    });
    expect(onQuiz.statusCode).toBe(400);
    expect(onQuiz.json().error.message).toBe('Batas pengumpulan hanya untuk tugas');

    // a draft is not distributed (the state machine): 409, and nothing changes
    const draft = await ok(f.subjectTeacher, 'POST', API, {
      kind: 'FORMATIVE',
      title: 'Kuis draf',
      subjectId: f.subject.id,
      gradeId: f.classA.gradeId,
      passingMark: 75,
    });
    const refused = await ctx.call(f.subjectTeacher, 'POST', `${API}/${draft.id}/schedule`, {
      classIds: [f.classA.id],
      ...W,
    });
    expect(refused.statusCode).toBe(409);
    const [row] = await ctx.db.select().from(assessments).where(eq(assessments.id, draft.id));
    expect(row).toMatchObject({ state: 'DRAFT', opensAt: null });

    // another teacher may not distribute the teacher's quiz
    const other = await ctx.call(f.otherTeacher, 'POST', `${API}/${quizId}/schedule`, {
      classIds: [f.classA.id],
      ...W,
    });
    expect(other.statusCode).toBe(403);
    await ok(f.subjectTeacher, 'POST', `${API}/${quizId}/schedule`, {
      classIds: [f.classA.id],
      opensAt: '2026-11-26T08:00:00+07:00',
      closesAt: '2026-11-26T09:00:00+07:00',
    });
  });

  it('lists a teacher only their own rows, and the unit’s leaders every row, by opening time', async () => {
    const rows = async (s: Session, query = '') => {
      const res = await ctx.call(s, 'GET', `${API}/distribution?pageSize=50${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        items: { assessmentId: number; className: string; state: string; dueAt: string | null }[];
        total: number;
      };
    };
    const mine = await rows(f.subjectTeacher);
    expect(mine.items.map((r) => [r.assessmentId, r.className])).toEqual([
      [taskId, '7A'],
      [quizId, '7A'],
    ]);
    expect(mine.items[0]).toMatchObject({
      state: 'SCHEDULED',
      dueAt: new Date('2026-11-27T21:00:00+07:00').toISOString(),
    });
    // the team mate teaches the same subject and grade but reads only what they wrote
    expect((await rows(f.homeroomB)).total).toBe(0);
    // the leaders of the unit read every row; with mine=true only their own
    expect((await rows(wakakur)).total).toBe(2);
    expect((await rows(control)).total).toBe(2);
    expect((await rows(wakakur, '&mine=true')).total).toBe(0);
    // filters: kind, class, dates
    expect((await rows(control, '&kind=TASK')).items.map((r) => r.assessmentId)).toEqual([taskId]);
    expect((await rows(control, `&classGroupId=${f.classB.id}`)).total).toBe(0);
    expect((await rows(control, '&from=2026-11-29')).total).toBe(0);
    expect((await rows(control, '&from=2026-11-26&to=2026-11-26')).total).toBe(2);
    expect((await rows(control, '&to=2026-11-24')).total).toBe(0);
    expect((await rows(control, '&q=rangkuman')).items.map((r) => r.assessmentId)).toEqual([taskId]);
    expect((await rows(control, '&q=50%25_')).total).toBe(0);
    // another unit's deputy reads nothing of this unit, and may not ask for it
    expect((await rows(outsiderWakakur)).total).toBe(0);
    const unit = await ctx.call(outsiderWakakur, 'GET', `${API}/distribution?unitId=${f.unitId}`);
    expect(unit.statusCode).toBe(403);
    expect(otherUnitId).not.toBe(f.unitId);
  });

  it('refuses the denied and bad input in the error shape', async () => {
    expect((await ctx.call(student, 'GET', `${API}/distribution`)).statusCode).toBe(403);
    expect((await ctx.call(null, 'GET', `${API}/distribution`)).statusCode).toBe(401);
    const bad = async (query: string, field: string, message: string) => {
      const res = await ctx.call(wakakur, 'GET', `${API}/distribution?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code, query).toBe('VALIDATION_FAILED');
      expect(res.json().error.fields[field], query).toBe(message);
    };
    await bad('from=2026-11-30&to=2026-11-01', 'to', 'Tanggal akhir tidak boleh sebelum tanggal awal');
    await bad('classGroupId=99999999999', 'classGroupId', 'Kelas tidak valid');
    await bad('from=kemarin', 'from', 'Tanggal awal harus berupa tanggal YYYY-MM-DD');
    await bad('kind=ESSAY', 'kind', 'Pilihan tidak valid');
    const nul = await ctx.call(wakakur, 'GET', `${API}/distribution?q=a%00b`);
    expect(nul.statusCode).toBeLessThan(500);
  });
});

describe('distributing a summative (WAKAKUR)', () => {
  it('lets the deputy of the unit distribute an approved summative; refuses a clash, the teacher and other units', async () => {
    const first = await approved('SUMMATIVE', 'PAS Matematika');
    const second = await approved('SUMMATIVE', 'PTS Matematika');
    const window = { opensAt: '2026-12-01T07:00:00+07:00', closesAt: '2026-12-01T09:00:00+07:00' };
    // the author may not distribute a summative (the state machine's scheduler rule), nor another unit's deputy
    expect(
      (await ctx.call(f.subjectTeacher, 'POST', `${API}/${first}/schedule`, { classIds: [f.classA.id], ...window }))
        .statusCode,
    ).toBe(403);
    expect(
      (await ctx.call(outsiderWakakur, 'POST', `${API}/${first}/schedule`, { classIds: [f.classA.id], ...window }))
        .statusCode,
    ).toBe(403);
    const done = await ok(wakakur, 'POST', `${API}/${first}/schedule`, {
      classIds: [f.classA.id, f.classB.id],
      ...window,
    });
    expect(done).toMatchObject({ state: 'SCHEDULED', classes: [{ name: '7A' }, { name: '7B' }] });

    // 7B already sits the PAS at 08:00: the PTS is refused there, and nothing is written
    const clash = await ctx.call(wakakur, 'POST', `${API}/${second}/schedule`, {
      classIds: [f.classB.id],
      opensAt: '2026-12-01T08:00:00+07:00',
      closesAt: '2026-12-01T10:00:00+07:00',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe('Kelas 7B sudah mendapat ujian lain pada waktu itu: PAS Matematika');
    const [row] = await ctx.db.select().from(assessments).where(eq(assessments.id, second));
    expect(row).toMatchObject({ state: 'APPROVED', opensAt: null });

    // sample questions (contoh soal) at the same time are no exam: they do not clash
    const sample = await approved('SUMMATIVE', 'Contoh soal PAS');
    await ctx.db.update(assessments).set({ isSample: true }).where(eq(assessments.id, sample));
    const practice = await ok(wakakur, 'POST', `${API}/${sample}/schedule`, { classIds: [f.classB.id], ...window });
    expect(practice.state).toBe('SCHEDULED');

    // right after the PAS closes it may go
    const after = await ok(wakakur, 'POST', `${API}/${second}/schedule`, {
      classIds: [f.classB.id],
      opensAt: '2026-12-01T09:00:00+07:00',
      closesAt: '2026-12-01T10:00:00+07:00',
    });
    expect(after.state).toBe('SCHEDULED');

    const overview = await ok(control, 'GET', `${API}/distribution?kind=SUMMATIVE&pageSize=50`);
    expect(overview.items.map((r: { title: string; className: string }) => `${r.title} ${r.className}`)).toEqual([
      'Contoh soal PAS 7B',
      'PAS Matematika 7A',
      'PAS Matematika 7B',
      'PTS Matematika 7B',
    ]);
  });
});
