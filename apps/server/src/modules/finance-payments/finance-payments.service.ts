import {
  billStatusOf,
  monthsBetween,
  needsStampDuty,
  planPayment,
  REVERSAL_TYPE,
  schoolYearOf,
  terbilangRupiah,
  type AllocationInput,
  type AuthUser,
  type ChargeInput,
  type ComponentIncomeAccountInput,
  type ComponentIncomeAccounts,
  type MyPayments,
  type Payment,
  type PaymentInput,
  type PaymentMethod,
  type PaymentQuery,
  type Receipt,
  type StudentAccount,
  type VoucherType,
} from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import { audited, type AuditActor } from '../../lib/audit.ts';
import { clock } from '../../lib/clock.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { actorOfUser } from '../../lib/actor.ts';
import { unitScope } from '../../lib/scope.ts';
import { access } from '../access/access.service.ts';
import { postVoucher } from '../finance-books/finance-books.service.ts';
import { activeGateway, chargeLifetimeHours, gatewayOf, signLocal, type CallbackEvent } from './gateway.ts';
import * as repo from './finance-payments.repo.ts';

/** `KWT/SMP/2026/11/0001`: unit code, year, month and the sequence of that unit and month. */
export const receiptNumber = (unitCode: string, date: string, seq: number) =>
  `KWT/${unitCode}/${date.slice(0, 4)}/${date.slice(5, 7)}/${String(seq).padStart(4, '0')}`;

export interface PostPaymentInput {
  unitId: number;
  studentId: number;
  method: PaymentMethod;
  amount: number;
  payerName?: string | null | undefined;
  note?: string | null | undefined;
  useCredit: boolean;
  allocations?: readonly AllocationInput[] | undefined;
  /** only these bills take the money (a gateway charge's bills); the rest becomes credit */
  onlyBills?: readonly number[] | undefined;
  /** the cashier (null for a gateway payment) */
  cashierUserId: number | null;
  /** who the vouchers are booked by (the cashier, or for a gateway payment the student who started it) */
  bookedByUserId: number;
  provider?: string | null;
  providerRef?: string | null;
}

type ChargeRow = NonNullable<Awaited<ReturnType<typeof repo.findCharge>>>;

/** A pending charge past its expiry on MMS's clock. */
const isExpired = (c: Pick<ChargeRow, 'expiresAt'>) => clock.now().getTime() >= new Date(c.expiresAt).getTime();

/** A charge as the student sees it: a pending one past its expiry reads EXPIRED. */
const chargeOut = (c: ChargeRow) => ({
  id: c.id,
  provider: c.provider,
  providerRef: c.providerRef,
  vaNumber: c.vaNumber,
  qris: c.qris,
  amount: c.amount,
  status: c.status === 'PENDING' && isExpired(c) ? ('EXPIRED' as const) : c.status,
  createdAt: iso(c.createdAt)!,
  expiresAt: iso(c.expiresAt)!,
});

type IncomeAccount = Awaited<ReturnType<typeof repo.incomeAccounts>>[number];

/**
 * The income account a component's payments are booked to: the component's mapped account
 * (`component_income_accounts`, chosen on the payment components screen), else the unit's active INCOME account
 * whose name contains the component's name ("Pendapatan SPP" for SPP), else the unit's last INCOME account by
 * code (the default chart's "Pendapatan Lain-lain").
 */
export function resolveIncome(
  component: { name: string },
  mappedAccountId: number | null | undefined,
  incomes: IncomeAccount[],
): { account: IncomeAccount | null; source: 'MAPPED' | 'NAME' | 'FALLBACK' | 'NONE' } {
  const mapped = mappedAccountId == null ? undefined : incomes.find((a) => a.id === mappedAccountId);
  if (mapped) return { account: mapped, source: 'MAPPED' };
  const byName = incomes.find((a) => a.name.toLowerCase().includes(component.name.toLowerCase()));
  if (byName) return { account: byName, source: 'NAME' };
  const fallback = incomes.at(-1);
  return fallback ? { account: fallback, source: 'FALLBACK' } : { account: null, source: 'NONE' };
}

