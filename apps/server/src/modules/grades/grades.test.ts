import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, enrollments, scores, subjects, teachingAssignments } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { clock, setClock } from '../../lib/clock.ts';
import { attendanceFixture, SCHOOL_NOW } from '../attendance/test-fixtures.ts';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let wakakur: Session;
let principal: Session;
let student: Session;
let ipa: number;
const semester = 'GANJIL';

beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx);
  wakakur = await ctx.as('WAKAKUR');
  principal = await ctx.as('PRINCIPAL');
  student = await ctx.as('STUDENT');
  // the student account is one of 7A
  await ctx.db.insert(enrollments).values({
    studentId: student.user.studentId!,
    classGroupId: f.classA.id,
    academicYearId: f.year.id,
    startedAt: new Date(`${f.year.startDate}T00:00:00+07:00`),
  });
  // IPA in 7B, taught by the homeroom teacher of 7A
  const [s] = await ctx.db.insert(subjects).values({ unitId: f.unitId, code: 'IPA', name: 'IPA', kkm: 70 }).returning();
  ipa = s!.id;
  await ctx.db.insert(teachingAssignments).values({
    employeeId: f.homeroomA.user.employeeId!,
    subjectId: ipa,
    classGroupId: f.classB.id,
    academicYearId: f.year.id,
    semester,
    hoursPerWeek: 2,
  });
});
afterAll(() => ctx.close());

const sheetOf = (classGroupId: number, subjectId: number) =>
  `/api/v1/scores/sheet?classGroupId=${classGroupId}&subjectId=${subjectId}&semester=${semester}`;
const recapOf = (classGroupId: number, subjectId: number) =>
  `/api/v1/scores/recap?classGroupId=${classGroupId}&subjectId=${subjectId}&semester=${semester}`;
const column = (s: Session, body: Record<string, unknown>) =>
  ctx.call(s, 'POST', '/api/v1/scores/columns', {
    classGroupId: f.classA.id,
    subjectId: f.subject.id,
    semester,
    kind: 'HARIAN',
    title: 'UH 1',
    date: '2026-09-10',
    ...body,
  });
const countScores = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(scores))[0]!.n;

