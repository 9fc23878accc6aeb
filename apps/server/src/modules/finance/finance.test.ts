import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bills, employees, enrollments, students, units, users } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { attendanceFixture } from '../attendance/test-fixtures.ts';

type Method = Parameters<TestContext['call']>[1];

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let cashier: Session;
let principal: Session;
let teacher: Session;
let student: Session;
let outsider: Session;
let ownStudentId: number;
const API = '/api/v1/finance';

const billCount = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(bills))[0]!.n;
const ok = async <T = Record<string, unknown>>(s: Session, method: Method, url: string, body?: unknown) => {
  const res = await ctx.call(s, method, url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

let spp: { id: number };
let pangkal: { id: number };

beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx); // clock: 18 November 2026, tapel 2026/2027
  cashier = await ctx.as('TEACHERCASHIER');
  principal = await ctx.as('PRINCIPAL');
  teacher = await ctx.as('TEACHER');
  student = await ctx.as('STUDENT');
  // the student's account belongs to the first student of 7A
  await ctx.db.update(students).set({ userId: null }).where(eq(students.userId, student.user.id));
  await ctx.db.update(students).set({ userId: student.user.id }).where(eq(students.id, f.studentsA[0]!.id));
  ownStudentId = f.studentsA[0]!.id;
  student = await ctx.signIn(student.user.username);
  // a cashier of another unit
  const [sd] = await ctx.db.insert(units).values({ code: 'SD', name: 'SD Uji' }).returning();
  const u = await ctx.createUser({ division: 'TEACHERCASHIER' });
  await ctx.db.update(users).set({ unitId: sd!.id }).where(eq(users.id, u.id));
  await ctx.db.update(employees).set({ unitId: sd!.id }).where(eq(employees.userId, u.id));
  outsider = await ctx.signIn(u.username);

  spp = await ok(cashier, 'POST', `${API}/components`, {
    code: 'SPP',
    name: 'SPP',
    frequency: 'MONTHLY',
    defaultAmount: 350000,
  });
  pangkal = await ok(cashier, 'POST', `${API}/components`, {
    code: 'PANGKAL',
    name: 'Uang pangkal',
    frequency: 'ONCE',
    defaultAmount: 5000000,
  });
});
afterAll(() => ctx.close());

describe('payment components', () => {
  it('lists for readers, refuses writes to readers and other divisions', async () => {
    const list = await ok<{ items: { code: string; defaultAmount: number; dueDay: number }[] }>(
      principal,
      'GET',
      `${API}/components`,
    );
    expect(list.items.find((c) => c.code === 'SPP')).toMatchObject({ defaultAmount: 350000, dueDay: 10 });
    expect((await ctx.call(teacher, 'GET', `${API}/components`)).statusCode).toBe(403);
    expect((await ctx.call(student, 'GET', `${API}/components`)).statusCode).toBe(403);
    expect((await ctx.call(null, 'GET', `${API}/components`)).statusCode).toBe(401);
    const body = { code: 'X', name: 'X', frequency: 'YEARLY', defaultAmount: 1 };
    expect((await ctx.call(principal, 'POST', `${API}/components`, body)).statusCode).toBe(403);
    expect((await ctx.call(outsider, 'PUT', `${API}/components/${spp.id}`, body)).statusCode).toBe(403);
    expect((await ctx.call(outsider, 'DELETE', `${API}/components/${spp.id}`)).statusCode).toBe(403);
  });

  it('refuses fractions, negatives and bad frequencies without writing', async () => {
    const before = (await ok<{ items: unknown[] }>(cashier, 'GET', `${API}/components`)).items.length;
    for (const bad of [
      { code: 'A', name: 'A', frequency: 'MONTHLY', defaultAmount: 1000.5 },
      { code: 'A', name: 'A', frequency: 'MONTHLY', defaultAmount: -1 },
      { code: 'A', name: 'A', frequency: 'WEEKLY', defaultAmount: 1 },
      { code: 'A b', name: 'A', frequency: 'MONTHLY', defaultAmount: 1 },
      { code: 'A', name: '', frequency: 'MONTHLY', defaultAmount: 1 },
    ]) {
      const res = await ctx.call(cashier, 'POST', `${API}/components`, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.code).toBeDefined();
    }
    expect(
      (
        await ctx.call(cashier, 'POST', `${API}/components`, {
          code: 'spp',
          name: 'Dup',
          frequency: 'MONTHLY',
          defaultAmount: 1,
        })
      ).statusCode,
    ).toBe(409);
    expect((await ok<{ items: unknown[] }>(cashier, 'GET', `${API}/components`)).items.length).toBe(before);
  });

  it('updates and deletes a component with audit', async () => {
    const c = await ok<{ id: number }>(cashier, 'POST', `${API}/components`, {
      code: 'KITAB',
      name: 'Kitab',
      frequency: 'YEARLY',
      defaultAmount: 200000,
    });
    const up = await ok<{ defaultAmount: number }>(cashier, 'PUT', `${API}/components/${c.id}`, {
      code: 'KITAB',
      name: 'Kitab',
      frequency: 'YEARLY',
      defaultAmount: 250000,
    });
    expect(up.defaultAmount).toBe(250000);
    await ok(cashier, 'DELETE', `${API}/components/${c.id}`);
    const logged = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(c.id)));
    expect(logged.map((l) => l.action)).toEqual(
      expect.arrayContaining(['finance.component.create', 'finance.component.update', 'finance.component.delete']),
    );
  });
});