/** The income account of each component of a payment (see `resolveIncome`); 409 when a unit has none. */
async function incomeAccountsFor(tx: Executor, unitId: number, componentIds: number[]) {
  // one after another: a transaction's client runs one query at a time
  const mapped = await repo.mappedIncome(tx, componentIds);
  const names = await repo.componentNames(tx, componentIds);
  const incomes = await repo.incomeAccounts(tx, unitId);
  const result = new Map<number, number>();
  for (const c of names) {
    const { account } = resolveIncome(c, mapped.find((m) => m.componentId === c.id)?.accountId, incomes);
    if (!account) throw conflict(`Akun pendapatan untuk komponen ${c.name} belum ada di bagan akun unit ini`);
    result.set(c.id, account.id);
  }
  return { result, fallback: incomes.at(-1)?.id };
}

/**
 * Posts one payment inside the caller's transaction: locks the student and their open bills, splits the money
 * (oldest due first or the cashier's amounts), updates the bills' paid and status, keeps the credit ledger,
 * numbers the receipt without gaps and posts its BKM/BBM voucher(s). Throws AppError, so nothing is written on
 * a refusal.
 */
export async function postPayment(tx: Executor, input: PostPaymentInput, actor: AuditActor) {
  const student = await repo.findStudent(tx, input.studentId);
  if (!student || student.unitId !== input.unitId) throw notFound('Siswa');
  await repo.lockStudent(tx, student.id);
  const locked = await repo.lockOpenBillsOf(tx, student.id);
  const ordered = [...locked]
    .filter((b) => !input.onlyBills || input.onlyBills.includes(b.id))
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.period.localeCompare(b.period) || a.id - b.id);
  const open = ordered.map((b) => ({ id: b.id, outstanding: b.amount - b.discount - b.paid }));
  const credit = input.useCredit ? await repo.creditBalance(tx, student.id) : 0;
  const planned = planPayment(open, input.amount, credit, input.allocations);
  if (!planned.ok) {
    const e = planned.error;
    if (e.code === 'UNKNOWN_BILL') {
      throw conflict('Tagihan tidak ditemukan, bukan milik siswa ini, atau sudah lunas/dibatalkan', {
        allocations: `#${e.billId}`,
      });
    }
    if (e.code === 'DUPLICATE_BILL') throw badRequest('Tagihan disebut lebih dari sekali', { allocations: '' });
    if (e.code === 'OVER_OUTSTANDING') {
      throw conflict('Alokasi melebihi sisa tagihan', { allocations: `#${e.billId}` });
    }
    throw badRequest('Jumlah alokasi melebihi uang yang dibayar dan saldo titipan', { amount: 'Kurang' });
  }
  const plan = planned.plan;

  const date = clock.today();
  const unit = await repo.unitCode(tx, input.unitId);
  const seq = await repo.nextSeq(tx, input.unitId, date.slice(0, 7));
  const number = receiptNumber(unit.code, date, seq);
  const paymentId = await repo.insertPayment(tx, {
    unitId: input.unitId,
    studentId: student.id,
    seq,
    number,
    date,
    method: input.method,
    amount: input.amount,
    creditAdded: plan.creditAdded,
    creditUsed: plan.creditUsed,
    payerName: input.payerName || null,
    note: input.note || null,
    cashierUserId: input.cashierUserId,
    provider: input.provider ?? null,
    providerRef: input.providerRef ?? null,
  });
  await repo.insertAllocations(
    tx,
    plan.allocations.map((a) => ({ paymentId, billId: a.billId, amount: a.amount })),
  );
  const byId = new Map(locked.map((b) => [b.id, b]));
  for (const a of plan.allocations) {
    const b = byId.get(a.billId)!;
    const paid = b.paid + a.amount;
    await repo.setBillPaid(tx, b.id, paid, billStatusOf(b.amount, b.discount, paid));
  }
  if (plan.creditUsed > 0) {
    await repo.insertCredit(tx, { studentId: student.id, paymentId, amount: -plan.creditUsed, kind: 'USED' });
  }
  if (plan.creditAdded > 0) {
    await repo.insertCredit(tx, { studentId: student.id, paymentId, amount: plan.creditAdded, kind: 'OVERPAYMENT' });
  }

  // The money received is booked: cash goes to the allocations in order (what the credit covers was booked when
  // it was received), an overpayment to the unit's LIABILITY account (titipan) or the fallback income account.
  const moneyKind = input.method === 'CASH' ? 'CASH' : 'BANK';
  const moneyAccountId = await repo.firstAccount(tx, input.unitId, moneyKind);
  if (moneyAccountId === undefined) {
    throw conflict(moneyKind === 'CASH' ? 'Unit ini belum punya akun kas' : 'Unit ini belum punya akun bank');
  }
  const componentIds = [...new Set(plan.allocations.map((a) => byId.get(a.billId)!.componentId))];
  const incomes = await incomeAccountsFor(tx, input.unitId, componentIds);
  const perAccount = new Map<number, number>();
  let cash = input.amount - plan.creditAdded;
  for (const a of plan.allocations) {
    if (cash <= 0) break;
    const part = Math.min(cash, a.amount);
    const account = incomes.result.get(byId.get(a.billId)!.componentId)!;
    perAccount.set(account, (perAccount.get(account) ?? 0) + part);
    cash -= part;
  }
  if (plan.creditAdded > 0) {
    const account = (await repo.firstAccount(tx, input.unitId, 'LIABILITY')) ?? incomes.fallback;
    if (account === undefined) throw conflict('Unit ini belum punya akun titipan atau pendapatan');
    perAccount.set(account, (perAccount.get(account) ?? 0) + plan.creditAdded);
  }
  let firstVoucher: number | null = null;
  for (const [accountId, amount] of perAccount) {
    const v = await postVoucher(
      tx,
      {
        unitId: input.unitId,
        type: moneyKind === 'CASH' ? 'BKM' : 'BBM',
        date,
        accountId,
        moneyAccountId,
        amount,
        description: `Pembayaran ${number} ${student.name} (${student.nis})`,
        userId: input.bookedByUserId,
        source: `payment:${paymentId}`,
      },
      actor,
    );
    firstVoucher ??= v.id;
  }
  await audited(
    tx,
    actor,
    {
      action: 'payment.post',
      entityType: 'payment',
      entityId: paymentId,
      after: { number, studentId: student.id, method: input.method, amount: input.amount, ...plan },
    },
    () => repo.updatePayment(tx, paymentId, { voucherId: firstVoucher }),
  );
  return { id: paymentId, number };
}

