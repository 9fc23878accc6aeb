import {
  billStatusOf,
  discountOf,
  monthsBetween,
  resolveFee,
  splitInstalments,
  type AuthUser,
  type BillQuery,
  type CancelBillInput,
  type CreateInvoiceInput,
  type FeeRuleInput,
  type FeeRuleQuery,
  type FinanceUnitQuery,
  type GenerateBillsInput,
  type PaymentComponentInput,
  type StudentDiscountInput,
  type StudentDiscountQuery,
} from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { clock } from '../../lib/clock.ts';
import { guarded } from '../../lib/db-errors.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { assertUnit, unitScope } from '../../lib/scope.ts';
import { actorOfUser } from '../../lib/actor.ts';
import { access } from '../access/access.service.ts';
import { activeStudentsEnrolledIn } from '../school/school.service.ts';
import * as repo from './finance.repo.ts';

/** One student's open and paid bills (the student record's bills part). */
export { studentBillSummary } from './student-summary.repo.ts';

type Period = { period: string; dueDate: string; month: string | null };
type BillableStudent = Awaited<ReturnType<typeof activeStudentsEnrolledIn>>[number];

/**
 * The bills of one component for students and periods: each student's fee (the most specific rule), their
 * approved discounts, split into instalments; a monthly period before the student's entry month is skipped.
 */
async function billRows(
  exec: Executor,
  component: repo.ComponentRow,
  studentsFound: BillableStudent[],
  periods: Period[],
  percents = [100],
  instalmentDues: string[] = [],
): Promise<repo.BillValues[]> {
  const rules = (await repo.listRules(exec, { unitId: component.unitId, componentId: component.id })).map((r) => ({
    ...r,
    boarding: r.boarding ?? null,
  }));
  const unitRule = { studentId: null, gradeId: null, program: null, boarding: null, amount: component.defaultAmount };
  const discountRows = await repo.approvedDiscounts(
    exec,
    studentsFound.map((s) => s.id),
    component.id,
  );
  const rows: repo.BillValues[] = [];
  for (const s of studentsFound) {
    const fee = resolveFee([unitRule, ...rules], { ...s, boarding: s.boarding ?? null });
    if (fee === null) continue;
    const mine = discountRows.filter((d) => d.studentId === s.id);
    const discount = discountOf(
      fee,
      mine.map((d) => (d.percent !== null ? { percent: d.percent } : { amount: d.amount! })),
    );
    const entryMonth = s.entryDate ? s.entryDate.slice(0, 7) : null;
    const amounts = splitInstalments(fee, percents);
    const discounts = splitInstalments(discount, percents);
    for (const p of periods) {
      // a student enrolled mid-year is billed from their entry month
      if (p.month && entryMonth && p.month < entryMonth) continue;
      amounts.forEach((amount, i) => {
        const d = discounts[i]!;
        rows.push({
          unitId: component.unitId,
          studentId: s.id,
          componentId: component.id,
          period: p.period,
          instalment: i + 1,
          amount,
          discount: d,
          paid: 0,
          dueDate: instalmentDues[i] ?? p.dueDate,
          status: billStatusOf(amount, d, 0),
        });
      });
    }
  }
  return rows;
}

/**
 * Bills students just enrolled in a class of the active year, in the enrolment's transaction: every active
 * MONTHLY component from the entry month (the student's entry date, else the month of enrolment) to the
 * current month, and every active YEARLY one for the year (due today). One-time fees stay with the cashier.
 * Bills that exist are skipped by the unique key, so enrolling again never duplicates. Returns how many it made.
 */