describe('fee rules and discounts', () => {
  it('adds rules per grade, boarding and student; refuses another unit and duplicates', async () => {
    const grade = await ok<{ id: number; amount: number }>(cashier, 'POST', `${API}/fee-rules`, {
      componentId: spp.id,
      gradeId: f.classA.gradeId,
      amount: 400000,
    });
    expect(grade.amount).toBe(400000);
    expect(
      (
        await ctx.call(cashier, 'POST', `${API}/fee-rules`, {
          componentId: spp.id,
          gradeId: f.classA.gradeId,
          amount: 1,
        })
      ).statusCode,
    ).toBe(409);
    // the second student of 7A pays his own fee
    await ok(cashier, 'POST', `${API}/fee-rules`, {
      componentId: spp.id,
      studentId: f.studentsA[1]!.id,
      amount: 300000,
    });
    expect((await ctx.call(outsider, 'POST', `${API}/fee-rules`, { componentId: spp.id, amount: 1 })).statusCode).toBe(
      403,
    );
    expect((await ctx.call(principal, 'POST', `${API}/fee-rules`, { componentId: spp.id, amount: 1 })).statusCode).toBe(
      403,
    );
    const list = await ok<{ items: unknown[] }>(principal, 'GET', `${API}/fee-rules?componentId=${spp.id}`);
    expect(list.items).toHaveLength(2);
    expect((await ctx.call(teacher, 'GET', `${API}/fee-rules`)).statusCode).toBe(403);
    const audited = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'finance.fee-rule.create'));
    expect(audited.length).toBe(2);
  });

  it('proposes and approves a scholarship with a reason and approver', async () => {
    const bad = await ctx.call(cashier, 'POST', `${API}/discounts`, {
      studentId: ownStudentId,
      kind: 'YATIM',
      percent: 75,
      amount: 1000,
      reason: 'Yatim',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await ctx.call(cashier, 'POST', `${API}/discounts`, {
          studentId: ownStudentId,
          kind: 'YATIM',
          percent: 75,
          reason: '',
        })
      ).statusCode,
    ).toBe(400);
    const d = await ok<{ id: number; approvedBy: string | null }>(cashier, 'POST', `${API}/discounts`, {
      studentId: ownStudentId,
      componentId: spp.id,
      kind: 'YATIM',
      percent: 75,
      reason: 'Ayah wafat 2025, surat keterangan desa',
    });
    expect(d.approvedBy).toBeNull();
    expect((await ctx.call(outsider, 'POST', `${API}/discounts/${d.id}/approve`)).statusCode).toBe(403);
    expect((await ctx.call(principal, 'POST', `${API}/discounts/${d.id}/approve`)).statusCode).toBe(403);
    const approved = await ok<{ approvedBy: string | null }>(cashier, 'POST', `${API}/discounts/${d.id}/approve`);
    expect(approved.approvedBy).toContain('Pengguna');
    expect((await ctx.call(cashier, 'POST', `${API}/discounts/${d.id}/approve`)).statusCode).toBe(409);
    const [log] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'finance.discount.approve'));
    expect(log!.entityId).toBe(String(d.id));
    const list = await ok<{ items: unknown[] }>(principal, 'GET', `${API}/discounts?studentId=${ownStudentId}`);
    expect(list.items).toHaveLength(1);
  });
});

