import { and, asc, desc, eq, gte, inArray, lte, notInArray, sql } from 'drizzle-orm';
import { MANUAL_LINE_KINDS } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import {
  academicYears,
  bisyarohJournalApprovals,
  bisyarohLines,
  bisyarohLoans,
  bisyarohMonths,
  bisyarohRates,
  bisyarohSlips,
  classGroups,
  classJournals,
  employees,
  leaveRequests,
  lessonSubstitutes,
  staffAttendance,
  subjects,
  timetableSlots,
  units,
  vouchers,
} from '../../db/schema/index.ts';

// ---------- master ----------

const rateColumns = {
  id: bisyarohRates.id,
  unitId: bisyarohRates.unitId,
  position: bisyarohRates.position,
  employeeId: bisyarohRates.employeeId,
  employeeName: employees.name,
  validFrom: bisyarohRates.validFrom,
  perJp: bisyarohRates.perJp,
  perDay: bisyarohRates.perDay,
  onTimePerDay: bisyarohRates.onTimePerDay,
  transportPerDay: bisyarohRates.transportPerDay,
  absencePerDay: bisyarohRates.absencePerDay,
  allowances: bisyarohRates.allowances,
};

export const listRates = (db: Executor, unitId: number | null) =>
  db
    .select(rateColumns)
    .from(bisyarohRates)
    .leftJoin(employees, eq(employees.id, bisyarohRates.employeeId))
    .where(unitId === null ? undefined : eq(bisyarohRates.unitId, unitId))
    .orderBy(
      asc(bisyarohRates.unitId),
      asc(employees.name),
      asc(bisyarohRates.position),
      desc(bisyarohRates.validFrom),
    );

export async function findRate(db: Executor, id: number) {
  const [row] = await db
    .select(rateColumns)
    .from(bisyarohRates)
    .leftJoin(employees, eq(employees.id, bisyarohRates.employeeId))
    .where(eq(bisyarohRates.id, id));
  return row;
}

export type RateValues = typeof bisyarohRates.$inferInsert;
export async function insertRate(db: Executor, values: RateValues) {
  const [row] = await db.insert(bisyarohRates).values(values).returning({ id: bisyarohRates.id });
  return row!.id;
}
export const updateRate = (db: Executor, id: number, values: Partial<RateValues>) =>
  db
    .update(bisyarohRates)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(bisyarohRates.id, id));

export async function findEmployee(db: Executor, id: number) {
  const [row] = await db
    .select({ id: employees.id, unitId: employees.unitId, name: employees.name, position: employees.position })
    .from(employees)
    .where(eq(employees.id, id));
  return row;
}

export async function employeeOfUser(db: Executor, userId: number) {
  const [row] = await db.select({ id: employees.id }).from(employees).where(eq(employees.userId, userId));
  return row?.id;
}

export const unitEmployees = (db: Executor, unitId: number) =>
  db
    .select({ id: employees.id, name: employees.name, nip: employees.nip, position: employees.position })
    .from(employees)
    .where(and(eq(employees.unitId, unitId), eq(employees.isActive, true)))
    .orderBy(asc(employees.name));

/** Loans with what remains of each before `month`: the principal less the instalments of locked months. */
export function listLoans(db: Executor, unitId: number | null, beforeMonth = '9999-99') {
  const paid = sql<number>`coalesce((select -sum(l.amount) from ${bisyarohLines} l
      join ${bisyarohSlips} s on s.id = l.slip_id join ${bisyarohMonths} m on m.id = s.month_id
      where l.loan_id = ${bisyarohLoans.id} and m.status = 'LOCKED' and m.month < ${beforeMonth}), 0)::int`;
  return db
    .select({
      id: bisyarohLoans.id,
      unitId: bisyarohLoans.unitId,
      employeeId: bisyarohLoans.employeeId,
      employeeName: employees.name,
      name: bisyarohLoans.name,
      principal: bisyarohLoans.principal,
      instalment: bisyarohLoans.instalment,
      startMonth: bisyarohLoans.startMonth,
      remaining: sql<number>`(${bisyarohLoans.principal} - ${paid})::int`,
    })
    .from(bisyarohLoans)
    .innerJoin(employees, eq(employees.id, bisyarohLoans.employeeId))
    .where(unitId === null ? undefined : eq(bisyarohLoans.unitId, unitId))
    .orderBy(asc(employees.name), asc(bisyarohLoans.id));
}

