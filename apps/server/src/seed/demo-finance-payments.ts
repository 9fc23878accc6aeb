import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { bills, paymentComponents, students } from '../db/schema/index.ts';
import type { AuditActor } from '../lib/audit.ts';
import { askReversal, postPayment, reversePayment } from '../modules/finance-payments/finance-payments.service.ts';

/**
 * Demo payments on the SMP 7A SPP bills (issue 15): the demo student pays two months, one student pays part of
 * a month, one pays more than owed (the rest becomes credit), and one payment is reversed (asked by the cashier,
 * approved by the principal). Runs after the finance and finance-books seeds (bills and the chart of accounts).
 */
export async function seedDemoFinancePayments(
  tx: Transaction,
  o: { smpUnitId: number; demoStudentUserId: number; cashierUserId: number; approverUserId: number },
) {
  const actor: AuditActor = { userId: null, username: 'seed', ip: null, requestId: null };
  const spp = await tx
    .select({ id: paymentComponents.id })
    .from(paymentComponents)
    .where(and(eq(paymentComponents.unitId, o.smpUnitId), eq(paymentComponents.code, 'SPP')));
  if (spp.length === 0) return { payments: 0 };
  const open = await tx
    .select({
      studentId: bills.studentId,
      userId: students.userId,
      outstanding: bills.amount,
      discount: bills.discount,
      paid: bills.paid,
    })
    .from(bills)
    .innerJoin(students, eq(students.id, bills.studentId))
    .where(and(eq(bills.componentId, spp[0]!.id), inArray(bills.status, ['UNPAID', 'PARTIAL'] as const)))
    .orderBy(asc(students.name), asc(bills.dueDate));
  const byStudent = new Map<number, number[]>();
  for (const b of open) {
    const list = byStudent.get(b.studentId) ?? [];
    list.push(b.outstanding - b.discount - b.paid);
    byStudent.set(b.studentId, list);
  }
  const demo = open.find((b) => b.userId === o.demoStudentUserId)?.studentId;
  const others = [...byStudent.keys()].filter((id) => id !== demo);
  const pay = (studentId: number, amount: number, method: 'CASH' | 'TRANSFER' = 'CASH', payerName?: string) =>
    postPayment(
      tx,
      {
        unitId: o.smpUnitId,
        studentId,
        method,
        amount,
        payerName: payerName ?? null,
        useCredit: true,
        cashierUserId: o.cashierUserId,
        bookedByUserId: o.cashierUserId,
      },
      actor,
    );
  let made = 0;
  const first2 = (id: number) => (byStudent.get(id) ?? []).slice(0, 2).reduce((a, b) => a + b, 0);
  if (demo !== undefined && first2(demo) > 0) {
    await pay(demo, first2(demo), 'CASH', 'Orang tua');
    made++;
  }
  const [partial, over, reversed] = others;
  const firstOf = (id: number | undefined) => (id === undefined ? 0 : (byStudent.get(id)?.[0] ?? 0));
  if (partial !== undefined && firstOf(partial) > 1) {
    await pay(partial, Math.min(100_000, firstOf(partial) - 1));
    made++;
  }
  if (over !== undefined && firstOf(over) > 0) {
    // everything the student owes and Rp 50.000 more, which becomes their credit for the next bill
    const total = (byStudent.get(over) ?? []).reduce((a, b) => a + b, 0);
    await pay(over, total + 50_000, 'TRANSFER');
    made++;
  }
  if (reversed !== undefined && firstOf(reversed) > 0) {
    const p = await pay(reversed, firstOf(reversed));
    await askReversal(tx, p.id, o.cashierUserId, 'Salah pilih siswa (contoh demo)', actor);
    await reversePayment(tx, p.id, o.approverUserId, actor);
    made++;
  }
  return { payments: made };
}
