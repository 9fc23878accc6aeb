import { aliasedTable, and, asc, count, desc, eq, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookClosings, financeAccounts, users, voucherCounters, vouchers } from '../../db/schema/index.ts';
import { sqlNow } from '../../lib/sql.ts';

const unitIs = (unitId: number | null) => (unitId === null ? undefined : eq(financeAccounts.unitId, unitId));

// ---------- accounts ----------

// spelled with its table: drizzle writes a bare "id" in a one-table select, which the subquery would take as v.id
const usedSql = sql<boolean>`exists (select 1 from ${vouchers} v where v.account_id = "finance_accounts"."id" or v.money_account_id = "finance_accounts"."id")`;

const accountColumns = {
  id: financeAccounts.id,
  unitId: financeAccounts.unitId,
  code: financeAccounts.code,
  name: financeAccounts.name,
  kind: financeAccounts.kind,
  active: financeAccounts.active,
  used: usedSql,
};

export const listAccounts = (db: Executor, unitId: number | null) =>
  db
    .select(accountColumns)
    .from(financeAccounts)
    .where(unitIs(unitId))
    .orderBy(asc(financeAccounts.unitId), asc(financeAccounts.code));

export async function findAccount(db: Executor, id: number) {
  const [row] = await db.select(accountColumns).from(financeAccounts).where(eq(financeAccounts.id, id));
  return row;
}

export async function insertAccount(db: Executor, values: typeof financeAccounts.$inferInsert) {
  const [row] = await db.insert(financeAccounts).values(values).returning({ id: financeAccounts.id });
  return row!.id;
}

export async function updateAccount(
  db: Executor,
  id: number,
  values: Partial<Pick<typeof financeAccounts.$inferInsert, 'code' | 'name' | 'kind' | 'active'>>,
) {
  await db
    .update(financeAccounts)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(financeAccounts.id, id));
}

// ---------- vouchers ----------

const account = aliasedTable(financeAccounts, 'account');
const money = aliasedTable(financeAccounts, 'money');
const maker = aliasedTable(users, 'maker');
const approver = aliasedTable(users, 'approver');

type ReversedBy = { id: number; number: string | null; state: string };

const voucherColumns = {
  id: vouchers.id,
  unitId: vouchers.unitId,
  type: vouchers.type,
  number: vouchers.number,
  date: vouchers.date,
  account: { id: account.id, code: account.code, name: account.name },
  moneyAccount: { id: money.id, code: money.code, name: money.name },
  amount: vouchers.amount,
  description: vouchers.description,
  state: vouchers.state,
  makerUserId: vouchers.makerUserId,
  makerName: maker.displayName,
  approverName: approver.displayName,
  approvedAt: vouchers.approvedAt,
  reversesId: vouchers.reversesId,
  reversesNumber: sql<string | null>`(select o.number from ${vouchers} o where o.id = ${vouchers.reversesId})`,
  reversalReason: vouchers.reversalReason,
  reversedBy: sql<ReversedBy | null>`(select json_build_object('id', r.id, 'number', r.number, 'state', r.state) from ${vouchers} r where r.reverses_id = ${vouchers.id})`,
  source: vouchers.source,
  createdAt: vouchers.createdAt,
};

const voucherSelect = (db: Executor) =>
  db
    .select(voucherColumns)
    .from(vouchers)
    .innerJoin(account, eq(account.id, vouchers.accountId))
    .innerJoin(money, eq(money.id, vouchers.moneyAccountId))
    .innerJoin(maker, eq(maker.id, vouchers.makerUserId))
    .leftJoin(approver, eq(approver.id, vouchers.approverUserId));

