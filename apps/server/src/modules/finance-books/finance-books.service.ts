import {
  REVERSAL_TYPE,
  VOUCHER_TYPE_RULES,
  type AuthUser,
  type Book,
  type BookQuery,
  type CloseMonthInput,
  type FinanceAccountInput,
  type FinanceUnitQuery,
  type ReopenMonthInput,
  type ReverseInput,
  type Voucher,
  type VoucherInput,
  type VoucherQuery,
  type VoucherReport,
  type VoucherReportQuery,
  type VoucherType,
} from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import { audited, type AuditActor } from '../../lib/audit.ts';
import { clock } from '../../lib/clock.ts';
import { guarded } from '../../lib/db-errors.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { assertUnit, seesAllUnits, unitScope } from '../../lib/scope.ts';
import { fileStore } from '../../lib/uploads.ts';
import * as files from './finance-books-attachments.repo.ts';
import * as repo from './finance-books.repo.ts';
import { runningBalances } from './running-balance.ts';

const monthOf = (date: string) => date.slice(0, 7);

/** `BKM/2026/11/0001`: type, year, month and the sequence of that unit, type and month. */
export const voucherNumber = (type: string, date: string, seq: number) =>
  `${type}/${date.slice(0, 4)}/${date.slice(5, 7)}/${String(seq).padStart(4, '0')}`;

const closedMonth = (month: string) =>
  conflict(`Buku bulan ${month} sudah ditutup; bukti tidak dapat dicatat pada bulan itu`, {
    date: 'Bulan sudah ditutup',
  });

/** The voucher's two accounts, checked: same unit, active, and the money account a cash box or bank as the type needs. */
async function checkAccounts(
  db: Executor,
  unitId: number,
  v: { type: VoucherType; accountId: number; moneyAccountId: number },
) {
  if (v.accountId === v.moneyAccountId) {
    throw badRequest('Akun lawan harus berbeda dari akun kas/bank', { accountId: 'Pilih akun lain' });
  }
  const [account, money] = await Promise.all([
    repo.findAccount(db, v.accountId),
    repo.findAccount(db, v.moneyAccountId),
  ]);
  if (!account || account.unitId !== unitId || !account.active) {
    throw badRequest('Akun tidak ditemukan atau tidak aktif di unit ini', { accountId: 'Akun tidak valid' });
  }
  const needs = VOUCHER_TYPE_RULES[v.type].money;
  if (!money || money.unitId !== unitId || !money.active || money.kind !== needs) {
    throw badRequest(needs === 'CASH' ? 'Bukti kas memerlukan akun kas' : 'Bukti bank memerlukan akun bank', {
      moneyAccountId: 'Akun kas/bank tidak valid',
    });
  }
}

/** Gives a voucher its number in the caller's transaction; refuses a closed month. */
async function assignNumber(tx: Executor, unitId: number, type: string, date: string) {
  await repo.lockUnitBooks(tx, unitId);
  if (await repo.isClosed(tx, unitId, monthOf(date))) throw closedMonth(monthOf(date));
  const seq = await repo.nextSeq(tx, unitId, type, monthOf(date));
  return { seq, number: voucherNumber(type, date, seq) };
}

export interface PostVoucherInput {
  unitId: number;
  type: VoucherType;
  date: string;
  accountId: number;
  moneyAccountId: number;
  /** integer rupiah > 0 */
  amount: number;
  description: string;
  /** the cashier who took the payment: maker and approver of a voucher a payment creates */
  userId: number;
  /** what created it, e.g. `payment:42` */
  source?: string | null;
}

/**
 * Creates a POSTED voucher inside the caller's transaction (payments and bisyaroh call it for their BKM/BBM or
 * BKK/BBK): numbered gaplessly, refused in a closed month, audited. The payment itself is the approval, so the
 * cashier is maker and approver. Throws AppError (400/409) so the caller's transaction rolls back.
 */
export async function postVoucher(tx: Executor, input: PostVoucherInput, actor: AuditActor) {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw badRequest('Jumlah harus rupiah bulat > 0');
  await checkAccounts(tx, input.unitId, input);
  const { seq, number } = await assignNumber(tx, input.unitId, input.type, input.date);
  const values = {
    unitId: input.unitId,
    type: input.type,
    date: input.date,
    accountId: input.accountId,
    moneyAccountId: input.moneyAccountId,
    amount: input.amount,
    description: input.description,
    makerUserId: input.userId,
    approverUserId: input.userId,
    approvedAt: clock.now(),
    state: 'POSTED',
    seq,
    number,
    source: input.source ?? null,
  };
  const id = await audited(tx, actor, { action: 'voucher.post', entityType: 'voucher', after: values }, () =>
    repo.insertVoucher(tx, values),
  );
  return { id, number };
}