describe('score sheets', () => {
  it('offers each caller the sheets the rule lets them open, and says where they may type', async () => {
    const choices = async (s: Session) => {
      const res = await ctx.call(s, 'GET', '/api/v1/scores/choices');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().items as { classGroupId: number; subjectId: number; canEdit: boolean }[]).map(
        (i) => `${i.classGroupId}:${i.subjectId}:${i.canEdit}`,
      );
    };
    expect(await choices(f.subjectTeacher)).toEqual([`${f.classA.id}:${f.subject.id}:true`]);
    // homeroom of 7A: types IPA in 7B, reads Matematika of 7A
    expect((await choices(f.homeroomA)).sort()).toEqual(
      [`${f.classA.id}:${f.subject.id}:false`, `${f.classB.id}:${ipa}:true`].sort(),
    );
    expect(await choices(f.otherTeacher)).toEqual([]);
    expect((await choices(wakakur)).sort()).toEqual(
      [`${f.classA.id}:${f.subject.id}:true`, `${f.classB.id}:${ipa}:true`].sort(),
    );
    expect((await choices(principal)).every((c) => c.endsWith(':false'))).toBe(true);
    expect((await ctx.call(student, 'GET', '/api/v1/scores/choices')).statusCode).toBe(403);
  });

  it('lets the subject teacher and WAKAKUR add columns; refuses the others before writing', async () => {
    const ok = await column(f.subjectTeacher, {});
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ kind: 'HARIAN', title: 'UH 1', date: '2026-09-10', assessmentId: null });
    expect((await column(wakakur, { title: 'Koreksi' })).statusCode).toBe(200);
    for (const s of [f.homeroomA, f.otherTeacher, principal]) {
      expect((await column(s, { title: 'Ditolak' })).statusCode).toBe(403);
    }
    expect((await column(student, {})).statusCode).toBe(403);
    expect((await column(f.homeroomA, { classGroupId: f.classB.id, subjectId: ipa })).statusCode).toBe(200);
    // bad input: a clear 400, nothing written
    const refusals = [];
    for (const bad of [{ title: 'UH\u0000' }, { classGroupId: 2 ** 31 }, { kind: 'UAS' }, { date: '2026-13-01' }]) {
      const res = await column(f.subjectTeacher, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      refusals.push({ code: res.json().error.code, fields: res.json().error.fields });
    }
    expect(refusals).toEqual(
      [
        { title: 'Karakter tidak sah' },
        { classGroupId: 'Kelas tidak valid' },
        { kind: 'Pilih jenis penilaian' },
        { date: 'Tanggal harus berupa tanggal YYYY-MM-DD' },
      ].map((fields) => ({ code: 'VALIDATION_FAILED', fields })),
    );
    const titles = (await ctx.call(f.subjectTeacher, 'GET', sheetOf(f.classA.id, f.subject.id)))
      .json()
      .columns.map((c: { title: string }) => c.title);
    expect(titles).toEqual(['UH 1', 'Koreksi']);
  });

  it('warns of a second assessment of the same name on the same date, and adds it when confirmed', async () => {
    setClock('2026-12-02T05:42:00+07:00'); // 05:42 WIB: still 1 December in UTC
    try {
      const today = clock.today();
      expect(today).toBe('2026-12-02');
      const sheet = { classGroupId: f.classB.id, subjectId: ipa, title: 'Kuis Bab 3', date: today };
      expect((await column(f.homeroomA, sheet)).statusCode).toBe(200);
      const again = await column(f.homeroomA, { ...sheet, title: ' kuis bab 3 ' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({
        code: 'CONFLICT',
        message:
          'Penilaian Kuis Bab 3 pada 2 Desember 2026 sudah ada di lembar nilai ini. Simpan lagi hanya bila ini memang penilaian yang lain.',
        fields: { confirmDuplicate: 'Sudah ada' },
      });
      // another date or another name is no duplicate; a confirmed second one is added
      expect((await column(f.homeroomA, { ...sheet, date: '2026-12-01' })).statusCode).toBe(200);
      expect((await column(f.homeroomA, { ...sheet, title: 'Kuis Bab 4' })).statusCode).toBe(200);
      const confirmed = await column(f.homeroomA, { ...sheet, confirmDuplicate: true });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const titles = (await ctx.call(f.homeroomA, 'GET', sheetOf(f.classB.id, ipa)))
        .json()
        .columns.filter((c: { date: string }) => c.date === today)
        .map((c: { title: string }) => c.title);
      expect(titles).toEqual(['Kuis Bab 3', 'Kuis Bab 4', 'Kuis Bab 3']);
    } finally {
      setClock(SCHOOL_NOW);
    }
  });

  it('reads a sheet for its teacher, the homeroom teacher and leaders only', async () => {
    for (const [s, code] of [
      [f.subjectTeacher, 200],
      [f.homeroomA, 200],
      [principal, 200],
      [f.otherTeacher, 403],
      [f.homeroomB, 403],
      [student, 403],
    ] as const) {
      expect((await ctx.call(s, 'GET', sheetOf(f.classA.id, f.subject.id))).statusCode).toBe(code);
    }
    const sheet = (await ctx.call(f.homeroomA, 'GET', sheetOf(f.classA.id, f.subject.id))).json();
    expect(sheet.canEdit).toBe(false);
    expect(sheet.students.map((s: { id: number }) => s.id)).toEqual(
      expect.arrayContaining([...f.studentsA.map((s) => s.id), student.user.studentId!]),
    );
  });
});

