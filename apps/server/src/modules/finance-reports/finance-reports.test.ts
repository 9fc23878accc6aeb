import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArrearsReport, CollectionsReport, DailyCashReport } from '@mms/shared';
import { bills, employees, financeAccounts, paymentComponents, units, users, vouchers } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { attendanceFixture } from '../attendance/test-fixtures.ts';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let cashier: Session;
let cashier2: Session;
let principal: Session;
let admin: Session;
let yayasan: Session;
let teacher: Session;
let student: Session;
let outsider: Session;
let sdUnitId: number;
const API = '/api/v1/finance-reports';

const ok = async <T>(s: Session, url: string) => {
  const res = await ctx.call(s, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

/*
 * The fixture (clock 18 November 2026, tapel 2026/2027; SPP Rp 350.000 due on the 10th):
 *   A1 (7A): SPP Jul, Aug, Sep, Oct, Nov, Dec unpaid
 *   A2 (7A): SPP Oct (discount 175.000, paid 100.000 -> 75.000 left); SPP Nov paid; KEG due 18 Nov (not yet overdue)
 *   A3 (7A): SPP Sep and Oct cancelled
 *   B1 (7B): SPP Nov unpaid; KEG 500.000 due 18 Aug, paid 200.000
 */
beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx); // clock: 18 November 2026
  cashier = await ctx.as('TEACHERCASHIER');
  cashier2 = await ctx.signIn((await ctx.createUser({ division: 'TEACHERCASHIER' })).username);
  principal = await ctx.as('PRINCIPAL');
  admin = await ctx.as('ADMIN');
  yayasan = await ctx.as('YAYASAN');
  teacher = await ctx.as('TEACHER');
  student = await ctx.as('STUDENT');
  const [sd] = await ctx.db.insert(units).values({ code: 'SD', name: 'SD Uji' }).returning();
  sdUnitId = sd!.id;
  const u = await ctx.createUser({ division: 'TEACHERCASHIER' });
  await ctx.db.update(users).set({ unitId: sd!.id }).where(eq(users.id, u.id));
  await ctx.db.update(employees).set({ unitId: sd!.id }).where(eq(employees.userId, u.id));
  outsider = await ctx.signIn(u.username);

  const [spp, keg] = await ctx.db
    .insert(paymentComponents)
    .values([
      { unitId: f.unitId, code: 'SPP', name: 'SPP', frequency: 'MONTHLY', defaultAmount: 350_000 },
      { unitId: f.unitId, code: 'KEG', name: 'Kegiatan', frequency: 'YEARLY', defaultAmount: 500_000 },
    ])
    .returning();
  const [a1, a2, a3] = f.studentsA;
  const [b1] = f.studentsB;
  const bill = (
    studentId: number,
    componentId: number,
    period: string,
    dueDate: string,
    over: Partial<typeof bills.$inferInsert> = {},
  ): typeof bills.$inferInsert => ({
    unitId: f.unitId,
    studentId,
    componentId,
    period,
    amount: componentId === spp!.id ? 350_000 : 500_000,
    dueDate,
    ...over,
  });
  await ctx.db
    .insert(bills)
    .values([
      ...['07', '08', '09', '10', '11', '12'].map((m) => bill(a1!.id, spp!.id, `2026-${m}`, `2026-${m}-10`)),
      bill(a2!.id, spp!.id, '2026-10', '2026-10-10', { discount: 175_000, paid: 100_000, status: 'PARTIAL' }),
      bill(a2!.id, spp!.id, '2026-11', '2026-11-10', { paid: 350_000, status: 'PAID' }),
      bill(a2!.id, keg!.id, '2026/2027', '2026-11-18'),
      bill(a3!.id, spp!.id, '2026-09', '2026-09-10', { status: 'CANCELLED', cancelReason: 'salah' }),
      bill(a3!.id, spp!.id, '2026-10', '2026-10-10', { status: 'CANCELLED', cancelReason: 'salah' }),
      bill(b1!.id, spp!.id, '2026-11', '2026-11-10'),
      bill(b1!.id, keg!.id, '2026/2027', '2026-08-18', { paid: 200_000, status: 'PARTIAL' }),
    ]);

  // the books: Kas and Bank; what happened before, on and after 17 November
  const [kas, bank, pend, ops, oldKas] = await ctx.db
    .insert(financeAccounts)
    .values([
      { unitId: f.unitId, code: '1-101', name: 'Kas', kind: 'CASH' },
      { unitId: f.unitId, code: '1-102', name: 'Bank BSI', kind: 'BANK' },
      { unitId: f.unitId, code: '4-101', name: 'Pendapatan SPP', kind: 'INCOME' },
      { unitId: f.unitId, code: '5-201', name: 'Operasional', kind: 'EXPENSE' },
      { unitId: f.unitId, code: '1-199', name: 'Kas lama', kind: 'CASH', active: false },
      { unitId: sd!.id, code: '1-101', name: 'Kas SD', kind: 'CASH' },
    ])
    .returning();
  let seq = 0;
  const v = (
    type: string,
    date: string,
    amount: number,
    maker: Session,
    over: Partial<typeof vouchers.$inferInsert> = {},
  ): typeof vouchers.$inferInsert => {
    const money = type.startsWith('BK') ? kas! : bank!;
    const posted = over.state !== 'DRAFT';
    seq++;
    return {
      unitId: f.unitId,
      type,
      date,
      accountId: type.endsWith('M') ? pend!.id : ops!.id,
      moneyAccountId: money.id,
      amount,
      description: `Uji ${seq}`,
      makerUserId: maker.user.id,
      state: 'POSTED',
      number: posted ? `${type}/2026/11/${String(seq).padStart(4, '0')}` : null,
      seq: posted ? seq : null,
      approverUserId: posted ? cashier2.user.id : null,
      approvedAt: posted ? new Date(`${date}T0${seq % 10}:00:00+07:00`) : null,
      ...over,
    };
  };
  await ctx.db
    .insert(vouchers)
    .values([
      v('BKM', '2026-11-10', 1_000_000, cashier),
      v('BKK', '2026-11-12', 200_000, cashier),
      v('BBM', '2026-11-16', 5_000_000, cashier),
      v('BKM', '2026-11-17', 350_000, cashier),
      v('BKM', '2026-11-17', 150_000, cashier2),
      v('BKK', '2026-11-17', 100_000, cashier2),
      v('BBK', '2026-11-17', 1_000_000, cashier),
      v('BKM', '2026-11-17', 999, cashier, { state: 'DRAFT' }),
      v('BKM', '2026-11-18', 77, cashier),
    ]);
  void oldKas;
});
afterAll(() => ctx.close());