export async function billNewEnrolment(
  tx: Executor,
  input: { unitId: number; studentIds: number[] },
  actor: AuditActor,
): Promise<number> {
  if (input.studentIds.length === 0) return 0;
  const year = await repo.activeYear(tx);
  if (!year) return 0;
  const today = clock.today();
  const month = today.slice(0, 7);
  if (today < year.startDate || today > year.endDate) return 0;
  const ids = new Set(input.studentIds);
  const enrolled = (await activeStudentsEnrolledIn(tx, { unitId: input.unitId, academicYearId: year.id }))
    .filter((s) => ids.has(s.id))
    .map((s) => ({ ...s, entryDate: s.entryDate && s.entryDate >= year.startDate ? s.entryDate : today }));
  if (enrolled.length === 0) return 0;
  const components = (await repo.listComponents(tx, input.unitId)).filter((c) => c.isActive && c.frequency !== 'ONCE');
  const rows: repo.BillValues[] = [];
  for (const c of components) {
    const periods: Period[] =
      c.frequency === 'MONTHLY'
        ? monthsBetween(year.startDate.slice(0, 7), month).map((m) => ({
            period: m,
            dueDate: `${m}-${String(c.dueDay).padStart(2, '0')}`,
            month: m,
          }))
        : [{ period: year.name, dueDate: today, month: null }];
    rows.push(...(await billRows(tx, c, enrolled, periods)));
  }
  const created = await repo.insertBills(tx, rows);
  if (created > 0)
    await audit(tx, actor, {
      action: 'finance.bills.enrolment',
      entityType: 'student',
      entityId: enrolled[0]!.id,
      after: { studentIds: enrolled.map((s) => s.id), created },
    });
  return created;
}

/** Fees and bills (issue 15): components, fee rules, discounts, bill generation, cancelling and invoices. */
/**
 * The monthly bills of the current month (issue 18, the `bills-monthly` job when BILLS_AUTO_MONTHLY is on): every
 * active MONTHLY component of every unit, for every billable student of the active year, as the generate action
 * does for one month. Bills that exist are skipped by the unique key, so running it twice (or on two servers at
 * once) never duplicates. Returns how many bills it made.
 */
export async function generateMonthlyBills(db: Database, actor: AuditActor): Promise<number> {
  const year = await repo.activeYear(db);
  if (!year) return 0;
  const month = clock.today().slice(0, 7);
  if (month < year.startDate.slice(0, 7) || month > year.endDate.slice(0, 7)) return 0;
  const components = (await repo.listComponents(db, null)).filter((c) => c.isActive && c.frequency === 'MONTHLY');
  let created = 0;
  for (const c of components) {
    const found = await activeStudentsEnrolledIn(db, { unitId: c.unitId, academicYearId: year.id });
    const period = { period: month, dueDate: `${month}-${String(c.dueDay).padStart(2, '0')}`, month };
    const rows = await billRows(db, c, found, [period]);
    created += await db.transaction(async (tx) => {
      const n = await repo.insertBills(tx, rows);
      if (n > 0)
        await audit(tx, actor, {
          action: 'finance.bills.generate',
          entityType: 'payment_component',
          entityId: c.id,
          after: { periods: [month], created: n, scheduled: true },
        });
      return n;
    });
  }
  return created;
}

