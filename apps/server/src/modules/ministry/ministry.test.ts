import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { attendanceFixture } from '../attendance/test-fixtures.ts';
import { DAPODIK_ROMBEL_COLUMNS, DAPODIK_STUDENT_COLUMNS, ERAPOR_COLUMNS } from './ministry.service.ts';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let wakakur: Session;
let principal: Session;
let tu: Session;
let student: Session;
const semester = 'GANJIL';

beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx);
  wakakur = await ctx.as('WAKAKUR');
  principal = await ctx.as('PRINCIPAL');
  tu = await ctx.as('TU');
  student = await ctx.as('STUDENT');
  await ctx.db
    .update(students)
    .set({ nisn: '0012345678', nik: '3201010101010001', birthPlace: 'Bogor', birthDate: '2013-05-07', gender: 'P' })
    .where(eq(students.id, f.studentsA[0]!.id));
  const col = await ctx.call(f.subjectTeacher, 'POST', '/api/v1/scores/columns', {
    classGroupId: f.classA.id,
    subjectId: f.subject.id,
    semester,
    kind: 'PAS',
    title: 'PAS',
    date: '2026-11-10',
  });
  expect(col.statusCode, col.body).toBe(200);
  const saved = await ctx.call(f.subjectTeacher, 'PUT', '/api/v1/scores/cells', {
    cells: [{ columnId: col.json().id, studentId: f.studentsA[0]!.id, score: 88.5 }],
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => ctx.close());

async function sheetOf(body: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const ws = book.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: ws.name, rows, numFmt: ws.getCell('B2').numFmt };
}

const erapor = (classGroupId = f.classA.id) =>
  `/api/v1/ministry/erapor?classGroupId=${classGroupId}&subjectId=${f.subject.id}&semester=${semester}`;

describe('Dapodik sheets', () => {
  it("give the unit's students in Dapodik's column order, NISN and NIK as text, the birth date as YYYY-MM-DD", async () => {
    const res = await ctx.call(tu, 'GET', '/api/v1/ministry/dapodik/students');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const { name, rows, numFmt } = await sheetOf(res.rawPayload);
    expect(name).toBe('Peserta Didik');
    expect(rows[0]).toEqual([...DAPODIK_STUDENT_COLUMNS]);
    const first = rows.find((r) => r[4] === f.studentsA[0]!.name)!;
    expect(first).toEqual([
      expect.any(Number),
      '0012345678',
      '3201010101010001',
      'A1',
      f.studentsA[0]!.name,
      'Bogor',
      '2013-05-07',
      'P',
      7,
      '7A',
    ]);
    expect(numFmt).toBe('@');
    // 7A's three and 7B's two (and the test accounts' students, if any, without a class: last)
    expect(rows.filter((r) => r[9] === '7A')).toHaveLength(3);
    expect(rows.filter((r) => r[9] === '7B')).toHaveLength(2);
  });

  it("give the unit's rombel with their homeroom and size", async () => {
    const res = await ctx.call(wakakur, 'GET', '/api/v1/ministry/dapodik/rombel');
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await sheetOf(res.rawPayload);
    expect(rows[0]).toEqual([...DAPODIK_ROMBEL_COLUMNS]);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[4]])).toEqual([
      ['7A', 7, 3],
      ['7B', 7, 2],
    ]);
  });

  it('are for the principal, WAKAKUR and TU of the unit; not a teacher or a student; not another unit; 400 on bad input', async () => {
    expect((await ctx.call(principal, 'GET', '/api/v1/ministry/dapodik/students')).statusCode).toBe(200);
    for (const s of [f.subjectTeacher, f.homeroomA, student]) {
      expect((await ctx.call(s, 'GET', '/api/v1/ministry/dapodik/students')).statusCode).toBe(403);
      expect((await ctx.call(s, 'GET', '/api/v1/ministry/dapodik/rombel')).statusCode).toBe(403);
    }
    const other = await ctx.call(wakakur, 'GET', `/api/v1/ministry/dapodik/students?unitId=${f.unitId + 999}`);
    expect(other.statusCode).toBe(403);
    expect((await ctx.call(wakakur, 'GET', '/api/v1/ministry/dapodik/rombel?unitId=abc')).statusCode).toBe(400);
  });
});

describe('the e-Rapor sheet', () => {
  it("holds the class's students with NISN, NIS, name, final score and description (empty until written)", async () => {
    const res = await ctx.call(f.homeroomA, 'GET', erapor());
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await sheetOf(res.rawPayload);
    expect(rows[0]).toEqual([...ERAPOR_COLUMNS]);
    const first = rows.find((r) => r[3] === f.studentsA[0]!.name)!;
    expect(first.slice(1)).toEqual(['0012345678', 'A1', f.studentsA[0]!.name, 88.5, '']);
    expect(rows).toHaveLength(4);
  });

  it("holds the subject teacher's saved description", async () => {
    const saved = await ctx.call(f.subjectTeacher, 'PUT', '/api/v1/descriptions', {
      classGroupId: f.classA.id,
      subjectId: f.subject.id,
      semester,
      entries: [{ studentId: f.studentsA[0]!.id, text: 'Menguasai bilangan bulat.', source: 'EDITED' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { rows } = await sheetOf((await ctx.call(f.homeroomA, 'GET', erapor())).rawPayload);
    expect(rows.find((r) => r[3] === f.studentsA[0]!.name)![5]).toBe('Menguasai bilangan bulat.');
  });

  it("is for the class's homeroom, WAKAKUR and the principal; not another homeroom, the subject teacher or a student", async () => {
    for (const s of [wakakur, principal]) expect((await ctx.call(s, 'GET', erapor())).statusCode).toBe(200);
    for (const s of [f.homeroomB, f.subjectTeacher, f.otherTeacher, student, tu]) {
      expect((await ctx.call(s, 'GET', erapor())).statusCode).toBe(403);
    }
    expect((await ctx.call(wakakur, 'GET', '/api/v1/ministry/erapor?classGroupId=x')).statusCode).toBe(400);
    expect((await ctx.call(wakakur, 'GET', erapor(999999))).statusCode).toBe(404);
  });
});
