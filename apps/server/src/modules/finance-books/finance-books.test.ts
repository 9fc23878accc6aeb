import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Voucher } from '@mms/shared';
import { auditLog, employees, units, users, vouchers } from '../../db/schema/index.ts';
import { actorOf } from '../../lib/audit.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { postVoucher } from './finance-books.service.ts';

type Method = Parameters<TestContext['call']>[1];

let ctx: TestContext;
let cashier: Session;
let cashier2: Session;
let admin: Session;
let principal: Session;
let teacher: Session;
let student: Session;
let outsider: Session;
const acc = { kas: 0, bank: 0, spp: 0, ops: 0 };
const API = '/api/v1/finance-books';

const voucherCount = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(vouchers))[0]!.n;
const ok = async <T = Record<string, unknown>>(s: Session, method: Method, url: string, body?: unknown) => {
  const res = await ctx.call(s, method, url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const draft = (over: Record<string, unknown> = {}) => ({
  type: 'BKM',
  date: '2026-11-10',
  accountId: acc.spp,
  moneyAccountId: acc.kas,
  amount: 1_250_000,
  description: 'SPP November',
  ...over,
});
/** A draft by the cashier, approved by the second cashier. */
async function posted(over: Record<string, unknown> = {}) {
  const v = await ok<Voucher>(cashier, 'POST', `${API}/vouchers`, draft(over));
  return ok<Voucher>(cashier2, 'POST', `${API}/vouchers/${v.id}/approve`);
}

beforeAll(async () => {
  ctx = await createTestContext({}, { now: '2026-11-20T03:00:00Z' });
  cashier = await ctx.as('TEACHERCASHIER');
  const second = await ctx.createUser({ division: 'TEACHERCASHIER' });
  cashier2 = await ctx.signIn(second.username);
  admin = await ctx.as('ADMIN');
  principal = await ctx.as('PRINCIPAL');
  teacher = await ctx.as('TEACHER');
  student = await ctx.as('STUDENT');
  const [sd] = await ctx.db.insert(units).values({ code: 'SD', name: 'SD Uji' }).returning();
  const u = await ctx.createUser({ division: 'TEACHERCASHIER' });
  await ctx.db.update(users).set({ unitId: sd!.id }).where(eq(users.id, u.id));
  await ctx.db.update(employees).set({ unitId: sd!.id }).where(eq(employees.userId, u.id));
  outsider = await ctx.signIn(u.username);

  const add = (code: string, name: string, kind: string) =>
    ok<{ id: number }>(cashier, 'POST', `${API}/accounts`, { code, name, kind });
  acc.kas = (await add('1-101', 'Kas', 'CASH')).id;
  acc.bank = (await add('1-102', 'Bank BSI', 'BANK')).id;
  acc.spp = (await add('4-101', 'Pendapatan SPP', 'INCOME')).id;
  acc.ops = (await add('5-201', 'Operasional', 'EXPENSE')).id;
});

afterAll(async () => {
  await ctx.close();
});

describe('access', () => {
  it.each([
    ['GET', '/accounts'],
    ['GET', '/vouchers'],
    ['GET', '/vouchers/report?month=2026-11'],
    ['GET', '/books?kind=CASH&month=2026-11'],
    ['GET', '/books/export?kind=CASH&month=2026-11'],
    ['GET', '/closings'],
  ] as const)('%s %s: finance.read may, a teacher and a student may not', async (method, path) => {
    for (const s of [cashier, principal, admin]) {
      const res = await ctx.call(s, method, `${API}${path}`);
      expect(res.statusCode, `${s.user.division} ${res.body}`).toBe(200);
    }
    for (const s of [teacher, student]) expect((await ctx.call(s, method, `${API}${path}`)).statusCode).toBe(403);
    expect((await ctx.call(null, method, `${API}${path}`)).statusCode).toBe(401);
  });

  it.each([
    ['POST', '/accounts'],
    ['PUT', '/accounts/1'],
    ['POST', '/vouchers'],
    ['PUT', '/vouchers/1'],
    ['DELETE', '/vouchers/1'],
    ['POST', '/vouchers/1/approve'],
    ['POST', '/vouchers/1/reverse'],
    ['POST', '/closings'],
    ['POST', '/closings/reopen'],
  ] as const)('%s %s: refused to readers (principal), teachers and students', async (method, path) => {
    const before = await voucherCount();
    for (const s of [principal, teacher, student]) {
      expect((await ctx.call(s, method, `${API}${path}`, {})).statusCode).toBe(403);
    }
    expect(await voucherCount()).toBe(before);
  });

  it('keeps another unit out of this unit’s accounts and vouchers', async () => {
    const v = await ok<Voucher>(cashier, 'POST', `${API}/vouchers`, draft());
    expect((await ctx.call(outsider, 'GET', `${API}/vouchers/${v.id}`)).statusCode).toBe(403);
    expect((await ctx.call(outsider, 'POST', `${API}/vouchers/${v.id}/approve`)).statusCode).toBe(403);
    const list = await ok<{ items: Voucher[] }>(outsider, 'GET', `${API}/vouchers`);
    expect(list.items).toEqual([]);
    // the other unit's cashier cannot book on this unit's accounts
    const res = await ctx.call(outsider, 'POST', `${API}/vouchers`, draft());
    expect(res.statusCode).toBe(400);
    await ok(cashier, 'DELETE', `${API}/vouchers/${v.id}`);
  });
});

describe('chart of accounts', () => {
  it('refuses a duplicate code and keeps a used account’s code and kind', async () => {
    const dup = await ctx.call(cashier, 'POST', `${API}/accounts`, { code: '1-101', name: 'Kas lagi', kind: 'CASH' });
    expect(dup.statusCode).toBe(409);
    await posted({ amount: 1000 });
    const res = await ctx.call(cashier, 'PUT', `${API}/accounts/${acc.spp}`, {
      code: '4-199',
      name: 'Pendapatan SPP',
      kind: 'INCOME',
    });
    expect(res.statusCode).toBe(409);
    const renamed = await ok<{ name: string; used: boolean }>(cashier, 'PUT', `${API}/accounts/${acc.spp}`, {
      code: '4-101',
      name: 'SPP Siswa',
      kind: 'INCOME',
    });
    expect(renamed).toMatchObject({ name: 'SPP Siswa', used: true });
  });
});

describe('vouchers', () => {
  it('posts a draft only by a second person and numbers it', async () => {
    const v = await ok<Voucher>(cashier, 'POST', `${API}/vouchers`, draft({ type: 'BBM', moneyAccountId: acc.bank }));
    expect(v).toMatchObject({ state: 'DRAFT', number: null, amount: 1_250_000 });
    expect((await ctx.call(cashier, 'POST', `${API}/vouchers/${v.id}/approve`)).statusCode).toBe(403);
    const p = await ok<Voucher>(cashier2, 'POST', `${API}/vouchers/${v.id}/approve`);
    expect(p).toMatchObject({ state: 'POSTED', number: 'BBM/2026/11/0001', approverName: cashier2.user.displayName });
  });

  it('never edits or deletes a posted voucher', async () => {
    const p = await posted({ amount: 5000 });
    const before = await ctx.db.select().from(vouchers).where(eq(vouchers.id, p.id));
    expect((await ctx.call(cashier, 'PUT', `${API}/vouchers/${p.id}`, draft({ amount: 6000 }))).statusCode).toBe(409);
    expect((await ctx.call(cashier, 'DELETE', `${API}/vouchers/${p.id}`)).statusCode).toBe(409);
    expect((await ctx.call(admin, 'DELETE', `${API}/vouchers/${p.id}`)).statusCode).toBe(409);
    expect((await ctx.call(cashier2, 'POST', `${API}/vouchers/${p.id}/approve`)).statusCode).toBe(409);
    expect(await ctx.db.select().from(vouchers).where(eq(vouchers.id, p.id))).toEqual(before);
  });

  it('edits and deletes a draft', async () => {
    const v = await ok<Voucher>(cashier, 'POST', `${API}/vouchers`, draft());
    const changed = await ok<Voucher>(cashier, 'PUT', `${API}/vouchers/${v.id}`, draft({ amount: 7500 }));
    expect(changed.amount).toBe(7500);
    await ok(cashier, 'DELETE', `${API}/vouchers/${v.id}`);
    expect((await ctx.call(cashier, 'GET', `${API}/vouchers/${v.id}`)).statusCode).toBe(404);
  });

  it('reverses a posted voucher with a reason and an approver, both visible', async () => {
    const p = await posted({ type: 'BKK', accountId: acc.ops, amount: 300_000, description: 'Beli ATK' });
    const r = await ok<Voucher>(cashier, 'POST', `${API}/vouchers/${p.id}/reverse`, { reason: 'Salah nominal' });
    expect(r).toMatchObject({
      type: 'BKM',
      state: 'DRAFT',
      amount: 300_000,
      date: '2026-11-20',
      reverses: { id: p.id, number: p.number },
      reversalReason: 'Salah nominal',
    });
    // a second reversal of the same voucher is refused
    expect(
      (await ctx.call(cashier2, 'POST', `${API}/vouchers/${p.id}/reverse`, { reason: 'Lagi lagi' })).statusCode,
    ).toBe(409);
    // its amount and type follow the original
    expect(
      (await ctx.call(cashier, 'PUT', `${API}/vouchers/${r.id}`, draft({ type: 'BKM', accountId: acc.ops, amount: 1 })))
        .statusCode,
    ).toBe(409);
    const rp = await ok<Voucher>(cashier2, 'POST', `${API}/vouchers/${r.id}/approve`);
    expect(rp.approverName).toBe(cashier2.user.displayName);
    const original = await ok<Voucher>(principal, 'GET', `${API}/vouchers/${p.id}`);
    expect(original.reversedBy).toEqual({ id: r.id, number: rp.number, state: 'POSTED' });
    // a draft cannot be reversed, nor a reversal
    expect(
      (await ctx.call(cashier, 'POST', `${API}/vouchers/${r.id}/reverse`, { reason: 'Balik lagi' })).statusCode,
    ).toBe(409);
  });

  it('refuses bad input with 4xx and writes nothing', async () => {
    const before = await voucherCount();
    const bad = [
      draft({ amount: 1000.5 }),
      draft({ amount: -1000 }),
      draft({ amount: 0 }),
      draft({ amount: '1000' }),
      draft({ description: 'SPP\u0000' }),
      draft({ accountId: 2 ** 32 }),
      draft({ moneyAccountId: 2_147_483_648 }),
      draft({ date: '2026-13-01' }),
      draft({ type: 'XXX' }),
      draft({ moneyAccountId: acc.bank }), // BKM needs a cash account
      draft({ accountId: acc.kas }), // same account both sides
    ];
    for (const body of bad) {
      const res = await ctx.call(cashier, 'POST', `${API}/vouchers`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toHaveProperty('error.code');
    }
    expect((await ctx.call(cashier, 'GET', `${API}/vouchers/4294967296`)).statusCode).toBe(400);
    expect((await ctx.call(cashier, 'GET', `${API}/vouchers?month=2026-1`)).statusCode).toBe(400);
    expect(await voucherCount()).toBe(before);
  });
});

describe('numbering under concurrent makers', () => {
  it('gives 20 vouchers approved at once by two sessions the numbers 1..20 without gaps', async () => {
    const drafts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ok<Voucher>(
          i % 2 ? cashier : admin,
          'POST',
          `${API}/vouchers`,
          draft({ type: 'BKM', date: '2026-10-05', amount: 1000 + i }),
        ),
      ),
    );
    // the cashier approves the admin's drafts and the admin the cashier's, all at once
    const approved = await Promise.all(
      drafts.map((d, i) => ok<Voucher>(i % 2 ? admin : cashier, 'POST', `${API}/vouchers/${d.id}/approve`)),
    );
    const numbers = approved.map((v) => v.number).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `BKM/2026/10/${String(i + 1).padStart(4, '0')}`));
  });

  it('numbers vouchers that other modules post in their own transactions (postVoucher) without gaps', async () => {
    const [unit] = await ctx.db.select().from(units).where(eq(units.code, 'SMP'));
    const actor = { userId: cashier.user.id, username: cashier.user.username, ip: null, requestId: null };
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        ctx.db.transaction(async (tx) => {
          const v = await postVoucher(
            tx,
            {
              unitId: unit!.id,
              type: 'BBM',
              date: '2026-09-15',
              accountId: acc.spp,
              moneyAccountId: acc.bank,
              amount: 50_000,
              description: `Pembayaran ${i}`,
              userId: cashier.user.id,
              source: `payment:${i}`,
            },
            actor,
          );
          // every third caller's own work fails after posting: its number must come back
          if (i % 3 === 0) throw new Error('payment failed');
          return v.number;
        }),
      ),
    );
    const numbers = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])).sort();
    expect(numbers).toEqual(['0001', '0002', '0003', '0004', '0005', '0006'].map((n) => `BBM/2026/09/${n}`));
    void actorOf;
  });
});

