import { and, asc, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  bellPeriods,
  classGroups,
  classJournals,
  employees,
  lessonSubstitutes,
  studentAttendance,
  subjects,
  timetableSlots,
} from '../../db/schema/index.ts';
import { sqlNow } from '../../lib/sql.ts';

const summaryColumns = {
  id: classJournals.id,
  timetableSlotId: classJournals.timetableSlotId,
  date: classJournals.date,
  classGroupId: classJournals.classGroupId,
  className: classGroups.name,
  unitId: classGroups.unitId,
  subjectId: timetableSlots.subjectId,
  subjectName: subjects.name,
  period: timetableSlots.period,
  teacherEmployeeId: timetableSlots.employeeId,
  teacherName: employees.name,
  substituteEmployeeId: classJournals.substituteEmployeeId,
  substituteName: sql<
    string | null
  >`(select s.name from ${employees} s where s.id = ${classJournals.substituteEmployeeId})`,
  topic: classJournals.topic,
  objective: classJournals.objective,
  notes: classJournals.notes,
  createdAt: classJournals.createdAt,
  updatedAt: classJournals.updatedAt,
  absentCount:
    sql<number>`(select count(*) from ${studentAttendance} a where a.timetable_slot_id = ${classJournals.timetableSlotId}
    and a.date = ${classJournals.date} and a.source = 'lesson' and a.code <> 'H')`.mapWith(Number),
};

const selectJournals = (db: Executor) =>
  db
    .select(summaryColumns)
    .from(classJournals)
    .innerJoin(timetableSlots, eq(timetableSlots.id, classJournals.timetableSlotId))
    .innerJoin(classGroups, eq(classGroups.id, classJournals.classGroupId))
    .innerJoin(subjects, eq(subjects.id, timetableSlots.subjectId))
    .innerJoin(employees, eq(employees.id, timetableSlots.employeeId));

export type JournalRow = NonNullable<Awaited<ReturnType<typeof findJournal>>>;

export async function findJournal(db: Executor, slotId: number, date: string) {
  const [row] = await selectJournals(db).where(
    and(eq(classJournals.timetableSlotId, slotId), eq(classJournals.date, date)),
  );
  return row;
}

export async function upsertJournal(db: Executor, values: typeof classJournals.$inferInsert) {
  const [row] = await db
    .insert(classJournals)
    .values(values)
    .onConflictDoUpdate({
      target: [classJournals.timetableSlotId, classJournals.date],
      set: {
        topic: values.topic,
        objective: values.objective,
        notes: values.notes,
        substituteEmployeeId: values.substituteEmployeeId,
        updatedAt: sqlNow(),
      },
    })
    .returning({ id: classJournals.id });
  return row!.id;
}

export interface JournalFilter {
  from?: string;
  to?: string;
  unitId: number | null;
  classGroupId?: number;
  /** classes the caller is limited to; lessons they teach or stood in for are always included */
  onlyClassIds: number[] | null;
  employeeId?: number | null;
  /** only lessons the employee teaches or stood in for */
  mine?: boolean;
}