export async function insertLoan(db: Executor, values: typeof bisyarohLoans.$inferInsert) {
  const [row] = await db.insert(bisyarohLoans).values(values).returning({ id: bisyarohLoans.id });
  return row!.id;
}
export async function findLoan(db: Executor, id: number) {
  const [row] = await db.select().from(bisyarohLoans).where(eq(bisyarohLoans.id, id));
  return row;
}
export const updateLoan = (db: Executor, id: number, values: Partial<typeof bisyarohLoans.$inferInsert>) =>
  db
    .update(bisyarohLoans)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(bisyarohLoans.id, id));

// ---------- the month's facts ----------

/**
 * JP taught per employee in a unit between two dates: one JP per lesson (timetable slot and date) with a journal,
 * credited to the substitute who wrote it or else the slot's teacher, plus the lessons without a journal the
 * principal approved (credited to the substitute the school named, or else the slot's teacher).
 */
export async function jpTaught(db: Executor, unitId: number, from: string, to: string) {
  const journals = await db
    .select({
      employeeId: sql<number>`coalesce(${classJournals.substituteEmployeeId}, ${timetableSlots.employeeId})`,
      jp: sql<number>`count(*)::int`,
    })
    .from(classJournals)
    .innerJoin(timetableSlots, eq(timetableSlots.id, classJournals.timetableSlotId))
    .where(and(eq(timetableSlots.unitId, unitId), gte(classJournals.date, from), lte(classJournals.date, to)))
    .groupBy(sql`1`);
  const approved = await db
    .select({
      employeeId: sql<number>`coalesce(${lessonSubstitutes.employeeId}, ${timetableSlots.employeeId})`,
      jp: sql<number>`count(*)::int`,
    })
    .from(bisyarohJournalApprovals)
    .innerJoin(timetableSlots, eq(timetableSlots.id, bisyarohJournalApprovals.timetableSlotId))
    .leftJoin(
      lessonSubstitutes,
      and(
        eq(lessonSubstitutes.timetableSlotId, bisyarohJournalApprovals.timetableSlotId),
        eq(lessonSubstitutes.date, bisyarohJournalApprovals.date),
      ),
    )
    .where(
      and(
        eq(timetableSlots.unitId, unitId),
        gte(bisyarohJournalApprovals.date, from),
        lte(bisyarohJournalApprovals.date, to),
        sql`not exists (select 1 from ${classJournals} j where j.timetable_slot_id = ${bisyarohJournalApprovals.timetableSlotId}
          and j.date = ${bisyarohJournalApprovals.date})`,
      ),
    )
    .groupBy(sql`1`);
  const out = new Map<number, number>();
  for (const r of [...journals, ...approved]) out.set(r.employeeId, (out.get(r.employeeId) ?? 0) + r.jp);
  return out;
}

export const staffAttendanceBetween = (db: Executor, employeeIds: number[], from: string, to: string) =>
  employeeIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          employeeId: staffAttendance.employeeId,
          date: staffAttendance.date,
          status: staffAttendance.status,
          lateMinutes: staffAttendance.lateMinutes,
        })
        .from(staffAttendance)
        .where(
          and(
            inArray(staffAttendance.employeeId, employeeIds),
            gte(staffAttendance.date, from),
            lte(staffAttendance.date, to),
          ),
        );

/** Approved leave of employees overlapping two dates. */
export const approvedLeaveBetween = (db: Executor, employeeIds: number[], from: string, to: string) =>
  employeeIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          employeeId: sql<number>`${leaveRequests.employeeId}`,
          startDate: leaveRequests.startDate,
          endDate: leaveRequests.endDate,
        })
        .from(leaveRequests)
        .where(
          and(
            inArray(leaveRequests.employeeId, employeeIds),
            eq(leaveRequests.status, 'approved'),
            lte(leaveRequests.startDate, to),
            gte(leaveRequests.endDate, from),
          ),
        );

export const ratesOfUnit = (db: Executor, unitId: number) =>
  db.select().from(bisyarohRates).where(eq(bisyarohRates.unitId, unitId));

/** The scheduled lessons of a unit (every year and semester) with their class, subject and teacher. */
export const unitSlots = (db: Executor, unitId: number) =>
  db
    .select({
      id: timetableSlots.id,
      academicYearId: timetableSlots.academicYearId,
      semester: timetableSlots.semester,
      day: timetableSlots.day,
      period: timetableSlots.period,
      employeeId: timetableSlots.employeeId,
      employeeName: employees.name,
      className: classGroups.name,
      subjectName: subjects.name,
    })
    .from(timetableSlots)
    .innerJoin(employees, eq(employees.id, timetableSlots.employeeId))
    .innerJoin(classGroups, eq(classGroups.id, timetableSlots.classGroupId))
    .innerJoin(subjects, eq(subjects.id, timetableSlots.subjectId))
    .where(eq(timetableSlots.unitId, unitId))
    .orderBy(asc(timetableSlots.period));

