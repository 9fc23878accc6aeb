import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, enrollments } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { attendanceFixture } from '../attendance/test-fixtures.ts';

/**
 * The grade rules of issue 40 §1 over HTTP and Postgres: the unit's and year's weights and KKTP, a subject's KKTP
 * falling back, the teacher's override with a reason, and remedial/pengayaan scores by the unit's rule. The
 * figures are worked out in the comments (final-score.ts).
 */
let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let wakakur: Session;
let principal: Session;
let student: Session;
let me: number;
let cols: { formatif: number; sumatif: number; pas: number };
const semester = 'GANJIL';

/** formatif 40, sumatif lingkup materi 30, sumatif akhir semester 30 */
const unitWeights = { HARIAN: 0, TUGAS: 0, FORMATIF: 40, SUMATIF: 30, PTS: 0, PAS: 30 };

beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx);
  wakakur = await ctx.as('WAKAKUR');
  principal = await ctx.as('PRINCIPAL');
  student = await ctx.as('STUDENT');
  me = student.user.studentId!;
  await ctx.db.insert(enrollments).values({
    studentId: me,
    classGroupId: f.classA.id,
    academicYearId: f.year.id,
    startedAt: new Date(`${f.year.startDate}T00:00:00+07:00`),
  });
  const column = async (kind: string, title: string) => {
    const res = await ctx.call(f.subjectTeacher, 'POST', '/api/v1/scores/columns', {
      classGroupId: f.classA.id,
      subjectId: f.subject.id,
      semester,
      kind,
      title,
      date: '2026-10-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as number;
  };
  cols = {
    formatif: await column('FORMATIF', 'Kuis 1'),
    sumatif: await column('SUMATIF', 'SLM 1'),
    pas: await column('PAS', 'PAS'),
  };
  // me: formatif 85, sumatif 70, PAS 60
  const saved = await ctx.call(f.subjectTeacher, 'PUT', '/api/v1/scores/cells', {
    cells: [
      { columnId: cols.formatif, studentId: me, score: 85 },
      { columnId: cols.sumatif, studentId: me, score: 70 },
      { columnId: cols.pas, studentId: me, score: 60 },
    ],
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => ctx.close());

const recap = async (s: Session = f.subjectTeacher) => {
  const res = await ctx.call(
    s,
    'GET',
    `/api/v1/scores/recap?classGroupId=${f.classA.id}&subjectId=${f.subject.id}&semester=${semester}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const myRow = async (s?: Session) =>
  (await recap(s)).rows.find((r: { studentId: number }) => r.studentId === me) as Record<string, unknown>;
const lastAudit = async (action: string) =>
  (
    await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, action))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1)
  )[0];
const rules = (over: Record<string, unknown> = {}) => ({
  weights: unitWeights,
  kktp: 75,
  remedialRule: 'CAP',
  ...over,
});

describe("the unit's and year's grade rules", () => {
  it('are the defaults until WAKAKUR sets them; the recap keeps its figures of issue 12 until then', async () => {
    const res = await ctx.call(f.subjectTeacher, 'GET', '/api/v1/scores/rules');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      unitId: f.unitId,
      academicYearId: f.year.id,
      kktp: 75,
      custom: false,
      remedialRule: 'CAP',
    });
    // default weights: (85*10 + 70*20 + 60*20) / 50 = 3450 / 50 = 69
    expect((await myRow()).final).toBe(69);
  });

  it('are set by WAKAKUR only (audited); bad input is a 400 with Indonesian messages', async () => {
    for (const s of [f.subjectTeacher, f.homeroomA, principal, student]) {
      expect((await ctx.call(s, 'PUT', '/api/v1/scores/rules', rules())).statusCode).toBe(403);
    }
    for (const [bad, field, message] of [
      [{ kktp: 101 }, 'kktp', 'KKTP 0 sampai 100'],
      [{ remedialRule: 'LOWER' }, 'remedialRule', 'Pilih aturan remedial'],
      [{ weights: { ...unitWeights, FORMATIF: 0, SUMATIF: 0, PAS: 0 } }, 'weights', 'Minimal satu bobot lebih dari 0'],
    ] as const) {
      const res = await ctx.call(wakakur, 'PUT', '/api/v1/scores/rules', rules(bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.fields[field]).toBe(message);
    }
    // another unit's rules are refused to a WAKAKUR of one unit
    expect((await ctx.call(wakakur, 'GET', `/api/v1/scores/rules?unitId=${f.unitId + 999}`)).statusCode).toBe(403);
    const set = await ctx.call(wakakur, 'PUT', '/api/v1/scores/rules', rules());
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ kktp: 75, custom: true, weights: unitWeights });
    expect(await lastAudit('scores.rules.save')).toMatchObject({
      before: { custom: false },
      after: { custom: true, kktp: 75, remedialRule: 'CAP' },
    });
  });

  it('weigh every subject without weights of its own: (85*40 + 70*30 + 60*30) / 100 = 73, below the KKTP 75', async () => {
    const r = await recap();
    expect(r.policy).toMatchObject({ kkm: 75, custom: false, ownWeights: false, remedialRule: 'CAP' });
    expect(await myRow()).toMatchObject({ final: 73, computed: 73, override: null, belowKkm: true });
  });

  it("let a subject and grade set its KKTP (70) alone and keep the unit's weights: 73 reaches 70", async () => {
    const policy = { subjectId: f.subject.id, gradeId: f.classA.gradeId, kkm: 70, weights: null };
    const set = await ctx.call(wakakur, 'PUT', '/api/v1/scores/policy', policy);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ kkm: 70, custom: true, ownWeights: false, weights: unitWeights });
    expect(await myRow()).toMatchObject({ final: 73, belowKkm: false });
    // back to 75 for what follows
    expect((await ctx.call(wakakur, 'PUT', '/api/v1/scores/policy', { ...policy, kkm: 75 })).statusCode).toBe(200);
  });
});

describe("the teacher's override of a final score", () => {
  const key = () => ({ classGroupId: f.classA.id, subjectId: f.subject.id, semester, studentId: me });
  const put = (s: Session, body: Record<string, unknown>) =>
    ctx.call(s, 'PUT', '/api/v1/scores/final-overrides', { ...key(), ...body });
  const del = (s: Session) => {
    const k = key();
    return ctx.call(
      s,
      'DELETE',
      `/api/v1/scores/final-overrides?classGroupId=${k.classGroupId}&subjectId=${k.subjectId}&semester=${semester}&studentId=${me}`,
    );
  };

  it('needs a reason (Indonesian message) and a score 0..100', async () => {
    for (const [bad, field, message] of [
      [{ score: 78 }, 'reason', 'Alasan wajib diisi'],
      [{ score: 78, reason: '   ' }, 'reason', 'Alasan mengubah nilai akhir wajib diisi'],
      [{ score: 101, reason: 'x' }, 'score', 'Nilai harus antara 0 dan 100'],
    ] as const) {
      const res = await put(f.subjectTeacher, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.fields[field]).toBe(message);
    }
    const outsider = await put(f.subjectTeacher, { score: 78, reason: 'x', studentId: f.studentsB[0]!.id });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().error.fields).toEqual({ studentId: 'Bukan anggota kelas' });
  });

  it("is the subject's teacher's or WAKAKUR's only, never the homeroom's, another teacher's, the principal's or a student's", async () => {
    for (const s of [f.homeroomA, f.otherTeacher, principal, student]) {
      expect((await put(s, { score: 78, reason: 'Tugas susulan' })).statusCode).toBe(403);
      expect((await del(s)).statusCode).toBe(403);
    }
    expect(await myRow()).toMatchObject({ override: null, final: 73 });
  });

  it('replaces the computed 73 by 78 with its reason, audited; removing it brings back 73', async () => {
    const res = await put(f.subjectTeacher, { score: 78, reason: 'Tugas susulan sudah dinilai' });
    expect(res.statusCode, res.body).toBe(200);
    const row = await myRow(f.homeroomA);
    expect(row).toMatchObject({ final: 78, computed: 73, belowKkm: false });
    expect(row.override).toMatchObject({ score: 78, reason: 'Tugas susulan sudah dinilai' });
    expect(await lastAudit('scores.final.override')).toMatchObject({
      before: null,
      after: { hundredths: 7800, reason: 'Tugas susulan sudah dinilai' },
    });
    // the student's own page shows the overridden score
    const mine = (await ctx.call(student, 'GET', `/api/v1/scores/me?semester=${semester}`)).json();
    expect(mine.subjects[0]).toMatchObject({ final: 78, overridden: true, belowKkm: false });

    expect((await del(wakakur)).statusCode).toBe(200);
    expect(await myRow()).toMatchObject({ final: 73, override: null, belowKkm: true });
    expect(await lastAudit('scores.final.override.remove')).toMatchObject({
      before: { hundredths: 7800, reason: 'Tugas susulan sudah dinilai' },
    });
    expect((await del(wakakur)).statusCode).toBe(404);
  });
});

describe('remedial and enrichment scores', () => {
  const put = (s: Session, body: Record<string, unknown>) =>
    ctx.call(s, 'PUT', '/api/v1/scores/remedials', {
      columnId: cols.pas,
      studentId: me,
      kind: 'REMEDIAL',
      score: 90,
      ...body,
    });
  const del = (s: Session) => ctx.call(s, 'DELETE', `/api/v1/scores/remedials?columnId=${cols.pas}&studentId=${me}`);

  it('refuses bad input and who may not type in the sheet', async () => {
    expect((await put(f.subjectTeacher, { score: 100.5 })).statusCode).toBe(400);
    const kind = await put(f.subjectTeacher, { kind: 'ULANG' });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().error.fields.kind).toBe('Pilih remedial atau pengayaan');
    // a student without an original score in the column
    const none = await put(f.subjectTeacher, { studentId: f.studentsA[0]!.id });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual({ studentId: 'Belum ada nilai' });
    for (const s of [f.homeroomA, f.otherTeacher, principal, student]) {
      expect((await put(s, {})).statusCode).toBe(403);
    }
    expect((await put(f.subjectTeacher, { columnId: 2 ** 31 - 1 })).statusCode).toBe(404);
  });

  it('counts a remedial of 90 on PAS 60 capped at the KKTP 75 under CAP: (3400 + 2100 + 75*30) / 100 = 77.5', async () => {
    const res = await put(f.subjectTeacher, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ columnId: cols.pas, studentId: me, kind: 'REMEDIAL', score: 90 });
    const r = await recap();
    const row = r.rows.find((x: { studentId: number }) => x.studentId === me);
    expect(row).toMatchObject({ final: 77.5, belowKkm: false, means: { PAS: 75 } });
    // the original stays beside it
    expect(r.cells).toContainEqual({ columnId: cols.pas, studentId: me, score: 60 });
    expect(r.remedials).toEqual([{ columnId: cols.pas, studentId: me, kind: 'REMEDIAL', score: 90 }]);
    expect(r.canEdit).toBe(true);
    expect(await lastAudit('scores.remedial.save')).toMatchObject({
      after: { kind: 'REMEDIAL', hundredths: 9000, original: 6000 },
    });
    const mine = (await ctx.call(student, 'GET', `/api/v1/scores/me?semester=${semester}`)).json();
    expect(mine.subjects[0].final).toBe(77.5);
    expect(mine.subjects[0].columns.find((c: { id: number }) => c.id === cols.pas)).toMatchObject({
      score: 60,
      remedial: { kind: 'REMEDIAL', score: 90 },
    });
  });

  it('counts the higher of the two under HIGHER: (3400 + 2100 + 90*30) / 100 = 82', async () => {
    expect((await ctx.call(wakakur, 'PUT', '/api/v1/scores/rules', rules({ remedialRule: 'HIGHER' }))).statusCode).toBe(
      200,
    );
    expect(await myRow()).toMatchObject({ final: 82, means: { PAS: 90 } });
  });

  it('is removed by WAKAKUR (audited), and the original 60 counts again: 73', async () => {
    expect((await del(wakakur)).statusCode).toBe(200);
    expect(await myRow()).toMatchObject({ final: 73 });
    const [logged] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'scores.remedial.remove'), eq(auditLog.entityId, `${cols.pas}:${me}`)));
    expect(logged!.before).toMatchObject({ kind: 'REMEDIAL', hundredths: 9000 });
    expect((await del(wakakur)).statusCode).toBe(404);
  });
});
