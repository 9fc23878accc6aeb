import {
  arrearsBucket,
  collectionRate,
  VOUCHER_TYPE_RULES,
  type ArrearsClassRow,
  type ArrearsQuery,
  type ArrearsReport,
  type ArrearsStudentRow,
  type AuthUser,
  type CollectionsQuery,
  type CollectionsReport,
  type CollectionsRow,
  type DailyCashMaker,
  type DailyCashQuery,
  type DailyCashReport,
  type VoucherType,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import { unitScope } from '../../lib/scope.ts';
import * as repo from './finance-reports.repo.ts';

const zeroAges = () => ({ d0_30: 0, d31_60: 0, d61_90: 0, d90: 0, total: 0 });
type Ages = ReturnType<typeof zeroAges>;
const addAge = (a: Ages, days: number, amount: number) => {
  a[arrearsBucket(days)] += amount;
  a.total += amount;
};

type Amounts = Omit<repo.CollectedGroup, 'id' | 'label'>;
const withRate = (a: Amounts) => ({ ...a, rate: collectionRate(a.paid, a.billed - a.discount) });

/** Arrears, collections and the day's cash of the caller's unit (or the one YAYASAN/ADMIN choose, or all). */
export function createFinanceReportsService(db: Database) {
  async function arrears(user: AuthUser, q: ArrearsQuery): Promise<ArrearsReport> {
    const unitId = unitScope(user, q.unitId);
    const asOf = q.asOf ?? clock.today();
    const rows = await repo.overdueBills(
      db,
      { unitId, classGroupId: q.classGroupId, componentId: q.componentId },
      asOf,
    );

    const classes = new Map<string, ArrearsClassRow & { ids: Set<number> }>();
    const students = new Map<number, ArrearsStudentRow>();
    const totals = { bills: 0, students: 0, ...zeroAges() };
    const all = new Set<number>();
    for (const r of rows) {
      const key = `${r.unitCode}|${r.classGroupId ?? ''}`;
      let c = classes.get(key);
      if (!c) {
        c = {
          classGroupId: r.classGroupId,
          className: r.className,
          unitCode: r.unitCode,
          bills: 0,
          students: 0,
          ...zeroAges(),
          ids: new Set(),
        };
        classes.set(key, c);
      }
      c.bills++;
      c.ids.add(r.studentId);
      addAge(c, r.days, r.outstanding);
      if (q.classGroupId !== undefined) {
        let s = students.get(r.studentId);
        if (!s) {
          s = {
            studentId: r.studentId,
            nis: r.nis,
            name: r.name,
            className: r.className,
            bills: 0,
            oldestDueDate: r.dueDate,
            ...zeroAges(),
          };
          students.set(r.studentId, s);
        }
        s.bills++;
        if (r.dueDate < s.oldestDueDate) s.oldestDueDate = r.dueDate;
        addAge(s, r.days, r.outstanding);
      }
      totals.bills++;
      all.add(r.studentId);
      addAge(totals, r.days, r.outstanding);
    }
    totals.students = all.size;
    return {
      asOf,
      classes: [...classes.values()].map(({ ids, ...c }) => ({ ...c, students: ids.size })),
      students: [...students.values()],
      totals,
    };
  }

  async function collections(user: AuthUser, q: CollectionsQuery): Promise<CollectionsReport> {
    const f = { unitId: unitScope(user, q.unitId), classGroupId: q.classGroupId, componentId: q.componentId };
    const [byComponent, byClass] = await Promise.all([
      repo.collections(db, f, q.fromMonth, q.toMonth, 'component'),
      repo.collections(db, f, q.fromMonth, q.toMonth, 'class'),
    ]);
    const toRow = (g: repo.CollectedGroup): CollectionsRow => ({ ...withRate(g), id: g.id, label: g.label ?? '' });
    const sum: Amounts = { bills: 0, billed: 0, discount: 0, paid: 0, outstanding: 0 };
    for (const g of byComponent) {
      sum.bills += g.bills;
      sum.billed += g.billed;
      sum.discount += g.discount;
      sum.paid += g.paid;
      sum.outstanding += g.outstanding;
    }
    return {
      fromMonth: q.fromMonth,
      toMonth: q.toMonth,
      byComponent: byComponent.map(toRow),
      byClass: byClass.map(toRow),
      totals: withRate(sum),
    };
  }

  async function dailyCash(user: AuthUser, q: DailyCashQuery): Promise<DailyCashReport> {
    const unitId = unitScope(user, q.unitId);
    const date = q.date ?? clock.today();
    const [accounts, lines] = await Promise.all([
      repo.cashAccounts(db, unitId, date),
      repo.cashLines(db, unitId, date),
    ]);
    const makers = new Map<string, DailyCashMaker>();
    const out = lines.map((l) => {
      const incoming = VOUCHER_TYPE_RULES[l.type as VoucherType].direction === 'IN';
      const m = makers.get(l.makerName) ?? { makerName: l.makerName, vouchers: 0, in: 0, out: 0 };
      m.vouchers++;
      if (incoming) m.in += l.amount;
      else m.out += l.amount;
      makers.set(l.makerName, m);
      const { amount, ...rest } = l;
      return { ...rest, in: incoming ? amount : 0, out: incoming ? 0 : amount };
    });
    const totals = { opening: 0, in: 0, out: 0, closing: 0 };
    const rows = accounts.map((a) => {
      const closing = a.opening + a.in - a.out;
      totals.opening += a.opening;
      totals.in += a.in;
      totals.out += a.out;
      totals.closing += closing;
      return { ...a, closing };
    });
    return {
      date,
      accounts: rows,
      makers: [...makers.values()].sort((a, b) => a.makerName.localeCompare(b.makerName)),
      lines: out,
      totals,
    };
  }

  return { arrears, collections, dailyCash };
}
