import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, students, units } from '../db/schema/index.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { HEADING_ROWS } from './xlsx.ts';

let ctx: TestContext;
beforeAll(async () => {
  // the print date of the heading is the school's today: 25 November 2026, 10:00 WIB
  ctx = await createTestContext({}, { now: '2026-11-25T03:00:00Z' });
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
  return { name: sheet.name, heading: rows.slice(0, HEADING_ROWS - 1), rows: rows.slice(HEADING_ROWS - 1) };
}

describe('Excel export of lists', () => {
  it('exports every student the caller may see across pages, with the list filters', async () => {
    const res = await ctx.call(await ctx.as('ADMIN'), 'GET', '/api/v1/students/export?q=ekspor');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="daftar-siswa-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const { name, heading, rows } = await readSheet(res.rawPayload);
    expect(name).toBe('Siswa');
    expect(heading).toEqual([['Daftar Siswa'], ['Filter: Pencarian: ekspor'], ['Dicetak: 25 November 2026']]);
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
    expect(rows[1]![7]).toBe('Ya');
    expect((await ctx.call(await ctx.as('STUDENT'), 'GET', '/api/v1/students/export')).statusCode).toBe(403);
    expect((await ctx.call(null, 'GET', '/api/v1/employees/export')).statusCode).toBe(401);
    expect((await ctx.call(await ctx.as('ADMIN'), 'GET', '/api/v1/students/export?status=NOPE')).statusCode).toBe(400);
  });

  it("follows the reader's language: title, filters, print date, sheet name, headers and labels", async () => {
    const session = await ctx.as('ADMIN');
    const [smp] = await ctx.db.select().from(units).where(eq(units.code, 'SMP'));
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/students/export?q=ekspor&unitId=${smp!.id}&status=ACTIVE`,
      headers: { cookie: session.cookie, 'accept-language': 'en-GB,en;q=0.9,id;q=0.8' },
    });
    expect(res.statusCode).toBe(200);
    const { name, heading, rows } = await readSheet(res.rawPayload);
    expect(name).toBe('Students');
    expect(heading).toEqual([
      ['Student List'],
      [`Filters: Unit: ${smp!.name}; Search: ekspor; Status: Active`],
      ['Printed: 25 November 2026'],
    ]);
    expect(rows[0]).toEqual(['NIS', 'NISN', 'Name', 'M/F', 'Unit', 'Class', 'Status']);
    expect(rows).toHaveLength(1 + 450);
    expect(rows[1]![6]).toBe('Active');

    const staff = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/employees/export?q=ekspor&active=true',
      headers: { cookie: session.cookie, 'accept-language': 'en' },
    });
    const sheet = await readSheet(staff.rawPayload);
    expect(sheet.name).toBe('Employees');
    expect(sheet.heading[1]).toEqual(['Filters: Search: ekspor; Active: Yes']);
    expect(sheet.rows[1]![7]).toBe('Yes');
  });
});