describe('books and month closing', () => {
  it('shows the opening balance, lines with running balances and the closing balance', async () => {
    await posted({ type: 'BKM', date: '2026-08-03', amount: 2_000_000, description: 'Saldo Agustus' });
    await posted({ type: 'BKK', date: '2026-08-04', accountId: acc.ops, amount: 500_000, description: 'ATK' });
    const july = await ok<{ opening: number; closing: number; lines: unknown[] }>(
      principal,
      'GET',
      `${API}/books?kind=CASH&month=2026-07`,
    );
    expect(july).toMatchObject({ opening: 0, closing: 0, lines: [] });
    const aug = await ok<{
      opening: number;
      closing: number;
      lines: { balance: number }[];
      days: { date: string; balance: number }[];
    }>(principal, 'GET', `${API}/books?kind=CASH&month=2026-08`);
    expect(aug.opening).toBe(0);
    expect(aug.lines.map((l) => l.balance)).toEqual([2_000_000, 1_500_000]);
    expect(aug.days).toEqual([
      { date: '2026-08-03', debit: 2_000_000, credit: 0, balance: 2_000_000 },
      { date: '2026-08-04', debit: 0, credit: 500_000, balance: 1_500_000 },
    ]);
    const sep = await ok<{ opening: number }>(principal, 'GET', `${API}/books?kind=CASH&month=2026-09`);
    expect(sep.opening).toBe(1_500_000);
    const xlsx = await ctx.call(principal, 'GET', `${API}/books/export?kind=CASH&month=2026-08`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });

  it('refuses vouchers dated in a closed month; only an ADMIN reopens it, with a reason, audited', async () => {
    const d = await ok<Voucher>(cashier, 'POST', `${API}/vouchers`, draft({ date: '2026-07-10' }));
    await ok(cashier, 'POST', `${API}/closings`, { month: '2026-07' });
    expect((await ctx.call(cashier, 'POST', `${API}/closings`, { month: '2026-07' })).statusCode).toBe(409);
    const before = await voucherCount();
    expect((await ctx.call(cashier, 'POST', `${API}/vouchers`, draft({ date: '2026-07-31' }))).statusCode).toBe(409);
    expect((await ctx.call(cashier2, 'POST', `${API}/vouchers/${d.id}/approve`)).statusCode).toBe(409);
    expect(await voucherCount()).toBe(before);
    const closings = await ok<{ items: { month: string }[] }>(principal, 'GET', `${API}/closings`);
    expect(closings.items.map((c) => c.month)).toContain('2026-07');
    const book = await ok<{ closed: boolean }>(principal, 'GET', `${API}/books?kind=CASH&month=2026-07`);
    expect(book.closed).toBe(true);

    expect(
      (await ctx.call(cashier, 'POST', `${API}/closings/reopen`, { month: '2026-07', reason: 'Koreksi data' }))
        .statusCode,
    ).toBe(403);
    expect((await ctx.call(admin, 'POST', `${API}/closings/reopen`, { month: '2026-07' })).statusCode).toBe(400);
    const unitId = cashier.user.unit!.id;
    await ok(admin, 'POST', `${API}/closings/reopen`, { unitId, month: '2026-07', reason: 'Koreksi data' });
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'books.reopen'));
    expect(entry?.after).toEqual({ reason: 'Koreksi data' });
    await ok(cashier2, 'POST', `${API}/vouchers/${d.id}/approve`);
  });

  it('refuses closing a month that has not started', async () => {
    expect((await ctx.call(cashier, 'POST', `${API}/closings`, { month: '2026-12' })).statusCode).toBe(400);
  });

  it('reports posted vouchers per type for the leaders', async () => {
    const report = await ok<{ rows: { type: string; count: number; total: number }[] }>(
      principal,
      'GET',
      `${API}/vouchers/report?month=2026-10`,
    );
    expect(report.rows.find((r) => r.type === 'BKM')).toEqual({
      type: 'BKM',
      count: 20,
      total: Array.from({ length: 20 }, (_, i) => 1000 + i).reduce((a, b) => a + b, 0),
    });
  });
});