const PATHS = [
  '/arrears',
  '/arrears/export',
  '/collections?fromMonth=2026-10&toMonth=2026-11',
  '/collections/export?fromMonth=2026-10&toMonth=2026-11',
  '/daily-cash?date=2026-11-17',
  '/daily-cash/export?date=2026-11-17',
];

describe('access', () => {
  it.each(PATHS)('GET %s: finance readers may, teachers, students and strangers may not', async (path) => {
    for (const s of [cashier, principal, admin, yayasan]) {
      const res = await ctx.call(s, 'GET', `${API}${path}`);
      expect(res.statusCode, `${s.user.division} ${res.body}`).toBe(200);
    }
    for (const s of [teacher, student]) expect((await ctx.call(s, 'GET', `${API}${path}`)).statusCode).toBe(403);
    expect((await ctx.call(null, 'GET', `${API}${path}`)).statusCode).toBe(401);
  });

  it.each(PATHS)('GET %s: a unit-bound reader cannot ask for another unit', async (path) => {
    const sep = path.includes('?') ? '&' : '?';
    expect((await ctx.call(outsider, 'GET', `${API}${path}${sep}unitId=${f.unitId}`)).statusCode).toBe(403);
    expect((await ctx.call(principal, 'GET', `${API}${path}${sep}unitId=${sdUnitId}`)).statusCode).toBe(403);
  });

  it('shows another unit’s cashier none of this unit’s money', async () => {
    const a = await ok<ArrearsReport>(outsider, `${API}/arrears?asOf=2026-11-18`);
    expect(a.totals.total).toBe(0);
    const c = await ok<DailyCashReport>(outsider, `${API}/daily-cash?date=2026-11-17`);
    expect(c.lines).toEqual([]);
    expect(c.accounts.map((x) => x.name)).toEqual(['Kas SD']);
  });

  it('refuses bad input with 400', async () => {
    for (const q of [
      '/arrears?asOf=2026-13-01',
      '/arrears?classGroupId=4294967296',
      '/arrears?unitId=1%00',
      '/collections?fromMonth=2026-11&toMonth=2026-10',
      '/collections?fromMonth=2026-11',
      '/daily-cash?date=kemarin',
    ]) {
      const res = await ctx.call(cashier, 'GET', `${API}${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.code).toBeDefined();
    }
  });
});

describe('arrears', () => {
  it('sums the overdue outstanding per class and age (hand numbers)', async () => {
    const r = await ok<ArrearsReport>(principal, `${API}/arrears?asOf=2026-11-18`);
    expect(r.asOf).toBe('2026-11-18');
    const byName = Object.fromEntries(r.classes.map((c) => [c.className, c]));
    // A1: Jul 131 d, Aug 100 d -> > 90; Sep 69 d -> 61-90; Oct 39 d -> 31-60; Nov 8 d -> 0-30; A2: Oct 75.000 -> 31-60
    expect(byName['7A']).toMatchObject({
      students: 2,
      bills: 6,
      d0_30: 350_000,
      d31_60: 425_000,
      d61_90: 350_000,
      d90: 700_000,
      total: 1_825_000,
    });
    // B1: Nov 8 d; KEG 92 d past due with 300.000 left
    expect(byName['7B']).toMatchObject({
      students: 1,
      bills: 2,
      d0_30: 350_000,
      d31_60: 0,
      d61_90: 0,
      d90: 300_000,
      total: 650_000,
    });
    expect(r.totals).toEqual({
      bills: 8,
      students: 3,
      d0_30: 700_000,
      d31_60: 425_000,
      d61_90: 350_000,
      d90: 1_000_000,
      total: 2_475_000,
    });
    expect(r.students).toEqual([]);
  });

  it('defaults to the server’s today and drills down per student of a class', async () => {
    const r = await ok<ArrearsReport>(cashier, `${API}/arrears?classGroupId=${f.classA.id}`);
    expect(r.asOf).toBe('2026-11-18');
    expect(r.classes).toHaveLength(1);
    const [a1, a2] = f.studentsA;
    expect(r.students.map((s) => [s.studentId, s.bills, s.total, s.oldestDueDate])).toEqual([
      [a1!.id, 5, 1_750_000, '2026-07-10'],
      [a2!.id, 1, 75_000, '2026-10-10'],
    ]);
  });

  it('puts 30 days past due in the first bucket and 31 in the second; filters by component', async () => {
    const r30 = await ok<ArrearsReport>(cashier, `${API}/arrears?asOf=2026-11-09&classGroupId=${f.classA.id}`);
    const a1 = r30.students.find((s) => s.studentId === f.studentsA[0]!.id)!;
    // Oct 30 days, Sep 60 days, Aug 91 and Jul 122 days
    expect(a1).toMatchObject({ d0_30: 350_000, d31_60: 350_000, d61_90: 0, d90: 700_000 });
    const r31 = await ok<ArrearsReport>(cashier, `${API}/arrears?asOf=2026-11-10&classGroupId=${f.classA.id}`);
    expect(r31.students.find((s) => s.studentId === f.studentsA[0]!.id)).toMatchObject({
      d0_30: 0,
      d31_60: 350_000,
      d61_90: 350_000,
    });
    const keg = await ok<ArrearsReport>(admin, `${API}/arrears?asOf=2026-11-18&componentId=${await kegId()}`);
    expect(keg.totals).toMatchObject({ bills: 1, total: 300_000, d90: 300_000 });
  });

  it('exports Excel', async () => {
    const res = await ctx.call(principal, 'GET', `${API}/arrears/export?asOf=2026-11-18`);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('tunggakan-2026-11-18');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

async function kegId() {
  const [row] = await ctx.db.select().from(paymentComponents).where(eq(paymentComponents.code, 'KEG'));
  return row!.id;
}

describe('collections', () => {
  it('sums billed, discount, paid, outstanding and the rate per component and class (hand numbers)', async () => {
    const r = await ok<CollectionsReport>(principal, `${API}/collections?fromMonth=2026-10&toMonth=2026-11`);
    const comp = Object.fromEntries(r.byComponent.map((c) => [c.label, c]));
    // SPP: A1 Oct+Nov, A2 Oct (175.000 off, 100.000 paid) and Nov (paid), B1 Nov; cancelled A3 Oct left out
    expect(comp['SPP SPP']).toMatchObject({
      bills: 5,
      billed: 1_750_000,
      discount: 175_000,
      paid: 450_000,
      outstanding: 1_125_000,
      rate: 28, // 450.000 / 1.575.000 = 28.57 %, rounded down
    });
    expect(comp['KEG Kegiatan']).toMatchObject({ bills: 1, billed: 500_000, paid: 0, outstanding: 500_000, rate: 0 });
    const cls = Object.fromEntries(r.byClass.map((c) => [c.id, c]));
    expect(cls[f.classA.id]).toMatchObject({
      bills: 5,
      billed: 1_900_000,
      paid: 450_000,
      outstanding: 1_275_000,
      rate: 26,
    });
    expect(cls[f.classB.id]).toMatchObject({ bills: 1, billed: 350_000, paid: 0, rate: 0 });
    expect(r.totals).toEqual({
      bills: 6,
      billed: 2_250_000,
      discount: 175_000,
      paid: 450_000,
      outstanding: 1_625_000,
      rate: 21, // 450.000 / 2.075.000 = 21.69 %
    });
  });

  it('filters by class and exports', async () => {
    const r = await ok<CollectionsReport>(
      cashier,
      `${API}/collections?fromMonth=2026-07&toMonth=2026-07&classGroupId=${f.classA.id}`,
    );
    expect(r.totals).toMatchObject({ bills: 1, billed: 350_000, rate: 0 });
    const res = await ctx.call(cashier, 'GET', `${API}/collections/export?fromMonth=2026-10&toMonth=2026-11`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('daily cash', () => {
  it('gives opening, in, out and closing per account and maker from the posted vouchers (hand numbers)', async () => {
    const r = await ok<DailyCashReport>(principal, `${API}/daily-cash?date=2026-11-17`);
    expect(r.accounts.map((a) => [a.name, a.opening, a.in, a.out, a.closing])).toEqual([
      ['Kas', 800_000, 500_000, 100_000, 1_200_000],
      ['Bank BSI', 5_000_000, 0, 1_000_000, 4_000_000],
    ]);
    expect(r.totals).toEqual({ opening: 5_800_000, in: 500_000, out: 1_100_000, closing: 5_200_000 });
    expect(r.lines).toHaveLength(4);
    expect(r.lines.reduce((a, l) => a + l.in - l.out, 0)).toBe(-600_000);
    const makers = Object.fromEntries(r.makers.map((m) => [m.makerName, m]));
    expect(makers[cashier.user.displayName]).toMatchObject({ vouchers: 2, in: 350_000, out: 1_000_000 });
    expect(makers[cashier2.user.displayName]).toMatchObject({ vouchers: 2, in: 150_000, out: 100_000 });
  });

  it('defaults to today; the next day opens with the previous closing', async () => {
    const r = await ok<DailyCashReport>(cashier, `${API}/daily-cash`);
    expect(r.date).toBe('2026-11-18');
    expect(r.totals).toMatchObject({ opening: 5_200_000, in: 77, out: 0, closing: 5_200_077 });
    const all = await ok<DailyCashReport>(admin, `${API}/daily-cash?date=2026-11-17`);
    expect(all.accounts.map((a) => a.unitCode).sort()).toEqual(['SD', 'SMP', 'SMP']);
  });
});