describe('saving scores', () => {
  it('checks every cell first and writes nothing unless all are good', async () => {
    const sheet = (await ctx.call(f.subjectTeacher, 'GET', sheetOf(f.classA.id, f.subject.id))).json();
    const uh1 = sheet.columns[0].id as number;
    const before = await countScores();
    const bad = await ctx.call(f.subjectTeacher, 'PUT', '/api/v1/scores/cells', {
      cells: [
        { columnId: uh1, studentId: f.studentsA[0]!.id, score: 80 },
        { columnId: uh1, studentId: f.studentsB[0]!.id, score: 75 },
        { columnId: uh1, studentId: f.studentsA[0]!.id, score: 81 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      'cells.1.studentId': 'Siswa bukan anggota kelas ini',
      'cells.2.studentId': 'Nilai siswa ini tercantum dua kali',
    });
    const range = await ctx.call(f.subjectTeacher, 'PUT', '/api/v1/scores/cells', {
      cells: [{ columnId: uh1, studentId: f.studentsA[0]!.id, score: 100.5 }],
    });
    expect(range.statusCode).toBe(400);
    const decimals = await ctx.call(f.subjectTeacher, 'PUT', '/api/v1/scores/cells', {
      cells: [{ columnId: uh1, studentId: f.studentsA[0]!.id, score: 87.555 }],
    });
    expect(decimals.statusCode).toBe(400);
    const other = await ctx.call(f.otherTeacher, 'PUT', '/api/v1/scores/cells', {
      cells: [{ columnId: uh1, studentId: f.studentsA[0]!.id, score: 80 }],
    });
    expect(other.statusCode).toBe(403);
    expect(await countScores()).toBe(before);
  });

  it('computes the recap by hand-checked figures, with the KKM, and rounds once', async () => {
    const t = f.subjectTeacher;
    const uh2 = (await column(t, { title: 'UH 2', date: '2026-10-01' })).json().id as number;
    const pas = (await column(t, { title: 'PAS', kind: 'PAS', date: '2026-12-05' })).json().id as number;
    const sheet = (await ctx.call(t, 'GET', sheetOf(f.classA.id, f.subject.id))).json();
    const uh1 = sheet.columns.find((c: { title: string }) => c.title === 'UH 1').id as number;
    const [a, b, c] = f.studentsA.map((s) => s.id) as [number, number, number];
    const saved = await ctx.call(t, 'PUT', '/api/v1/scores/cells', {
      cells: [
        // a: HARIAN 80, 90 -> 85; PAS 70: (85*25 + 70*20) / 45 = 78.33
        { columnId: uh1, studentId: a, score: 80 },
        { columnId: uh2, studentId: a, score: 90 },
        { columnId: pas, studentId: a, score: 70 },
        // b: HARIAN 60, 70.5 -> 65.25; PAS 50: (65.25*25 + 50*20) / 45 = 2631.25 / 45 = 58.4722 -> 58.47
        { columnId: uh1, studentId: b, score: 60 },
        { columnId: uh2, studentId: b, score: 70.5 },
        { columnId: pas, studentId: b, score: 50 },
        // c: nothing yet (an empty cell stays empty)
        { columnId: uh1, studentId: c, score: null },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ saved: 6, cleared: 0 });

    const recap = async () => (await ctx.call(t, 'GET', recapOf(f.classA.id, f.subject.id))).json();
    let r = await recap();
    expect(r.policy).toMatchObject({ kkm: 75, custom: false });
    const row = (id: number) => r.rows.find((x: { studentId: number }) => x.studentId === id);
    expect(row(a)).toMatchObject({ final: 78.33, belowKkm: false, means: { HARIAN: 85, PAS: 70, TUGAS: null } });
    expect(row(b)).toMatchObject({ final: 58.47, belowKkm: true, means: { HARIAN: 65.25, PAS: 50 } });
    expect(row(c)).toMatchObject({ final: null, belowKkm: null });
    // class mean of the exact finals: (3525/45 + 2631.25/45) / 2 = 6156.25 / 90 = 68.4027.. -> 68.4
    expect(r.classMean).toBe(68.4);
    expect(r.belowKkm).toBe(1);
    expect(r.columnCounts).toMatchObject({ HARIAN: 3, PAS: 1 });

    // WAKAKUR sets KKM 80 and weights HARIAN 1, PAS 1: a = (85 + 70) / 2 = 77.5, below
    const policy = { subjectId: f.subject.id, gradeId: f.classA.gradeId, kkm: 80 };
    const weights = { HARIAN: 1, TUGAS: 0, FORMATIF: 0, SUMATIF: 0, PTS: 0, PAS: 1 };
    expect((await ctx.call(t, 'PUT', '/api/v1/scores/policy', { ...policy, weights })).statusCode).toBe(403);
    const set = await ctx.call(wakakur, 'PUT', '/api/v1/scores/policy', { ...policy, weights });
    expect(set.statusCode, set.body).toBe(200);
    r = await recap();
    expect(row(a)).toMatchObject({ final: 77.5, belowKkm: true });
    const [logged] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'scores.policy.save'))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(logged).toMatchObject({ before: { kkm: 75, custom: false }, after: { kkm: 80, custom: true } });
    const zero = { ...weights, HARIAN: 0, PAS: 0 };
    expect((await ctx.call(wakakur, 'PUT', '/api/v1/scores/policy', { ...policy, weights: zero })).statusCode).toBe(
      400,
    );
  });

  it('empties a cell with null, audits every change, and keeps the scores of a deleted column in the audit', async () => {
    const t = f.subjectTeacher;
    const sheet = (await ctx.call(t, 'GET', sheetOf(f.classA.id, f.subject.id))).json();
    const uh1 = sheet.columns.find((c: { title: string }) => c.title === 'UH 1').id as number;
    const a = f.studentsA[0]!.id;
    const cleared = await ctx.call(t, 'PUT', '/api/v1/scores/cells', {
      cells: [{ columnId: uh1, studentId: a, score: null }],
    });
    expect(cleared.json()).toEqual({ saved: 0, cleared: 1 });
    const [saveLog] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'scores.save'))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(saveLog).toMatchObject({
      before: [{ columnId: uh1, studentId: a, hundredths: 8000 }],
      after: [{ columnId: uh1, studentId: a, hundredths: null }],
    });

    const held = await ctx.db.select().from(scores).where(eq(scores.columnId, uh1));
    expect(held.length).toBeGreaterThan(0);
    expect((await ctx.call(f.otherTeacher, 'DELETE', `/api/v1/scores/columns/${uh1}`)).statusCode).toBe(403);
    expect((await ctx.call(t, 'DELETE', `/api/v1/scores/columns/${uh1}`)).statusCode).toBe(200);
    expect(await ctx.db.select().from(scores).where(eq(scores.columnId, uh1))).toEqual([]);
    const [deleteLog] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'scores.column.delete'), eq(auditLog.entityId, String(uh1))));
    expect((deleteLog!.before as { scores: unknown[] }).scores).toHaveLength(held.length);
    expect((await ctx.call(t, 'DELETE', `/api/v1/scores/columns/${uh1}`)).statusCode).toBe(404);
    expect((await ctx.call(t, 'PUT', `/api/v1/scores/columns/${2 ** 32}`, { title: 'x' })).statusCode).toBe(400);
  });
});

