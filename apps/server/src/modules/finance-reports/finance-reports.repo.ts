import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  bills,
  classGroups,
  financeAccounts,
  paymentComponents,
  students,
  units,
  users,
  vouchers,
} from '../../db/schema/index.ts';
import { currentClassJoinSql } from '../school/school.service.ts';

/*
 * Finance reports read only bills and posted vouchers (the payments module keeps bills.paid; its vouchers are
 * ordinary posted vouchers). A student's class is their open enrolment's (the latest), or none.
 */

const and = (parts: (SQL | undefined)[]) => {
  const kept = parts.filter((p): p is SQL => p !== undefined);
  return kept.length ? sql.join(kept, sql` and `) : sql`true`;
};

/** The student's current class: the latest open enrolment. */
const classJoin = sql`${currentClassJoinSql(sql`b.student_id`, 'en')}
  left join ${classGroups} cg on cg.id = en.class_group_id`;

export interface BillFilter {
  unitId: number | null;
  classGroupId?: number;
  componentId?: number;
}

const billFilter = (f: BillFilter) => [
  f.unitId === null ? undefined : sql`b.unit_id = ${f.unitId}`,
  f.classGroupId === undefined ? undefined : sql`en.class_group_id = ${f.classGroupId}`,
  f.componentId === undefined ? undefined : sql`b.component_id = ${f.componentId}`,
  sql`b.status <> 'CANCELLED'`,
];

export interface OverdueBill {
  studentId: number;
  nis: string;
  name: string;
  unitCode: string;
  classGroupId: number | null;
  className: string | null;
  dueDate: string;
  days: number;
  outstanding: number;
}

/** The non-cancelled bills due before `asOf` with something left to pay, and how many days past due they are. */
export async function overdueBills(db: Executor, f: BillFilter, asOf: string): Promise<OverdueBill[]> {
  const { rows } = await db.execute<{
    student_id: number;
    nis: string;
    name: string;
    unit_code: string;
    class_group_id: number | null;
    class_name: string | null;
    due_date: string;
    days: number;
    outstanding: string;
  }>(sql`
    select b.student_id, s.nis, s.name, u.code as unit_code, cg.id as class_group_id, cg.name as class_name,
           b.due_date::text as due_date, (${asOf}::date - b.due_date)::int as days,
           (b.amount - b.discount - b.paid)::bigint as outstanding
    from ${bills} b
    join ${students} s on s.id = b.student_id
    join ${units} u on u.id = b.unit_id
    ${classJoin}
    where ${and([...billFilter(f), sql`b.due_date < ${asOf}::date`, sql`b.amount - b.discount - b.paid > 0`])}
    order by u.code, cg.name nulls last, s.name, b.due_date`);
  return rows.map((r) => ({
    studentId: r.student_id,
    nis: r.nis,
    name: r.name,
    unitCode: r.unit_code,
    classGroupId: r.class_group_id,
    className: r.class_name,
    dueDate: r.due_date,
    days: r.days,
    outstanding: Number(r.outstanding),
  }));
}

export interface CollectedGroup {
  id: number | null;
  label: string | null;
  bills: number;
  billed: number;
  discount: number;
  paid: number;
  outstanding: number;
}

/** Bills falling due in the month range, summed per component or per class. */
export async function collections(
  db: Executor,
  f: BillFilter,
  fromMonth: string,
  toMonth: string,
  by: 'component' | 'class',
): Promise<CollectedGroup[]> {
  const key = by === 'component' ? sql`pc.id` : sql`cg.id`;
  const label = by === 'component' ? sql`pc.code || ' ' || pc.name` : sql`u.code || ' ' || cg.name`;
  const { rows } = await db.execute<{
    id: number | null;
    label: string | null;
    bills: number;
    billed: string;
    discount: string;
    paid: string;
    outstanding: string;
  }>(sql`
    select ${key} as id, ${label} as label, count(*)::int as bills,
           sum(b.amount)::bigint as billed, sum(b.discount)::bigint as discount, sum(b.paid)::bigint as paid,
           sum(greatest(b.amount - b.discount - b.paid, 0))::bigint as outstanding
    from ${bills} b
    join ${paymentComponents} pc on pc.id = b.component_id
    join ${units} u on u.id = b.unit_id
    ${classJoin}
    where ${and([...billFilter(f), sql`to_char(b.due_date, 'YYYY-MM') between ${fromMonth} and ${toMonth}`])}
    group by 1, 2
    order by 2 nulls last`);
  return rows.map((r) => ({
    id: r.id,
    label: r.label,
    bills: r.bills,
    billed: Number(r.billed),
    discount: Number(r.discount),
    paid: Number(r.paid),
    outstanding: Number(r.outstanding),
  }));
}

