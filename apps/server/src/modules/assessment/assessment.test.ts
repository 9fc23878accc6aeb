import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assessmentItems,
  assessments,
  auditLog,
  classGroups,
  employees,
  grades,
  teachingAssignments,
  units,
  users,
} from '../../db/schema/index.ts';
import { setClock } from '../../lib/clock.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { attendanceFixture, SCHOOL_NOW } from '../attendance/test-fixtures.ts';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let teamMate: Session;
let wakakur: Session;
let tu: Session;
let student: Session;
let outsider: Session;
let grade8: number;
let questionId: number;
let question8: number;

beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx);
  wakakur = await ctx.as('WAKAKUR');
  tu = await ctx.as('TU');
  student = await ctx.as('STUDENT');
  // a second teacher of Matematika in grade 7 (class 7B)
  teamMate = f.homeroomB;
  await ctx.db.insert(teachingAssignments).values({
    employeeId: teamMate.user.employeeId!,
    subjectId: f.subject.id,
    classGroupId: f.classB.id,
    academicYearId: f.year.id,
    semester: 'GANJIL',
    hoursPerWeek: 4,
  });
  const [g] = await ctx.db.insert(grades).values({ unitId: f.unitId, level: 8, name: 'Kelas 8' }).returning();
  grade8 = g!.id;
  // a teacher of another unit
  const [sd] = await ctx.db.insert(units).values({ code: 'SD', name: 'SD Uji' }).returning();
  const u = await ctx.createUser({ division: 'TEACHER' });
  await ctx.db.update(users).set({ unitId: sd!.id }).where(eq(users.id, u.id));
  await ctx.db.update(employees).set({ unitId: sd!.id }).where(eq(employees.userId, u.id));
  outsider = await ctx.signIn(u.username);
  // questions of the bank: one of grade 7 (the teacher's), one of grade 8
  const q = (gradeId: number, s: Session) =>
    ctx.call(s, 'POST', '/api/v1/questions', {
      subjectId: f.subject.id,
      gradeId,
      stem: '<p>2 + 2 = ...</p>',
      content: {
        type: 'SINGLE',
        options: [
          { id: 'a', text: '3' },
          { id: 'b', text: '4' },
        ],
        key: 'b',
      },
      points: 2,
    });
  questionId = (await q(f.classA.gradeId, f.subjectTeacher)).json().id;
  question8 = (await q(grade8, wakakur)).json().id;
});
afterAll(() => ctx.close());

const input = (over: Record<string, unknown> = {}) => ({
  kind: 'SUMMATIVE',
  title: 'PTS Matematika',
  subjectId: f.subject.id,
  gradeId: f.classA.gradeId,
  instructions: 'Kerjakan dengan jujur',
  durationMinutes: 90,
  passingMark: 75,
  classIds: [f.classA.id],
  ...over,
});

