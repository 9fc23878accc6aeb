import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../db/client.ts';
import { bills, employees, enrollments, students, units, users } from '../db/schema/index.ts';
import type { Session, TestContext } from './context.ts';
import { attendanceFixture } from '../modules/attendance/test-fixtures.ts';

// Test-only: a unit with a chart of accounts, an SPP component and the sessions the payment tests use.

type Method = Parameters<TestContext['call']>[1];
export const API = '/api/v1/finance-payments';

export async function paymentsFixture(ctx: TestContext) {
  const school = await attendanceFixture(ctx); // clock: 18 November 2026, tapel 2026/2027
  let n = 0;
  const enrol = async (classGroupId: number, count: number) => {
    const rows = await ctx.db
      .insert(students)
      .values(
        Array.from({ length: count }, () => {
          n++;
          return { unitId: school.unitId, nis: `P${1000 + n}`, name: `Murid ${String(n).padStart(2, '0')}` };
        }),
      )
      .returning({ id: students.id, name: students.name, nis: students.nis });
    await ctx.db.insert(enrollments).values(
      rows.map((r) => ({
        studentId: r.id,
        classGroupId,
        academicYearId: school.year.id,
        startedAt: new Date('2026-07-01T00:00:00+07:00'),
      })),
    );
    return rows;
  };
  const f = { ...school, studentsA: await enrol(school.classA.id, 12), studentsB: await enrol(school.classB.id, 8) };
  const ok = async <T = Record<string, unknown>>(s: Session, method: Method, url: string, body?: unknown) => {
    const res = await ctx.call(s, method, url, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const cashier = await ctx.as('TEACHERCASHIER');
  const cashier2 = await ctx.signIn((await ctx.createUser({ division: 'TEACHERCASHIER' })).username);
  const principal = await ctx.as('PRINCIPAL');
  const admin = await ctx.as('ADMIN');
  const teacher = await ctx.as('TEACHER');
  let student = await ctx.as('STUDENT');
  // the student's account belongs to the first student of 7A
  await ctx.db.update(students).set({ userId: null }).where(eq(students.userId, student.user.id));
  await ctx.db.update(students).set({ userId: student.user.id }).where(eq(students.id, f.studentsA[0]!.id));
  student = await ctx.signIn(student.user.username);
  const [sd] = await ctx.db.insert(units).values({ code: 'SD', name: 'SD Uji' }).returning();
  const u = await ctx.createUser({ division: 'TEACHERCASHIER' });
  await ctx.db.update(users).set({ unitId: sd!.id }).where(eq(users.id, u.id));
  await ctx.db.update(employees).set({ unitId: sd!.id }).where(eq(employees.userId, u.id));
  const outsider = await ctx.signIn(u.username);

  const add = (code: string, name: string, kind: string) =>
    ok<{ id: number }>(cashier, 'POST', '/api/v1/finance-books/accounts', { code, name, kind });
  const acc = {
    kas: (await add('1-101', 'Kas', 'CASH')).id,
    bank: (await add('1-102', 'Bank', 'BANK')).id,
    titipan: (await add('2-101', 'Titipan Siswa', 'LIABILITY')).id,
    spp: (await add('4-101', 'Pendapatan SPP', 'INCOME')).id,
    other: (await add('4-109', 'Pendapatan Lain-lain', 'INCOME')).id,
  };
  const spp = await ok<{ id: number }>(cashier, 'POST', '/api/v1/finance/components', {
    code: 'SPP',
    name: 'SPP',
    frequency: 'MONTHLY',
    defaultAmount: 300000,
  });
  const kitab = await ok<{ id: number }>(cashier, 'POST', '/api/v1/finance/components', {
    code: 'KITAB',
    name: 'Kitab',
    frequency: 'YEARLY',
    defaultAmount: 150000,
  });
  return { f, ok, cashier, cashier2, principal, admin, teacher, student, outsider, acc, spp, kitab, unitId: f.unitId };
}

/** A bill put straight into the table (the bill generation has its own tests). */
export async function makeBill(
  db: Database,
  v: { unitId: number; studentId: number; componentId: number; period: string; amount: number; discount?: number },
) {
  const [row] = await db
    .insert(bills)
    .values({
      ...v,
      discount: v.discount ?? 0,
      dueDate: /^\d{4}-\d{2}$/.test(v.period) ? `${v.period}-10` : '2026-07-15',
      status: (v.discount ?? 0) >= v.amount ? 'PAID' : 'UNPAID',
    })
    .returning();
  return row!;
}
