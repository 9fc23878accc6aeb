import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { DescriptionSheet } from '@mms/shared';
import { auditLog, subjectDescriptions } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { attendanceFixture } from '../attendance/test-fixtures.ts';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let sheet: { classGroupId: number; subjectId: number; semester: 'GANJIL' };
const query = () => `?classGroupId=${sheet.classGroupId}&subjectId=${sheet.subjectId}&semester=GANJIL`;
const read = (s: Session | null, q = query()) => ctx.call(s, 'GET', `/api/v1/descriptions${q}`);
const save = (s: Session | null, body: unknown) => ctx.call(s, 'PUT', '/api/v1/descriptions', body);

beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx);
  sheet = { classGroupId: f.classA.id, subjectId: f.subject.id, semester: 'GANJIL' };
  // one TP tagged on a typed column: student 0 masters it (90), student 1 needs help (40)
  const tp = await ctx.call(f.subjectTeacher, 'POST', '/api/v1/learning-objectives', {
    subjectId: f.subject.id,
    gradeId: f.classA.gradeId,
    code: 'TP 7.1',
    description: 'menyelesaikan persamaan linear',
  });
  expect(tp.statusCode, tp.body).toBe(200);
  const col = await ctx.call(f.subjectTeacher, 'POST', '/api/v1/scores/columns', {
    ...sheet,
    kind: 'SUMATIF',
    title: 'Sumatif 1',
    date: '2026-11-10',
  });
  expect(col.statusCode, col.body).toBeLessThan(300);
  const columnId = col.json<{ id: number }>().id;
  const tag = await ctx.call(f.subjectTeacher, 'PUT', `/api/v1/learning-objectives/column-tags/${columnId}`, {
    ...sheet,
    objectiveIds: [tp.json<{ id: number }>().id],
  });
  expect(tag.statusCode, tag.body).toBe(200);
  const cells = await ctx.call(f.subjectTeacher, 'PUT', '/api/v1/scores/cells', {
    cells: [
      { columnId, studentId: f.studentsA[0]!.id, score: 90 },
      { columnId, studentId: f.studentsA[1]!.id, score: 40 },
    ],
  });
  expect(cells.statusCode, cells.body).toBe(200);
});

afterAll(async () => {
  await ctx.close();
});

describe('the description sheet', () => {
  it('shows each student’s draft, nothing saved yet, and who may save', async () => {
    const res = await read(f.subjectTeacher);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<DescriptionSheet>();
    expect(body.canEdit).toBe(true);
    const [first, second] = body.students;
    expect(first!.draft.id).toBe('Menunjukkan penguasaan yang baik dalam menyelesaikan persamaan linear.');
    expect(first!.draft.en).toContain('Shows good mastery of');
    expect(second!.draft.id).toBe('Perlu bantuan dalam menyelesaikan persamaan linear.');
    expect(first!.saved).toBeNull();
  });

  it('is read by the homeroom and the principal (no save), not by another teacher, a student or another unit', async () => {
    for (const s of [f.homeroomA, await ctx.as('PRINCIPAL')]) {
      const res = await read(s);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<DescriptionSheet>().canEdit).toBe(false);
    }
    const wakakur = await read(await ctx.as('WAKAKUR'));
    expect(wakakur.json<DescriptionSheet>().canEdit).toBe(true);
    expect((await read(f.otherTeacher)).statusCode).toBe(403);
    expect((await read(f.homeroomB)).statusCode).toBe(403);
    expect((await read(await ctx.as('STUDENT'))).statusCode).toBe(403);
    expect((await read(null)).statusCode).toBe(401);
    const otherUnit = await ctx.signIn((await ctx.createUser({ division: 'PRINCIPAL', unitCode: 'SD' })).username);
    expect((await read(otherUnit)).statusCode).toBe(403);
  });
});

