import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@mms/shared';
import { assessments, auditLog, scoreColumns, scores } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { zipOf } from '../../test/zip.ts';
import { attendanceFixture } from '../attendance/test-fixtures.ts';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let wakakur: Session;
let principal: Session;
let typed: number;
let fed: number;
const semester = 'GANJIL';

beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx);
  wakakur = await ctx.as('WAKAKUR');
  principal = await ctx.as('PRINCIPAL');
  const made = await ctx.call(f.subjectTeacher, 'POST', '/api/v1/scores/columns', {
    classGroupId: f.classA.id,
    subjectId: f.subject.id,
    semester,
    kind: 'HARIAN',
    title: 'UH 1',
    date: '2026-09-10',
  });
  expect(made.statusCode, made.body).toBe(200);
  typed = made.json().id;
  // a column an online exam fills, with the exam's score of the first student
  const [exam] = await ctx.db
    .insert(assessments)
    .values({
      unitId: f.unitId,
      kind: 'SUMMATIVE',
      title: 'Ujian daring',
      subjectId: f.subject.id,
      gradeId: f.classA.gradeId,
    })
    .returning({ id: assessments.id });
  const [col] = await ctx.db
    .insert(scoreColumns)
    .values({
      unitId: f.unitId,
      classGroupId: f.classA.id,
      subjectId: f.subject.id,
      semester,
      kind: 'SUMATIF',
      title: 'Ujian daring',
      date: '2026-10-01',
      assessmentId: exam!.id,
    })
    .returning({ id: scoreColumns.id });
  fed = col!.id;
  await ctx.db.insert(scores).values({ columnId: fed, studentId: f.studentsA[0]!.id, hundredths: 6000 });
});
afterAll(() => ctx.close());

const url = (classGroupId = f.classA.id) =>
  `/api/v1/scores/import?classGroupId=${classGroupId}&subjectId=${f.subject.id}&semester=${semester}`;

/** The grade book's export (scoring-page.tsx): title, filters, date, a blank row, then NIS, Siswa and the columns. */
async function exportLike(
  rows: (string | number | null)[][],
  headers = ['NIS', 'Siswa', 'UH 1 (NH)', 'Ujian daring (SM)'],
) {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Nilai');
  ws.addRow(['Lembar nilai 7A Matematika']);
  ws.addRow(['Filter: Semester: Semester Ganjil']);
  ws.addRow(['Dicetak: 18 November 2026']);
  ws.addRow([]);
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function upload(session: Session, target: string, data: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), 'nilai.xlsx');
  const body = new Response(form);
  const payload = Buffer.from(await body.arrayBuffer());
  const headers = {
    'content-type': body.headers.get('content-type')!,
    cookie: session.cookie,
    [CSRF_HEADER]: session.csrfToken,
  };
  return ctx.app.inject({ method: 'POST', url: target, payload, headers });
}

const scoreOf = async (columnId: number, studentId: number) =>
  (
    await ctx.db
      .select({ h: scores.hundredths })
      .from(scores)
      .where(and(eq(scores.columnId, columnId), eq(scores.studentId, studentId)))
  )[0]?.h ?? null;