const API = '/api/v1/assessments';
const count = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(assessments))[0]!.n;
const create = async (over: Record<string, unknown> = {}, s: Session = f.subjectTeacher) => {
  const res = await ctx.call(s, 'POST', API, input(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; state: string };
};
const act = (s: Session, id: number, action: string, body: unknown = {}) =>
  ctx.call(s, 'POST', `${API}/${id}/${action}`, body);
const schedule = {
  classIds: [] as number[],
  opensAt: '2026-11-19T07:00:00+07:00',
  closesAt: '2026-11-19T09:00:00+07:00',
};

describe('assessments', () => {
  let id: number;

  it('lets a teacher write a draft of a subject and grade they teach, and no one else', async () => {
    const res = await ctx.call(f.subjectTeacher, 'POST', API, input());
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    expect(a).toMatchObject({
      kind: 'SUMMATIVE',
      state: 'DRAFT',
      subjectName: 'Matematika',
      gradeName: 'Kelas 7',
      passingMark: 75,
      classes: [{ id: f.classA.id, name: '7A' }],
      authorEmployeeId: f.subjectTeacher.user.employeeId,
      editable: true,
      actions: ['submit'],
    });
    id = a.id;
    const before = await count();
    expect((await ctx.call(f.otherTeacher, 'POST', API, input())).statusCode).toBe(403);
    expect((await ctx.call(f.subjectTeacher, 'POST', API, input({ gradeId: grade8, classIds: [] }))).statusCode).toBe(
      403,
    );
    expect((await ctx.call(outsider, 'POST', API, input())).statusCode).toBe(403);
    expect((await ctx.call(student, 'POST', API, input())).statusCode).toBe(403);
    expect((await ctx.call(tu, 'POST', API, input())).statusCode).toBe(403);
    expect(await count()).toBe(before);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'assessment.create'), eq(auditLog.entityId, String(id))));
    expect(entry?.after).toMatchObject({ kind: 'SUMMATIVE', state: 'DRAFT' });
  });

  it('refuses bad input in the error shape and writes nothing', async () => {
    const before = await count();
    const bad = async (body: unknown, field?: string) => {
      const res = await ctx.call(f.subjectTeacher, 'POST', API, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      if (field) expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
      return res.json().error;
    };
    expect((await bad(input({ title: ' ' }), 'title')).fields.title).toBe('Judul wajib diisi');
    await bad(input({ title: 'PTS\u0000' }));
    await bad(input({ subjectId: 2147483648 }), 'subjectId');
    await bad(input({ classIds: [2147483648] }));
    expect((await bad(input({ passingMark: 101 }), 'passingMark')).fields.passingMark).toBe('KKM 0 sampai 100');
    const window = await bad(
      input({ opensAt: '2026-11-20T09:00:00+07:00', closesAt: '2026-11-20T08:00:00+07:00' }),
      'closesAt',
    );
    expect(window.fields.closesAt).toBe('Waktu tutup harus setelah waktu buka');
    await bad(input({ kind: 'PR' }), 'kind');
    await bad(input({ classIds: [f.classA.id, 999999] }), 'classIds');
    expect(await count()).toBe(before);
    expect((await ctx.call(f.subjectTeacher, 'GET', `${API}/2147483648`)).statusCode).toBe(400);
    expect((await ctx.call(f.subjectTeacher, 'GET', `${API}/999999`)).statusCode).toBe(404);
  });

  it('shows an assessment to the subject team and leaders of the unit, and to no one else', async () => {
    expect((await ctx.call(teamMate, 'GET', `${API}/${id}`)).statusCode).toBe(200);
    expect((await ctx.call(wakakur, 'GET', `${API}/${id}`)).statusCode).toBe(200);
    expect((await ctx.call(tu, 'GET', `${API}/${id}`)).statusCode).toBe(200);
    expect((await ctx.call(f.otherTeacher, 'GET', `${API}/${id}`)).statusCode).toBe(403);
    expect((await ctx.call(outsider, 'GET', `${API}/${id}`)).statusCode).toBe(403);
    expect((await ctx.call(student, 'GET', `${API}/${id}`)).statusCode).toBe(403);
    expect((await ctx.call(student, 'GET', API)).statusCode).toBe(403);
    const ids = async (s: Session, query = '') =>
      (await ctx.call(s, 'GET', `${API}?pageSize=200${query}`)).json().items.map((a: { id: number }) => a.id);
    expect(await ids(teamMate)).toContain(id);
    expect(await ids(teamMate, '&mine=true')).not.toContain(id);
    expect(await ids(f.subjectTeacher, '&mine=true&kind=SUMMATIVE&state=DRAFT&q=pts')).toContain(id);
    expect(await ids(f.subjectTeacher, '&kind=TASK')).not.toContain(id);
    expect(await ids(f.otherTeacher)).toEqual([]);
    expect(await ids(outsider)).toEqual([]);
    expect(await ids(wakakur, '&state=DRAFT')).toContain(id);
  });

  it('lets only its author edit a draft, and pins the questions to their version', async () => {
    const { kind: _k, ...edit } = input({ title: 'PTS Matematika Ganjil' });
    expect((await ctx.call(teamMate, 'PUT', `${API}/${id}`, edit)).statusCode).toBe(403);
    expect((await ctx.call(wakakur, 'PUT', `${API}/${id}`, edit)).statusCode).toBe(403);
    const res = await ctx.call(f.subjectTeacher, 'PUT', `${API}/${id}`, edit);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().title).toBe('PTS Matematika Ganjil');
    // a question of another grade is refused under its field
    const wrong = await ctx.call(f.subjectTeacher, 'PUT', `${API}/${id}/items`, {
      items: [{ questionId }, { questionId: question8 }],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({
      'items.1.questionId': 'Soal harus dari mapel dan tingkat penilaian ini',
    });
    expect(
      (await ctx.call(f.subjectTeacher, 'PUT', `${API}/${id}/items`, { items: [{ questionId }, { questionId }] }))
        .statusCode,
    ).toBe(400);
    const items = await ctx.call(f.subjectTeacher, 'PUT', `${API}/${id}/items`, {
      items: [{ questionId, points: 5 }],
    });
    expect(items.statusCode, items.body).toBe(200);
    expect(items.json()).toMatchObject({
      itemCount: 1,
      items: [{ questionId, version: 1, points: 5, type: 'SINGLE' }],
    });
    // the question's next version does not move the pinned one
    const {
      subjectId: _s,
      gradeId: _g,
      ...qEdit
    } = {
      subjectId: 0,
      gradeId: 0,
      stem: '<p>2 + 3 = ...</p>',
      content: {
        type: 'SINGLE',
        options: [
          { id: 'a', text: '5' },
          { id: 'b', text: '6' },
        ],
        key: 'a',
      },
      points: 2,
    };
    expect((await ctx.call(f.subjectTeacher, 'PUT', `/api/v1/questions/${questionId}`, qEdit)).statusCode).toBe(200);
    const read = await ctx.call(f.subjectTeacher, 'GET', `${API}/${id}`);
    expect(read.json().items[0]).toMatchObject({ version: 1, stem: '<p>2 + 2 = ...</p>' });
    const rules = await ctx.call(f.subjectTeacher, 'PUT', `${API}/${id}/draw-rules`, {
      rules: [{ tag: 'PTS', difficulty: 'MUDAH', count: 5 }],
    });
    expect(rules.json().drawRules).toEqual([{ tag: 'pts', difficulty: 'MUDAH', type: null, count: 5 }]);
    expect(
      (await ctx.call(f.subjectTeacher, 'PUT', `${API}/${id}/draw-rules`, { rules: [{ count: 0 }] })).statusCode,
    ).toBe(400);
    expect((await ctx.call(teamMate, 'PUT', `${API}/${id}/items`, { items: [] })).statusCode).toBe(403);
    const classes = await ctx.call(f.subjectTeacher, 'PUT', `${API}/${id}/classes`, {
      classIds: [f.classA.id, f.classB.id],
    });
    expect(classes.json().classes.map((c: { name: string }) => c.name)).toEqual(['7A', '7B']);
  });

  it('walks the workflow: submit, return with a note, resubmit, approve, schedule, open, close, grade, publish', async () => {
    // an illegal step: a draft cannot be approved (409, in Indonesian); a teacher may not approve at all
    const early = await act(wakakur, id, 'approve');
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toEqual({ code: 'CONFLICT', message: 'Penilaian berstatus Draf tidak dapat disetujui' });
    expect((await act(f.subjectTeacher, id, 'approve')).statusCode).toBe(403);
    expect((await act(teamMate, id, 'submit')).statusCode).toBe(403);

    const submitted = await act(f.subjectTeacher, id, 'submit');
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ state: 'SUBMITTED', editable: false });
    expect((await act(f.subjectTeacher, id, 'submit')).statusCode).toBe(409);
    const { kind: _k, ...edit } = input();
    expect((await ctx.call(f.subjectTeacher, 'PUT', `${API}/${id}`, edit)).statusCode).toBe(409);
    expect((await ctx.call(f.subjectTeacher, 'DELETE', `${API}/${id}`)).statusCode).toBe(409);
    const checking = await ctx.call(wakakur, 'GET', `${API}/${id}`);
    expect(checking.json().actions).toEqual(['return', 'approve']);

    // a return needs its note
    const noNote = await act(wakakur, id, 'return', { note: ' ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error.fields).toEqual({ note: 'Catatan pengembalian wajib diisi' });
    const returned = await act(wakakur, id, 'return', { note: 'Soal nomor 1 terlalu mudah' });
    expect(returned.json()).toMatchObject({ state: 'RETURNED', checkNote: 'Soal nomor 1 terlalu mudah' });
    const fixed = await ctx.call(f.subjectTeacher, 'PUT', `${API}/${id}`, {
      ...edit,
      title: 'PTS Matematika (revisi)',
    });
    expect(fixed.statusCode).toBe(200);
    expect((await act(f.subjectTeacher, id, 'submit')).json().state).toBe('SUBMITTED');
    const approved = await act(wakakur, id, 'approve');
    expect(approved.json()).toMatchObject({ state: 'APPROVED', checkNote: null });

    // a summative goes on the exam schedule of the deputy or the exam staff, for at least one class
    expect((await act(f.subjectTeacher, id, 'schedule', { ...schedule, classIds: [f.classA.id] })).statusCode).toBe(
      403,
    );
    const noClass = await act(wakakur, id, 'schedule', schedule);
    expect(noClass.statusCode).toBe(400);
    expect(noClass.json().error.fields).toEqual({ classIds: 'Pilih minimal satu kelas' });
    const scheduled = await act(tu, id, 'schedule', { ...schedule, classIds: [f.classA.id] });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json()).toMatchObject({
      state: 'SCHEDULED',
      opensAt: '2026-11-19T00:00:00.000Z',
      classes: [{ name: '7A' }],
    });
    expect((await act(tu, id, 'open')).json().state).toBe('OPEN');
    expect((await act(f.subjectTeacher, id, 'grade')).statusCode).toBe(409);
    expect((await act(f.subjectTeacher, id, 'close')).json().state).toBe('CLOSED');
    expect((await act(wakakur, id, 'grade')).statusCode).toBe(403);
    expect((await act(f.subjectTeacher, id, 'grade')).json().state).toBe('GRADED');
    expect((await act(tu, id, 'publish')).statusCode).toBe(403);
    expect((await act(wakakur, id, 'publish')).json().state).toBe('PUBLISHED');
    expect((await act(wakakur, id, 'return', { note: 'terlambat' })).statusCode).toBe(409);

    const log = await ctx.db
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'assessment'), eq(auditLog.entityId, String(id))))
      .orderBy(asc(auditLog.id));
    const steps = log.filter(
      (e) =>
        !['assessment.create', 'assessment.update'].includes(e.action) && !/items|drawRules|classes/.test(e.action),
    );
    expect(
      steps.map((e) => [e.action, (e.before as { state: string }).state, (e.after as { state: string }).state]),
    ).toEqual([
      ['assessment.submit', 'DRAFT', 'SUBMITTED'],
      ['assessment.return', 'SUBMITTED', 'RETURNED'],
      ['assessment.submit', 'RETURNED', 'SUBMITTED'],
      ['assessment.approve', 'SUBMITTED', 'APPROVED'],
      ['assessment.schedule', 'APPROVED', 'SCHEDULED'],
      ['assessment.open', 'SCHEDULED', 'OPEN'],
      ['assessment.close', 'OPEN', 'CLOSED'],
      ['assessment.grade', 'CLOSED', 'GRADED'],
      ['assessment.publish', 'GRADED', 'PUBLISHED'],
    ]);
    expect(steps[1]!.after).toMatchObject({ note: 'Soal nomor 1 terlalu mudah' });
  });

  it('refuses a submit without questions, and approves a quiz on submit when the unit does not check quizzes', async () => {
    const empty = await create({ kind: 'FORMATIVE', title: 'Kuis 1' });
    const res = await act(f.subjectTeacher, empty.id, 'submit');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Tambahkan minimal satu soal sebelum mengajukan penilaian');
    await ctx.call(f.subjectTeacher, 'PUT', `${API}/${empty.id}/items`, { items: [{ questionId }] });
    // the unit's setting, changed by the administrator
    const admin = await ctx.as('ADMIN');
    const setting = async (formativeNeedsCheck: boolean) => {
      const res = await ctx.call(admin, 'PATCH', `/api/v1/units/${f.unitId}`, { formativeNeedsCheck });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().formativeNeedsCheck).toBe(formativeNeedsCheck);
    };
    await setting(false);
    expect((await act(f.subjectTeacher, empty.id, 'submit')).json().state).toBe('APPROVED');
    await setting(true);
  });

  it('lets a teacher schedule their own task, which opens and closes with its window', async () => {
    const task = await create({ kind: 'TASK', title: 'Tugas 1', dueAt: '2026-11-25T23:59:00+07:00' });
    expect((await act(f.subjectTeacher, task.id, 'submit')).json().state).toBe('SUBMITTED');
    expect((await act(wakakur, task.id, 'approve')).json().state).toBe('APPROVED');
    const res = await act(f.subjectTeacher, task.id, 'schedule', { ...schedule, classIds: [f.classA.id] });
    expect(res.json().state).toBe('SCHEDULED');
    try {
      setClock('2026-11-19T08:00:00+07:00');
      expect((await ctx.call(f.subjectTeacher, 'GET', `${API}/${task.id}`)).json().state).toBe('OPEN');
      // the list filters by the state as it is now, not as it was stored
      const listed = async (state: string) =>
        (await ctx.call(f.subjectTeacher, 'GET', `${API}?kind=TASK&state=${state}`))
          .json()
          .items.map((a: { id: number }) => a.id);
      expect(await listed('OPEN')).toContain(task.id);
      expect(await listed('SCHEDULED')).not.toContain(task.id);
      setClock('2026-11-19T09:00:00+07:00');
      expect((await ctx.call(f.subjectTeacher, 'GET', `${API}/${task.id}`)).json().state).toBe('CLOSED');
      expect((await act(f.subjectTeacher, task.id, 'grade')).json().state).toBe('GRADED');
    } finally {
      setClock(SCHOOL_NOW);
    }
  });

  it('shares with a teacher of the subject to read or to copy, and a copy is their own draft', async () => {
    const a = await create({ title: 'Bank PAS' });
    await ctx.call(f.subjectTeacher, 'PUT', `${API}/${a.id}/items`, { items: [{ questionId }] });
    // a teacher of Matematika in grade 8: not of this assessment's grade, so it is not theirs to read unshared
    const [class8] = await ctx.db
      .insert(classGroups)
      .values({ unitId: f.unitId, academicYearId: f.year.id, gradeId: grade8, name: '8A' })
      .returning();
    const u = await ctx.createUser({ division: 'TEACHER' });
    const grade8Teacher = await ctx.signIn(u.username);
    await ctx.db.insert(teachingAssignments).values({
      employeeId: grade8Teacher.user.employeeId!,
      subjectId: f.subject.id,
      classGroupId: class8!.id,
      academicYearId: f.year.id,
      semester: 'GANJIL',
      hoursPerWeek: 4,
    });
    const colleague = grade8Teacher.user.employeeId;
    const readable = async () => (await ctx.call(grade8Teacher, 'GET', `${API}/${a.id}`)).statusCode;
    expect(await readable()).toBe(403);
    // only to a teacher of the subject, and only by its author
    const refused = await act(f.subjectTeacher, a.id, 'share', {
      employeeId: f.otherTeacher.user.employeeId,
      mode: 'READ',
    });
    expect(refused.statusCode).toBe(400);
    expect((await act(teamMate, a.id, 'share', { employeeId: colleague, mode: 'READ' })).statusCode).toBe(403);
    const shared = await act(f.subjectTeacher, a.id, 'share', { employeeId: colleague, mode: 'READ' });
    expect(shared.json().shares).toEqual([expect.objectContaining({ employeeId: colleague, mode: 'READ' })]);
    expect(await readable()).toBe(200);
    const listed = await ctx.call(grade8Teacher, 'GET', `${API}?pageSize=200`);
    expect(listed.json().items.map((x: { id: number }) => x.id)).toEqual([a.id]);
    // "dibagikan kepada saya": only what others shared with the caller, never the caller's own
    const ids = async (s: typeof grade8Teacher) =>
      (await ctx.call(s, 'GET', `${API}?shared=true&pageSize=200`)).json().items.map((x: { id: number }) => x.id);
    expect(await ids(grade8Teacher)).toEqual([a.id]);
    expect(await ids(f.subjectTeacher)).not.toContain(a.id);
    expect((await act(grade8Teacher, a.id, 'copy')).statusCode).toBe(403);
    // a copy is a draft of the assessment's subject and grade: only for a teacher of that grade
    await act(f.subjectTeacher, a.id, 'share', { employeeId: colleague, mode: 'COPY' });
    const otherGrade = await act(grade8Teacher, a.id, 'copy');
    expect(otherGrade.statusCode).toBe(403);
    expect(otherGrade.json().error.message).toBe(
      'Anda hanya dapat menyalin penilaian mapel yang Anda ajar di tingkat ini',
    );
    expect((await act(teamMate, a.id, 'copy')).statusCode).toBe(403);
    await act(f.subjectTeacher, a.id, 'share', { employeeId: teamMate.user.employeeId, mode: 'COPY' });
    const copied = await act(teamMate, a.id, 'copy');
    expect(copied.statusCode, copied.body).toBe(200);
    expect(copied.json()).toMatchObject({
      title: 'Bank PAS (salinan)',
      state: 'DRAFT',
      editable: true,
      authorEmployeeId: teamMate.user.employeeId,
      itemCount: 1,
      // the copy keeps the versions its source pinned
      items: (await ctx.call(f.subjectTeacher, 'GET', `${API}/${a.id}`)).json().items,
    });
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'assessment.copy'), eq(auditLog.entityId, String(copied.json().id))));
    expect(entry?.after).toEqual({ from: a.id, state: 'DRAFT' });
    expect((await act(f.otherTeacher, a.id, 'copy')).statusCode).toBe(403);
  });

  it('refuses every route to a student and the workflow to a deputy of another unit', async () => {
    const a = await create({ title: 'Hanya untuk guru' });
    const [sd] = await ctx.db.select({ id: units.id }).from(units).where(eq(units.code, 'SD'));
    const u = await ctx.createUser({ division: 'WAKAKUR' });
    await ctx.db.update(users).set({ unitId: sd!.id }).where(eq(users.id, u.id));
    await ctx.db.update(employees).set({ unitId: sd!.id }).where(eq(employees.userId, u.id));
    const otherDeputy = await ctx.signIn(u.username);
    await ctx.call(f.subjectTeacher, 'PUT', `${API}/${a.id}/items`, { items: [{ questionId }] });
    expect((await act(f.subjectTeacher, a.id, 'submit')).statusCode).toBe(200);
    expect((await ctx.call(otherDeputy, 'GET', `${API}/${a.id}`)).statusCode).toBe(403);
    expect((await act(otherDeputy, a.id, 'approve')).statusCode).toBe(403);
    expect((await act(otherDeputy, a.id, 'return', { note: 'x' })).statusCode).toBe(403);
    const { kind: _k, ...edit } = input();
    const calls: [string, string, unknown?][] = [
      ['GET', API],
      ['GET', `${API}/${a.id}`],
      ['POST', API, input()],
      ['PUT', `${API}/${a.id}`, edit],
      ['DELETE', `${API}/${a.id}`],
      ['PUT', `${API}/${a.id}/items`, { items: [] }],
      ['PUT', `${API}/${a.id}/draw-rules`, { rules: [] }],
      ['PUT', `${API}/${a.id}/classes`, { classIds: [] }],
      ['POST', `${API}/${a.id}/share`, { employeeId: teamMate.user.employeeId, mode: 'READ' }],
      ['POST', `${API}/${a.id}/copy`],
      ...['submit', 'approve', 'open', 'close', 'grade', 'publish'].map(
        (x) => ['POST', `${API}/${a.id}/${x}`, {}] as [string, string, unknown],
      ),
      ['POST', `${API}/${a.id}/return`, { note: 'x' }],
      ['POST', `${API}/${a.id}/schedule`, { ...schedule, classIds: [f.classA.id] }],
    ];
    for (const [method, url, body] of calls) {
      const res = await ctx.call(student, method as 'GET', url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    expect((await ctx.call(wakakur, 'GET', `${API}/${a.id}`)).json().state).toBe('SUBMITTED');
  });

  it('deletes a draft softly, only by its author', async () => {
    const a = await create({ title: 'Hapus saya' });
    expect((await ctx.call(teamMate, 'DELETE', `${API}/${a.id}`)).statusCode).toBe(403);
    expect((await ctx.call(f.subjectTeacher, 'DELETE', `${API}/${a.id}`)).statusCode).toBe(200);
    expect((await ctx.call(f.subjectTeacher, 'GET', `${API}/${a.id}`)).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(assessments).where(eq(assessments.id, a.id));
    expect(row!.deletedAt).not.toBeNull();
    expect((await ctx.db.select().from(assessmentItems).where(eq(assessmentItems.assessmentId, a.id))).length).toBe(0);
  });
});