export const academicYearsBetween = (db: Executor, from: string, to: string) =>
  db
    .select({ id: academicYears.id, startDate: academicYears.startDate, endDate: academicYears.endDate })
    .from(academicYears)
    .where(and(lte(academicYears.startDate, to), gte(academicYears.endDate, from)));

export const journalsOfUnit = (db: Executor, unitId: number, from: string, to: string) =>
  db
    .select({ slotId: classJournals.timetableSlotId, date: classJournals.date })
    .from(classJournals)
    .innerJoin(timetableSlots, eq(timetableSlots.id, classJournals.timetableSlotId))
    .where(and(eq(timetableSlots.unitId, unitId), gte(classJournals.date, from), lte(classJournals.date, to)));

export const approvalsOfUnit = (db: Executor, unitId: number, from: string, to: string) =>
  db
    .select({
      slotId: bisyarohJournalApprovals.timetableSlotId,
      date: bisyarohJournalApprovals.date,
      reason: bisyarohJournalApprovals.reason,
    })
    .from(bisyarohJournalApprovals)
    .innerJoin(timetableSlots, eq(timetableSlots.id, bisyarohJournalApprovals.timetableSlotId))
    .where(
      and(
        eq(timetableSlots.unitId, unitId),
        gte(bisyarohJournalApprovals.date, from),
        lte(bisyarohJournalApprovals.date, to),
      ),
    );

export async function findSlot(db: Executor, id: number) {
  const [row] = await db
    .select({ id: timetableSlots.id, unitId: timetableSlots.unitId, day: timetableSlots.day })
    .from(timetableSlots)
    .where(eq(timetableSlots.id, id));
  return row;
}

export async function insertApproval(db: Executor, values: typeof bisyarohJournalApprovals.$inferInsert) {
  const [row] = await db
    .insert(bisyarohJournalApprovals)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: bisyarohJournalApprovals.id });
  return row?.id;
}

// ---------- months, slips and lines ----------

const monthColumns = {
  id: bisyarohMonths.id,
  unitId: bisyarohMonths.unitId,
  unitName: units.name,
  month: bisyarohMonths.month,
  status: bisyarohMonths.status,
  computedAt: bisyarohMonths.computedAt,
  lockedAt: bisyarohMonths.lockedAt,
  paidAt: bisyarohMonths.paidAt,
  voucherId: bisyarohMonths.voucherId,
  voucherNumber: vouchers.number,
  employees: sql<number>`(select count(*) from ${bisyarohSlips} s where s.month_id = ${bisyarohMonths.id})::int`,
  total: sql<number>`(select coalesce(sum(l.amount), 0) from ${bisyarohLines} l join ${bisyarohSlips} s on s.id = l.slip_id
    where s.month_id = ${bisyarohMonths.id})::int`,
};

export const listMonths = (db: Executor, unitId: number | null, year: number | undefined) =>
  db
    .select(monthColumns)
    .from(bisyarohMonths)
    .innerJoin(units, eq(units.id, bisyarohMonths.unitId))
    .leftJoin(vouchers, eq(vouchers.id, bisyarohMonths.voucherId))
    .where(
      and(
        unitId === null ? undefined : eq(bisyarohMonths.unitId, unitId),
        year === undefined ? undefined : sql`${bisyarohMonths.month} like ${`${year}-%`}`,
      ),
    )
    .orderBy(desc(bisyarohMonths.month), asc(units.name));

export async function findMonth(db: Executor, id: number) {
  const [row] = await db
    .select(monthColumns)
    .from(bisyarohMonths)
    .innerJoin(units, eq(units.id, bisyarohMonths.unitId))
    .leftJoin(vouchers, eq(vouchers.id, bisyarohMonths.voucherId))
    .where(eq(bisyarohMonths.id, id));
  return row;
}

export async function findMonthOf(db: Executor, unitId: number, month: string) {
  const [row] = await db
    .select({ id: bisyarohMonths.id })
    .from(bisyarohMonths)
    .where(and(eq(bisyarohMonths.unitId, unitId), eq(bisyarohMonths.month, month)));
  return row?.id;
}

