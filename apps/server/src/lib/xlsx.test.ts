import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, students, units } from '../db/schema/index.ts';
import { createTestContext, type TestContext } from '../test/context.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  const [sd] = await ctx.db.insert(units).values({ code: 'SD', name: 'SD Uji' }).returning();
  const [smp] = await ctx.db.select().from(units).limit(1);
  await ctx.db.insert(students).values([
    ...Array.from({ length: 450 }, (_, i) => ({
      unitId: smp!.id,
      nis: `E${String(i).padStart(4, '0')}`,
      name: `Ekspor Siswa ${i}`,
    })),
    { unitId: sd!.id, nis: 'SD001', name: 'Ekspor Siswa SD' },
  ]);
  await ctx.db.insert(employees).values({ unitId: smp!.id, nip: '19800101', name: 'Ekspor Guru' });
});
afterAll(() => ctx.close());

async function readSheet(body: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows };
}

describe('Excel export of lists', () => {
  it('exports every student the caller may see across pages, with the list filters', async () => {
    const res = await ctx.call(await ctx.as('ADMIN'), 'GET', '/api/v1/students/export?q=ekspor');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="daftar-siswa-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const { name, rows } = await readSheet(res.rawPayload);
    expect(name).toBe('Siswa');
    expect(rows[0]).toEqual(['NIS', 'NISN', 'Nama', 'L/P', 'Unit', 'Kelas', 'Status']);
    expect(rows).toHaveLength(1 + 451);
    expect(rows.slice(1).every((r) => r[6] === 'Aktif')).toBe(true);
  });

  it('keeps the unit rules of the list', async () => {
    const res = await ctx.call(await ctx.as('PRINCIPAL'), 'GET', '/api/v1/students/export?q=ekspor');
    const { rows } = await readSheet(res.rawPayload);
    expect(rows).toHaveLength(1 + 450);
    expect(rows.some((r) => r[2] === 'Ekspor Siswa SD')).toBe(false);
  });

  it('exports employees and refuses callers without the permission', async () => {
    const res = await ctx.call(await ctx.as('TU'), 'GET', '/api/v1/employees/export?q=ekspor');
    expect(res.statusCode).toBe(200);
    const { rows } = await readSheet(res.rawPayload);
    expect(rows[1]!.slice(0, 2)).toEqual(['19800101', 'Ekspor Guru']);
    expect((await ctx.call(await ctx.as('STUDENT'), 'GET', '/api/v1/students/export')).statusCode).toBe(403);
    expect((await ctx.call(null, 'GET', '/api/v1/employees/export')).statusCode).toBe(401);
    expect((await ctx.call(await ctx.as('ADMIN'), 'GET', '/api/v1/students/export?status=NOPE')).statusCode).toBe(400);
  });
});