describe('saving descriptions', () => {
  it('saves the accepted draft and an edited text, audited, and shows who saved them', async () => {
    const draft = 'Menunjukkan penguasaan yang baik dalam menyelesaikan persamaan linear.';
    const res = await save(f.subjectTeacher, {
      ...sheet,
      entries: [
        { studentId: f.studentsA[0]!.id, text: draft, source: 'DRAFT' },
        { studentId: f.studentsA[1]!.id, text: '  Perlu latihan persamaan linear.  ', source: 'EDITED' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ saved: 2 });
    const body = (await read(f.homeroomA)).json<DescriptionSheet>();
    expect(body.students[0]!.saved).toMatchObject({ text: draft, source: 'DRAFT' });
    expect(body.students[0]!.saved!.updatedBy).toBeTruthy();
    expect(body.students[1]!.saved).toMatchObject({ text: 'Perlu latihan persamaan linear.', source: 'EDITED' });
    const logged = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'description.save'));
    expect(logged.length).toBe(2);
  });

  it('replaces a saved text and keeps one row per student', async () => {
    const studentId = f.studentsA[1]!.id;
    const res = await save(await ctx.as('WAKAKUR'), {
      ...sheet,
      entries: [{ studentId, text: 'Perlu bantuan dalam persamaan linear.', source: 'EDITED' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await ctx.db
      .select()
      .from(subjectDescriptions)
      .where(and(eq(subjectDescriptions.studentId, studentId), eq(subjectDescriptions.classGroupId, f.classA.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.text).toBe('Perlu bantuan dalam persamaan linear.');
    const [logged] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'description.save'),
          eq(auditLog.entityId, `${f.classA.id}:${f.subject.id}:GANJIL:${studentId}`),
        ),
      )
      .orderBy(auditLog.id)
      .offset(1);
    expect(logged!.before).toMatchObject({ text: 'Perlu latihan persamaan linear.' });
  });

  it('refuses the homeroom, the principal, another teacher and a student', async () => {
    const body = { ...sheet, entries: [{ studentId: f.studentsA[0]!.id, text: 'Teks', source: 'EDITED' }] };
    expect((await save(f.homeroomA, body)).statusCode).toBe(403);
    expect((await save(await ctx.as('PRINCIPAL'), body)).statusCode).toBe(403);
    expect((await save(f.otherTeacher, body)).statusCode).toBe(403);
    expect((await save(await ctx.as('STUDENT'), body)).statusCode).toBe(403);
    expect((await save(null, body)).statusCode).toBe(401);
  });

  it('refuses bad input with 4xx', async () => {
    const entry = { studentId: f.studentsA[0]!.id, text: 'Teks', source: 'EDITED' };
    const bad = [
      { ...sheet, entries: [] },
      { ...sheet, entries: [{ ...entry, text: '   ' }] },
      { ...sheet, entries: [{ ...entry, text: 'x'.repeat(1001) }] },
      { ...sheet, entries: [{ ...entry, text: 'a\u0000b' }] },
      { ...sheet, entries: [{ ...entry, source: 'AI' }] },
      { ...sheet, entries: [entry, entry] },
      { ...sheet, semester: 'KETIGA', entries: [entry] },
      { ...sheet, entries: [{ ...entry, studentId: f.studentsB[0]!.id }] },
      { ...sheet, entries: [{ ...entry, studentId: 2 ** 31 }] },
    ];
    for (const body of bad) {
      const res = await save(f.subjectTeacher, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await save(f.subjectTeacher, { ...sheet, classGroupId: 99_999_999, entries: [entry] })).statusCode).toBe(
      404,
    );
    expect((await read(f.subjectTeacher, '?classGroupId=abc&subjectId=1&semester=GANJIL')).statusCode).toBe(400);
    expect(
      (await read(f.subjectTeacher, `?classGroupId=99999999&subjectId=${f.subject.id}&semester=GANJIL`)).statusCode,
    ).toBe(404);
  });
});