function toVoucher(row: repo.VoucherRow): Voucher {
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  return {
    id: row.id,
    unitId: row.unitId,
    type: row.type as VoucherType,
    number: row.number,
    date: row.date,
    account: row.account,
    moneyAccount: row.moneyAccount,
    amount: Number(row.amount),
    description: row.description,
    state: row.state as Voucher['state'],
    makerName: row.makerName,
    approverName: row.approverName,
    approvedAt: iso(row.approvedAt),
    reverses: row.reversesId === null ? null : { id: row.reversesId, number: row.reversesNumber },
    reversalReason: row.reversalReason,
    reversedBy: row.reversedBy as Voucher['reversedBy'],
    source: row.source,
    createdAt: iso(row.createdAt)!,
  };
}

/** `dataDir`: where voucher attachments live (their files go when a draft is deleted). */
export function createFinanceBooksService(db: Database, dataDir: string) {
  const store = fileStore(dataDir, 'vouchers');
  /** The unit a write or a book runs on: the caller's own, or the one ADMIN and YAYASAN name. */
  function unitFor(user: AuthUser, requested: number | undefined): number {
    if (seesAllUnits(user)) {
      const unitId = requested ?? user.unit?.id;
      if (!unitId) throw badRequest('Pilih unit', { unitId: 'Unit wajib diisi' });
      return unitId;
    }
    return unitScope(user, requested)!;
  }

  // ---------- accounts ----------

  const accounts = async (user: AuthUser, q: FinanceUnitQuery) => ({
    items: (await repo.listAccounts(db, unitScope(user, q.unitId))).map((a) => ({
      ...a,
      kind: a.kind as FinanceAccountInput['kind'],
    })),
  });

  const accountMessages = { unique: 'Kode akun sudah dipakai di unit ini' };

  async function accountOut(id: number) {
    const a = (await repo.findAccount(db, id))!;
    return { ...a, kind: a.kind as FinanceAccountInput['kind'] };
  }

  async function createAccount(user: AuthUser, input: FinanceAccountInput, actor: AuditActor) {
    const values = {
      unitId: unitFor(user, input.unitId),
      code: input.code,
      name: input.name,
      kind: input.kind,
      active: input.active ?? true,
    };
    const id = await guarded(
      () =>
        db.transaction(async (tx) => {
          return audited(
            tx,
            actor,
            { action: 'finance.account.create', entityType: 'finance_account', after: values },
            () => repo.insertAccount(tx, values),
          );
        }),
      accountMessages,
    );
    return accountOut(id);
  }

  /** Name and activity always change; code and kind only while no voucher uses the account. */
  async function updateAccount(user: AuthUser, id: number, input: FinanceAccountInput, actor: AuditActor) {
    await guarded(
      () =>
        db.transaction(async (tx) => {
          const before = await repo.findAccount(tx, id);
          if (!before) throw notFound('Akun');
          assertUnit(user, before.unitId);
          if (before.used && (input.code.toLowerCase() !== before.code.toLowerCase() || input.kind !== before.kind)) {
            throw conflict('Akun sudah dipakai bukti: kode dan jenisnya tidak dapat diubah (nonaktifkan saja)');
          }
          const values = { code: input.code, name: input.name, kind: input.kind, active: input.active ?? true };
          await audited(
            tx,
            actor,
            { action: 'finance.account.update', entityType: 'finance_account', entityId: id, before, after: values },
            () => repo.updateAccount(tx, id, values),
          );
        }),
      accountMessages,
    );
    return accountOut(id);
  }

  // ---------- vouchers ----------

  async function voucher(user: AuthUser, id: number) {
    const row = await repo.findVoucher(db, id);
    if (!row) throw notFound('Bukti');
    assertUnit(user, row.unitId);
    return toVoucher(row);
  }

  async function vouchers(user: AuthUser, q: VoucherQuery) {
    const page = q.page ?? 1;
    const pageSize = q.pageSize ?? 25;
    const found = await repo.listVouchers(
      db,
      {
        unitId: unitScope(user, q.unitId),
        type: q.type,
        month: q.month,
        accountId: q.accountId,
        state: q.state,
        q: q.q,
      },
      page,
      pageSize,
    );
    return { items: found.items.map(toVoucher), total: found.total, page, pageSize };
  }

  const draftValues = (input: VoucherInput) => ({
    type: input.type,
    date: input.date,
    accountId: input.accountId,
    moneyAccountId: input.moneyAccountId,
    amount: input.amount,
    description: input.description,
  });

  async function refuseClosed(tx: Executor, unitId: number, date: string) {
    if (await repo.isClosed(tx, unitId, monthOf(date))) throw closedMonth(monthOf(date));
  }

  async function createVoucher(user: AuthUser, input: VoucherInput, actor: AuditActor) {
    const unitId = unitFor(user, input.unitId);
    const id = await db.transaction(async (tx) => {
      await checkAccounts(tx, unitId, input);
      await refuseClosed(tx, unitId, input.date);
      const values = { unitId, ...draftValues(input), makerUserId: user.id, state: 'DRAFT' };
      return audited(tx, actor, { action: 'voucher.create', entityType: 'voucher', after: values }, () =>
        repo.insertVoucher(tx, values),
      );
    });
    return voucher(user, id);
  }

  /** The voucher locked for a change, refused when of another unit or already posted. */
  async function draftForWrite(tx: Executor, user: AuthUser, id: number) {
    const row = await repo.lockVoucher(tx, id);
    if (!row) throw notFound('Bukti');
    assertUnit(user, row.unitId);
    if (row.state !== 'DRAFT') {
      throw conflict('Bukti yang sudah diposting tidak dapat diubah atau dihapus; buat bukti pembalikan');
    }
    return row;
  }

  async function updateVoucher(user: AuthUser, id: number, input: VoucherInput, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const before = await draftForWrite(tx, user, id);
      if (before.reversesId !== null && (input.type !== before.type || input.amount !== Number(before.amount))) {
        throw conflict('Jenis dan jumlah bukti pembalikan mengikuti bukti aslinya');
      }
      await checkAccounts(tx, before.unitId, input);
      await refuseClosed(tx, before.unitId, input.date);
      const values = draftValues(input);
      await audited(
        tx,
        actor,
        { action: 'voucher.update', entityType: 'voucher', entityId: id, before, after: values },
        () => repo.updateDraft(tx, id, values),
      );
    });
    return voucher(user, id);
  }

  /**
   * Deletes a draft; its attachments' rows go with it (cascade) and their files are removed from the data
   * directory only after the transaction commits (a rolled-back delete keeps every file).
   */
  async function removeVoucher(user: AuthUser, id: number, actor: AuditActor) {
    const orphans = await db.transaction(async (tx) => {
      const before = await draftForWrite(tx, user, id);
      const attached = await files.listAttachments(tx, id);
      await audited(
        tx,
        actor,
        {
          action: 'voucher.delete',
          entityType: 'voucher',
          entityId: id,
          before: { ...before, attachments: attached.map((a) => ({ id: a.id, fileName: a.fileName })) },
          after: null,
        },
        () => repo.deleteDraft(tx, id),
      );
      return attached.map((a) => a.storedName);
    });
    for (const name of orphans) await store.remove(name);
    return { ok: true as const };
  }

  /** A second person with finance.manage posts a draft: it gets its number and can no longer change. */
  async function approveVoucher(user: AuthUser, id: number, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const draft = await draftForWrite(tx, user, id);
      if (draft.makerUserId === user.id) {
        throw forbidden('Bukti harus disetujui orang lain, bukan pembuatnya');
      }
      const { seq, number } = await assignNumber(tx, draft.unitId, draft.type, draft.date);
      await audited(
        tx,
        actor,
        { action: 'voucher.approve', entityType: 'voucher', entityId: id, after: { number, approverUserId: user.id } },
        () => repo.markPosted(tx, id, { seq, number, approverUserId: user.id }),
      );
    });
    return voucher(user, id);
  }

  /**
   * A reversal of a posted voucher: a draft of the opposite type (BKM -> BKK, BBM -> BBK), dated today, with
   * the same accounts and amount and the reason; it is posted by a second person like any voucher.
   */
  async function reverseVoucher(user: AuthUser, id: number, input: ReverseInput, actor: AuditActor) {
    const newId = await guarded(
      () =>
        db.transaction(async (tx) => {
          const original = await repo.lockVoucher(tx, id);
          if (!original) throw notFound('Bukti');
          assertUnit(user, original.unitId);
          if (original.state !== 'POSTED') throw conflict('Hanya bukti yang sudah diposting yang dapat dibalik');
          if (original.reversesId !== null) throw conflict('Bukti pembalikan tidak dapat dibalik lagi');
          const today = clock.today();
          await refuseClosed(tx, original.unitId, today);
          const values = {
            unitId: original.unitId,
            type: REVERSAL_TYPE[original.type as VoucherType],
            date: today,
            accountId: original.accountId,
            moneyAccountId: original.moneyAccountId,
            amount: Number(original.amount),
            description: `Pembalikan ${original.number}: ${input.reason}`,
            makerUserId: user.id,
            state: 'DRAFT',
            reversesId: original.id,
            reversalReason: input.reason,
          };
          return audited(tx, actor, { action: 'voucher.reverse', entityType: 'voucher', after: values }, () =>
            repo.insertVoucher(tx, values),
          );
        }),
      { unique: 'Bukti ini sudah dibalik' },
    );
    return voucher(user, newId);
  }

  // ---------- books ----------

  async function book(user: AuthUser, q: BookQuery): Promise<Book> {
    const unitId = unitFor(user, q.unitId);
    const [opening, rows, closed] = await Promise.all([
      repo.openingBalance(db, unitId, q.kind, `${q.month}-01`),
      repo.bookVouchers(db, unitId, q.kind, q.month),
      repo.isClosed(db, unitId, q.month),
    ]);
    const entries = rows.map(({ amount, ...r }) => {
      const inflow = VOUCHER_TYPE_RULES[r.type as VoucherType].direction === 'IN';
      return {
        ...r,
        type: r.type as VoucherType,
        debit: inflow ? Number(amount) : 0,
        credit: inflow ? 0 : Number(amount),
      };
    });
    const result = runningBalances(opening, entries);
    return { unitId, kind: q.kind, month: q.month, opening, ...result, closed };
  }

  // ---------- month closing ----------

  async function closings(user: AuthUser, q: FinanceUnitQuery) {
    const rows = await repo.listClosings(db, unitScope(user, q.unitId));
    return { items: rows.map((r) => ({ ...r, closedAt: new Date(r.closedAt).toISOString() })) };
  }

  async function closeMonth(user: AuthUser, input: CloseMonthInput, actor: AuditActor) {
    const unitId = unitFor(user, input.unitId);
    if (input.month > monthOf(clock.today())) throw badRequest('Bulan yang belum berjalan tidak dapat ditutup');
    await db.transaction(async (tx) => {
      await repo.lockUnitBooks(tx, unitId);
      if (await repo.isClosed(tx, unitId, input.month)) throw conflict(`Bulan ${input.month} sudah ditutup`);
      await audited(
        tx,
        actor,
        { action: 'books.close', entityType: 'book_month', entityId: `${unitId}:${input.month}`, after: null },
        () => repo.insertClosing(tx, unitId, input.month, user.id),
      );
    });
    return { ok: true as const };
  }

  /** Only an ADMIN reopens a month, with a reason that the audit log keeps. */
  async function reopenMonth(user: AuthUser, input: ReopenMonthInput, actor: AuditActor) {
    if (user.division !== 'ADMIN') throw forbidden('Hanya ADMIN yang dapat membuka kembali bulan yang ditutup');
    const unitId = unitFor(user, input.unitId);
    await db.transaction(async (tx) => {
      await repo.lockUnitBooks(tx, unitId);
      if (!(await repo.isClosed(tx, unitId, input.month)))
        throw new AppError('NOT_FOUND', `Bulan ${input.month} belum ditutup`);
      await audited(
        tx,
        actor,
        {
          action: 'books.reopen',
          entityType: 'book_month',
          entityId: `${unitId}:${input.month}`,
          after: { reason: input.reason },
        },
        () => repo.deleteClosing(tx, unitId, input.month),
      );
    });
    return { ok: true as const };
  }

  // ---------- leaders' report ----------

  async function report(user: AuthUser, q: VoucherReportQuery): Promise<VoucherReport> {
    const rows = await repo.voucherTotals(db, unitScope(user, q.unitId), q.month);
    const totals = new Map(rows.map((r) => [r.type, { count: r.count, total: Number(r.total) }]));
    const of = (t: VoucherType) => totals.get(t) ?? { count: 0, total: 0 };
    return {
      month: q.month,
      rows: (['BKM', 'BKK', 'BBM', 'BBK'] as const).map((type) => ({ type, ...of(type) })),
      cashIn: of('BKM').total,
      cashOut: of('BKK').total,
      bankIn: of('BBM').total,
      bankOut: of('BBK').total,
    };
  }

  return {
    accounts,
    createAccount,
    updateAccount,
    voucher,
    vouchers,
    createVoucher,
    updateVoucher,
    removeVoucher,
    approveVoucher,
    reverseVoucher,
    book,
    closings,
    closeMonth,
    reopenMonth,
    report,
  };
}