export async function listJournals(db: Executor, f: JournalFilter, q: { page: number; pageSize: number }) {
  const parts: SQL[] = [];
  if (f.from) parts.push(gte(classJournals.date, f.from));
  if (f.to) parts.push(lte(classJournals.date, f.to));
  if (f.unitId !== null) parts.push(eq(classGroups.unitId, f.unitId));
  if (f.classGroupId) parts.push(eq(classJournals.classGroupId, f.classGroupId));
  const own = f.employeeId
    ? or(eq(timetableSlots.employeeId, f.employeeId), eq(classJournals.substituteEmployeeId, f.employeeId))!
    : sql`false`;
  if (f.mine) parts.push(own);
  else if (f.onlyClassIds) {
    parts.push(f.onlyClassIds.length ? or(inArray(classJournals.classGroupId, f.onlyClassIds), own)! : own);
  }
  const filter = parts.length ? and(...parts) : undefined;
  const [items, [total]] = await Promise.all([
    selectJournals(db)
      .where(filter)
      .orderBy(desc(classJournals.date), asc(timetableSlots.period), asc(classGroups.name))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(classJournals)
      .innerJoin(timetableSlots, eq(timetableSlots.id, classJournals.timetableSlotId))
      .innerJoin(classGroups, eq(classGroups.id, classJournals.classGroupId))
      .where(filter),
  ]);
  return { items, total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/**
 * The employee's lessons of a weekday in the year and semester, and the lessons the school
 * named them substitute for on `date`, with whether the journal of `date` exists.
 */
export async function lessonsOfDay(
  db: Executor,
  employeeId: number,
  academicYearId: number,
  day: number,
  semester: 'GANJIL' | 'GENAP',
  date: string,
) {
  return db
    .select({
      timetableSlotId: timetableSlots.id,
      classGroupId: timetableSlots.classGroupId,
      className: classGroups.name,
      unitId: classGroups.unitId,
      subjectName: subjects.name,
      period: timetableSlots.period,
      startTime: bellPeriods.startTime,
      endTime: bellPeriods.endTime,
      journalFilled: sql<boolean>`exists (select 1 from ${classJournals} j where j.timetable_slot_id = ${timetableSlots.id} and j.date = ${date})`,
      asSubstitute: sql<boolean>`${timetableSlots.employeeId} <> ${employeeId}`,
    })
    .from(timetableSlots)
    .innerJoin(classGroups, eq(classGroups.id, timetableSlots.classGroupId))
    .innerJoin(subjects, eq(subjects.id, timetableSlots.subjectId))
    .leftJoin(
      bellPeriods,
      and(eq(bellPeriods.unitId, timetableSlots.unitId), eq(bellPeriods.period, timetableSlots.period)),
    )
    .where(
      and(
        or(
          eq(timetableSlots.employeeId, employeeId),
          sql`exists (select 1 from ${lessonSubstitutes} ls where ls.timetable_slot_id = ${timetableSlots.id}
            and ls.date = ${date} and ls.employee_id = ${employeeId})`,
        ),
        eq(timetableSlots.day, day),
        eq(timetableSlots.semester, semester),
        eq(timetableSlots.academicYearId, academicYearId),
      ),
    )
    .orderBy(asc(timetableSlots.period));
}

// ---------- substitute teachers (guru pengganti), assigned by the school ----------

/** Who the school named to stand in for the lesson on the date, if anyone. */
export async function findSubstitute(db: Executor, slotId: number, date: string) {
  const [row] = await db
    .select({ employeeId: lessonSubstitutes.employeeId, name: employees.name, note: lessonSubstitutes.note })
    .from(lessonSubstitutes)
    .innerJoin(employees, eq(employees.id, lessonSubstitutes.employeeId))
    .where(and(eq(lessonSubstitutes.timetableSlotId, slotId), eq(lessonSubstitutes.date, date)));
  return row;
}

export async function upsertSubstitute(
  db: Executor,
  values: { timetableSlotId: number; date: string; employeeId: number; note: string | null; assignedByUserId: number },
) {
  await db
    .insert(lessonSubstitutes)
    .values(values)
    .onConflictDoUpdate({
      target: [lessonSubstitutes.timetableSlotId, lessonSubstitutes.date],
      set: {
        employeeId: values.employeeId,
        note: values.note,
        assignedByUserId: values.assignedByUserId,
        updatedAt: sqlNow(),
      },
    });
  // A journal already written for the lesson names the substitute the school decided.
  await db
    .update(classJournals)
    .set({ substituteEmployeeId: values.employeeId })
    .where(and(eq(classJournals.timetableSlotId, values.timetableSlotId), eq(classJournals.date, values.date)));
}

export async function deleteSubstitute(db: Executor, slotId: number, date: string) {
  const rows = await db
    .delete(lessonSubstitutes)
    .where(and(eq(lessonSubstitutes.timetableSlotId, slotId), eq(lessonSubstitutes.date, date)))
    .returning({ id: lessonSubstitutes.id });
  await db
    .update(classJournals)
    .set({ substituteEmployeeId: null })
    .where(and(eq(classJournals.timetableSlotId, slotId), eq(classJournals.date, date)));
  return rows.length > 0;
}

/** The substitutions of a unit (or every unit, or one substitute) between two dates. */
export async function listSubstitutes(
  db: Executor,
  f: { unitId: number | null; from: string; to: string; employeeId?: number },
) {
  const parts: SQL[] = [gte(lessonSubstitutes.date, f.from), lte(lessonSubstitutes.date, f.to)];
  if (f.unitId !== null) parts.push(eq(timetableSlots.unitId, f.unitId));
  if (f.employeeId !== undefined) parts.push(eq(lessonSubstitutes.employeeId, f.employeeId));
  return db
    .select({
      timetableSlotId: lessonSubstitutes.timetableSlotId,
      date: lessonSubstitutes.date,
      unitId: timetableSlots.unitId,
      classGroupId: timetableSlots.classGroupId,
      className: classGroups.name,
      subjectName: subjects.name,
      period: timetableSlots.period,
      teacherEmployeeId: timetableSlots.employeeId,
      teacherName: sql<string>`(select t.name from ${employees} t where t.id = ${timetableSlots.employeeId})`,
      substituteEmployeeId: lessonSubstitutes.employeeId,
      substituteName: employees.name,
      note: lessonSubstitutes.note,
      journalWritten: sql<boolean>`exists (select 1 from ${classJournals} j where j.timetable_slot_id = ${lessonSubstitutes.timetableSlotId} and j.date = ${lessonSubstitutes.date})`,
    })
    .from(lessonSubstitutes)
    .innerJoin(timetableSlots, eq(timetableSlots.id, lessonSubstitutes.timetableSlotId))
    .innerJoin(classGroups, eq(classGroups.id, timetableSlots.classGroupId))
    .innerJoin(subjects, eq(subjects.id, timetableSlots.subjectId))
    .innerJoin(employees, eq(employees.id, lessonSubstitutes.employeeId))
    .where(and(...parts))
    .orderBy(asc(lessonSubstitutes.date), asc(timetableSlots.period), asc(classGroups.name))
    .limit(1000);
}
