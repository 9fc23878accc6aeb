import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jakartaDay } from '@mms/shared';
import { clock, setClock } from '../../lib/clock.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { attendanceFixture } from '../attendance/test-fixtures.ts';

// issue 39 finding 2: a sanction proposed at 05:42 WIB on 2 December read 01/12/2026 (its UTC date) in the export
const EARLY = '2026-12-02T05:42:00+07:00';
const D = '/api/v1/discipline';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let bpbk: Session;

beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx, { now: EARLY });
  bpbk = await ctx.as('BPBK');
});
afterAll(() => ctx.close());

async function sheetRows(session: Session, url: string, lang = 'id') {
  const res = await ctx.app.inject({
    method: 'GET',
    url,
    headers: { cookie: session.cookie, 'accept-language': lang },
  });
  expect(res.statusCode, res.body).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows.slice(3); // the heading, the filters and the print date (eachRow skips the blank line)
}

describe('a sanction proposed at 05:42 WIB (still 1 December in UTC)', () => {
  it('reads 2 December 2026 in the list and the Excel export, in both languages', async () => {
    setClock(EARLY);
    expect(clock.today()).toBe('2026-12-02');
    const rule = await ctx.call(bpbk, 'POST', `${D}/rules`, {
      code: 'B9',
      name: 'Berkelahi',
      category: 'BERAT',
      points: 100,
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const principal = await ctx.as('PRINCIPAL');
    const threshold = { points: 100, kind: 'PANGGILAN_1', title: 'Surat panggilan orang tua I' };
    expect((await ctx.call(principal, 'POST', `${D}/thresholds`, threshold)).statusCode).toBe(200);
    const pupil = f.studentsA[0]!;
    const reported = await ctx.call(f.subjectTeacher, 'POST', `${D}/violations`, {
      studentId: pupil.id,
      ruleId: rule.json().id,
      occurredOn: clock.today(),
      occurredTime: '05:40',
    });
    expect(reported.statusCode, reported.body).toBe(200);
    const verified = await ctx.call(bpbk, 'POST', `${D}/violations/${reported.json().id}/verify`);
    expect(verified.statusCode, verified.body).toBe(200);

    const list = (await ctx.call(bpbk, 'GET', `${D}/sanctions?studentId=${pupil.id}`)).json();
    expect(list.items).toHaveLength(1);
    // the instant itself, whose first ten characters are the UTC day: the screens show its Jakarta day
    expect(list.items[0].createdAt.slice(0, 10)).toBe('2026-12-01');
    expect(jakartaDay(list.items[0].createdAt)).toBe('2026-12-02');

    for (const lang of ['id', 'en']) {
      const [header, sanction] = await sheetRows(bpbk, `${D}/sanctions/export?studentId=${pupil.id}`, lang);
      const proposed = header!.indexOf(lang === 'en' ? 'Proposed' : 'Diusulkan');
      expect(proposed, String(header)).toBeGreaterThanOrEqual(0);
      expect(sanction![proposed]).toBe('02/12/2026');
    }
    // the violation's own date column reads the same day, not its ISO text
    const [header, violation] = await sheetRows(bpbk, `${D}/violations/export?studentId=${pupil.id}`);
    expect(violation![header!.indexOf('Tanggal')]).toBe('02/12/2026');
  });
});
