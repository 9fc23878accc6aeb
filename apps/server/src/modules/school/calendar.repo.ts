import { and, asc, eq, gte, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { academicYears, calendarEntries, classGroups, units } from '../../db/schema/index.ts';
import { sqlNow } from '../../lib/sql.ts';

const entryColumns = {
  id: calendarEntries.id,
  unitId: calendarEntries.unitId,
  kind: calendarEntries.kind,
  name: calendarEntries.name,
  startDate: calendarEntries.startDate,
  endDate: calendarEntries.endDate,
};
export type EntryRow = { [K in keyof typeof entryColumns]: (typeof calendarEntries.$inferSelect)[K] };

/** The unit's own entries and the foundation's (unit null: the foundation's only). */
const ofUnit = (unitId: number | null): SQL =>
  unitId === null
    ? isNull(calendarEntries.unitId)
    : or(eq(calendarEntries.unitId, unitId), isNull(calendarEntries.unitId))!;

/** Entries of a unit (with the inherited foundation entries) that touch from..to, by start date. */
export function entriesBetween(db: Executor, unitId: number | null, from: string, to: string) {
  return db
    .select(entryColumns)
    .from(calendarEntries)
    .where(and(ofUnit(unitId), lte(calendarEntries.startDate, to), gte(calendarEntries.endDate, from)))
    .orderBy(asc(calendarEntries.startDate), asc(calendarEntries.endDate), asc(calendarEntries.id));
}

/** The entries owned by exactly this unit (null: the foundation's) between two dates. */
export function ownEntriesBetween(db: Executor, unitId: number | null, from: string, to: string) {
  return db
    .select(entryColumns)
    .from(calendarEntries)
    .where(
      and(
        unitId === null ? isNull(calendarEntries.unitId) : eq(calendarEntries.unitId, unitId),
        gte(calendarEntries.startDate, from),
        lte(calendarEntries.endDate, to),
      ),
    )
    .orderBy(asc(calendarEntries.startDate), asc(calendarEntries.id));
}

/** The next entries of the given kinds that end on or after a date. */
export function entriesFrom(
  db: Executor,
  unitId: number | null,
  date: string,
  kinds: readonly string[],
  limit: number,
) {
  return db
    .select(entryColumns)
    .from(calendarEntries)
    .where(
      and(
        ofUnit(unitId),
        gte(calendarEntries.endDate, date),
        sql`${calendarEntries.kind} in (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )})`,
      ),
    )
    .orderBy(asc(calendarEntries.startDate), asc(calendarEntries.id))
    .limit(limit);
}

export async function findEntry(db: Executor, id: number) {
  const [row] = await db.select(entryColumns).from(calendarEntries).where(eq(calendarEntries.id, id));
  return row;
}

/** An entry of the same owner and kind whose dates overlap (a duplicate), other than `exceptId`. */
export async function overlappingEntry(
  db: Executor,
  e: { unitId: number | null; kind: string; startDate: string; endDate: string },
  exceptId?: number,
) {
  const [row] = await db
    .select(entryColumns)
    .from(calendarEntries)
    .where(
      and(
        e.unitId === null ? isNull(calendarEntries.unitId) : eq(calendarEntries.unitId, e.unitId),
        eq(calendarEntries.kind, e.kind),
        lte(calendarEntries.startDate, e.endDate),
        gte(calendarEntries.endDate, e.startDate),
        exceptId === undefined ? undefined : ne(calendarEntries.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

export type EntryValues = Omit<typeof calendarEntries.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function insertEntries(db: Executor, values: EntryValues[]) {
  if (!values.length) return [];
  return db.insert(calendarEntries).values(values).returning(entryColumns);
}

export async function updateEntry(db: Executor, id: number, values: Partial<EntryValues>) {
  const [row] = await db
    .update(calendarEntries)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(calendarEntries.id, id))
    .returning(entryColumns);
  return row;
}

export async function deleteEntry(db: Executor, id: number) {
  await db.delete(calendarEntries).where(eq(calendarEntries.id, id));
}

/** The school week of a unit (days per week), or undefined for no such unit. */
export async function schoolWeekOf(db: Executor, unitId: number) {
  const [row] = await db.select({ schoolDaysPerWeek: units.schoolDaysPerWeek }).from(units).where(eq(units.id, unitId));
  return row?.schoolDaysPerWeek;
}

export async function setSchoolWeek(db: Executor, unitId: number, days: number) {
  await db.update(units).set({ schoolDaysPerWeek: days, updatedAt: sqlNow() }).where(eq(units.id, unitId));
}

export async function unitIds(db: Executor) {
  return (await db.select({ id: units.id }).from(units).orderBy(asc(units.id))).map((r) => r.id);
}

const yearColumns = {
  id: academicYears.id,
  name: academicYears.name,
  startDate: academicYears.startDate,
  endDate: academicYears.endDate,
};

/** The academic year whose dates hold the whole range, if any. */
export async function yearHolding(db: Executor, from: string, to: string) {
  const [row] = await db
    .select(yearColumns)
    .from(academicYears)
    .where(and(lte(academicYears.startDate, from), gte(academicYears.endDate, to)))
    .limit(1);
  return row;
}

export async function findYear(db: Executor, id: number) {
  const [row] = await db.select(yearColumns).from(academicYears).where(eq(academicYears.id, id));
  return row;
}

/** The year that ended last before the given start date. */
export async function yearBefore(db: Executor, startDate: string) {
  const [row] = await db
    .select(yearColumns)
    .from(academicYears)
    .where(lt(academicYears.endDate, startDate))
    .orderBy(sql`${academicYears.endDate} desc`)
    .limit(1);
  return row;
}

export async function unitOfClass(db: Executor, classGroupId: number) {
  const [row] = await db
    .select({ unitId: classGroups.unitId })
    .from(classGroups)
    .where(eq(classGroups.id, classGroupId));
  return row?.unitId;
}
