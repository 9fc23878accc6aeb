import {
  attendanceFacts,
  computeLines,
  longMonth,
  monthOf,
  nextMonthOf,
  pickRates,
  semesterInYear,
  slipTotal,
  weekdayOf,
  addDays,
  type AuthUser,
  type BisyarohAdjustmentInput,
  type BisyarohComputeInput,
  type BisyarohCorrectionInput,
  type BisyarohLine,
  type BisyarohListQuery,
  type BisyarohLoanInput,
  type BisyarohMonth,
  type BisyarohMonthList,
  type BisyarohMonthQuery,
  type BisyarohPayInput,
  type BisyarohRateInput,
  type BisyarohSlip,
  type BisyarohUnitQuery,
  type MissingJournal,
  type MissingJournalApproval,
  type StaffDayStatus,
} from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import { audited, type AuditActor } from '../../lib/audit.ts';
import { clock } from '../../lib/clock.ts';
import { guarded } from '../../lib/db-errors.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { assertUnit, seesAllUnits, unitScope } from '../../lib/scope.ts';
import { postVoucher } from '../finance-books/finance-books.service.ts';
import { schoolDays } from '../school/calendar.service.ts';
import * as repo from './bisyaroh.repo.ts';

type MonthRow = NonNullable<Awaited<ReturnType<typeof repo.findMonth>>>;
type LineRow = Awaited<ReturnType<typeof repo.linesOfSlips>>[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const asLine = (l: LineRow): BisyarohLine => ({ ...l, kind: l.kind as BisyarohLine['kind'] });
const monthOut = (m: MonthRow) => ({
  ...m,
  computedAt: iso(m.computedAt),
  lockedAt: iso(m.lockedAt),
  paidAt: iso(m.paidAt),
});

/** Refuses any change to a locked month (409). */
function assertOpen(month: { status: string; month: string }) {
  if (month.status === 'LOCKED') {
    throw conflict(`Bisyaroh ${month.month} sudah dikunci; koreksi masuk ke bulan berikutnya`);
  }
}

export function createBisyarohService(db: Database) {
  /** The unit a write runs on: a principal's own, or the one YAYASAN and ADMIN choose. */
  function unitFor(user: AuthUser, requested: number | undefined): number {
    if (seesAllUnits(user)) {
      const unitId = requested ?? user.unit?.id;
      if (!unitId) throw badRequest('Pilih unit', { unitId: 'Unit wajib diisi' });
      return unitId;
    }
    return unitScope(user, requested)!;
  }

  async function monthFor(user: AuthUser, id: number, exec: Executor = db) {
    const m = await repo.findMonth(exec, id);
    if (!m) throw notFound('Bulan bisyaroh');
    assertUnit(user, m.unitId);
    return m;
  }

  /** The month row of the caller's unit, locked FOR UPDATE until the transaction ends. */
  async function lockMonth(tx: Executor, user: AuthUser, id: number) {
    const m = await repo.lockMonthById(tx, id);
    if (!m) throw notFound('Bulan bisyaroh');
    assertUnit(user, m.unitId);
    return m;
  }

  // ---------- master ----------

  const rates = async (user: AuthUser, q: BisyarohUnitQuery) => ({
    items: await repo.listRates(db, unitScope(user, q.unitId)),
  });

  async function rateValues(exec: Executor, user: AuthUser, input: BisyarohRateInput) {
    const unitId = unitFor(user, input.unitId);
    if (input.employeeId) {
      const e = await repo.findEmployee(exec, input.employeeId);
      if (!e || e.unitId !== unitId) throw badRequest('Pegawai bukan pegawai unit ini', { employeeId: 'Unit lain' });
    }
    return {
      unitId,
      position: input.employeeId ? null : input.position!.trim(),
      employeeId: input.employeeId ?? null,
      validFrom: input.validFrom,
      perJp: input.perJp,
      perDay: input.perDay,
      onTimePerDay: input.onTimePerDay,
      transportPerDay: input.transportPerDay,
      absencePerDay: input.absencePerDay,
      allowances: input.allowances,
    };
  }

  const rateMessages = { unique: 'Tarif untuk jabatan/pegawai dan bulan ini sudah ada' };

  async function createRate(user: AuthUser, input: BisyarohRateInput, actor: AuditActor) {
    const id = await guarded(
      () =>
        db.transaction(async (tx) => {
          const values = await rateValues(tx, user, input);
          return audited(
            tx,
            actor,
            { action: 'bisyaroh.rate.create', entityType: 'bisyaroh_rate', after: values },
            () => repo.insertRate(tx, values),
          );
        }),
      rateMessages,
    );
    return (await repo.findRate(db, id))!;
  }

  async function updateRate(user: AuthUser, id: number, input: BisyarohRateInput, actor: AuditActor) {
    await guarded(
      () =>
        db.transaction(async (tx) => {
          const before = await repo.findRate(tx, id);
          if (!before) throw notFound('Tarif');
          assertUnit(user, before.unitId);
          const values = await rateValues(tx, user, { ...input, unitId: before.unitId });
          await audited(
            tx,
            actor,
            { action: 'bisyaroh.rate.update', entityType: 'bisyaroh_rate', entityId: id, before, after: values },
            () => repo.updateRate(tx, id, values),
          );
        }),
      rateMessages,
    );
    return (await repo.findRate(db, id))!;
  }

  const employees = async (user: AuthUser, q: BisyarohUnitQuery) => ({
    items: await repo.unitEmployees(db, unitFor(user, q.unitId)),
  });

  const loans = async (user: AuthUser, q: BisyarohUnitQuery) => ({
    items: await repo.listLoans(db, unitScope(user, q.unitId)),
  });

  async function saveLoan(user: AuthUser, id: number | null, input: BisyarohLoanInput, actor: AuditActor) {
    const loanId = await db.transaction(async (tx) => {
      const e = await repo.findEmployee(tx, input.employeeId);
      if (!e || e.unitId === null) throw badRequest('Pegawai tidak valid', { employeeId: 'Tidak valid' });
      assertUnit(user, e.unitId);
      const values = { ...input, unitId: e.unitId };
      if (id === null) {
        return audited(tx, actor, { action: 'bisyaroh.loan.create', entityType: 'bisyaroh_loan', after: values }, () =>
          repo.insertLoan(tx, values),
        );
      }
      const before = await repo.findLoan(tx, id);
      if (!before) throw notFound('Pinjaman');
      assertUnit(user, before.unitId);
      await audited(
        tx,
        actor,
        { action: 'bisyaroh.loan.update', entityType: 'bisyaroh_loan', entityId: id, before, after: values },
        () => repo.updateLoan(tx, id, values),
      );
      return id;
    });
    return (await repo.listLoans(db, null)).find((l) => l.id === loanId)!;
  }

  // ---------- the month ----------

  /** The month's lines of every employee of the unit who has rates (pure rules in shared `bisyaroh.ts`). */
  async function computedLines(tx: Executor, unitId: number, month: string) {
    const { from, to } = monthOf(month);
    const until = to < clock.today() ? to : clock.today();
    const [staff, rateRows, jp, days, loanRows] = await Promise.all([
      repo.unitEmployees(tx, unitId),
      repo.ratesOfUnit(tx, unitId),
      repo.jpTaught(tx, unitId, from, to),
      schoolDays(tx, unitId, from, to),
      repo.listLoans(tx, unitId, month),
    ]);
    const ids = staff.map((e) => e.id);
    const [attendance, leave] = await Promise.all([
      repo.staffAttendanceBetween(tx, ids, from, to),
      repo.approvedLeaveBetween(tx, ids, from, to),
    ]);
    const out = new Map<number, ReturnType<typeof computeLines>>();
    for (const e of staff) {
      const r = pickRates(rateRows, e, month);
      if (!r) continue;
      const rows = new Map(
        attendance
          .filter((a) => a.employeeId === e.id)
          .map((a) => [a.date, { status: a.status as StaffDayStatus, lateMinutes: a.lateMinutes }] as const),
      );
      const leaveDays = new Set<string>();
      for (const l of leave.filter((x) => x.employeeId === e.id)) {
        for (let d = l.startDate; d <= l.endDate; d = addDays(d, 1)) leaveDays.add(d);
      }
      const facts = attendanceFacts(days, rows, leaveDays, until);
      const loansOf = loanRows
        .filter((l) => l.employeeId === e.id && l.startMonth <= month)
        .map((l) => ({ loanId: l.id, name: l.name, instalment: l.instalment, remaining: l.remaining }));
      out.set(e.id, computeLines(r, { ...facts, jp: jp.get(e.id) ?? 0, loans: loansOf }));
    }
    return out;
  }

  async function compute(user: AuthUser, input: BisyarohComputeInput, actor: AuditActor) {
    const unitId = unitFor(user, input.unitId);
    if (input.month > clock.today().slice(0, 7)) throw badRequest('Bulan yang belum berjalan tidak dapat dihitung');
    const id = await db.transaction(async (tx) => {
      const m = await repo.lockMonthRow(tx, unitId, input.month);
      assertOpen(m);
      const lines = await computedLines(tx, unitId, input.month);
      await repo.deleteComputedLines(tx, m.id);
      for (const [employeeId, rows] of lines) {
        if (rows.length === 0) continue;
        const slipId = await repo.slipOf(tx, m.id, employeeId);
        await repo.insertLines(
          tx,
          rows.map((l) => ({ ...l, slipId })),
        );
      }
      await repo.deleteEmptySlips(tx, m.id);
      await audited(
        tx,
        actor,
        {
          action: 'bisyaroh.compute',
          entityType: 'bisyaroh_month',
          entityId: m.id,
          after: { unitId, month: input.month, employees: lines.size },
        },
        () => repo.updateMonth(tx, m.id, { computedAt: clock.now() }),
      );
      return m.id;
    });
    return month(user, id);
  }

  async function month(user: AuthUser, id: number): Promise<BisyarohMonth> {
    const m = await monthFor(user, id);
    const slips = await repo.slipsOfMonth(db, id);
    const lines = await repo.linesOfSlips(
      db,
      slips.map((s) => s.id),
    );
    return {
      ...monthOut(m),
      slips: slips.map((s) => {
        const own = lines.filter((l) => l.slipId === s.id).map(asLine);
        return { ...s, lines: own, total: slipTotal(own) };
      }),
    };
  }

  async function monthByUnit(user: AuthUser, q: BisyarohMonthQuery) {
    const unitId = unitFor(user, q.unitId);
    const id = await repo.findMonthOf(db, unitId, q.month);
    return id === undefined ? null : month(user, id);
  }

  async function list(user: AuthUser, q: BisyarohListQuery): Promise<BisyarohMonthList> {
    const items = (await repo.listMonths(db, unitScope(user, q.unitId), q.year)).map(monthOut);
    const totals = new Map<number, { unitId: number; unitName: string; total: number }>();
    for (const m of items) {
      const t = totals.get(m.unitId) ?? { unitId: m.unitId, unitName: m.unitName, total: 0 };
      t.total += m.total;
      totals.set(m.unitId, t);
    }
    return { items, unitTotals: [...totals.values()] };
  }

  /** The unit's scheduled lessons of the month's school days up to today that have no journal. */
  async function missingJournals(user: AuthUser, id: number): Promise<{ items: MissingJournal[] }> {
    const m = await monthFor(user, id);
    const { from, to } = monthOf(m.month);
    const until = to < clock.today() ? to : clock.today();
    if (until < from) return { items: [] };
    const [days, slots, years, journals, approvals] = await Promise.all([
      schoolDays(db, m.unitId, from, until),
      repo.unitSlots(db, m.unitId),
      repo.academicYearsBetween(db, from, until),
      repo.journalsOfUnit(db, m.unitId, from, until),
      repo.approvalsOfUnit(db, m.unitId, from, until),
    ]);
    const written = new Set(journals.map((j) => `${j.slotId}:${j.date}`));
    const approved = new Map(approvals.map((a) => [`${a.slotId}:${a.date}`, a.reason]));
    const items: MissingJournal[] = [];
    for (const date of days) {
      const year = years.find((y) => semesterInYear(date, y) !== null);
      if (!year) continue;
      const semester = semesterInYear(date, year);
      const weekday = weekdayOf(date);
      for (const s of slots) {
        if (s.academicYearId !== year.id || s.semester !== semester || s.day !== weekday) continue;
        const key = `${s.id}:${date}`;
        if (written.has(key)) continue;
        items.push({
          timetableSlotId: s.id,
          date,
          period: s.period,
          employeeId: s.employeeId,
          employeeName: s.employeeName,
          className: s.className,
          subjectName: s.subjectName,
          approved: approved.has(key),
          reason: approved.get(key) ?? null,
        });
      }
    }
    return { items };
  }

  async function approveMissing(user: AuthUser, id: number, input: MissingJournalApproval, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const m = await lockMonth(tx, user, id);
      assertOpen(m);
      const slot = await repo.findSlot(tx, input.timetableSlotId);
      if (!slot || slot.unitId !== m.unitId) throw notFound('Jadwal');
      if (input.date.slice(0, 7) !== m.month || weekdayOf(input.date) !== slot.day) {
        throw badRequest('Tanggal tidak cocok dengan jadwal dan bulan ini', { date: 'Tidak cocok' });
      }
      const change = { action: 'bisyaroh.journal.approve', entityType: 'bisyaroh_journal_approval' };
      // an approval already there inserts nothing: the conflict rolls the entry back with the transaction
      const approvalId = await audited(tx, actor, { ...change, after: { monthId: id, ...input } }, () =>
        repo.insertApproval(tx, { ...input, approvedByUserId: user.id }),
      );
      if (approvalId === undefined) throw conflict('Pelajaran ini sudah disetujui');
    });
    return { ok: true as const };
  }

  /** A manual line (adjustment or correction) with its reason, audited as `bisyaroh.adjust` / `bisyaroh.correct`. */
  async function addManualLine(
    tx: Executor,
    user: AuthUser,
    actor: AuditActor,
    line: {
      monthId: number;
      unitId: number;
      employeeId: number;
      kind: 'ADJUSTMENT' | 'CORRECTION';
      label: string;
      amount: number;
      reason: string;
      correctsMonthId?: number;
    },
  ) {
    const e = await repo.findEmployee(tx, line.employeeId);
    if (!e || e.unitId !== line.unitId) throw badRequest('Pegawai bukan pegawai unit ini', { employeeId: 'Unit lain' });
    const values = {
      slipId: await repo.slipOf(tx, line.monthId, line.employeeId),
      kind: line.kind,
      label: line.label,
      quantity: 1,
      rate: line.amount,
      amount: line.amount,
      reason: line.reason,
      createdByUserId: user.id,
    };
    await audited(
      tx,
      actor,
      {
        action: line.kind === 'ADJUSTMENT' ? 'bisyaroh.adjust' : 'bisyaroh.correct',
        entityType: 'bisyaroh_line',
        after: { ...values, correctsMonthId: line.correctsMonthId ?? null },
      },
      () => repo.insertLine(tx, values),
    );
  }

  async function adjust(user: AuthUser, id: number, input: BisyarohAdjustmentInput, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const m = await lockMonth(tx, user, id);
      assertOpen(m);
      await addManualLine(tx, user, actor, {
        monthId: m.id,
        unitId: m.unitId,
        employeeId: input.employeeId,
        kind: 'ADJUSTMENT',
        label: input.label,
        amount: input.amount,
        reason: input.reason,
      });
    });
    return month(user, id);
  }

  async function lock(user: AuthUser, id: number, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const m = await lockMonth(tx, user, id);
      assertOpen(m);
      if (!m.computedAt) throw conflict('Hitung bisyaroh bulan ini sebelum dikunci');
      await audited(
        tx,
        actor,
        { action: 'bisyaroh.lock', entityType: 'bisyaroh_month', entityId: id, after: { month: m.month } },
        () => repo.updateMonth(tx, id, { status: 'LOCKED', lockedAt: clock.now(), lockedByUserId: user.id }),
      );
    });
    return month(user, id);
  }

  /** A correction of a locked month: a line "Koreksi <bulan>" in the next month of the unit (made when missing). */
  async function correct(user: AuthUser, id: number, input: BisyarohCorrectionInput, actor: AuditActor) {
    const nextId = await db.transaction(async (tx) => {
      const m = await lockMonth(tx, user, id);
      if (m.status !== 'LOCKED') throw conflict('Bulan ini belum dikunci: ubah dengan penyesuaian');
      const next = await repo.lockMonthRow(tx, m.unitId, nextMonthOf(m.month));
      assertOpen(next);
      await addManualLine(tx, user, actor, {
        monthId: next.id,
        unitId: m.unitId,
        employeeId: input.employeeId,
        kind: 'CORRECTION',
        label: `Koreksi ${longMonth(m.month, 'id')}`,
        amount: input.amount,
        reason: input.reason,
        correctsMonthId: id,
      });
      return next.id;
    });
    return month(user, nextId);
  }

  /** Pays a locked month with one BKK voucher of its total (finance-books `postVoucher`); never twice. */
  async function pay(user: AuthUser, id: number, input: BisyarohPayInput, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const m = await lockMonth(tx, user, id);
      if (m.status !== 'LOCKED') throw conflict('Kunci bulan ini sebelum dibayar');
      if (m.voucherId !== null) throw conflict('Bisyaroh bulan ini sudah dibayar');
      const full = (await repo.findMonth(tx, id))!;
      if (full.total <= 0) throw conflict('Tidak ada bisyaroh yang dibayar bulan ini');
      const voucher = await postVoucher(
        tx,
        {
          unitId: m.unitId,
          type: 'BKK',
          date: input.date,
          accountId: input.accountId,
          moneyAccountId: input.moneyAccountId,
          amount: full.total,
          description: `Bisyaroh ${longMonth(m.month, 'id')} ${full.unitName}`,
          userId: user.id,
          source: `bisyaroh:${id}`,
        },
        actor,
      );
      await audited(
        tx,
        actor,
        {
          action: 'bisyaroh.pay',
          entityType: 'bisyaroh_month',
          entityId: id,
          after: { voucherId: voucher.id, number: voucher.number, amount: full.total },
        },
        () => repo.updateMonth(tx, id, { paidAt: clock.now(), voucherId: voucher.id }),
      );
    });
    return month(user, id);
  }

  // ---------- slips ----------

  async function slipOut(id: number): Promise<BisyarohSlip | null> {
    const s = await repo.findSlip(db, id);
    if (!s) return null;
    const m = (await repo.findMonth(db, s.monthId))!;
    const lines = (await repo.linesOfSlips(db, [id])).map(asLine);
    return {
      ...s,
      month: m.month,
      status: m.status,
      unitId: m.unitId,
      unitName: m.unitName,
      lines,
      total: slipTotal(lines),
      paidAt: iso(m.paidAt),
    };
  }

  async function slip(user: AuthUser, id: number) {
    const s = await slipOut(id);
    if (!s) throw notFound('Slip');
    assertUnit(user, s.unitId);
    return s;
  }

  async function ownEmployee(user: AuthUser) {
    const employeeId = await repo.employeeOfUser(db, user.id);
    if (employeeId === undefined) throw notFound('Data pegawai Anda');
    return employeeId;
  }

  const mySlips = async (user: AuthUser) => ({
    items: (await repo.lockedSlipsOf(db, await ownEmployee(user))).map((s) => ({ ...s, paidAt: iso(s.paidAt) })),
  });

  /** One's own slip of a locked month; any other id is 404 (not even whether it exists is told). */
  async function mySlip(user: AuthUser, id: number) {
    const employeeId = await ownEmployee(user);
    const s = await slipOut(id);
    if (!s || s.employeeId !== employeeId || s.status !== 'LOCKED') throw notFound('Slip');
    return s;
  }

  return {
    rates,
    createRate,
    updateRate,
    employees,
    loans,
    saveLoan,
    compute,
    month,
    monthByUnit,
    list,
    missingJournals,
    approveMissing,
    adjust,
    lock,
    correct,
    pay,
    slip,
    mySlips,
    mySlip,
  };
}