/** The month row of a unit, made OPEN when missing, locked FOR UPDATE until the transaction ends. */
export async function lockMonthRow(db: Executor, unitId: number, month: string) {
  await db.insert(bisyarohMonths).values({ unitId, month }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(bisyarohMonths)
    .where(and(eq(bisyarohMonths.unitId, unitId), eq(bisyarohMonths.month, month)))
    .for('update');
  return row!;
}

export async function lockMonthById(db: Executor, id: number) {
  const [row] = await db.select().from(bisyarohMonths).where(eq(bisyarohMonths.id, id)).for('update');
  return row;
}

export const updateMonth = (db: Executor, id: number, values: Partial<typeof bisyarohMonths.$inferInsert>) =>
  db
    .update(bisyarohMonths)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(bisyarohMonths.id, id));

export async function slipOf(db: Executor, monthId: number, employeeId: number) {
  await db.insert(bisyarohSlips).values({ monthId, employeeId }).onConflictDoNothing();
  const [row] = await db
    .select({ id: bisyarohSlips.id })
    .from(bisyarohSlips)
    .where(and(eq(bisyarohSlips.monthId, monthId), eq(bisyarohSlips.employeeId, employeeId)));
  return row!.id;
}

/** Removes the computed lines of a month (manual adjustments and corrections stay). */
export const deleteComputedLines = (db: Executor, monthId: number) =>
  db
    .delete(bisyarohLines)
    .where(
      and(
        notInArray(bisyarohLines.kind, [...MANUAL_LINE_KINDS]),
        inArray(
          bisyarohLines.slipId,
          db.select({ id: bisyarohSlips.id }).from(bisyarohSlips).where(eq(bisyarohSlips.monthId, monthId)),
        ),
      ),
    );

/** Removes the slips of a month left with no line. */
export const deleteEmptySlips = (db: Executor, monthId: number) =>
  db
    .delete(bisyarohSlips)
    .where(
      and(
        eq(bisyarohSlips.monthId, monthId),
        sql`not exists (select 1 from ${bisyarohLines} l where l.slip_id = ${bisyarohSlips.id})`,
      ),
    );

export const insertLines = (db: Executor, rows: (typeof bisyarohLines.$inferInsert)[]) =>
  rows.length === 0
    ? Promise.resolve()
    : db
        .insert(bisyarohLines)
        .values(rows)
        .then(() => undefined);

export async function insertLine(db: Executor, row: typeof bisyarohLines.$inferInsert) {
  const [out] = await db.insert(bisyarohLines).values(row).returning({ id: bisyarohLines.id });
  return out!.id;
}

const slipColumns = {
  id: bisyarohSlips.id,
  monthId: bisyarohSlips.monthId,
  employeeId: bisyarohSlips.employeeId,
  employeeName: employees.name,
  nip: employees.nip,
  position: employees.position,
};

export const slipsOfMonth = (db: Executor, monthId: number) =>
  db
    .select(slipColumns)
    .from(bisyarohSlips)
    .innerJoin(employees, eq(employees.id, bisyarohSlips.employeeId))
    .where(eq(bisyarohSlips.monthId, monthId))
    .orderBy(asc(employees.name));

export async function findSlip(db: Executor, id: number) {
  const [row] = await db
    .select(slipColumns)
    .from(bisyarohSlips)
    .innerJoin(employees, eq(employees.id, bisyarohSlips.employeeId))
    .where(eq(bisyarohSlips.id, id));
  return row;
}

export const linesOfSlips = (db: Executor, slipIds: number[]) =>
  slipIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          id: bisyarohLines.id,
          slipId: bisyarohLines.slipId,
          kind: bisyarohLines.kind,
          label: bisyarohLines.label,
          quantity: bisyarohLines.quantity,
          rate: bisyarohLines.rate,
          amount: bisyarohLines.amount,
          reason: bisyarohLines.reason,
        })
        .from(bisyarohLines)
        .where(inArray(bisyarohLines.slipId, slipIds))
        .orderBy(asc(bisyarohLines.id));

/** An employee's slips of locked months. */
export const lockedSlipsOf = (db: Executor, employeeId: number) =>
  db
    .select({
      id: bisyarohSlips.id,
      month: bisyarohMonths.month,
      unitName: units.name,
      paidAt: bisyarohMonths.paidAt,
      total: sql<number>`(select coalesce(sum(l.amount), 0) from ${bisyarohLines} l where l.slip_id = ${bisyarohSlips.id})::int`,
    })
    .from(bisyarohSlips)
    .innerJoin(bisyarohMonths, eq(bisyarohMonths.id, bisyarohSlips.monthId))
    .innerJoin(units, eq(units.id, bisyarohMonths.unitId))
    .where(and(eq(bisyarohSlips.employeeId, employeeId), eq(bisyarohMonths.status, 'LOCKED')))
    .orderBy(desc(bisyarohMonths.month));

export const unitsByIds = (db: Executor) => db.select({ id: units.id, name: units.name }).from(units);