/** A cashier asks for a payment to be reversed, with the reason (in the caller's transaction; the caller checks the unit). */
export async function askReversal(tx: Executor, id: number, userId: number, reason: string, actor: AuditActor) {
  const p = await repo.lockPayment(tx, id);
  if (!p) throw notFound('Pembayaran');
  if (p.status !== 'POSTED') throw conflict('Pembayaran ini sudah dimintakan pembatalan atau sudah dibatalkan');
  await audited(
    tx,
    actor,
    { action: 'payment.reversal.request', entityType: 'payment', entityId: id, after: { reason } },
    () =>
      repo.updatePayment(tx, id, {
        status: 'REVERSAL_REQUESTED',
        reversalReason: reason,
        reversalRequestedBy: userId,
        reversalRequestedAt: clock.now(),
      }),
  );
}

/**
 * Undoes a payment whose reversal was asked, in the caller's transaction, approved by `approverUserId` (not the
 * one who asked): the allocations are taken back from the bills, the credit ledger gets the opposite rows, and each
 * voucher of the payment is reversed by a posted BKK/BBK dated today (refused in a closed month, 409). The caller
 * checks the unit.
 */
export async function reversePayment(tx: Executor, id: number, approverUserId: number, actor: AuditActor) {
  const p = await repo.lockPayment(tx, id);
  if (!p) throw notFound('Pembayaran');
  if (p.status !== 'REVERSAL_REQUESTED') throw conflict('Pembatalan harus diminta dulu oleh kasir');
  if (p.reversalRequestedBy === approverUserId) {
    throw forbidden('Pembatalan harus disetujui orang lain, bukan yang memintanya');
  }
  await repo.lockStudent(tx, p.studentId);
  const allocs = await repo.allocationsOfPayment(tx, id);
  const locked = await repo.lockBills(
    tx,
    allocs.map((a) => a.billId),
  );
  for (const a of allocs) {
    const b = locked.find((x) => x.id === a.billId)!;
    const paid = b.paid - a.amount;
    await repo.setBillPaid(tx, b.id, paid, billStatusOf(b.amount, b.discount, paid));
  }
  if (p.creditAdded > 0) {
    const balance = await repo.creditBalance(tx, p.studentId);
    if (balance < p.creditAdded) {
      throw conflict('Titipan dari pembayaran ini sudah terpakai pembayaran berikutnya; batalkan pembayaran itu dulu');
    }
    await repo.insertCredit(tx, {
      studentId: p.studentId,
      paymentId: id,
      amount: -p.creditAdded,
      kind: 'REVERSAL',
    });
  }
  if (p.creditUsed > 0) {
    await repo.insertCredit(tx, { studentId: p.studentId, paymentId: id, amount: p.creditUsed, kind: 'REVERSAL' });
  }
  const today = clock.today();
  let first: number | null = null;
  for (const v of await repo.vouchersBySource(tx, `payment:${id}`)) {
    const r = await postVoucher(
      tx,
      {
        unitId: p.unitId,
        type: REVERSAL_TYPE[v.type as VoucherType],
        date: today,
        accountId: v.accountId,
        moneyAccountId: v.moneyAccountId,
        amount: Number(v.amount),
        description: `Pembatalan ${p.number} (${v.number}): ${p.reversalReason ?? ''}`,
        userId: approverUserId,
        source: `payment-reversal:${id}`,
      },
      actor,
    );
    first ??= r.id;
  }
  await audited(
    tx,
    actor,
    { action: 'payment.reversal.approve', entityType: 'payment', entityId: id, after: null },
    () =>
      repo.updatePayment(tx, id, {
        status: 'REVERSED',
        reversalApprovedBy: approverUserId,
        reversedAt: clock.now(),
        reversalVoucherId: first,
      }),
  );
  return p;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function createFinancePaymentsService(db: Database) {
  /** The student the account is (the student rule's `self`); 403 for an account linked to none. */
  async function ownStudentId(user: AuthUser) {
    const [id] = await access.list(db, actorOfUser(user), 'self', 'student');
    if (!id) throw forbidden('Akun Anda belum terhubung ke data siswa');
    return id;
  }

  /** Whether the student is the one the account is (the student rule's `self`). */
  const isSelf = async (user: AuthUser, studentId: number) =>
    (await access.allowed(db, actorOfUser(user), 'self', 'student', [studentId])).has(studentId);

  /** A row of a unit (a payment, a component): 403 for another unit's, by the unit rule. */
  const requireUnitOf = (exec: Executor, user: AuthUser, unitId: number) =>
    access.require(exec, actorOfUser(user), 'read', 'unit', unitId);

  async function toPayments(exec: Executor, rows: repo.PaymentRow[]): Promise<Payment[]> {
    const ids = rows.map((r) => r.id);
    // one after another: `exec` may be a transaction's client, which runs one query at a time
    const allocs = await repo.allocationDetails(exec, ids);
    const vouchers = await repo.voucherNumbersOf(exec, ids);
    return rows.map((r) => ({
      id: r.id,
      unitId: r.unitId,
      number: r.number,
      date: r.date,
      student: { id: r.studentId, name: r.studentName, nis: r.nis, className: r.className },
      method: r.method,
      amount: r.amount,
      creditAdded: r.creditAdded,
      creditUsed: r.creditUsed,
      payerName: r.payerName,
      note: r.note,
      cashierName: r.cashierName,
      voucherNumbers: vouchers.filter((v) => v.source === `payment:${r.id}`).map((v) => v.number ?? ''),
      status: r.status,
      reversalReason: r.reversalReason,
      reversalRequestedBy: r.reversalRequestedBy,
      reversalRequestedById: r.reversalRequestedById,
      reversalApprovedBy: r.reversalApprovedBy,
      reversedAt: iso(r.reversedAt),
      allocations: allocs
        .filter((a) => a.paymentId === r.id)
        .map((a) => ({ billId: a.billId, componentName: a.componentName, period: a.period, amount: a.amount })),
      createdAt: iso(r.createdAt)!,
    }));
  }

  async function paymentOut(id: number) {
    const row = await repo.findPayment(db, id);
    if (!row) throw notFound('Pembayaran');
    return (await toPayments(db, [row]))[0]!;
  }

  // ---------- the counter ----------

  async function searchStudents(user: AuthUser, q: { unitId?: number | undefined; q: string }) {
    return { items: await repo.searchStudents(db, unitScope(user, q.unitId), q.q) };
  }

  async function account(exec: Executor, studentId: number): Promise<Omit<StudentAccount, 'student'>> {
    const bills = await repo.billsOfStudent(exec, studentId, true);
    const credit = await repo.creditBalance(exec, studentId);
    return { bills, credit, outstanding: bills.reduce((s, b) => s + b.outstanding, 0) };
  }

  async function studentAccount(user: AuthUser, studentId: number): Promise<StudentAccount> {
    await access.require(db, actorOfUser(user), 'counter', 'student', studentId);
    const s = (await repo.findStudent(db, studentId))!;
    return {
      student: { id: s.id, name: s.name, nis: s.nis, className: s.className, unitId: s.unitId },
      ...(await account(db, s.id)),
    };
  }

  async function pay(user: AuthUser, input: PaymentInput, actor: AuditActor) {
    const { id } = await db.transaction(async (tx) => {
      const [s] = await access.require(tx, actorOfUser(user), 'counter', 'student', input.studentId);
      return postPayment(
        tx,
        {
          unitId: s!.unitId!,
          studentId: s!.id,
          method: input.method,
          amount: input.amount,
          payerName: input.payerName,
          note: input.note,
          useCredit: input.useCredit,
          allocations: input.allocations,
          cashierUserId: user.id,
          bookedByUserId: user.id,
        },
        actor,
      );
    });
    return paymentOut(id);
  }

  async function list(user: AuthUser, q: PaymentQuery) {
    const page = q.page ?? 1;
    const pageSize = q.pageSize ?? 25;
    const found = await repo.listPayments(
      db,
      {
        unitId: unitScope(user, q.unitId),
        from: q.from,
        to: q.to,
        method: q.method,
        cashierId: q.cashierId,
        status: q.status,
        q: q.q,
      },
      page,
      pageSize,
    );
    return { items: await toPayments(db, found.items), total: found.total, page, pageSize };
  }

  async function one(user: AuthUser, id: number) {
    const p = await paymentOut(id);
    await requireUnitOf(db, user, p.unitId);
    return p;
  }

  async function receiptOf(p: Payment): Promise<Receipt> {
    const s = await repo.findStudent(db, p.student.id);
    const unit = await repo.unitCode(db, p.unitId);
    const year = (await repo.yearOf(db, p.date)) ?? null;
    const start = year?.startDate ?? schoolYearOf(p.date).startDate;
    const months = monthsBetween(
      start.slice(0, 7),
      `${String(Number(start.slice(0, 4)) + 1)}${start.slice(4, 7)}`,
    ).slice(0, 12);
    const component = await repo.recapComponent(db, s!.unitId);
    const rows = component ? await repo.monthlyBills(db, p.student.id, component.id, months) : [];
    const recap = months.map((month) => {
      const of = rows.filter((r) => r.period === month);
      const billed = of.reduce((sum, r) => sum + r.amount - r.discount, 0);
      const paid = of.reduce((sum, r) => sum + r.paid, 0);
      const status: Receipt['recap'][number]['status'] =
        of.length === 0 ? 'NONE' : paid >= billed ? 'PAID' : paid > 0 ? 'PARTIAL' : 'UNPAID';
      return { month, billed, paid, status };
    });
    return {
      payment: p,
      unitName: unit.name,
      terbilang: terbilangRupiah(p.amount),
      stampDuty: needsStampDuty(p.amount),
      schoolYear: year?.name ?? schoolYearOf(p.date).tapel,
      recap,
      recapComponent: component?.name ?? null,
    };
  }

  const receipt = async (user: AuthUser, id: number) => receiptOf(await one(user, id));

  // ---------- reversal ----------

  async function requestReversal(user: AuthUser, id: number, reason: string, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const p = await repo.findPayment(tx, id);
      if (!p) throw notFound('Pembayaran');
      await requireUnitOf(tx, user, p.unitId);
      await askReversal(tx, id, user.id, reason, actor);
    });
    return paymentOut(id);
  }

  async function rejectReversal(user: AuthUser, id: number, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const p = await repo.lockPayment(tx, id);
      if (!p) throw notFound('Pembayaran');
      await requireUnitOf(tx, user, p.unitId);
      if (p.status !== 'REVERSAL_REQUESTED') throw conflict('Tidak ada permintaan pembatalan untuk pembayaran ini');
      await audited(
        tx,
        actor,
        {
          action: 'payment.reversal.reject',
          entityType: 'payment',
          entityId: id,
          before: { reason: p.reversalReason, requestedBy: p.reversalRequestedBy },
          after: null,
        },
        () =>
          repo.updatePayment(tx, id, {
            status: 'POSTED',
            reversalReason: null,
            reversalRequestedBy: null,
            reversalRequestedAt: null,
          }),
      );
    });
    return paymentOut(id);
  }

  /**
   * A second person (finance.approve, not the one who asked) approves: the allocations are taken back from the
   * bills, the credit ledger gets the opposite rows, and each voucher of the payment is reversed by a posted
   * BKK/BBK dated today (refused in a closed month, 409).
   */
  async function approveReversal(user: AuthUser, id: number, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const p = await repo.findPayment(tx, id);
      if (!p) throw notFound('Pembayaran');
      await requireUnitOf(tx, user, p.unitId);
      await reversePayment(tx, id, user.id, actor);
    });
    return paymentOut(id);
  }

  // ---------- the student ----------

  async function mine(user: AuthUser): Promise<MyPayments> {
    const studentId = await ownStudentId(user);
    const found = await repo.listPayments(db, { unitId: null, studentId }, 1, 100);
    const [payments, bills, credit, charges] = await Promise.all([
      toPayments(db, found.items),
      repo.billsOfStudent(db, studentId, false),
      repo.creditBalance(db, studentId),
      repo.chargesOfStudent(db, studentId),
    ]);
    return {
      payments,
      bills,
      credit,
      charges: charges.map(chargeOut),
    };
  }

  /** The student's own receipt only; another student's is 404 (not even its existence is told). */
  async function myReceipt(user: AuthUser, id: number) {
    await ownStudentId(user);
    const row = await repo.findPayment(db, id);
    if (!row || !(await isSelf(user, row.studentId))) throw notFound('Kwitansi');
    return receiptOf((await toPayments(db, [row]))[0]!);
  }

  /** A charge through the gateway for the student's own open bills: the VA number / QRIS to pay to. */
  async function startCharge(user: AuthUser, input: ChargeInput, actor: AuditActor) {
    const studentId = await ownStudentId(user);
    const gateway = activeGateway();
    const charge = await db.transaction(async (tx) => {
      const s = (await repo.findStudent(tx, studentId))!;
      const open = await repo.billsOfStudent(tx, studentId, true);
      const ids = [...new Set(input.billIds)];
      const chosen = open.filter((b) => ids.includes(b.id));
      if (chosen.length !== ids.length) throw conflict('Tagihan tidak ditemukan atau sudah lunas', { billIds: '' });
      const amount = chosen.reduce((sum, b) => sum + b.outstanding, 0);
      const row = await repo.insertCharge(tx, {
        unitId: s.unitId,
        studentId,
        provider: gateway.name,
        providerRef: `pending-${crypto.randomUUID()}`,
        amount,
        billIds: ids,
        createdBy: user.id,
        createdAt: clock.now(),
        expiresAt: new Date(clock.now().getTime() + chargeLifetimeHours() * 3_600_000),
      });
      const created = gateway.createCharge({ chargeId: row.id, studentId, amount });
      await audited(
        tx,
        actor,
        {
          action: 'payment.charge.create',
          entityType: 'gateway_charge',
          entityId: row.id,
          after: { amount, ids, ...created },
        },
        () => repo.updateCharge(tx, row.id, created),
      );
      return { ...row, ...created };
    });
    return chargeOut(charge);
  }

  /**
   * A provider's callback, after its signature was checked: idempotent by the provider's reference (a repeated
   * callback returns the same payment and writes nothing). What arrived is allocated to the charge's bills oldest
   * first; anything more (or what a bill no longer owes) becomes the student's credit.
   */
  async function reconcile(provider: string, event: CallbackEvent, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const charge = await repo.lockChargeByRef(tx, provider, event.reference);
      if (!charge) throw notFound('Tagihan gateway');
      if (charge.status === 'EXPIRED') return { ok: true as const, paymentId: null, expired: true };
      if (charge.status === 'PAID' || event.status !== 'PAID') {
        return { ok: true as const, paymentId: charge.paymentId };
      }
      if (isExpired(charge)) {
        // money announced after the charge's expiry is recorded, never paid: the treasurer settles it with the provider
        await audited(
          tx,
          actor,
          {
            action: 'payment.charge.expired',
            entityType: 'gateway_charge',
            entityId: charge.id,
            before: { status: charge.status, expiresAt: iso(charge.expiresAt) },
            after: { status: 'EXPIRED', reference: event.reference, amount: event.amount },
          },
          () => repo.updateCharge(tx, charge.id, { status: 'EXPIRED' }),
        );
        return { ok: true as const, paymentId: null, expired: true };
      }
      const { id } = await postPayment(
        tx,
        {
          unitId: charge.unitId,
          studentId: charge.studentId,
          method: 'GATEWAY',
          amount: event.amount,
          useCredit: false,
          onlyBills: charge.billIds,
          cashierUserId: null,
          bookedByUserId: charge.createdBy,
          provider,
          providerRef: event.reference,
          note: charge.amount === event.amount ? null : `Tagihan ${charge.amount}, diterima ${event.amount}`,
        },
        actor,
      );
      await repo.updateCharge(tx, charge.id, { status: 'PAID', paymentId: id });
      return { ok: true as const, paymentId: id };
    });
  }

  async function callback(
    providerName: string,
    headers: Record<string, string | string[] | undefined>,
    body: unknown,
    actor: AuditActor,
  ) {
    const gateway = gatewayOf(providerName);
    if (!gateway) throw notFound('Penyedia pembayaran');
    if (!gateway.verify(headers, body)) throw new AppError('UNAUTHENTICATED', 'Tanda tangan callback tidak sah');
    return reconcile(gateway.name, gateway.parse(body), actor);
  }

  /** Demo only: pays the student's own local charge in full as the local provider would call back. */
  async function payLocal(user: AuthUser, chargeId: number, actor: AuditActor) {
    await ownStudentId(user);
    const charge = await repo.findCharge(db, chargeId);
    if (!charge || !(await isSelf(user, charge.studentId))) throw notFound('Tagihan gateway');
    if (charge.provider !== 'local') throw conflict('Hanya tagihan penyedia lokal (demo) yang dapat dibayar di sini');
    if (charge.status === 'EXPIRED' || (charge.status === 'PENDING' && isExpired(charge))) {
      throw conflict('Tagihan gateway sudah kedaluwarsa; buat tagihan baru');
    }
    const event: CallbackEvent = { reference: charge.providerRef, amount: charge.amount, status: 'PAID' };
    return callback('local', { 'x-signature': signLocal(event) }, event, actor);
  }

  // ---------- the income account of each component ----------

  /** The unit's components with the income account their payments go to now, and the accounts to choose from. */
  async function componentIncomeAccounts(user: AuthUser, q: { unitId?: number }): Promise<ComponentIncomeAccounts> {
    const unitId = unitScope(user, q.unitId) ?? user.unit?.id;
    if (!unitId) throw badRequest('Pilih unit', { unitId: 'Unit wajib diisi' });
    const [components, incomes] = await Promise.all([
      repo.componentsWithMapping(db, unitId),
      repo.incomeAccounts(db, unitId),
    ]);
    return {
      items: components.map((c) => ({ ...c, ...resolveIncome(c, c.mappedAccountId, incomes) })),
      accounts: incomes,
    };
  }

  /**
   * Maps a component to one of its unit's active INCOME accounts (null: back to the default rule). Later
   * payments of the component are booked to it; posted vouchers keep theirs. Audited.
   */
  async function setComponentIncomeAccount(
    user: AuthUser,
    componentId: number,
    input: ComponentIncomeAccountInput,
    actor: AuditActor,
  ) {
    const unitId = await db.transaction(async (tx) => {
      const component = await repo.lockComponent(tx, componentId);
      if (!component) throw notFound('Komponen pembayaran');
      await requireUnitOf(tx, user, component.unitId);
      if (input.accountId !== null) {
        const account = await repo.findAccount(tx, input.accountId);
        if (!account || account.unitId !== component.unitId) throw notFound('Akun');
        if (account.kind !== 'INCOME' || !account.active) {
          throw conflict('Pilih akun pendapatan yang aktif', { accountId: 'Akun harus berjenis pendapatan dan aktif' });
        }
      }
      const [before] = await repo.mappedIncome(tx, [componentId]);
      await audited(
        tx,
        actor,
        {
          action: 'payment.component.income-account',
          entityType: 'payment_component',
          entityId: componentId,
          before: { accountId: before?.accountId ?? null },
          after: { accountId: input.accountId },
        },
        () => repo.setComponentIncome(tx, componentId, input.accountId),
      );
      return component.unitId;
    });
    return componentIncomeAccounts(user, { unitId });
  }

  return {
    componentIncomeAccounts,
    setComponentIncomeAccount,
    searchStudents,
    studentAccount,
    pay,
    list,
    one,
    receipt,
    requestReversal,
    rejectReversal,
    approveReversal,
    mine,
    myReceipt,
    startCharge,
    callback,
    payLocal,
  };
}