export function createFinanceService(db: Database) {
  /** The unit a write goes to: the caller's own, or the one ADMIN names (required then). */
  function unitForWrite(user: AuthUser, requested: number | undefined): number {
    const unit = unitScope(user, requested) ?? user.unit?.id;
    if (!unit) throw badRequest('Pilih unit', { unitId: 'Unit wajib diisi' });
    return unit;
  }

  async function componentOf(exec: Executor, user: AuthUser, id: number) {
    const row = await repo.findComponent(exec, id);
    if (!row) throw notFound('Komponen pembayaran');
    assertUnit(user, row.unitId);
    return row;
  }

  async function studentOf(exec: Executor, user: AuthUser, id: number) {
    const row = await repo.findStudent(exec, id);
    if (!row) throw notFound('Siswa');
    assertUnit(user, row.unitId);
    return row;
  }

  async function ownStudentId(user: AuthUser) {
    // the student rule's `self`: the one student the account is
    const [id] = await access.list(db, actorOfUser(user), 'self', 'student');
    if (!id) throw forbidden('Akun Anda belum terhubung ke data siswa');
    return id;
  }

  // ---------- components ----------

  const components = async (user: AuthUser, q: FinanceUnitQuery) => ({
    items: await repo.listComponents(db, unitScope(user, q.unitId)),
  });

  const componentMessages = {
    unique: 'Kode komponen sudah dipakai di unit ini',
    inUse: 'Komponen sudah dipakai tagihan',
  };

  async function createComponent(user: AuthUser, input: PaymentComponentInput, actor: AuditActor) {
    const values = {
      unitId: unitForWrite(user, input.unitId),
      code: input.code,
      name: input.name,
      frequency: input.frequency,
      defaultAmount: input.defaultAmount,
      dueDay: input.dueDay,
      isActive: input.isActive,
    };
    const id = await guarded(
      () =>
        db.transaction(async (tx) => {
          const id = await repo.insertComponent(tx, values);
          await audit(tx, actor, {
            action: 'finance.component.create',
            entityType: 'payment_component',
            entityId: id,
            after: values,
          });
          return id;
        }),
      componentMessages,
    );
    return (await repo.findComponent(db, id))!;
  }

  async function updateComponent(user: AuthUser, id: number, input: PaymentComponentInput, actor: AuditActor) {
    await guarded(
      () =>
        db.transaction(async (tx) => {
          const before = await componentOf(tx, user, id);
          const values = {
            code: input.code,
            name: input.name,
            frequency: input.frequency,
            defaultAmount: input.defaultAmount,
            dueDay: input.dueDay,
            isActive: input.isActive,
          };
          await repo.updateComponent(tx, id, values);
          await audit(tx, actor, {
            action: 'finance.component.update',
            entityType: 'payment_component',
            entityId: id,
            before,
            after: values,
          });
        }),
      componentMessages,
    );
    return (await repo.findComponent(db, id))!;
  }

  async function removeComponent(user: AuthUser, id: number, actor: AuditActor) {
    await guarded(
      () =>
        db.transaction(async (tx) => {
          const before = await componentOf(tx, user, id);
          await repo.deleteComponent(tx, id);
          await audit(tx, actor, {
            action: 'finance.component.delete',
            entityType: 'payment_component',
            entityId: id,
            before,
          });
        }),
      componentMessages,
    );
    return { ok: true as const };
  }

  // ---------- fee rules ----------

  const rules = async (user: AuthUser, q: FeeRuleQuery) => ({
    items: await repo.listRules(db, {
      unitId: unitScope(user, q.unitId),
      componentId: q.componentId,
      studentId: q.studentId,
    }),
  });

  /** Checks that what a rule names belongs to the component's unit, and returns its values. */
  async function ruleValues(exec: Executor, user: AuthUser, input: FeeRuleInput) {
    const component = await componentOf(exec, user, input.componentId);
    const studentId = input.studentId ?? null;
    const gradeId = input.gradeId ?? null;
    if (studentId !== null) {
      const student = await repo.findStudent(exec, studentId);
      if (!student || student.unitId !== component.unitId)
        throw badRequest('Siswa tidak ada di unit komponen ini', { studentId: 'Siswa tidak valid' });
    }
    if (gradeId !== null) {
      const grade = await repo.findGrade(exec, gradeId);
      if (!grade || grade.unitId !== component.unitId)
        throw badRequest('Tingkat tidak ada di unit komponen ini', { gradeId: 'Tingkat tidak valid' });
    }
    return {
      componentId: component.id,
      studentId,
      gradeId,
      program: input.program ? input.program : null,
      boarding: input.boarding ?? null,
      amount: input.amount,
    };
  }

  const ruleMessages = { unique: 'Aturan biaya untuk cakupan ini sudah ada' };

  async function createRule(user: AuthUser, input: FeeRuleInput, actor: AuditActor) {
    const id = await guarded(
      () =>
        db.transaction(async (tx) => {
          const values = await ruleValues(tx, user, input);
          const id = await repo.insertRule(tx, values);
          await audit(tx, actor, {
            action: 'finance.fee-rule.create',
            entityType: 'fee_rule',
            entityId: id,
            after: values,
          });
          return id;
        }),
      ruleMessages,
    );
    return (await repo.findRule(db, id))!;
  }

  async function ruleForWrite(exec: Executor, user: AuthUser, id: number) {
    const rule = await repo.findRule(exec, id);
    if (!rule) throw notFound('Aturan biaya');
    assertUnit(user, rule.unitId);
    return rule;
  }

  async function updateRule(user: AuthUser, id: number, input: FeeRuleInput, actor: AuditActor) {
    await guarded(
      () =>
        db.transaction(async (tx) => {
          const before = await ruleForWrite(tx, user, id);
          const values = await ruleValues(tx, user, input);
          await repo.updateRule(tx, id, values);
          await audit(tx, actor, {
            action: 'finance.fee-rule.update',
            entityType: 'fee_rule',
            entityId: id,
            before,
            after: values,
          });
        }),
      ruleMessages,
    );
    return (await repo.findRule(db, id))!;
  }

  async function removeRule(user: AuthUser, id: number, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const before = await ruleForWrite(tx, user, id);
      await repo.deleteRule(tx, id);
      await audit(tx, actor, { action: 'finance.fee-rule.delete', entityType: 'fee_rule', entityId: id, before });
    });
    return { ok: true as const };
  }

  // ---------- discounts ----------

  const discounts = async (user: AuthUser, q: StudentDiscountQuery) => ({
    items: await repo.listDiscounts(db, { unitId: unitScope(user, q.unitId), studentId: q.studentId }),
  });

  async function createDiscount(user: AuthUser, input: StudentDiscountInput, actor: AuditActor) {
    const id = await db.transaction(async (tx) => {
      const student = await studentOf(tx, user, input.studentId);
      if (input.componentId) {
        const component = await componentOf(tx, user, input.componentId);
        if (component.unitId !== student.unitId)
          throw badRequest('Komponen bukan milik unit siswa', { componentId: 'Komponen tidak valid' });
      }
      const values = {
        studentId: student.id,
        componentId: input.componentId ?? null,
        kind: input.kind,
        percent: input.percent,
        amount: input.amount,
        reason: input.reason,
        createdBy: user.id,
      };
      const id = await repo.insertDiscount(tx, values);
      await audit(tx, actor, {
        action: 'finance.discount.create',
        entityType: 'student_discount',
        entityId: id,
        after: values,
      });
      return id;
    });
    return (await repo.findDiscount(db, id))!;
  }

  async function discountForWrite(exec: Executor, user: AuthUser, id: number) {
    const row = await repo.findDiscount(exec, id);
    if (!row) throw notFound('Potongan');
    assertUnit(user, row.unitId);
    return row;
  }

  /** Approves a discount: from now on it applies to the bills generated for the student. */
  async function approveDiscount(user: AuthUser, id: number, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const before = await discountForWrite(tx, user, id);
      if (before.approvedAt) throw conflict('Potongan ini sudah disetujui');
      await repo.approveDiscount(tx, id, user.id);
      await audit(tx, actor, {
        action: 'finance.discount.approve',
        entityType: 'student_discount',
        entityId: id,
        before,
      });
    });
    return (await repo.findDiscount(db, id))!;
  }

  async function removeDiscount(user: AuthUser, id: number, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const before = await discountForWrite(tx, user, id);
      await repo.deleteDiscount(tx, id);
      await audit(tx, actor, {
        action: 'finance.discount.delete',
        entityType: 'student_discount',
        entityId: id,
        before,
      });
    });
    return { ok: true as const };
  }

  // ---------- bills ----------

  /**
   * Makes (or with dryRun counts) the bills of one component for the chosen students. Generating twice,
   * or twice at once, never duplicates: the bills' unique key skips what exists.
   */
  async function generate(user: AuthUser, input: GenerateBillsInput, actor: AuditActor) {
    const component = await componentOf(db, user, input.componentId);
    const year = await repo.activeYear(db);
    if (!year) throw badRequest('Belum ada tahun pelajaran aktif');
    if (input.classGroupId) {
      const cls = await repo.findClassGroup(db, input.classGroupId);
      if (!cls || cls.unitId !== component.unitId)
        throw badRequest('Kelas tidak valid', { classGroupId: 'Kelas tidak valid' });
    }
    if (input.gradeId) {
      const grade = await repo.findGrade(db, input.gradeId);
      if (!grade || grade.unitId !== component.unitId)
        throw badRequest('Tingkat tidak valid', { gradeId: 'Tingkat tidak valid' });
    }
    const studentsFound = await activeStudentsEnrolledIn(db, {
      unitId: component.unitId,
      academicYearId: year.id,
      gradeId: input.gradeId,
      classGroupId: input.classGroupId,
    });
    // the periods and the parts of each bill
    const yearStartMonth = year.startDate.slice(0, 7);
    let periods: { period: string; dueDate: string; month: string | null }[];
    let percents = [100];
    let instalmentDues: string[] = [];
    if (component.frequency === 'MONTHLY') {
      const from = input.fromMonth ?? clock.today().slice(0, 7);
      const to = input.toMonth ?? from;
      if (from < yearStartMonth || to > year.endDate.slice(0, 7))
        throw badRequest('Bulan di luar tahun pelajaran aktif', { fromMonth: 'Di luar tahun pelajaran aktif' });
      const day = String(component.dueDay).padStart(2, '0');
      periods = monthsBetween(from, to).map((m) => ({ period: m, dueDate: `${m}-${day}`, month: m }));
    } else {
      const dueDate = input.dueDate ?? clock.today();
      periods = [{ period: component.frequency === 'YEARLY' ? year.name : 'ONCE', dueDate, month: null }];
      if (input.instalments?.length) {
        percents = input.instalments.map((i) => i.percent);
        instalmentDues = input.instalments.map((i) => i.dueDate);
      }
    }
    if (component.frequency === 'MONTHLY' && input.instalments?.length)
      throw badRequest('Tagihan bulanan tidak dicicil', { instalments: 'Hanya untuk biaya sekali atau tahunan' });
    const rows = await billRows(db, component, studentsFound, periods, percents, instalmentDues);

    const existing = await repo.existingBillKeys(
      db,
      component.id,
      studentsFound.map((s) => s.id),
      periods.map((p) => p.period),
    );
    const fresh = rows.filter((r) => !existing.has(`${r.studentId}|${r.period}|${r.instalment}`));
    const result = { students: studentsFound.length, existing: rows.length - fresh.length, dryRun: input.dryRun };
    if (input.dryRun) return { ...result, created: fresh.length };
    const created = await db.transaction(async (tx) => {
      const n = await repo.insertBills(tx, fresh);
      await audit(tx, actor, {
        action: 'finance.bills.generate',
        entityType: 'payment_component',
        entityId: component.id,
        after: {
          periods: periods.map((p) => p.period),
          gradeId: input.gradeId,
          classGroupId: input.classGroupId,
          created: n,
        },
      });
      return n;
    });
    return { ...result, existing: rows.length - created, created };
  }

  const billsPage = async (user: AuthUser, q: BillQuery) => repo.pageBills(db, unitScope(user, q.unitId), q);

  /** Cancels an unpaid bill with a reason; a bill with payments on it is not cancelled here. */
  async function cancel(user: AuthUser, id: number, input: CancelBillInput, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const bill = await repo.findBill(tx, id, true);
      if (!bill) throw notFound('Tagihan');
      assertUnit(user, bill.unitId);
      if (bill.status === 'CANCELLED') throw conflict('Tagihan ini sudah dibatalkan');
      if (bill.paid > 0) throw conflict('Tagihan yang sudah dibayar sebagian tidak dapat dibatalkan');
      await repo.cancelBill(tx, id, input.reason, user.id);
      await audit(tx, actor, {
        action: 'finance.bill.cancel',
        entityType: 'bill',
        entityId: id,
        before: bill,
        after: { reason: input.reason },
      });
    });
    return billById(id);
  }

  async function billById(id: number) {
    const bill = (await repo.findBill(db, id))!;
    return (await repo.billsOfStudent(db, bill.studentId, false)).find((b) => b.id === id)!;
  }

  // ---------- invoices ----------

  async function invoiceOf(id: number) {
    const head = await repo.findInvoice(db, id);
    if (!head) throw notFound('Invoice');
    const billsIn = await repo.billsOfInvoice(db, id);
    const className = billsIn[0]?.className ?? null;
    return { ...head, className, bills: billsIn, total: billsIn.reduce((a, b) => a + b.outstanding, 0) };
  }

  /** Groups the student's open bills in a new invoice. */
  async function createInvoice(user: AuthUser, input: CreateInvoiceInput, actor: AuditActor) {
    const id = await db.transaction(async (tx) => {
      const student = await studentOf(tx, user, input.studentId);
      const open = await repo.billsOfStudent(tx, student.id, true);
      if (open.length === 0)
        throw badRequest('Siswa ini tidak punya tagihan terbuka', { studentId: 'Tidak ada tagihan terbuka' });
      const today = clock.today();
      const prefix = `INV/${await repo.unitCode(tx, student.unitId)}/${today.slice(0, 4)}${today.slice(5, 7)}/`;
      const id = await repo.insertInvoice(
        tx,
        { unitId: student.unitId, studentId: student.id, dueDate: input.dueDate, createdBy: user.id, prefix },
        open.map((b) => b.id),
      );
      await audit(tx, actor, {
        action: 'finance.invoice.create',
        entityType: 'invoice',
        entityId: id,
        after: { billIds: open.map((b) => b.id) },
      });
      return id;
    });
    return invoiceOf(id);
  }

  /** An invoice, read by the bill rule over its bills (bill-access.ts): finance readers of its unit, its student. */
  async function invoice(user: AuthUser, id: number) {
    const found = await invoiceOf(id);
    const actor = actorOfUser(user);
    const ids = found.bills.map((b) => b.id);
    // an invoice is made of open bills, so it has some; none would be no one's to read
    if (!ids.length) throw notFound('Invoice');
    if (user.division === 'STUDENT') {
      await ownStudentId(user);
      // another student's invoice is not theirs to know of: 404, as if it did not exist
      const readable = await access.allowed(db, actor, 'read', 'bill', ids);
      if (readable.size < ids.length) throw notFound('Invoice');
    } else await access.require(db, actor, 'read', 'bill', ids);
    return found;
  }

  async function myBills(user: AuthUser) {
    return { items: await repo.billsOfStudent(db, await ownStudentId(user), false) };
  }

  async function myInvoices(user: AuthUser) {
    const ids = await repo.invoicesOfStudent(db, await ownStudentId(user));
    const items = [];
    for (const { id } of ids) {
      const { bills: _bills, ...rest } = await invoiceOf(id);
      items.push(rest);
    }
    return { items };
  }

  return {
    components,
    createComponent,
    updateComponent,
    removeComponent,
    rules,
    createRule,
    updateRule,
    removeRule,
    discounts,
    createDiscount,
    approveDiscount,
    removeDiscount,
    generate,
    billsPage,
    cancel,
    createInvoice,
    invoice,
    myBills,
    myInvoices,
  };
}
