import fs from 'node:fs';
import path from 'node:path';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollments, scoreColumns, teachingAssignments } from '../../../db/schema/index.ts';
import { MIGRATIONS_FOLDER } from '../../../db/migrate.ts';
import { setClock } from '../../../lib/clock.ts';
import { createTestContext, type Session, type TestContext } from '../../../test/context.ts';
import { attendanceFixture } from '../../attendance/test-fixtures.ts';

// Issue 40, part 1: every scored attempt lands in the grade book of its subject and class by itself.
// The clock is the test's: the quiz and the summative open at 10:00 WIB on Wednesday 18 November 2026.
const OPEN = '2026-11-18T10:00:00+07:00';
const CLOSE = '2026-11-18T12:00:00+07:00';
const at = (minutes: number) => new Date(new Date(OPEN).getTime() + minutes * 60_000).toISOString();
const DEV = 'device-gradebook-1';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let wakakur: Session;
const a: { session: Session; studentId: number }[] = [];
const b: { session: Session; studentId: number }[] = [];
const q: Record<'single' | 'short' | 'essay', number> = { single: 0, short: 0, essay: 0 };
let quiz: number;
let summative: number;
const API = '/api/v1';

const SINGLE = {
  type: 'SINGLE',
  options: [
    { id: 'a', text: '6' },
    { id: 'b', text: '8' },
  ],
  key: 'b',
};