type AccountRef = { id: number; code: string; name: string };
/** A voucher as the screens read it (spelled out: drizzle cannot infer this two-alias join's row). */
export type VoucherRow = {
  id: number;
  unitId: number;
  type: string;
  number: string | null;
  date: string;
  account: AccountRef;
  moneyAccount: AccountRef;
  amount: number;
  description: string;
  state: string;
  makerUserId: number;
  makerName: string;
  approverName: string | null;
  approvedAt: Date | null;
  reversesId: number | null;
  reversesNumber: string | null;
  reversalReason: string | null;
  reversedBy: ReversedBy | null;
  source: string | null;
  createdAt: Date;
};

export async function findVoucher(db: Executor, id: number): Promise<VoucherRow | undefined> {
  const [row] = await voucherSelect(db).where(eq(vouchers.id, id));
  return row as VoucherRow | undefined;
}

/** The voucher's row locked for the rest of the transaction (approve, edit, delete, reverse). */
export async function lockVoucher(db: Executor, id: number) {
  const [row] = await db.select().from(vouchers).where(eq(vouchers.id, id)).for('update');
  return row;
}

export interface VoucherFilter {
  unitId: number | null;
  type?: string;
  month?: string;
  accountId?: number;
  state?: string;
  q?: string;
}

function voucherWhere(f: VoucherFilter): SQL | undefined {
  const like = f.q ? `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return and(
    f.unitId === null ? undefined : eq(vouchers.unitId, f.unitId),
    f.type ? eq(vouchers.type, f.type) : undefined,
    f.month ? sql`to_char(${vouchers.date}, 'YYYY-MM') = ${f.month}` : undefined,
    f.accountId ? or(eq(vouchers.accountId, f.accountId), eq(vouchers.moneyAccountId, f.accountId)) : undefined,
    f.state ? eq(vouchers.state, f.state) : undefined,
    like ? or(ilike(vouchers.description, like), ilike(vouchers.number, like)) : undefined,
  );
}

export async function listVouchers(db: Executor, f: VoucherFilter, page: number, pageSize: number) {
  const where = voucherWhere(f);
  const [total] = await db.select({ n: count() }).from(vouchers).where(where);
  const items = await voucherSelect(db)
    .where(where)
    .orderBy(desc(vouchers.date), desc(vouchers.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { items: items as VoucherRow[], total: total!.n };
}

export async function insertVoucher(db: Executor, values: typeof vouchers.$inferInsert) {
  const [row] = await db.insert(vouchers).values(values).returning({ id: vouchers.id });
  return row!.id;
}

export async function updateDraft(
  db: Executor,
  id: number,
  values: Pick<
    typeof vouchers.$inferInsert,
    'type' | 'date' | 'accountId' | 'moneyAccountId' | 'amount' | 'description'
  >,
) {
  await db
    .update(vouchers)
    .set({ ...values, updatedAt: sqlNow() })
    .where(and(eq(vouchers.id, id), eq(vouchers.state, 'DRAFT')));
}

export async function deleteDraft(db: Executor, id: number) {
  await db.delete(vouchers).where(and(eq(vouchers.id, id), eq(vouchers.state, 'DRAFT')));
}

export async function markPosted(
  db: Executor,
  id: number,
  values: { seq: number; number: string; approverUserId: number },
) {
  await db
    .update(vouchers)
    .set({ ...values, state: 'POSTED', approvedAt: sqlNow(), updatedAt: sqlNow() })
    .where(and(eq(vouchers.id, id), eq(vouchers.state, 'DRAFT')));
}

/**
 * The next number of a unit, voucher type and month. The counter row is created if missing and then locked by
 * the update until the caller's transaction ends, so concurrent posters wait and numbers never repeat or skip.
 */
export async function nextSeq(db: Executor, unitId: number, type: string, month: string): Promise<number> {
  const [row] = await db
    .insert(voucherCounters)
    .values({ unitId, type, month, last: 1 })
    .onConflictDoUpdate({
      target: [voucherCounters.unitId, voucherCounters.type, voucherCounters.month],
      set: { last: sql`${voucherCounters.last} + 1` },
    })
    .returning({ last: voucherCounters.last });
  return row!.last;
}

// ---------- books ----------

/** Signed amount: money in positive, money out negative. */
const signed = sql<number>`case when ${vouchers.type} in ('BKM', 'BBM') then ${vouchers.amount} else -${vouchers.amount} end`;
const typesOf = (kind: 'CASH' | 'BANK') => (kind === 'CASH' ? ['BKM', 'BKK'] : ['BBM', 'BBK']);

export async function openingBalance(db: Executor, unitId: number, kind: 'CASH' | 'BANK', monthStart: string) {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${signed})` })
    .from(vouchers)
    .where(
      and(
        eq(vouchers.unitId, unitId),
        eq(vouchers.state, 'POSTED'),
        sql`${vouchers.type} in (${sql.join(
          typesOf(kind).map((t) => sql`${t}`),
          sql`, `,
        )})`,
        lt(vouchers.date, monthStart),
      ),
    );
  return Number(row?.total ?? 0);
}