export interface CashAccountRow {
  moneyAccountId: number;
  code: string;
  name: string;
  kind: string;
  unitCode: string;
  opening: number;
  in: number;
  out: number;
}

const signed = sql`case when v.type in ('BKM', 'BBM') then v.amount else -v.amount end`;

/** Each cash box and bank account: its balance before the day and what came in and went out on it that day. */
export async function cashAccounts(db: Executor, unitId: number | null, date: string): Promise<CashAccountRow[]> {
  const { rows } = await db.execute<{
    id: number;
    code: string;
    name: string;
    kind: string;
    unit_code: string;
    active: boolean;
    opening: string;
    in: string;
    out: string;
  }>(sql`
    select a.id, a.code, a.name, a.kind, u.code as unit_code, a.active,
      coalesce(sum(${signed}) filter (where v.date < ${date}::date), 0)::bigint as opening,
      coalesce(sum(v.amount) filter (where v.date = ${date}::date and v.type in ('BKM', 'BBM')), 0)::bigint as in,
      coalesce(sum(v.amount) filter (where v.date = ${date}::date and v.type in ('BKK', 'BBK')), 0)::bigint as out
    from ${financeAccounts} a
    join ${units} u on u.id = a.unit_id
    left join ${vouchers} v on v.money_account_id = a.id and v.state = 'POSTED' and v.date <= ${date}::date
    where ${and([sql`a.kind in ('CASH', 'BANK')`, unitId === null ? undefined : sql`a.unit_id = ${unitId}`])}
    group by a.id, u.code
    order by u.code, a.code`);
  return rows
    .map((r) => ({
      moneyAccountId: r.id,
      code: r.code,
      name: r.name,
      kind: r.kind,
      unitCode: r.unit_code,
      active: r.active,
      opening: Number(r.opening),
      in: Number(r.in),
      out: Number(r.out),
    }))
    .filter((r) => r.active || r.opening !== 0 || r.in !== 0 || r.out !== 0)
    .map(({ active: _active, ...r }) => r);
}

export interface CashLineRow {
  voucherId: number;
  number: string;
  type: string;
  moneyAccount: string;
  account: string;
  description: string;
  makerName: string;
  amount: number;
}

/** The posted vouchers of the day, in posting order. */
export async function cashLines(db: Executor, unitId: number | null, date: string): Promise<CashLineRow[]> {
  const { rows } = await db.execute<{
    id: number;
    number: string;
    type: string;
    money_account: string;
    account: string;
    description: string;
    maker_name: string;
    amount: string;
  }>(sql`
    select v.id, v.number, v.type, m.code || ' ' || m.name as money_account, a.code || ' ' || a.name as account,
           v.description, mk.display_name as maker_name, v.amount
    from ${vouchers} v
    join ${financeAccounts} m on m.id = v.money_account_id
    join ${financeAccounts} a on a.id = v.account_id
    join ${users} mk on mk.id = v.maker_user_id
    where ${and([sql`v.state = 'POSTED'`, sql`v.date = ${date}::date`, unitId === null ? undefined : sql`v.unit_id = ${unitId}`])}
    order by v.approved_at, v.id`);
  return rows.map((r) => ({
    voucherId: r.id,
    number: r.number,
    type: r.type,
    moneyAccount: r.money_account,
    account: r.account,
    description: r.description,
    makerName: r.maker_name,
    amount: Number(r.amount),
  }));
}
