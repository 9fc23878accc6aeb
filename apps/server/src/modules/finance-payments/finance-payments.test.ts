import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComponentIncomeAccounts, MyPayments, Payment, Receipt, StudentAccount } from '@mms/shared';
import {
  auditLog,
  units,
  bills,
  gatewayCharges,
  paymentAllocations,
  payments,
  studentCredits,
  vouchers,
} from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { clock, setClock } from '../../lib/clock.ts';
import { chargeLifetimeHours, signLocal } from './gateway.ts';
import { API, makeBill, paymentsFixture } from '../../test/finance-payments-fixture.ts';

let ctx: TestContext;
let fx: Awaited<ReturnType<typeof paymentsFixture>>;
let ok: Awaited<ReturnType<typeof paymentsFixture>>['ok'];

const count = async (table: typeof payments | typeof paymentAllocations | typeof studentCredits | typeof vouchers) =>
  (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
const billOf = async (id: number) => (await ctx.db.select().from(bills).where(eq(bills.id, id)))[0]!;
const credit = async (studentId: number) =>
  (
    await ctx.db
      .select({ n: sql<number>`coalesce(sum(${studentCredits.amount}), 0)::int` })
      .from(studentCredits)
      .where(eq(studentCredits.studentId, studentId))
  )[0]!.n;
const sppBill = (studentId: number, period: string, amount = 300000, discount = 0) =>
  makeBill(ctx.db, { unitId: fx.unitId, studentId, componentId: fx.spp.id, period, amount, discount });
const pay = (s: Session, body: Record<string, unknown>) => ctx.call(s, 'POST', `${API}/payments`, body);

beforeAll(async () => {
  ctx = await createTestContext();
  fx = await paymentsFixture(ctx);
  ok = fx.ok;
});
afterAll(() => ctx.close());

describe('access', () => {
  it.each([
    ['GET', '/students?q=a'],
    ['GET', '/students/1/account'],
    ['GET', '/payments'],
    ['GET', '/payments/export'],
    ['GET', '/payments/1'],
    ['GET', '/payments/1/receipt'],
  ] as const)('%s %s: finance.read only', async (method, path) => {
    for (const s of [fx.cashier, fx.principal, fx.admin]) {
      const res = await ctx.call(s, method, `${API}${path}`);
      expect([200, 404], `${s.user.division} ${res.body}`).toContain(res.statusCode);
    }
    for (const s of [fx.teacher, fx.student]) expect((await ctx.call(s, method, `${API}${path}`)).statusCode).toBe(403);
    expect((await ctx.call(null, method, `${API}${path}`)).statusCode).toBe(401);
  });

  it.each([
    ['POST', '/payments', 'finance.manage'],
    ['POST', '/payments/1/reversal', 'finance.manage'],
    ['POST', '/payments/1/reversal/approve', 'finance.approve'],
    ['POST', '/payments/1/reversal/reject', 'finance.approve'],
  ] as const)('%s %s: %s only, nothing written when refused', async (method, path, permission) => {
    const before = await count(payments);
    const refused = permission === 'finance.manage' ? [fx.principal, fx.teacher, fx.student] : [fx.teacher, fx.student];
    for (const s of refused) expect((await ctx.call(s, method, `${API}${path}`, {})).statusCode).toBe(403);
    expect((await ctx.call(null, method, `${API}${path}`, {})).statusCode).toBe(401);
    expect(await count(payments)).toBe(before);
  });

  it.each([
    ['GET', '/me'],
    ['GET', '/me/payments/1/receipt'],
    ['POST', '/me/charges'],
    ['POST', '/me/charges/1/pay-local'],
  ] as const)('%s %s: the student only (finance.self)', async (method, path) => {
    for (const s of [fx.cashier, fx.principal, fx.admin, fx.teacher]) {
      expect((await ctx.call(s, method, `${API}${path}`, {})).statusCode).toBe(403);
    }
    expect((await ctx.call(null, method, `${API}${path}`, {})).statusCode).toBe(401);
    const res = await ctx.call(fx.student, method, `${API}${path}`, method === 'POST' ? { billIds: [] } : undefined);
    expect([200, 400, 404]).toContain(res.statusCode);
  });

  it('the callback is public but needs a signature', async () => {
    const res = await ctx.call(null, 'POST', `${API}/gateway/local/callback`, {
      reference: 'x',
      amount: 1,
      status: 'PAID',
    });
    expect(res.statusCode).toBe(401);
    expect((await ctx.call(null, 'POST', `${API}/gateway/nope/callback`, {})).statusCode).toBe(404);
  });

  it('keeps another unit out: its cashier neither sees nor pays this unit’s students', async () => {
    const s = fx.f.studentsA[3]!;
    expect((await ctx.call(fx.outsider, 'GET', `${API}/students/${s.id}/account`)).statusCode).toBe(403);
    const found = await ok<{ items: unknown[] }>(fx.outsider, 'GET', `${API}/students?q=${encodeURIComponent(s.name)}`);
    expect(found.items).toEqual([]);
    const before = await count(payments);
    expect((await pay(fx.outsider, { studentId: s.id, method: 'CASH', amount: 1000 })).statusCode).toBe(403);
    expect(await count(payments)).toBe(before);
  });

  it('refuses fractions, strings, negatives and ids past 32 bits with 400', async () => {
    const s = fx.f.studentsA[3]!;
    for (const body of [
      { studentId: s.id, method: 'CASH', amount: 1000.5 },
      { studentId: s.id, method: 'CASH', amount: '1000' },
      { studentId: s.id, method: 'CASH', amount: -5 },
      { studentId: s.id, method: 'GATEWAY', amount: 1000 },
      { studentId: 2 ** 32, method: 'CASH', amount: 1000 },
    ]) {
      expect((await pay(fx.cashier, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await ctx.call(fx.cashier, 'GET', `${API}/payments/4294967296`)).statusCode).toBe(400);
  });
});

describe('the counter', () => {
  it('finds a student by name or NIS and shows open bills oldest first with the credit', async () => {
    const s = fx.f.studentsA[1]!;
    const b2 = await sppBill(s.id, '2026-08');
    const b1 = await sppBill(s.id, '2026-07');
    const hits = await ok<{ items: { id: number }[] }>(
      fx.cashier,
      'GET',
      `${API}/students?q=${encodeURIComponent(s.nis)}`,
    );
    expect(hits.items.map((h) => h.id)).toContain(s.id);
    const acc = await ok<StudentAccount>(fx.cashier, 'GET', `${API}/students/${s.id}/account`);
    expect(acc.bills.map((b) => b.id)).toEqual([b1.id, b2.id]);
    expect(acc).toMatchObject({ credit: 0, outstanding: 600000 });
  });

  it('allocates oldest due first by default, numbers the receipt and posts a BKM', async () => {
    const s = fx.f.studentsA[1]!;
    const p = await ok<Payment>(fx.cashier, 'POST', `${API}/payments`, {
      studentId: s.id,
      method: 'CASH',
      amount: 450000,
      payerName: 'Ayah',
    });
    expect(p.number).toBe('KWT/SMP/2026/11/0001');
    expect(p.allocations.map((a) => [a.period, a.amount])).toEqual([
      ['2026-07', 300000],
      ['2026-08', 150000],
    ]);
    expect(p).toMatchObject({ method: 'CASH', amount: 450000, creditAdded: 0, status: 'POSTED', date: '2026-11-18' });
    expect(p.voucherNumbers).toEqual(['BKM/2026/11/0001']);
    const acc = await ok<StudentAccount>(fx.cashier, 'GET', `${API}/students/${s.id}/account`);
    expect(acc.bills.map((b) => [b.period, b.status, b.paid])).toEqual([['2026-08', 'PARTIAL', 150000]]);
    const [v] = await ctx.db
      .select()
      .from(vouchers)
      .where(eq(vouchers.source, `payment:${p.id}`));
    expect(v).toMatchObject({ type: 'BKM', amount: 450000, accountId: fx.acc.spp, moneyAccountId: fx.acc.kas });
    const logged = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.post'), eq(auditLog.entityId, String(p.id))));
    expect(logged).toHaveLength(1);
  });

  it('takes the cashier’s explicit amounts and books a transfer to the bank', async () => {
    const s = fx.f.studentsA[2]!;
    const old = await sppBill(s.id, '2026-07');
    const recent = await sppBill(s.id, '2026-08');
    const p = await ok<Payment>(fx.cashier, 'POST', `${API}/payments`, {
      studentId: s.id,
      method: 'TRANSFER',
      amount: 300000,
      allocations: [
        { billId: recent.id, amount: 200000 },
        { billId: old.id, amount: 100000 },
      ],
    });
    expect((await billOf(old.id)).paid).toBe(100000);
    expect((await billOf(recent.id)).paid).toBe(200000);
    expect(p.voucherNumbers[0]).toMatch(/^BBM\//);
  });

  it('refuses an allocation above a bill’s outstanding or above the money, writing nothing', async () => {
    const s = fx.f.studentsA[4]!;
    const b = await sppBill(s.id, '2026-07', 300000, 50000); // owes 250.000
    const other = await sppBill(fx.f.studentsA[5]!.id, '2026-07');
    const before = await Promise.all([count(payments), count(paymentAllocations), count(vouchers)]);
    const over = await pay(fx.cashier, {
      studentId: s.id,
      method: 'CASH',
      amount: 300000,
      allocations: [{ billId: b.id, amount: 250001 }],
    });
    expect(over.statusCode).toBe(409);
    const tooMuch = await pay(fx.cashier, {
      studentId: s.id,
      method: 'CASH',
      amount: 100000,
      allocations: [{ billId: b.id, amount: 200000 }],
    });
    expect(tooMuch.statusCode).toBe(400);
    const notTheirs = await pay(fx.cashier, {
      studentId: s.id,
      method: 'CASH',
      amount: 100000,
      allocations: [{ billId: other.id, amount: 100000 }],
    });
    expect(notTheirs.statusCode).toBe(409);
    expect(await Promise.all([count(payments), count(paymentAllocations), count(vouchers)])).toEqual(before);
    expect((await billOf(b.id)).paid).toBe(0);
  });

  it('turns an overpayment into credit that the next bill uses', async () => {
    const s = fx.f.studentsA[4]!;
    // owes 250.000 on July (from the test above); pays 400.000
    const p = await ok<Payment>(fx.cashier, 'POST', `${API}/payments`, {
      studentId: s.id,
      method: 'CASH',
      amount: 400000,
    });
    expect(p).toMatchObject({ creditAdded: 150000, creditUsed: 0 });
    expect(await credit(s.id)).toBe(150000);
    const titipan = await ctx.db
      .select()
      .from(vouchers)
      .where(eq(vouchers.source, `payment:${p.id}`));
    expect(titipan.map((v) => [v.accountId, v.amount]).sort()).toEqual(
      [
        [fx.acc.spp, 250000],
        [fx.acc.titipan, 150000],
      ].sort(),
    );
    const aug = await sppBill(s.id, '2026-08');
    const acc = await ok<StudentAccount>(fx.cashier, 'GET', `${API}/students/${s.id}/account`);
    expect(acc.credit).toBe(150000);
    const next = await ok<Payment>(fx.cashier, 'POST', `${API}/payments`, {
      studentId: s.id,
      method: 'CASH',
      amount: 150000,
    });
    expect(next).toMatchObject({ creditUsed: 150000, creditAdded: 0 });
    expect(next.allocations).toEqual([expect.objectContaining({ billId: aug.id, amount: 300000 })]);
    expect(await billOf(aug.id)).toMatchObject({ paid: 300000, status: 'PAID' });
    expect(await credit(s.id)).toBe(0);
  });
});

describe('receipt', () => {
  it('shows the terbilang, the stamp duty note only above Rp 5.000.000 and the SPP recap of the year', async () => {
    const s = fx.f.studentsA[1]!;
    const list = await ok<{ items: Payment[] }>(fx.cashier, 'GET', `${API}/payments?q=${encodeURIComponent(s.nis)}`);
    const r = await ok<Receipt>(fx.cashier, 'GET', `${API}/payments/${list.items[0]!.id}/receipt`);
    expect(r.terbilang).toBe('Empat ratus lima puluh ribu rupiah');
    expect(r.stampDuty).toBe(false);
    expect(r.schoolYear).toBe('2026/2027');
    expect(r.recap).toHaveLength(12);
    expect(r.recap.slice(0, 3).map((m) => [m.month, m.status])).toEqual([
      ['2026-07', 'PAID'],
      ['2026-08', 'PARTIAL'],
      ['2026-09', 'NONE'],
    ]);
    const s7 = fx.f.studentsA[6]!;
    await makeBill(ctx.db, {
      unitId: fx.unitId,
      studentId: s7.id,
      componentId: fx.kitab.id,
      period: '2026/2027',
      amount: 6_000_000,
    });
    const big = await ok<Payment>(fx.cashier, 'POST', `${API}/payments`, {
      studentId: s7.id,
      method: 'CASH',
      amount: 5_000_001,
    });
    expect((await ok<Receipt>(fx.cashier, 'GET', `${API}/payments/${big.id}/receipt`)).stampDuty).toBe(true);
    const exact = await ok<Payment>(fx.cashier, 'POST', `${API}/payments`, {
      studentId: s7.id,
      method: 'CASH',
      amount: 999_999,
    });
    expect((await ok<Receipt>(fx.cashier, 'GET', `${API}/payments/${exact.id}/receipt`)).stampDuty).toBe(false);
  });

  it('the student opens only their own receipt; another student’s is 404', async () => {
    const own = fx.f.studentsA[0]!;
    await sppBill(own.id, '2026-07');
    const p = await ok<Payment>(fx.cashier, 'POST', `${API}/payments`, {
      studentId: own.id,
      method: 'CASH',
      amount: 300000,
    });
    const r = await ok<Receipt>(fx.student, 'GET', `${API}/me/payments/${p.id}/receipt`);
    expect(r.payment.number).toBe(p.number);
    const others = await ok<{ items: Payment[] }>(
      fx.cashier,
      'GET',
      `${API}/payments?q=${encodeURIComponent(fx.f.studentsA[1]!.nis)}`,
    );
    expect((await ctx.call(fx.student, 'GET', `${API}/me/payments/${others.items[0]!.id}/receipt`)).statusCode).toBe(
      404,
    );
    const mine = await ok<MyPayments>(fx.student, 'GET', `${API}/me`);
    expect(mine.payments.map((x) => x.id)).toEqual([p.id]);
  });

  it('lists with filters and exports Excel', async () => {
    const cash = await ok<{ items: Payment[]; total: number }>(fx.cashier, 'GET', `${API}/payments?method=TRANSFER`);
    expect(cash.items.every((p) => p.method === 'TRANSFER')).toBe(true);
    expect(cash.total).toBeGreaterThan(0);
    const none = await ok<{ total: number }>(fx.cashier, 'GET', `${API}/payments?from=2026-12-01`);
    expect(none.total).toBe(0);
    const mineOnly = await ok<{ items: Payment[] }>(
      fx.cashier,
      'GET',
      `${API}/payments?cashierId=${fx.cashier2.user.id}`,
    );
    expect(mineOnly.items).toEqual([]);
    const x = await ctx.call(fx.cashier, 'GET', `${API}/payments/export?method=CASH`);
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('reversal', () => {
  it('needs a reason and a second person; the asker is refused; bills, credit and vouchers are undone', async () => {
    const s = fx.f.studentsA[7]!;
    const jul = await sppBill(s.id, '2026-07');
    const p = await ok<Payment>(fx.cashier, 'POST', `${API}/payments`, {
      studentId: s.id,
      method: 'CASH',
      amount: 500000,
    });
    expect(p.creditAdded).toBe(200000);
    expect((await ctx.call(fx.cashier, 'POST', `${API}/payments/${p.id}/reversal`, { reason: '' })).statusCode).toBe(
      400,
    );
    expect((await ctx.call(fx.cashier2, 'POST', `${API}/payments/${p.id}/reversal/approve`)).statusCode).toBe(409);
    const asked = await ok<Payment>(fx.cashier, 'POST', `${API}/payments/${p.id}/reversal`, { reason: 'Salah siswa' });
    expect(asked.status).toBe('REVERSAL_REQUESTED');
    expect((await ctx.call(fx.cashier, 'POST', `${API}/payments/${p.id}/reversal/approve`)).statusCode).toBe(403);
    expect((await ctx.call(fx.outsider, 'POST', `${API}/payments/${p.id}/reversal/approve`)).statusCode).toBe(403);
    expect((await billOf(jul.id)).status).toBe('PAID');
    const done = await ok<Payment>(fx.principal, 'POST', `${API}/payments/${p.id}/reversal/approve`);
    expect(done).toMatchObject({
      status: 'REVERSED',
      reversalReason: 'Salah siswa',
      reversalApprovedBy: expect.any(String),
    });
    expect(done.reversalRequestedBy).toBe(fx.cashier.user.displayName);
    expect(await billOf(jul.id)).toMatchObject({ paid: 0, status: 'UNPAID' });
    expect(await credit(s.id)).toBe(0);
    const rev = await ctx.db
      .select()
      .from(vouchers)
      .where(eq(vouchers.source, `payment-reversal:${p.id}`));
    expect(rev.map((v) => v.type)).toEqual(['BKK', 'BKK']);
    expect(rev.reduce((a, v) => a + v.amount, 0)).toBe(500000);
    // never edited or reversed twice
    expect(
      (await ctx.call(fx.cashier, 'POST', `${API}/payments/${p.id}/reversal`, { reason: 'lagi' })).statusCode,
    ).toBe(409);
    const r = await ok<Receipt>(fx.cashier, 'GET', `${API}/payments/${p.id}/receipt`);
    expect(r.payment.status).toBe('REVERSED');
  });

  it('a request can be turned down; the payment stays', async () => {
    const s = fx.f.studentsA[7]!;
    const p = await ok<Payment>(fx.cashier, 'POST', `${API}/payments`, {
      studentId: s.id,
      method: 'CASH',
      amount: 100000,
    });
    await ok(fx.cashier, 'POST', `${API}/payments/${p.id}/reversal`, { reason: 'Keliru' });
    const back = await ok<Payment>(fx.cashier2, 'POST', `${API}/payments/${p.id}/reversal/reject`);
    expect(back).toMatchObject({ status: 'POSTED', reversalReason: null });
  });

  it('refuses to reverse a payment whose credit a later payment already used', async () => {
    const s = fx.f.studentsA[8]!;
    await sppBill(s.id, '2026-07');
    const first = await ok<Payment>(fx.cashier, 'POST', `${API}/payments`, {
      studentId: s.id,
      method: 'CASH',
      amount: 400000,
    });
    await sppBill(s.id, '2026-08');
    await ok<Payment>(fx.cashier, 'POST', `${API}/payments`, { studentId: s.id, method: 'CASH', amount: 200000 });
    await ok(fx.cashier, 'POST', `${API}/payments/${first.id}/reversal`, { reason: 'Uji' });
    expect((await ctx.call(fx.cashier2, 'POST', `${API}/payments/${first.id}/reversal/approve`)).statusCode).toBe(409);
    expect(await credit(s.id)).toBe(0);
  });
});

describe('concurrency', () => {
  it('two cashiers paying the same bill at once never allocate more than the bill', async () => {
    const s = fx.f.studentsB[0]!;
    const b = await sppBill(s.id, '2026-07');
    const body = { studentId: s.id, method: 'CASH', amount: 300000, allocations: [{ billId: b.id, amount: 300000 }] };
    const [r1, r2] = await Promise.all([pay(fx.cashier, body), pay(fx.cashier2, body)]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    expect(await billOf(b.id)).toMatchObject({ paid: 300000, status: 'PAID' });
    const allocated = await ctx.db
      .select({ n: sql<number>`sum(${paymentAllocations.amount})::int` })
      .from(paymentAllocations)
      .where(eq(paymentAllocations.billId, b.id));
    expect(allocated[0]!.n).toBe(300000);
  });

  it('20 concurrent payments get receipt numbers without gaps', async () => {
    const month = '2026/11/';
    const before = await ctx.db.select({ number: payments.number }).from(payments);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        pay(i % 2 ? fx.cashier : fx.cashier2, {
          studentId: fx.f.studentsB[1 + (i % 5)]!.id,
          method: 'CASH',
          amount: 1000 + i,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const seqs = (await ctx.db.select({ number: payments.number }).from(payments))
      .filter((p) => p.number.includes(month))
      .map((p) => Number(p.number.slice(-4)))
      .sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: before.length + 20 }, (_, i) => i + 1));
  });
});

describe('gateway', () => {
  it('a student starts a charge, a bad signature is 401, a good callback pays once, repeats change nothing', async () => {
    const own = fx.f.studentsA[0]!;
    const aug = await sppBill(own.id, '2026-08');
    const sep = await sppBill(own.id, '2026-09');
    const other = await sppBill(fx.f.studentsA[9]!.id, '2026-07');
    expect((await ctx.call(fx.student, 'POST', `${API}/me/charges`, { billIds: [other.id] })).statusCode).toBe(409);
    const charge = await ok<{ providerRef: string; vaNumber: string; amount: number; id: number }>(
      fx.student,
      'POST',
      `${API}/me/charges`,
      { billIds: [aug.id, sep.id] },
    );
    expect(charge.amount).toBe(600000);
    expect(charge.vaNumber).toMatch(/^8808\d{12}$/);
    const event = { reference: charge.providerRef, amount: 600000, status: 'PAID' };
    const url = `${API}/gateway/local/callback`;
    const bad = await ctx.app.inject({
      method: 'POST',
      url,
      payload: event,
      headers: { 'x-signature': 'ab'.repeat(32) },
    });
    expect(bad.statusCode).toBe(401);
    const forged = await ctx.app.inject({
      method: 'POST',
      url,
      payload: { ...event, amount: 1 },
      headers: { 'x-signature': signLocal(event as never) },
    });
    expect(forged.statusCode).toBe(401);
    expect((await billOf(aug.id)).paid).toBe(0);
    const headers = { 'x-signature': signLocal(event as never) };
    const first = await ctx.app.inject({ method: 'POST', url, payload: event, headers });
    expect(first.statusCode, first.body).toBe(200);
    const before = await Promise.all([count(payments), count(vouchers)]);
    const again = await ctx.app.inject({ method: 'POST', url, payload: event, headers });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await Promise.all([count(payments), count(vouchers)])).toEqual(before);
    const p = await ok<Payment>(fx.cashier, 'GET', `${API}/payments/${first.json().paymentId}`);
    expect(p).toMatchObject({ method: 'GATEWAY', amount: 600000, creditAdded: 0 });
    expect(p.voucherNumbers[0]).toMatch(/^BBM\//);
    expect(await billOf(sep.id)).toMatchObject({ status: 'PAID' });
  });

  it('an amount that differs is allocated as it arrived: short pays part, more becomes credit', async () => {
    const own = fx.f.studentsA[0]!;
    const oct = await sppBill(own.id, '2026-10');
    const nov = await sppBill(own.id, '2026-11');
    const c1 = await ok<{ providerRef: string; id: number }>(fx.student, 'POST', `${API}/me/charges`, {
      billIds: [oct.id],
    });
    const short = { reference: c1.providerRef, amount: 100000, status: 'PAID' as const };
    const r1 = await ctx.app.inject({
      method: 'POST',
      url: `${API}/gateway/local/callback`,
      payload: short,
      headers: { 'x-signature': signLocal(short) },
    });
    expect(r1.statusCode).toBe(200);
    expect(await billOf(oct.id)).toMatchObject({ paid: 100000, status: 'PARTIAL' });
    const c2 = await ok<{ providerRef: string; id: number }>(fx.student, 'POST', `${API}/me/charges`, {
      billIds: [nov.id],
    });
    const before = await credit(own.id);
    const more = { reference: c2.providerRef, amount: 350000, status: 'PAID' as const };
    const r2 = await ctx.app.inject({
      method: 'POST',
      url: `${API}/gateway/local/callback`,
      payload: more,
      headers: { 'x-signature': signLocal(more) },
    });
    expect(r2.statusCode).toBe(200);
    expect(await billOf(nov.id)).toMatchObject({ paid: 300000, status: 'PAID' });
    // the October bill was not in this charge: it stays, the rest is credit
    expect((await billOf(oct.id)).paid).toBe(100000);
    expect(await credit(own.id)).toBe(before + 50000);
  });

  it('the demo pay button pays the student’s own local charge', async () => {
    const own = fx.f.studentsA[0]!;
    const dec = await sppBill(own.id, '2026-12');
    const c = await ok<{ id: number }>(fx.student, 'POST', `${API}/me/charges`, { billIds: [dec.id] });
    const res = await ok<{ paymentId: number }>(fx.student, 'POST', `${API}/me/charges/${c.id}/pay-local`);
    expect(res.paymentId).toBeGreaterThan(0);
    expect((await billOf(dec.id)).status).toBe('PAID');
    const mine = await ok<MyPayments>(fx.student, 'GET', `${API}/me`);
    expect(mine.charges.find((x) => x.id === c.id)?.status).toBe('PAID');
  });
});

describe('the income account of each component', () => {
  const URL = `${API}/component-accounts`;
  const row = (r: ComponentIncomeAccounts, id: number) => r.items.find((i) => i.componentId === id)!;

  it('GET: finance.read only; PUT: finance.manage only, nothing written when refused', async () => {
    for (const s of [fx.cashier, fx.principal]) expect((await ctx.call(s, 'GET', URL)).statusCode).toBe(200);
    expect((await ctx.call(fx.admin, 'GET', `${URL}?unitId=${fx.unitId}`)).statusCode).toBe(200);
    for (const s of [fx.teacher, fx.student]) expect((await ctx.call(s, 'GET', URL)).statusCode).toBe(403);
    expect((await ctx.call(null, 'GET', URL)).statusCode).toBe(401);
    const body = { accountId: fx.acc.other };
    for (const s of [fx.principal, fx.teacher, fx.student]) {
      expect((await ctx.call(s, 'PUT', `${URL}/${fx.spp.id}`, body)).statusCode).toBe(403);
    }
    expect((await ctx.call(null, 'PUT', `${URL}/${fx.spp.id}`, body)).statusCode).toBe(401);
    // another unit's cashier neither reads nor maps this unit's components
    expect((await ctx.call(fx.outsider, 'GET', `${URL}?unitId=${fx.unitId}`)).statusCode).toBe(403);
    expect((await ctx.call(fx.outsider, 'PUT', `${URL}/${fx.spp.id}`, body)).statusCode).toBe(403);
    const now = await ok<ComponentIncomeAccounts>(fx.cashier, 'GET', URL);
    expect(row(now, fx.spp.id).source).not.toBe('MAPPED');
  });

  it('shows the default rule, and a mapping chosen by the treasurer books the next payment to it, audited', async () => {
    const before = await ok<ComponentIncomeAccounts>(fx.cashier, 'GET', URL);
    expect(before.accounts.map((a) => a.id)).toEqual([fx.acc.spp, fx.acc.other]);
    expect(row(before, fx.spp.id)).toMatchObject({
      source: 'NAME',
      mappedAccountId: null,
      account: { id: fx.acc.spp },
    });
    expect(row(before, fx.kitab.id)).toMatchObject({ source: 'FALLBACK', account: { id: fx.acc.other } });

    const mapped = await ok<ComponentIncomeAccounts>(fx.cashier, 'PUT', `${URL}/${fx.spp.id}`, {
      accountId: fx.acc.other,
    });
    expect(row(mapped, fx.spp.id)).toMatchObject({ source: 'MAPPED', mappedAccountId: fx.acc.other });
    const s = fx.f.studentsA[11]!;
    await sppBill(s.id, '2026-07');
    const p = await ok<Payment>(fx.cashier, 'POST', `${API}/payments`, {
      studentId: s.id,
      method: 'CASH',
      amount: 300000,
    });
    const [v] = await ctx.db
      .select()
      .from(vouchers)
      .where(eq(vouchers.source, `payment:${p.id}`));
    expect(v).toMatchObject({ accountId: fx.acc.other, amount: 300000 });

    // back to the default rule
    const reset = await ok<ComponentIncomeAccounts>(fx.cashier, 'PUT', `${URL}/${fx.spp.id}`, { accountId: null });
    expect(row(reset, fx.spp.id)).toMatchObject({ source: 'NAME', mappedAccountId: null });
    const logged = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.component.income-account'), eq(auditLog.entityId, String(fx.spp.id))))
      .orderBy(auditLog.id);
    expect(logged.map((l) => [l.before, l.after])).toEqual([
      [{ accountId: null }, { accountId: fx.acc.other }],
      [{ accountId: fx.acc.other }, { accountId: null }],
    ]);
  });

  it('refuses an account that is not an active income account of the component’s unit, and bad ids', async () => {
    const put = (id: number | string, body: unknown) => ctx.call(fx.cashier, 'PUT', `${URL}/${id}`, body);
    const kas = await put(fx.kitab.id, { accountId: fx.acc.kas });
    expect(kas.statusCode).toBe(409);
    expect(kas.json().error.message).toBe('Pilih akun pendapatan yang aktif');
    const sd = await ok<{ id: number }>(fx.admin, 'POST', '/api/v1/finance-books/accounts', {
      unitId: (await ctx.db.select().from(units).where(eq(units.code, 'SD')))[0]!.id,
      code: '4-101',
      name: 'Pendapatan SPP SD',
      kind: 'INCOME',
    });
    expect((await put(fx.kitab.id, { accountId: sd.id })).statusCode).toBe(404);
    expect((await put(999999, { accountId: fx.acc.spp })).statusCode).toBe(404);
    expect((await put(4294967296, { accountId: fx.acc.spp })).statusCode).toBe(400);
    expect((await put(fx.kitab.id, { accountId: 'x' })).statusCode).toBe(400);
    expect((await put(fx.kitab.id, {})).statusCode).toBe(400);
    const now = await ok<ComponentIncomeAccounts>(fx.cashier, 'GET', URL);
    expect(row(now, fx.kitab.id).source).toBe('FALLBACK');
  });
});

describe('gateway charge expiry', () => {
  it('reads the lifetime from MMS_GATEWAY_CHARGE_HOURS: 24 by default or when it is not 1 to 720 whole hours', () => {
    expect(chargeLifetimeHours(undefined)).toBe(24);
    expect(chargeLifetimeHours('2')).toBe(2);
    expect(chargeLifetimeHours(' 72 ')).toBe(72);
    for (const bad of ['0', '721', '1.5', '-3', 'abc', '']) expect(chargeLifetimeHours(bad)).toBe(24);
  });

  it('a charge expires after 24 hours: the student sees it expired, cannot pay it, and a late callback pays nothing', async () => {
    const own = fx.f.studentsA[0]!;
    const jan = await sppBill(own.id, '2027-01');
    const start = new Date('2027-02-03T02:00:00Z').getTime();
    const at = (ms: number) => setClock(new Date(start + ms));
    const HOUR = 3_600_000;
    const restore = clock.now();
    try {
      // a fresh sign-in after each jump of the clock (a session idles out)
      const me = () => ctx.signIn(fx.student.user.username);
      at(0);
      let session = await me();
      const c = await ok<MyPayments['charges'][number]>(session, 'POST', `${API}/me/charges`, { billIds: [jan.id] });
      expect(c.status).toBe('PENDING');
      expect(new Date(c.expiresAt).getTime() - new Date(c.createdAt).getTime()).toBe(24 * HOUR);

      at(24 * HOUR - 60_000);
      session = await me();
      const still = await ok<MyPayments>(session, 'GET', `${API}/me`);
      expect(still.charges.find((x) => x.id === c.id)?.status).toBe('PENDING');

      at(24 * HOUR + 1000);
      session = await me();
      const mine = await ok<MyPayments>(session, 'GET', `${API}/me`);
      expect(mine.charges.find((x) => x.id === c.id)?.status).toBe('EXPIRED');
      const demo = await ctx.call(session, 'POST', `${API}/me/charges/${c.id}/pay-local`);
      expect(demo.statusCode).toBe(409);
      expect(demo.json().error.message).toContain('kedaluwarsa');

      const before = await Promise.all([count(payments), count(vouchers), count(paymentAllocations)]);
      const event = { reference: c.providerRef, amount: c.amount, status: 'PAID' as const };
      const late = () =>
        ctx.app.inject({
          method: 'POST',
          url: `${API}/gateway/local/callback`,
          payload: event,
          headers: { 'x-signature': signLocal(event) },
        });
      const first = await late();
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ ok: true, paymentId: null, expired: true });
      const again = await late();
      expect(again.json()).toEqual(first.json());
      expect(await Promise.all([count(payments), count(vouchers), count(paymentAllocations)])).toEqual(before);
      expect(await billOf(jan.id)).toMatchObject({ paid: 0, status: 'UNPAID' });
      const [row] = await ctx.db.select().from(gatewayCharges).where(eq(gatewayCharges.id, c.id));
      expect(row).toMatchObject({ status: 'EXPIRED', paymentId: null });
      const logged = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'payment.charge.expired'), eq(auditLog.entityId, String(c.id))));
      expect(logged).toHaveLength(1);

      // a new charge for the same bill can be started and paid
      const fresh = await ok<{ id: number }>(session, 'POST', `${API}/me/charges`, { billIds: [jan.id] });
      await ok(session, 'POST', `${API}/me/charges/${fresh.id}/pay-local`);
      expect(await billOf(jan.id)).toMatchObject({ paid: 300000, status: 'PAID' });
    } finally {
      setClock(restore);
    }
  });

  it('the lifetime follows MMS_GATEWAY_CHARGE_HOURS', async () => {
    const own = fx.f.studentsA[0]!;
    const feb = await sppBill(own.id, '2027-02');
    const previous = process.env.MMS_GATEWAY_CHARGE_HOURS;
    process.env.MMS_GATEWAY_CHARGE_HOURS = '2';
    try {
      const c = await ok<MyPayments['charges'][number]>(fx.student, 'POST', `${API}/me/charges`, {
        billIds: [feb.id],
      });
      expect(new Date(c.expiresAt).getTime() - new Date(c.createdAt).getTime()).toBe(2 * 3_600_000);
    } finally {
      if (previous === undefined) delete process.env.MMS_GATEWAY_CHARGE_HOURS;
      else process.env.MMS_GATEWAY_CHARGE_HOURS = previous;
    }
  });
});
