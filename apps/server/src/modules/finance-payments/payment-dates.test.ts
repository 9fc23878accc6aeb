import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '@mms/shared';
import { clock, setClock } from '../../lib/clock.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { API, makeBill, paymentsFixture } from '../../test/finance-payments-fixture.ts';

// issue 39 findings 2 and 3: a payment taken at 05:42 WIB on 2 December (still 1 December in UTC) is dated 2 December
// on its list, its receipt and the Excel exports, written 02/12/2026; a bill's period reads Juli 2026, not 2026-07
const EARLY = '2026-12-02T05:42:00+07:00';

let ctx: TestContext;
let fx: Awaited<ReturnType<typeof paymentsFixture>>;

beforeAll(async () => {
  ctx = await createTestContext();
  fx = await paymentsFixture(ctx);
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
  return rows; // the title, the filters, the print date, the header, the rows (eachRow skips the blank line)
}

describe('a payment at 05:42 WIB', () => {
  it('is dated 2 December on the list, the receipt and the export; periods and due dates read as dates', async () => {
    const s = fx.f.studentsA[5]!;
    const bill = await makeBill(ctx.db, {
      unitId: fx.unitId,
      studentId: s.id,
      componentId: fx.spp.id,
      period: '2026-07',
      amount: 300000,
    });
    setClock(EARLY);
    expect(clock.today()).toBe('2026-12-02');
    const paid = await fx.ok<Payment>(fx.cashier, 'POST', `${API}/payments`, {
      studentId: s.id,
      method: 'CASH',
      amount: 300000,
    });
    expect(paid.date).toBe('2026-12-02');
    expect(paid.number).toMatch(/^KWT\/SMP\/2026\/12\//);
    const receipt = await fx.ok<{ payment: Payment }>(fx.cashier, 'GET', `${API}/payments/${paid.id}/receipt`);
    expect(receipt.payment.date).toBe('2026-12-02');

    const payments = await sheetRows(fx.cashier, `${API}/payments/export`);
    expect(payments[2]).toEqual(['Dicetak: 2 Desember 2026']);
    const header = payments[3]!;
    const row = payments.find((r) => r[header.indexOf('Nomor')] === paid.number)!;
    expect(row[header.indexOf('Tanggal')]).toBe('02/12/2026');

    for (const [lang, period, due] of [
      ['id', 'Juli 2026', 'Periode'],
      ['en', 'July 2026', 'Period'],
    ] as const) {
      const bills = await sheetRows(fx.cashier, `/api/v1/finance/bills/export?period=2026-07`, lang);
      expect(bills[1]).toEqual([`${lang === 'en' ? 'Filters' : 'Filter'}: ${due}: ${period}`]);
      const h = bills[3]!;
      const line = bills.find((r) => r[h.indexOf('NIS')] === s.nis)!;
      expect(line[h.indexOf(due)]).toBe(period);
      expect(line[h.indexOf(lang === 'en' ? 'Due date' : 'Jatuh tempo')]).toBe('10/07/2026');
    }
    expect(bill.period).toBe('2026-07');
  });
});
