import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { postFile, XLSX_MIME, xlsxOf } from '../../test/multipart.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const HEADERS = ['NIP*', 'Nama*', 'L/P', 'Jabatan', 'No. HP', 'Tanggal bergabung', 'Divisi*', 'Kata sandi awal*'];

const workbook = (rows: (string | number | Date | null)[][]) => xlsxOf('Pegawai', HEADERS, rows);

const upload = (session: Session, unitId: number, data: Buffer) =>
  postFile(ctx, session, `/api/v1/employees/import?unitId=${unitId}`, 'file', {
    name: 'pegawai.xlsx',
    data,
    mime: XLSX_MIME,
  });

const count = async (session: Session, q: string) =>
  (await ctx.call(session, 'GET', `/api/v1/employees?q=${encodeURIComponent(q)}`)).json().total as number;

describe('employee import', () => {
  it('downloads a template with the header row', async () => {
    const principal = await ctx.as('PRINCIPAL');
    const res = await ctx.call(principal, 'GET', '/api/v1/employees/import/template');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const headers = (book.worksheets[0]!.getRow(1).values as string[]).filter(Boolean);
    expect(headers).toEqual([
      'NIP*',
      'Nama*',
      'L/P',
      'Jabatan',
      'Status kepegawaian',
      'No. HP',
      'Email',
      'Tanggal bergabung (YYYY-MM-DD)',
      'Divisi*',
      'Kata sandi awal*',
    ]);
  });

  it('imports every row with an account that signs in', async () => {
    const wakakur = await ctx.as('WAKAKUR');
    const file = await workbook([
      [
        'EMP-IMP-01',
        'Guru Impor Satu',
        'l',
        'Guru Matematika',
        '081234567890',
        '2020-07-01',
        'teacher',
        'impor-sandi-satu-2026',
      ],
      [null, null, null, null, null, null, null, null],
      ['EMP-IMP-02', 'Staf Impor Dua', 'P', null, null, null, 'TU', 'impor-sandi-dua-2026'],
    ]);
    const res = await upload(wakakur, wakakur.user.unit!.id, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ imported: 2 });
    const list = (await ctx.call(wakakur, 'GET', '/api/v1/employees?q=EMP-IMP-01')).json();
    expect(list.items[0]).toMatchObject({ nip: 'EMP-IMP-01', gender: 'L', division: 'TEACHER' });
    const session = await ctx.signIn('emp-imp-02', 'impor-sandi-dua-2026');
    expect(session.user).toMatchObject({ division: 'TU', unit: { id: wakakur.user.unit!.id } });
    await ctx.signIn('emp-imp-01', 'impor-sandi-satu-2026');
  });

  it('reports every bad row with row, column and reason, and saves nothing', async () => {
    const wakakur = await ctx.as('WAKAKUR');
    const file = await workbook([
      ['EMP-IMP-10', 'Baik Sepuluh', 'L', null, null, null, 'TEACHER', 'impor-sandi-baik-2026'],
      ['EMP-IMP-10', 'Kembar NIP', 'P', null, null, null, 'TEACHER', 'impor-sandi-kembar-2026'],
      ['EMP-IMP-11', 'Divisi Salah', 'L', null, null, null, 'KEPALA', 'impor-sandi-salah-2026'],
      ['EMP-IMP-12', 'Yayasan', 'L', null, null, null, 'YAYASAN', 'pendek'],
    ]);
    const res = await upload(wakakur, wakakur.user.unit!.id, file);
    expect(res.statusCode).toBe(400);
    const body = res.json().error;
    expect(body.message).toBe('4 masalah di 3 baris; tidak ada data yang disimpan');
    expect(body.fields).toEqual({
      'baris 3: NIP': 'NIP EMP-IMP-10 sama dengan baris 2',
      'baris 4: Divisi': 'Divisi tidak valid',
      'baris 5: Kata sandi awal': 'Kata sandi minimal 8 karakter',
      'baris 5: Divisi': expect.stringContaining('Hanya ADMIN'),
    });
    expect(await count(wakakur, 'Baik Sepuluh')).toBe(0);

    const admin = await ctx.as('ADMIN');
    const taken = await upload(
      admin,
      wakakur.user.unit!.id,
      await workbook([
        ['EMP-IMP-01', 'Sudah Ada', 'L', null, null, null, 'YAYASAN', 'impor-sandi-ada-2026'],
        ['EMP-IMP-13', 'Sandi Umum', 'L', null, null, null, 'TEACHER', 'password123'],
      ]),
    );
    expect(taken.statusCode).toBe(400);
    expect(Object.keys(taken.json().error.fields).sort()).toEqual(['baris 2: NIP', 'baris 3: Kata sandi awal']);
  });

  it('is refused to teachers and TU', async () => {
    for (const division of ['TEACHER', 'TU'] as const) {
      const session = await ctx.as(division);
      const file = await workbook([['EMP-IMP-20', 'X', null, null, null, null, 'TEACHER', 'impor-sandi-x-2026']]);
      expect((await upload(session, session.user.unit!.id, file)).statusCode).toBe(403);
      expect((await ctx.call(session, 'GET', '/api/v1/employees/import/template')).statusCode).toBe(403);
    }
  });
});