describe("a student's own scores", () => {
  it('shows the signed-in student their scores and grade, never another student’s', async () => {
    const t = f.subjectTeacher;
    const sheet = (await ctx.call(t, 'GET', sheetOf(f.classA.id, f.subject.id))).json();
    const uh2 = sheet.columns.find((c: { title: string }) => c.title === 'UH 2').id as number;
    await ctx.call(t, 'PUT', '/api/v1/scores/cells', {
      cells: [{ columnId: uh2, studentId: student.user.studentId!, score: 92.5 }],
    });
    const res = await ctx.call(student, 'GET', `/api/v1/scores/me?semester=${semester}`);
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json();
    expect(mine.className).toBe('7A');
    const mtk = mine.subjects.find((s: { subjectId: number }) => s.subjectId === f.subject.id);
    expect(mtk.columns.find((c: { id: number }) => c.id === uh2).score).toBe(92.5);
    // only HARIAN 92.5 weighs (PAS empty for this student): the grade is 92.5
    expect(mtk).toMatchObject({ final: 92.5, kkm: 80, belowKkm: false });
    expect(JSON.stringify(mine)).not.toContain('"score":90');
    expect((await ctx.call(t, 'GET', `/api/v1/scores/me?semester=${semester}`)).statusCode).toBe(403);
  });
});
