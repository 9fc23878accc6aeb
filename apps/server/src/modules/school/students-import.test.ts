import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { postFile, XLSX_MIME, xlsxOf } from '../../test/multipart.ts';
import { zipOf } from '../../test/zip.ts';
import { schoolFactory } from './test-factory.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const workbook = (rows: (string | number | Date | null)[][], headers?: string[]) =>
  xlsxOf(
    'Siswa',
    headers ?? ['NIS*', 'NISN', 'Nama*', 'JK (L/P)', 'Tanggal Lahir (YYYY-MM-DD)', 'Mukim (MUKIM/NON_MUKIM)'],
    rows,
  );

const upload = (session: Session, unitId: number, data: Buffer, field = 'file') =>
  postFile(ctx, session, `/api/v1/students/import?unitId=${unitId}`, field, {
    name: 'siswa.xlsx',
    data,
    mime: XLSX_MIME,
  });

const count = async (session: Session, q: string) =>
  (await ctx.call(session, 'GET', `/api/v1/students?q=${encodeURIComponent(q)}`)).json().total as number;

describe('student import', () => {
  it('gives a unit a template with its classes, JK and Mukim as dropdowns and an example, and enrols by Kelas', async () => {
    const f = schoolFactory(ctx);
    const { wakakur, unitId, yearId } = await f.setup();
    const grade = await f.grade(wakakur, unitId, 12);
    const cls = await f.classGroup(wakakur, yearId, grade.id, '12IPA');
    const res = await ctx.call(wakakur, 'GET', `/api/v1/students/import/template?unitId=${unitId}`);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const headers = (sheet.getRow(1).values as string[]).filter(Boolean);
    const col = (header: string) => headers.indexOf(header) + 1;
    expect(headers).toContain('Kelas');
    // the dropdowns: JK and Mukim by their codes, Kelas by the unit's classes of the active year
    const listOf = (header: string) => {
      const rule = sheet.getRow(2).getCell(col(header)).dataValidation;
      expect(rule?.type).toBe('list');
      const [, letter, , last] = /Daftar!\$([A-Z]+)\$1:\$([A-Z]+)\$(\d+)/.exec(String(rule!.formulae![0]))!;
      const values = book.getWorksheet('Daftar')!;
      return Array.from({ length: Number(last) }, (_, i) => values.getCell(`${letter}${i + 1}`).value);
    };
    expect(listOf('JK (L/P)')).toEqual(['L', 'P']);
    expect(listOf('Mukim (MUKIM/NON_MUKIM)')).toEqual(['MUKIM', 'NON_MUKIM']);
    expect(listOf('Kelas')).toContain('12IPA');
    // the example lives on the instructions sheet, never on the data sheet
    const guide = book.getWorksheet('Petunjuk')!;
    const texts = guide.getSheetValues().flat().map(String);
    expect(texts).toContain('Ahmad Fauzan');
    expect((sheet.getRow(2).values as unknown[]).filter((v) => v !== null && v !== undefined)).toEqual([]);

    // a row with Kelas is enrolled in the same save; an unknown class is a row error and nothing is saved
    const nis = `K${Date.now().toString().slice(-6)}`;
    const row = (n: string, kelas: string) => {
      const r: (string | null)[] = Array(headers.length).fill(null);
      r[col('NIS*') - 1] = n;
      r[col('Nama*') - 1] = `Siswa ${n}`;
      r[col('Kelas') - 1] = kelas;
      return r;
    };
    const bad = await upload(
      wakakur,
      unitId,
      await workbook([row(`${nis}1`, '12ipa'), row(`${nis}2`, '12Z')], headers),
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.values(bad.json().error.fields)).toEqual([expect.stringContaining('Kelas 12Z tidak ada')]);
    expect(await count(wakakur, nis)).toBe(0);
    const ok = await upload(wakakur, unitId, await workbook([row(`${nis}1`, '12ipa')], headers));
    expect(ok.json()).toEqual({ imported: 1 });
    const enrolled = await ctx.call(wakakur, 'GET', `/api/v1/enrollments?classGroupId=${cls.id}`);
    expect(enrolled.json().items.map((e: { nis: string }) => e.nis)).toEqual([`${nis}1`]);
  });

  it('downloads a template whose headers the import accepts', async () => {
    const wakakur = await ctx.as('WAKAKUR');
    const res = await ctx.call(wakakur, 'GET', '/api/v1/students/import/template');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const headers = (book.worksheets[0]!.getRow(1).values as string[]).filter(Boolean);
    expect(headers.slice(0, 4)).toEqual(['NIS*', 'NISN', 'NIK', 'Nama*']);
    book.worksheets[0]!.addRow(['IMP-T1', '5550000001', null, 'Dari Template']);
    const ok = await upload(wakakur, wakakur.user.unit!.id, Buffer.from(await book.xlsx.writeBuffer()));
    expect(ok.json()).toEqual({ imported: 1 });
  });

  it('imports every row in one go', async () => {
    const wakakur = await ctx.as('WAKAKUR');
    const file = await workbook([
      ['IMP-001', '5550000011', 'Ahmad Impor', 'l', new Date(Date.UTC(2013, 4, 2)), 'non mukim'],
      ['IMP-002', null, 'Aisyah Impor', 'P', '2013-01-09', 'MUKIM'],
      [null, null, null, null, null, null],
      ['IMP-003', '5550000013', 'Umar Impor', null, null, null],
    ]);
    const res = await upload(wakakur, wakakur.user.unit!.id, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ imported: 3 });
    const one = (await ctx.call(wakakur, 'GET', '/api/v1/students/by-nis/IMP-001')).json();
    expect(one).toMatchObject({ name: 'Ahmad Impor', gender: 'L', birthDate: '2013-05-02', boarding: 'NON_MUKIM' });
  });

  it('reports every bad row with row, column and reason, and saves nothing', async () => {
    const wakakur = await ctx.as('WAKAKUR');
    await upload(
      wakakur,
      wakakur.user.unit!.id,
      await workbook([['IMP-100', '5550000100', 'Sudah Ada', 'L', null, null]]),
    );
    const file = await workbook([
      ['IMP-101', '5550000101', 'Baik Satu', 'L', null, null],
      ['IMP-102', '123', '', 'X', '2013-13-40', null],
      ['IMP-101', null, 'Kembar NIS', 'P', null, null],
      ['IMP-100', '5550000100', 'Sudah Dipakai', 'P', null, 'ASRAMA'],
    ]);
    const res = await upload(wakakur, wakakur.user.unit!.id, file);
    expect(res.statusCode).toBe(400);
    const body = res.json().error;
    expect(body.message).toBe('8 masalah di 3 baris; tidak ada data yang disimpan');
    expect(body.fields).toEqual({
      'baris 3: NISN': 'NISN harus 10 angka',
      'baris 3: Nama': 'Nama wajib diisi',
      'baris 3: JK (L/P)': 'Pilih jenis kelamin',
      'baris 3: Tanggal Lahir (YYYY-MM-DD)': 'Tanggal lahir harus berupa tanggal YYYY-MM-DD',
      'baris 4: NIS': 'NIS IMP-101 sama dengan baris 2',
      'baris 5: Mukim (MUKIM/NON_MUKIM)': 'Status mukim tidak valid',
      'baris 5: NIS': 'NIS IMP-100 sudah dipakai oleh Sudah Ada',
      'baris 5: NISN': 'NISN 5550000100 sudah dipakai oleh Sudah Ada',
    });
    expect(await count(wakakur, 'Baik Satu')).toBe(0);
  });

  it('refuses a file that is not Excel, a missing required column, other units and other divisions', async () => {
    const wakakur = await ctx.as('WAKAKUR');
    const unitId = wakakur.user.unit!.id;
    expect((await upload(wakakur, unitId, Buffer.from('bukan excel'))).json().error.message).toBe(
      'Berkas bukan Excel (.xlsx) yang valid',
    );
    const noName = await upload(wakakur, unitId, await workbook([['X1']], ['NIS']));
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.message).toBe('Kolom wajib tidak ada: Nama');
    expect((await upload(wakakur, unitId, await workbook([]), 'lampiran')).statusCode).toBe(400);
    expect((await ctx.call(wakakur, 'POST', `/api/v1/students/import?unitId=${unitId}`, {})).statusCode).toBe(400);
    const admin = await ctx.as('ADMIN');
    const other = (await ctx.call(admin, 'POST', '/api/v1/units', { code: 'SDI', name: 'SD Impor' })).json();
    expect((await upload(wakakur, other.id, await workbook([['A1', null, 'B']]))).statusCode).toBe(403);
    const teacher = await ctx.as('TEACHER');
    expect((await upload(teacher, unitId, await workbook([['A1', null, 'B']]))).statusCode).toBe(403);
    expect((await ctx.call(teacher, 'GET', '/api/v1/students/import/template')).statusCode).toBe(403);
  });

  it('refuses a decompression bomb and an oversized sheet quickly with a 4xx, and saves nothing', async () => {
    const wakakur = await ctx.as('WAKAKUR');
    const unitId = wakakur.user.unit!.id;
    const before = await count(wakakur, '');
    // A 1.8 MB-class bomb: a sheet that unpacks to 300 MB of XML, claiming a tiny size.
    const sheetXml = Buffer.concat([
      Buffer.from('<worksheet><sheetData>'),
      Buffer.alloc(300 * 1024 * 1024, 0x20),
      Buffer.from('</sheetData></worksheet>'),
    ]);
    const bomb = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: sheetXml, claimedSize: 2048 }]);
    const res = await upload(wakakur, unitId, bomb);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    // The server still answers, and nothing was imported.
    expect((await ctx.call(null, 'GET', '/api/v1/health')).statusCode).toBe(200);
    const tooMany = await upload(
      wakakur,
      unitId,
      await workbook(Array.from({ length: 5_001 }, (_, i) => [`RB-${i}`, null, 'Baris'])),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe('Paling banyak 5000 baris data per berkas; bagi menjadi beberapa berkas');
    expect(await count(wakakur, '')).toBe(before);
  });
});