describe('bill generation', () => {
  it('previews without writing, then makes one bill per student and month, with fees and discounts resolved', async () => {
    const body = { componentId: spp.id, classGroupId: f.classA.id, fromMonth: '2026-07', toMonth: '2026-11' };
    const preview = await ok<{ created: number; students: number }>(cashier, 'POST', `${API}/bills/generate`, {
      ...body,
      dryRun: true,
    });
    expect(preview).toMatchObject({ students: 3, created: 15, dryRun: true });
    expect(await billCount()).toBe(0);
    expect((await ctx.call(principal, 'POST', `${API}/bills/generate`, body)).statusCode).toBe(403);
    expect((await ctx.call(outsider, 'POST', `${API}/bills/generate`, body)).statusCode).toBe(403);

    const made = await ok<{ created: number }>(cashier, 'POST', `${API}/bills/generate`, body);
    expect(made.created).toBe(15);
    const again = await ok<{ created: number; existing: number }>(cashier, 'POST', `${API}/bills/generate`, body);
    expect(again).toMatchObject({ created: 0, existing: 15 });
    expect(await billCount()).toBe(15);

    const mine = await ctx.db
      .select()
      .from(bills)
      .where(and(eq(bills.studentId, ownStudentId), eq(bills.period, '2026-09')));
    // grade fee 400.000 with 75% yatim discount
    expect(mine[0]).toMatchObject({ amount: 400000, discount: 300000, dueDate: '2026-09-10', status: 'UNPAID' });
    const own = await ctx.db
      .select()
      .from(bills)
      .where(and(eq(bills.studentId, f.studentsA[1]!.id), eq(bills.period, '2026-09')));
    expect(own[0]).toMatchObject({ amount: 300000, discount: 0 });
  });

  it('two generations at once still give one bill per student, component and period', async () => {
    const body = { componentId: spp.id, classGroupId: f.classB.id, fromMonth: '2026-07', toMonth: '2026-08' };
    const results = await Promise.all([
      ctx.call(cashier, 'POST', `${API}/bills/generate`, body),
      ctx.call(cashier, 'POST', `${API}/bills/generate`, body),
      ctx.call(cashier, 'POST', `${API}/bills/generate`, body),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(results.reduce((a, r) => a + r.json().created, 0)).toBe(4);
    const dup = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from (select student_id, component_id, period, instalment from bills
          group by 1, 2, 3, 4 having count(*) > 1) d`,
    );
    expect(dup.rows[0]!.n).toBe(0);
  });

  it('bills a student enrolled mid-year from their entry month', async () => {
    const [late] = await ctx.db
      .insert(students)
      .values({ unitId: f.unitId, nis: 'LATE1', name: 'Siswa Pindahan', entryDate: '2026-10-05' })
      .returning();
    await ctx.db
      .insert(enrollments)
      .values({ studentId: late!.id, classGroupId: f.classB.id, academicYearId: f.year.id });
    await ok(cashier, 'POST', `${API}/bills/generate`, {
      componentId: spp.id,
      classGroupId: f.classB.id,
      fromMonth: '2026-07',
      toMonth: '2026-11',
    });
    const rows = await ctx.db.select({ period: bills.period }).from(bills).where(eq(bills.studentId, late!.id));
    expect(rows.map((r) => r.period).sort()).toEqual(['2026-10', '2026-11']);
  });

  it('splits a one-time fee into instalments that sum to the fee', async () => {
    await ok(cashier, 'POST', `${API}/bills/generate`, {
      componentId: pangkal.id,
      classGroupId: f.classA.id,
      instalments: [
        { percent: 60, dueDate: '2026-07-15' },
        { percent: 40, dueDate: '2026-12-15' },
      ],
    });
    const rows = await ctx.db
      .select()
      .from(bills)
      .where(and(eq(bills.studentId, f.studentsA[2]!.id), eq(bills.componentId, pangkal.id)));
    expect(rows.map((r) => [r.instalment, r.amount, r.dueDate]).sort()).toEqual([
      [1, 3000000, '2026-07-15'],
      [2, 2000000, '2026-12-15'],
    ]);
    const bad = await ctx.call(cashier, 'POST', `${API}/bills/generate`, {
      componentId: pangkal.id,
      instalments: [{ percent: 60, dueDate: '2026-07-15' }],
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses bad input without writing', async () => {
    const before = await billCount();
    for (const body of [
      { componentId: spp.id, fromMonth: '2026-13' },
      { componentId: spp.id, fromMonth: '2026-11', toMonth: '2026-07' },
      { componentId: spp.id, fromMonth: '2025-01', toMonth: '2025-02' },
      { componentId: 99999999999 },
      { componentId: spp.id, classGroupId: 'x' },
      { componentId: spp.id, instalments: [{ percent: 100, dueDate: '2026-07-15' }] },
    ]) {
      const res = await ctx.call(cashier, 'POST', `${API}/bills/generate`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await ctx.call(cashier, 'POST', `${API}/bills/generate`, { componentId: 999999 })).statusCode).toBe(404);
    expect(await billCount()).toBe(before);
  });
});

describe('bill list, export, cancel', () => {
  it('lists with filters for readers and refuses others', async () => {
    const page = await ok<{ total: number; items: { className: string; outstanding: number }[] }>(
      principal,
      'GET',
      `${API}/bills?classGroupId=${f.classA.id}&period=2026-09&componentId=${spp.id}`,
    );
    expect(page.total).toBe(3);
    expect(page.items[0]!.className).toBe('7A');
    const search = await ok<{ total: number }>(cashier, 'GET', `${API}/bills?q=Pindahan`);
    expect(search.total).toBe(2);
    expect((await ok<{ total: number }>(outsider, 'GET', `${API}/bills`)).total).toBe(0);
    expect((await ctx.call(teacher, 'GET', `${API}/bills`)).statusCode).toBe(403);
    expect((await ctx.call(student, 'GET', `${API}/bills`)).statusCode).toBe(403);
    expect((await ctx.call(cashier, 'GET', `${API}/bills?status=NOPE`)).statusCode).toBe(400);
  });

  it('exports the filtered bills as Excel', async () => {
    const res = await ctx.call(cashier, 'GET', `${API}/bills/export?period=2026-09`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect((await ctx.call(teacher, 'GET', `${API}/bills/export`)).statusCode).toBe(403);
  });

  it('cancels with a reason after checks, audited', async () => {
    const [bill] = await ctx.db
      .select()
      .from(bills)
      .where(and(eq(bills.studentId, f.studentsA[1]!.id), eq(bills.period, '2026-07')));
    expect((await ctx.call(cashier, 'POST', `${API}/bills/${bill!.id}/cancel`, { reason: '' })).statusCode).toBe(400);
    expect(
      (await ctx.call(principal, 'POST', `${API}/bills/${bill!.id}/cancel`, { reason: 'Salah input' })).statusCode,
    ).toBe(403);
    expect(
      (await ctx.call(outsider, 'POST', `${API}/bills/${bill!.id}/cancel`, { reason: 'Salah input' })).statusCode,
    ).toBe(403);
    const done = await ok<{ status: string; cancelReason: string; outstanding: number }>(
      cashier,
      'POST',
      `${API}/bills/${bill!.id}/cancel`,
      { reason: 'Siswa masuk Agustus' },
    );
    expect(done).toMatchObject({ status: 'CANCELLED', cancelReason: 'Siswa masuk Agustus', outstanding: 0 });
    expect((await ctx.call(cashier, 'POST', `${API}/bills/${bill!.id}/cancel`, { reason: 'Lagi' })).statusCode).toBe(
      409,
    );
    const [paid] = await ctx.db
      .select()
      .from(bills)
      .where(and(eq(bills.studentId, f.studentsA[1]!.id), eq(bills.period, '2026-08')));
    await ctx.db.update(bills).set({ paid: 1000, status: 'PARTIAL' }).where(eq(bills.id, paid!.id));
    expect((await ctx.call(cashier, 'POST', `${API}/bills/${paid!.id}/cancel`, { reason: 'Salah' })).statusCode).toBe(
      409,
    );
    const [log] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'finance.bill.cancel'));
    expect(log!.entityId).toBe(String(bill!.id));
    // generating again does not bring a cancelled bill back
    await ok(cashier, 'POST', `${API}/bills/generate`, {
      componentId: spp.id,
      classGroupId: f.classA.id,
      fromMonth: '2026-07',
      toMonth: '2026-07',
    });
    const [still] = await ctx.db.select().from(bills).where(eq(bills.id, bill!.id));
    expect(still!.status).toBe('CANCELLED');
  });
});

describe('invoices and the student’s own bills', () => {
  let invoiceId = 0;
  it('groups a student’s open bills in a numbered invoice', async () => {
    expect(
      (await ctx.call(principal, 'POST', `${API}/invoices`, { studentId: ownStudentId, dueDate: '2026-11-30' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await ctx.call(outsider, 'POST', `${API}/invoices`, { studentId: ownStudentId, dueDate: '2026-11-30' }))
        .statusCode,
    ).toBe(403);
    const inv = await ok<{ id: number; number: string; bills: unknown[]; total: number }>(
      cashier,
      'POST',
      `${API}/invoices`,
      {
        studentId: ownStudentId,
        dueDate: '2026-11-30',
      },
    );
    invoiceId = inv.id;
    expect(inv.number).toMatch(/^INV\/SMP\/202611\/\d{5}$/);
    // SPP July-November (100.000 each after discount) and uang pangkal 5.000.000 in two parts
    expect(inv.bills).toHaveLength(7);
    expect(inv.total).toBe(5 * 100000 + 5000000);
    expect((await ok(principal, 'GET', `${API}/invoices/${inv.id}`)).id).toBe(inv.id);
    expect((await ctx.call(outsider, 'GET', `${API}/invoices/${inv.id}`)).statusCode).toBe(403);
    expect((await ctx.call(teacher, 'GET', `${API}/invoices/${inv.id}`)).statusCode).toBe(403);
  });

  it('shows a student only their own bills and invoices', async () => {
    const mine = await ok<{ items: { studentId: number }[] }>(student, 'GET', `${API}/me/bills`);
    expect(mine.items.length).toBe(7);
    expect(mine.items.every((b) => b.studentId === ownStudentId)).toBe(true);
    const invs = await ok<{ items: { id: number }[] }>(student, 'GET', `${API}/me/invoices`);
    expect(invs.items.map((i) => i.id)).toEqual([invoiceId]);
    expect((await ctx.call(student, 'GET', `${API}/invoices/${invoiceId}`)).statusCode).toBe(200);
    expect((await ctx.call(cashier, 'GET', `${API}/me/bills`)).statusCode).toBe(403);
    // another student's invoice
    const other = await ok<{ id: number }>(cashier, 'POST', `${API}/invoices`, {
      studentId: f.studentsA[2]!.id,
      dueDate: '2026-11-30',
    });
    expect((await ctx.call(student, 'GET', `${API}/invoices/${other.id}`)).statusCode).toBe(404);
  });
});