export const bookVouchers = (db: Executor, unitId: number, kind: 'CASH' | 'BANK', month: string) =>
  db
    .select({
      voucherId: vouchers.id,
      date: vouchers.date,
      number: sql<string>`${vouchers.number}`,
      type: vouchers.type,
      moneyAccount: money.name,
      account: sql<string>`${account.code} || ' ' || ${account.name}`,
      description: vouchers.description,
      amount: vouchers.amount,
    })
    .from(vouchers)
    .innerJoin(account, eq(account.id, vouchers.accountId))
    .innerJoin(money, eq(money.id, vouchers.moneyAccountId))
    .where(
      and(
        eq(vouchers.unitId, unitId),
        eq(vouchers.state, 'POSTED'),
        sql`${vouchers.type} in (${sql.join(
          typesOf(kind).map((t) => sql`${t}`),
          sql`, `,
        )})`,
        sql`to_char(${vouchers.date}, 'YYYY-MM') = ${month}`,
      ),
    )
    .orderBy(asc(vouchers.date), asc(vouchers.approvedAt), asc(vouchers.id));

export async function voucherTotals(db: Executor, unitId: number | null, month: string) {
  return db
    .select({ type: vouchers.type, count: count(), total: sql<string>`coalesce(sum(${vouchers.amount}), 0)` })
    .from(vouchers)
    .where(
      and(
        unitId === null ? undefined : eq(vouchers.unitId, unitId),
        eq(vouchers.state, 'POSTED'),
        sql`to_char(${vouchers.date}, 'YYYY-MM') = ${month}`,
      ),
    )
    .groupBy(vouchers.type);
}

// ---------- month closing ----------

/** Serialises posting and closing within a unit, so no voucher slips into a month while it closes. */
export async function lockUnitBooks(db: Executor, unitId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('finance-books'), ${unitId})`);
}

export async function isClosed(db: Executor, unitId: number, month: string) {
  const [row] = await db
    .select({ month: bookClosings.month })
    .from(bookClosings)
    .where(and(eq(bookClosings.unitId, unitId), eq(bookClosings.month, month)));
  return row !== undefined;
}

export const listClosings = (db: Executor, unitId: number | null) =>
  db
    .select({
      unitId: bookClosings.unitId,
      month: bookClosings.month,
      closedAt: bookClosings.closedAt,
      closedByName: users.displayName,
    })
    .from(bookClosings)
    .innerJoin(users, eq(users.id, bookClosings.closedByUserId))
    .where(unitId === null ? undefined : eq(bookClosings.unitId, unitId))
    .orderBy(desc(bookClosings.month));

export async function insertClosing(db: Executor, unitId: number, month: string, closedByUserId: number) {
  await db.insert(bookClosings).values({ unitId, month, closedByUserId });
}

export async function deleteClosing(db: Executor, unitId: number, month: string) {
  await db.delete(bookClosings).where(and(eq(bookClosings.unitId, unitId), eq(bookClosings.month, month)));
}