describe('Excel import of a score sheet', () => {
  it('checks the header names the fixture columns as the export writes them', async () => {
    const sheet = await ctx.call(
      f.subjectTeacher,
      'GET',
      `/api/v1/scores/sheet?classGroupId=${f.classA.id}&subjectId=${f.subject.id}&semester=${semester}`,
    );
    expect(sheet.json().columns.map((c: { kind: string }) => c.kind)).toEqual(['HARIAN', 'SUMATIF']);
  });

  it('saves nothing when a row is bad, and names the row, the student, the column and the reason', async () => {
    const [a, b, c] = f.studentsA;
    const file = await exportLike([
      ['A1', a!.name, 80, 70], // the exam's column changed
      ['A2', b!.name, 'delapan', null],
      ['A3', c!.name, 101, null],
      ['A4', 'Siswa 04', 90, null], // of 7B
      ['A2', b!.name, 75, null],
    ]);
    const res = await upload(f.subjectTeacher, url(), file);
    expect(res.statusCode, res.body).toBe(400);
    const { message, fields } = res.json().error;
    expect(message).toBe('5 masalah di 5 baris; tidak ada data yang disimpan');
    expect(fields).toEqual({
      [`baris 6: ${a!.name} (NIS A1), Ujian daring (SM)`]:
        'Kolom ini diisi otomatis dari ujian online; nilainya tidak dapat diubah lewat impor',
      [`baris 7: ${b!.name} (NIS A2), UH 1 (NH)`]: 'Nilai harus berupa angka',
      [`baris 8: ${c!.name} (NIS A3), UH 1 (NH)`]: 'Nilai harus antara 0 dan 100',
      'baris 9: NIS A4': 'Siswa dengan NIS ini bukan anggota kelas ini',
      [`baris 10: ${b!.name} (NIS A2)`]: 'Siswa ini sudah tercantum di baris lain',
    });
    expect(await scoreOf(typed, a!.id)).toBeNull();
  });

  it('saves every row of a good sheet (decimal comma, the exam column unchanged, empty cells kept), audited', async () => {
    const [a, b, c] = f.studentsA;
    await ctx.call(f.subjectTeacher, 'PUT', '/api/v1/scores/cells', {
      cells: [{ columnId: typed, studentId: c!.id, score: 66 }],
    });
    const file = await exportLike([
      ['A1', a!.name, 80, 60],
      ['A2', b!.name, '85,5', null],
      ['A3', c!.name, null, null],
    ]);
    const res = await upload(f.subjectTeacher, url(), file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ imported: 2, saved: 2 });
    expect(await scoreOf(typed, a!.id)).toBe(8000);
    expect(await scoreOf(typed, b!.id)).toBe(8550);
    expect(await scoreOf(typed, c!.id)).toBe(6600);
    expect(await scoreOf(fed, a!.id)).toBe(6000);
    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'scores.save'));
    expect(entries.length).toBeGreaterThanOrEqual(2);
  });

  it('is for who types in the sheet: WAKAKUR yes; the homeroom, another teacher, the principal no', async () => {
    const file = await exportLike([['A1', 'Siswa 01', 81, null]]);
    expect((await upload(wakakur, url(), file)).statusCode).toBe(200);
    for (const s of [f.homeroomA, f.otherTeacher, principal]) {
      expect((await upload(s, url(), file)).statusCode).toBe(403);
    }
    expect(await scoreOf(typed, f.studentsA[0]!.id)).toBe(8100);
    // the sheet of a class the teacher does not teach
    expect((await upload(f.subjectTeacher, url(f.classB.id), file)).statusCode).toBe(403);
  });

  it('refuses bad input: no NIS header, an unknown column, no query, not Excel, a zip bomb', async () => {
    const noNis = await upload(f.subjectTeacher, url(), await exportLike([['x']], ['Nama', 'UH 1 (NH)']));
    expect(noNis.statusCode).toBe(400);
    expect(noNis.json().error.message).toBe('Kolom NIS tidak ditemukan; pakai ekspor Excel lembar nilai ini');
    const unknown = await upload(
      f.subjectTeacher,
      url(),
      await exportLike([['A1', 'Siswa 01', 80]], ['NIS', 'Siswa', 'UH 9 (NH)']),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ 'baris 5: UH 9 (NH)': 'Kolom tidak ada di lembar nilai kelas ini' });
    const noQuery = await upload(f.subjectTeacher, '/api/v1/scores/import', await exportLike([]));
    expect(noQuery.statusCode).toBe(400);
    const notExcel = await upload(f.subjectTeacher, url(), Buffer.from('NIS;UH 1\nA1;80\n'));
    expect(notExcel.statusCode).toBe(400);
    expect(notExcel.json().error.message).toBe('Berkas bukan Excel (.xlsx) yang valid');
    const xml = Buffer.concat([
      Buffer.from('<worksheet><sheetData>'),
      Buffer.alloc(20 * 1024 * 1024, 0x20),
      Buffer.from('</sheetData></worksheet>'),
    ]);
    const started = performance.now();
    const bomb = await upload(
      f.subjectTeacher,
      url(),
      zipOf([{ name: 'xl/worksheets/sheet1.xml', data: xml, claimedSize: 2048 }]),
    );
    expect(bomb.statusCode).toBe(413);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