async function makeAssessment(kind: string, title: string, questionIds: number[], classIds: number[]) {
  const created = await ctx.call(f.subjectTeacher, 'POST', `${API}/assessments`, {
    kind,
    title,
    subjectId: f.subject.id,
    gradeId: f.classA.gradeId,
    durationMinutes: 60,
    passingMark: 75,
    classIds,
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().id as number;
  const items = await ctx.call(f.subjectTeacher, 'PUT', `${API}/assessments/${id}/items`, {
    items: questionIds.map((questionId) => ({ questionId })),
  });
  expect(items.statusCode, items.body).toBe(200);
  for (const [s, action, body] of [
    [f.subjectTeacher, 'submit', {}],
    [wakakur, 'approve', {}],
    [wakakur, 'schedule', { classIds, opensAt: OPEN, closesAt: CLOSE }],
  ] as const) {
    const res = await ctx.call(s, 'POST', `${API}/assessments/${id}/${action}`, body);
    expect(res.statusCode, res.body).toBe(200);
  }
  return id;
}

/** A student takes the assessment: starts, answers, submits; the attempt's id. */
async function take(s: Session, assessmentId: number, answers: Partial<Record<keyof typeof q, unknown>>) {
  const started = await ctx.call(s, 'POST', `${API}/exam/assessments/${assessmentId}/start`, { deviceId: DEV });
  expect(started.statusCode, started.body).toBe(200);
  const attemptId = started.json().attempt.id as number;
  await answer(s, attemptId, answers, 1);
  const submitted = await ctx.call(s, 'POST', `${API}/exam/attempts/${attemptId}/submit`, { deviceId: DEV });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return attemptId;
}

async function answer(s: Session, attemptId: number, answers: Partial<Record<keyof typeof q, unknown>>, seq: number) {
  const saves = Object.entries(answers).map(([k, response], i) => ({
    questionId: q[k as keyof typeof q],
    clientSeq: seq + i,
    response,
  }));
  const saved = await ctx.call(s, 'POST', `${API}/exam/attempts/${attemptId}/saves`, { deviceId: DEV, saves });
  expect(saved.statusCode, saved.body).toBe(200);
}

const sheetOf = (s: Session, classGroupId: number) =>
  ctx.call(s, 'GET', `${API}/scores/sheet?classGroupId=${classGroupId}&subjectId=${f.subject.id}&semester=GANJIL`);

/** The sheet's column of an assessment, and each student's score in it (absent: not in the map). */
async function fedColumn(s: Session, classGroupId: number, assessmentId: number) {
  const res = await sheetOf(s, classGroupId);
  expect(res.statusCode, res.body).toBe(200);
  const sheet = res.json() as {
    columns: { id: number; assessmentId: number | null; kind: string; title: string; date: string }[];
    cells: { columnId: number; studentId: number; score: number }[];
  };
  const column = sheet.columns.find((c) => c.assessmentId === assessmentId);
  const scores = new Map(sheet.cells.filter((c) => c.columnId === column?.id).map((c) => [c.studentId, c.score]));
  return { column, scores };
}

beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx, { now: '2026-11-17T10:00:00+07:00' });
  wakakur = await ctx.as('WAKAKUR');
  // 7B's Matematika is the other teacher's
  await ctx.db.insert(teachingAssignments).values({
    employeeId: f.otherTeacher.user.employeeId!,
    subjectId: f.subject.id,
    classGroupId: f.classB.id,
    academicYearId: f.year.id,
    semester: 'GANJIL',
    hoursPerWeek: 4,
  });
  for (const [list, classGroupId, n] of [
    [a, f.classA.id, 2],
    [b, f.classB.id, 1],
  ] as const) {
    for (let i = 0; i < n; i++) {
      const u = await ctx.createUser({ division: 'STUDENT' });
      const session = await ctx.signIn(u.username);
      await ctx.db.insert(enrollments).values({
        studentId: session.user.studentId!,
        classGroupId,
        academicYearId: f.year.id,
        startedAt: new Date('2026-07-13T00:00:00+07:00'),
      });
      list.push({ session, studentId: session.user.studentId! });
    }
  }
  const write = async (content: unknown, points: number) => {
    const res = await ctx.call(f.subjectTeacher, 'POST', `${API}/questions`, {
      subjectId: f.subject.id,
      gradeId: f.classA.gradeId,
      stem: '<p>Soal</p>',
      content,
      points,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as number;
  };
  q.single = await write(SINGLE, 2);
  q.short = await write({ type: 'SHORT', accepted: [{ text: 'Jakarta' }] }, 1);
  q.essay = await write({ type: 'ESSAY', rubric: [{ criterion: 'Tepat', points: 3 }] }, 3);
  quiz = await makeAssessment('FORMATIVE', 'Kuis Bab 1', [q.single, q.short], [f.classA.id, f.classB.id]);
  summative = await makeAssessment('SUMMATIVE', 'Sumatif Bab 1', [q.single, q.short, q.essay], [f.classA.id]);
  setClock(at(5));
});
afterAll(() => ctx.close());

describe('the grade book fed by the exam engine', () => {
  it('puts an auto-graded quiz in its class’s column at submission, each class in its own', async () => {
    // 7A: single right, short wrong: 2 of 3 points = 66.67
    await take(a[0]!.session, quiz, {
      single: { type: 'SINGLE', optionId: 'b' },
      short: { type: 'SHORT', text: 'Bandung' },
    });
    // 7B: everything right
    await take(b[0]!.session, quiz, {
      single: { type: 'SINGLE', optionId: 'b' },
      short: { type: 'SHORT', text: 'jakarta' },
    });
    const inA = await fedColumn(f.subjectTeacher, f.classA.id, quiz);
    expect(inA.column).toMatchObject({ kind: 'FORMATIF', title: 'Kuis Bab 1', date: '2026-11-18' });
    expect(Object.fromEntries(inA.scores)).toEqual({ [a[0]!.studentId]: 66.67 });
    const inB = await fedColumn(f.otherTeacher, f.classB.id, quiz);
    expect(inB.column).toMatchObject({ kind: 'FORMATIF', title: 'Kuis Bab 1' });
    expect(inB.column!.id).not.toBe(inA.column!.id);
    expect(Object.fromEntries(inB.scores)).toEqual({ [b[0]!.studentId]: 100 });
    // one column per class, stored as whole hundredths
    const rows = await ctx.db.execute<{ classGroupId: number; hundredths: number }>(sql`
      select c.class_group_id as "classGroupId", s.hundredths from score_columns c join scores s on s.column_id = c.id
      where c.assessment_id = ${quiz} order by c.class_group_id`);
    expect(rows.rows).toEqual([
      { classGroupId: f.classA.id, hundredths: 6667 },
      { classGroupId: f.classB.id, hundredths: 10000 },
    ]);
    // the recap counts it as a formative
    const recap = await ctx.call(
      f.subjectTeacher,
      'GET',
      `${API}/scores/recap?classGroupId=${f.classA.id}&subjectId=${f.subject.id}&semester=GANJIL`,
    );
    expect(recap.json().columnCounts.FORMATIF).toBe(1);
  });

  it('keeps access as it was: a teacher opens only the sheets of their own classes and subjects', async () => {
    expect((await sheetOf(f.subjectTeacher, f.classB.id)).statusCode).toBe(403);
    expect((await sheetOf(f.otherTeacher, f.classA.id)).statusCode).toBe(403);
    expect((await sheetOf(a[0]!.session, f.classA.id)).statusCode).toBe(403);
    // the homeroom teacher of 7A reads the fed column too
    expect((await fedColumn(f.homeroomA, f.classA.id, quiz)).scores.get(a[0]!.studentId)).toBe(66.67);
  });

  it('refuses hand edits of a fed column with 409; its kind stays the teacher’s to change', async () => {
    const { column } = await fedColumn(f.subjectTeacher, f.classA.id, quiz);
    const cells = await ctx.call(f.subjectTeacher, 'PUT', `${API}/scores/cells`, {
      cells: [{ columnId: column!.id, studentId: a[0]!.studentId, score: 90 }],
    });
    expect(cells.statusCode, cells.body).toBe(409);
    expect(cells.json().error.message).toBe(
      'Kolom Kuis Bab 1 diisi otomatis dari ujian online; nilainya diubah lewat hasil dan koreksi ujian tersebut, bukan di lembar nilai.',
    );
    // WAKAKUR, who may correct any sheet, is refused too
    const byWakakur = await ctx.call(wakakur, 'PUT', `${API}/scores/cells`, {
      cells: [{ columnId: column!.id, studentId: a[0]!.studentId, score: null }],
    });
    expect(byWakakur.statusCode).toBe(409);
    const rename = await ctx.call(f.subjectTeacher, 'PUT', `${API}/scores/columns/${column!.id}`, { title: 'UH 1' });
    expect(rename.statusCode).toBe(409);
    expect((await ctx.call(f.subjectTeacher, 'DELETE', `${API}/scores/columns/${column!.id}`)).statusCode).toBe(409);
    const kind = await ctx.call(f.subjectTeacher, 'PUT', `${API}/scores/columns/${column!.id}`, { kind: 'HARIAN' });
    expect(kind.statusCode, kind.body).toBe(200);
    expect(kind.json()).toMatchObject({ kind: 'HARIAN', assessmentId: quiz });
    await ctx.call(f.subjectTeacher, 'PUT', `${API}/scores/columns/${column!.id}`, { kind: 'FORMATIF' });
    expect((await fedColumn(f.subjectTeacher, f.classA.id, quiz)).scores.get(a[0]!.studentId)).toBe(66.67);
    // someone outside the sheet is refused as before (403, not the 409)
    const outsider = await ctx.call(f.otherTeacher, 'PUT', `${API}/scores/cells`, {
      cells: [{ columnId: column!.id, studentId: a[0]!.studentId, score: 90 }],
    });
    expect(outsider.statusCode).toBe(403);
  });

  it('leaves an essay’s score absent until it is marked, then puts it in; a second marking updates it', async () => {
    setClock(at(10));
    const answers = {
      single: { type: 'SINGLE', optionId: 'b' },
      short: { type: 'SHORT', text: 'Jakarta' },
      essay: { type: 'ESSAY', text: 'Karena delapan' },
    };
    await take(a[0]!.session, summative, answers);
    await take(a[1]!.session, summative, answers);
    // both wait for marking: no column yet, not a 0
    expect((await fedColumn(f.subjectTeacher, f.classA.id, summative)).column).toBeUndefined();
    const essays = await ctx.call(f.subjectTeacher, 'GET', `${API}/assessments/${summative}/essays`);
    expect(essays.statusCode, essays.body).toBe(200);
    const answerOf = (studentId: number) =>
      essays.json().items.find((i: { studentId: number }) => i.studentId === studentId).answerId as number;
    const mark = (studentId: number, marks: number[]) =>
      ctx.call(f.subjectTeacher, 'PUT', `${API}/assessments/${summative}/essays/${answerOf(studentId)}`, { marks });
    expect((await mark(a[0]!.studentId, [1])).statusCode).toBe(200);
    let fed = await fedColumn(f.subjectTeacher, f.classA.id, summative);
    expect(fed.column).toMatchObject({ kind: 'SUMATIF', title: 'Sumatif Bab 1', date: '2026-11-18' });
    // (2 + 1 + 1) of 6 = 66.67; the other student's essay still waits: absent
    expect(Object.fromEntries(fed.scores)).toEqual({ [a[0]!.studentId]: 66.67 });
    expect((await mark(a[0]!.studentId, [3])).statusCode).toBe(200);
    expect((await mark(a[1]!.studentId, [2])).statusCode).toBe(200);
    fed = await fedColumn(f.subjectTeacher, f.classA.id, summative);
    expect(Object.fromEntries(fed.scores)).toEqual({ [a[0]!.studentId]: 100, [a[1]!.studentId]: 83.33 });
  });

  it('follows a key change (regrade) in every class’s column', async () => {
    const res = await ctx.call(f.subjectTeacher, 'PUT', `${API}/assessments/${quiz}/items/${q.single}/key`, {
      content: { ...SINGLE, key: 'a' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // 7A: 0 of 3; 7B: the short answer's 1 of 3
    expect((await fedColumn(f.subjectTeacher, f.classA.id, quiz)).scores.get(a[0]!.studentId)).toBe(0);
    expect((await fedColumn(f.otherTeacher, f.classB.id, quiz)).scores.get(b[0]!.studentId)).toBe(33.33);
  });

  it('keeps the last score while an attempt is reopened, and takes the new one when it is submitted again', async () => {
    setClock(at(20));
    const [attempt] = (
      await ctx.db.execute<{ id: number }>(
        sql`select id from attempts where assessment_id = ${quiz} and student_id = ${a[0]!.studentId}`,
      )
    ).rows;
    const control = `${API}/exam/control/${quiz}/attempts/${attempt!.id}`;
    const reopen = () =>
      ctx.call(f.subjectTeacher, 'POST', `${control}/reopen`, { reason: 'Salah tekan', minutes: 10 });
    expect((await reopen()).statusCode).toBe(200);
    expect((await fedColumn(f.subjectTeacher, f.classA.id, quiz)).scores.get(a[0]!.studentId)).toBe(0);
    // the student answers the short question right (1 of 3) and submits
    await answer(a[0]!.session, attempt!.id, { short: { type: 'SHORT', text: 'Jakarta' } }, 10);
    const submitted = await ctx.call(a[0]!.session, 'POST', `${API}/exam/attempts/${attempt!.id}/submit`, {
      deviceId: DEV,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await fedColumn(f.subjectTeacher, f.classA.id, quiz)).scores.get(a[0]!.studentId)).toBe(33.33);
    // reopened again, the single answer changed to the new key, then submitted by the proctor: 3 of 3
    expect((await reopen()).statusCode).toBe(200);
    await answer(a[0]!.session, attempt!.id, { single: { type: 'SINGLE', optionId: 'a' } }, 20);
    const forced = await ctx.call(f.subjectTeacher, 'POST', `${control}/force-submit`, { reason: 'Waktu habis' });
    expect(forced.statusCode, forced.body).toBe(200);
    expect((await fedColumn(f.subjectTeacher, f.classA.id, quiz)).scores.get(a[0]!.studentId)).toBe(100);
  });

  it('shows a student the fed column only once the results are published with scores', async () => {
    const mine = async () => {
      const res = await ctx.call(a[0]!.session, 'GET', `${API}/scores/me?semester=GANJIL`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().subjects as { columns: { title: string; score: number | null }[] }[]).flatMap(
        (s) => s.columns,
      );
    };
    expect(await mine()).toEqual([]);
    setClock(at(100));
    for (const action of ['close', 'grade', 'publish']) {
      const res = await ctx.call(f.subjectTeacher, 'POST', `${API}/assessments/${summative}/${action}`, {});
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await mine()).toEqual([expect.objectContaining({ title: 'Sumatif Bab 1', score: 100 })]);
  });

  it('backfills, by its migration, the columns of attempts scored before: what the engine itself writes', async () => {
    const snapshot = async () =>
      (
        await ctx.db.execute<Record<string, unknown>>(sql`
          select c.assessment_id, c.class_group_id, c.unit_id, c.subject_id, c.semester, c.kind, c.title,
            c.date::text, s.student_id, s.hundredths
          from score_columns c left join scores s on s.column_id = c.id
          where c.assessment_id is not null order by 1, 2, s.student_id`)
      ).rows;
    const live = await snapshot();
    expect(live).toHaveLength(4);
    // the grade book as it was before this change: no fed column; a typed column stays as it is
    const typed = await ctx.call(f.subjectTeacher, 'POST', `${API}/scores/columns`, {
      classGroupId: f.classA.id,
      subjectId: f.subject.id,
      semester: 'GANJIL',
      kind: 'HARIAN',
      title: 'UH 1',
      date: '2026-11-10',
    });
    expect(typed.statusCode, typed.body).toBe(200);
    await ctx.db.delete(scoreColumns).where(isNotNull(scoreColumns.assessmentId));
    const file = fs.readdirSync(MIGRATIONS_FOLDER).find((name) => /^\d{4}_gradebook_backfill\.sql$/.test(name));
    const backfill = fs.readFileSync(path.join(MIGRATIONS_FOLDER, file!), 'utf8');
    await ctx.db.execute(sql.raw(backfill));
    expect(await snapshot()).toEqual(live);
    // run again, it adds nothing; the typed column is untouched
    await ctx.db.execute(sql.raw(backfill));
    expect(await snapshot()).toEqual(live);
    const [kept] = await ctx.db.select().from(scoreColumns).where(eq(scoreColumns.id, typed.json().id));
    expect(kept).toMatchObject({ title: 'UH 1', assessmentId: null });
  });
});
