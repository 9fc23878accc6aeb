import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CSRF_HEADER } from '@mms/shared';
import { createTestContext, type Session, type TestContext } from '../test/context.ts';
import { zipOf } from '../test/zip.ts';
import { runImport, type ExcelImport } from './excel-import.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function workbook(headers: string[], rows: (string | null)[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Data');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** An upload of `data` in the multipart field `field`, encoded as a browser would. */
async function upload(session: Session, url: string, data: Buffer, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)]), 'impor.xlsx');
  const body = new Response(form);
  const contentType = body.headers.get('content-type')!;
  const payload = Buffer.from(await body.arrayBuffer());
  const headers = { 'content-type': contentType, cookie: session.cookie, [CSRF_HEADER]: session.csrfToken };
  return ctx.app.inject({ method: 'POST', url, payload, headers });
}

const IMPORTS = [
  { name: 'students', base: '/api/v1/students/import' },
  { name: 'employees', base: '/api/v1/employees/import' },
  { name: 'calendar', base: '/api/v1/calendar/import' },
] as const;

describe('the routes every Excel import shares', () => {
  for (const { name, base } of IMPORTS) {
    it(`${name}: gives the template, and refuses a wrong field, a non-multipart body, a bomb and a non-Excel file`, async () => {
      const wakakur = await ctx.as('WAKAKUR');
      const url = `${base}?unitId=${wakakur.user.unit!.id}`;

      const template = await ctx.call(wakakur, 'GET', `${base}/template`);
      expect(template.statusCode).toBe(200);
      expect(template.headers['content-type']).toContain('spreadsheetml');
      expect(template.headers['content-disposition']).toMatch(/^attachment; filename="template-impor-[a-z]+-/);

      const wrongField = await upload(wakakur, url, await workbook(['Nama*'], [['A']]), 'lampiran');
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json().error).toMatchObject({
        message: 'Berkas harus dikirim di kolom "file"',
        fields: { file: 'Wajib' },
      });

      const json = await ctx.call(wakakur, 'POST', url, {});
      expect(json.statusCode).toBe(400);
      expect(json.json().error.message).toBe('Kirim berkas Excel sebagai multipart/form-data');

      // a sheet that unpacks past the 16 MB an import may hold, claiming a tiny size
      const xml = Buffer.concat([
        Buffer.from('<worksheet><sheetData>'),
        Buffer.alloc(20 * 1024 * 1024, 0x20),
        Buffer.from('</sheetData></worksheet>'),
      ]);
      const bomb = await upload(
        wakakur,
        url,
        zipOf([{ name: 'xl/worksheets/sheet1.xml', data: xml, claimedSize: 2048 }]),
      );
      expect(bomb.statusCode).toBe(413);
      expect(bomb.json().error.code).toBe('PAYLOAD_TOO_LARGE');

      const notExcel = await upload(wakakur, url, Buffer.from('NIS;Nama\n1;A\n'));
      expect(notExcel.statusCode).toBe(400);
      expect(notExcel.json().error.message).toBe('Berkas bukan Excel (.xlsx) yang valid');

      const teacher = await ctx.as('TEACHER');
      expect((await ctx.call(teacher, 'GET', `${base}/template`)).statusCode).toBe(403);
      expect((await upload(teacher, url, await workbook(['Nama*'], [['A']]))).statusCode).toBe(403);
    });
  }
});

describe('runImport, the pipeline every Excel import shares', () => {
  type Key = 'code' | 'name';
  const Row = z.object({ code: z.string().regex(/^\d+$/, 'Hanya angka'), name: z.string().min(1, 'Wajib diisi') });
  const actor = { userId: null, username: 'uji-impor', ip: null, requestId: null };

  /** An import that records what it would write in `written` and its audit entry under a unique action. */
  function spec(action: string, written: string[]): ExcelImport<Key, z.infer<typeof Row>> {
    return {
      columns: [
        { key: 'code', header: 'Kode', required: true },
        { key: 'name', header: 'Nama', required: true },
      ],
      limit: { rows: 3, message: 'Maksimal 3 baris uji' },
      messages: { template: 'Pakai template uji', empty: 'Berkas tidak berisi data uji' },
      parseRow: (raw, { parse }) => parse(Row, raw),
      async check(_tx, _rows, fail, filled) {
        const seen = new Map<string, number>();
        for (const { row, raw } of filled) {
          const first = raw.code ? seen.get(raw.code) : undefined;
          if (first) fail(row, 'code', `Kode ${raw.code} sama dengan baris ${first}`);
          else if (raw.code) seen.set(raw.code, row);
        }
      },
      async write(_tx, rows) {
        written.push(...rows.map((r) => r.input.code));
        return { action, after: { count: rows.length } };
      },
    };
  }
  const audited = async (action: string) =>
    Number(
      (await ctx.db.execute<{ n: string }>(sql`select count(*) as n from audit_log where action = ${action}`)).rows[0]!
        .n,
    );

  it('reports every bad row by row number and column, with the checks across rows, and writes nothing', async () => {
    const written: string[] = [];
    const file = await workbook(
      ['Kode*', 'Nama*'],
      [
        ['1', 'A'],
        ['x', ''],
        ['1', 'C'],
      ],
    );
    const err = await runImport(ctx.db, file, actor, spec('uji.impor.gagal', written)).catch((e: unknown) => e);
    expect(err).toMatchObject({
      message: '3 masalah di 2 baris; tidak ada data yang disimpan',
      fields: {
        'baris 3: Kode': 'Hanya angka',
        'baris 3: Nama': 'Wajib diisi',
        'baris 4: Kode': 'Kode 1 sama dengan baris 2',
      },
    });
    expect(written).toEqual([]);
    expect(await audited('uji.impor.gagal')).toBe(0);
  });

  it('writes all good rows with one audit entry, and refuses an empty file, a missing column and too many rows', async () => {
    const written: string[] = [];
    const ok = await runImport(
      ctx.db,
      await workbook(
        ['Kode', 'Nama'],
        [
          ['1', 'A'],
          ['2', 'B'],
        ],
      ),
      actor,
      spec('uji.impor', written),
    );
    expect(ok).toEqual({ imported: 2 });
    expect(written).toEqual(['1', '2']);
    expect(await audited('uji.impor')).toBe(1);

    const refused = (rows: (string | null)[][], headers = ['Kode*', 'Nama*']) =>
      workbook(headers, rows).then((file) =>
        runImport(ctx.db, file, actor, spec('uji.impor.tolak', [])).catch((e: unknown) => e),
      );
    expect(await refused([])).toMatchObject({ message: 'Berkas tidak berisi data uji' });
    expect(await refused([['1']], ['Kode*'])).toMatchObject({
      message: 'Kolom wajib tidak ada: Nama',
      fields: { file: 'Pakai template uji' },
    });
    expect(
      await refused([
        ['1', 'A'],
        ['2', 'B'],
        ['3', 'C'],
        ['4', 'D'],
      ]),
    ).toMatchObject({
      fields: { 'baris 5: Baris': 'Maksimal 3 baris uji' },
    });
    expect(await audited('uji.impor.tolak')).toBe(0);
  });
});
