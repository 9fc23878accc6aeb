import {
  isNonSchoolKind,
  NON_SCHOOL_KINDS,
  type AuthUser,
  type CalendarCopyInput,
  type CalendarEntry,
  type CalendarEntryInput,
  type CalendarEntryUpdate,
  type CalendarKind,
  type CalendarMonth,
  type CalendarMonthQuery,
  type CalendarQuery,
  type UpcomingQuery,
  addDays,
  weekdayOf,
} from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { cached, dependsOn } from '../../lib/read-cache.ts';
import { clock } from '../../lib/clock.ts';
import { assertUnit, seesAllUnits, unitScope } from '../../lib/scope.ts';
import * as repo from './calendar.repo.ts';
import { activeYear } from './school.service.ts';

const CALENDAR = dependsOn('calendar_entries', 'units');
const UNITS = dependsOn('units');
const CLASS_UNIT = dependsOn('class_groups');

// ---------- the one answer to "is this a school day" ----------

/** What decides a unit's school days: its week and the date ranges of its non-school entries. */
interface UnitCalendar {
  /** 5: Monday-Friday; 6: Monday-Saturday */
  week: number;
  /** [start, end] of each non-school entry of the unit or the foundation */
  closed: readonly (readonly [string, string])[];
}

/** The week of staff bound to no unit (the foundation's): Monday-Saturday, as the units' default. */
const FOUNDATION_WEEK = 6;

/**
 * The calendar of a unit (null: the foundation's own, for staff bound to no unit), read once per
 * change of units or calendar entries (lib/read-cache.ts).
 */
function unitCalendar(exec: Executor, unitId: number | null): Promise<UnitCalendar> {
  return cached(exec, `calendar:${unitId}`, CALENDAR, async () => {
    const [week, entries] = await Promise.all([
      unitId === null ? FOUNDATION_WEEK : repo.schoolWeekOf(exec, unitId),
      repo.entriesBetween(exec, unitId, '0001-01-01', '9999-12-31'),
    ]);
    if (week === undefined) throw notFound('Unit');
    const closed = entries
      .filter((e) => isNonSchoolKind(e.kind))
      .map((e) => Object.freeze([e.startDate, e.endDate] as const));
    return { week, closed };
  });
}

const opensOn = (cal: UnitCalendar, date: string) =>
  weekdayOf(date) <= cal.week && !cal.closed.some(([start, end]) => start <= date && date <= end);

/** Whether `date` (YYYY-MM-DD) is a school day of the unit: inside its school week and no non-school entry covers it. */
export async function isSchoolDay(exec: Executor, unitId: number | null, date: string): Promise<boolean> {
  return opensOn(await unitCalendar(exec, unitId), date);
}

/** The unit's school days from `from` to `to` (both included), ascending. */
export async function schoolDays(exec: Executor, unitId: number | null, from: string, to: string): Promise<string[]> {
  const cal = await unitCalendar(exec, unitId);
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) if (opensOn(cal, d)) days.push(d);
  return days;
}

/** The school days of several units between two dates (every unit when `unitIds` is null). */
export async function schoolDaysOfUnits(
  exec: Executor,
  unitIds: readonly number[] | null,
  from: string,
  to: string,
): Promise<Map<number, string[]>> {
  const ids = unitIds ?? (await cached(exec, 'unit-ids', UNITS, () => repo.unitIds(exec)));
  return new Map(await Promise.all(ids.map(async (id) => [id, await schoolDays(exec, id, from, to)] as const)));
}

/** The unit of a class (cached with the structure), for callers that know only the class. */
export function unitOfClass(exec: Executor, classGroupId: number): Promise<number | undefined> {
  return cached(exec, `class-unit:${classGroupId}`, CLASS_UNIT, () => repo.unitOfClass(exec, classGroupId));
}

/** Refuses a date that is not a school day of the unit, naming why (400). */
export async function assertSchoolDay(exec: Executor, unitId: number, date: string): Promise<void> {
  const cal = await unitCalendar(exec, unitId);
  if (opensOn(cal, date)) return;
  const weekday = weekdayOf(date);
  if (weekday > cal.week) {
    throw badRequest(`Hari ${weekday === 7 ? 'Minggu' : 'Sabtu'} bukan hari sekolah`, { date: 'Bukan hari sekolah' });
  }
  const [entry] = (await repo.entriesBetween(exec, unitId, date, date)).filter((e) => isNonSchoolKind(e.kind));
  throw badRequest(`Tanggal ${date} bukan hari sekolah${entry ? ` (${entry.name})` : ''}`, {
    date: 'Bukan hari sekolah',
  });
}

// ---------- the calendar's screens and edits ----------

const asEntry = (e: repo.EntryRow): CalendarEntry => ({
  ...e,
  kind: e.kind as CalendarKind,
  nonSchool: isNonSchoolKind(e.kind),
});

/** Adds whole years to a date; 29 February becomes 28 February in a common year. */
export function shiftYears(date: string, years: number): string {
  const y = Number(date.slice(0, 4)) + years;
  const md = date.slice(5);
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return `${String(y).padStart(4, '0')}-${md === '02-29' && !leap ? '02-28' : md}`;
}

/** Kinds whose dates move from year to year (the Hijri calendar and the decrees that follow it): never copied. */
const MOVING_KINDS: readonly string[] = ['ISLAMIC_HOLIDAY', 'CUTI_BERSAMA'];

export function createCalendarService(db: Database) {
  /** Only a user who sees every unit edits the foundation's entries; others edit their own unit's. */
  async function assertManages(user: AuthUser, unitId: number | null) {
    if (unitId === null) {
      if (!seesAllUnits(user)) throw forbidden('Hanya ADMIN yang dapat mengubah kalender seluruh yayasan');
      return;
    }
    assertUnit(user, unitId);
    if ((await repo.schoolWeekOf(db, unitId)) === undefined) {
      throw badRequest('Unit tidak ada', { unitId: 'Unit tidak ditemukan' });
    }
  }

  /**
   * The checks of an entry before it is written (in the writing transaction): the dates in order,
   * inside one academic year, and no entry of the same owner and kind overlapping it.
   */
  async function assertEntry(
    exec: Executor,
    e: { unitId: number | null; kind: string; startDate: string; endDate: string },
    exceptId?: number,
  ) {
    if (e.endDate < e.startDate) {
      throw badRequest('Tanggal selesai tidak boleh sebelum tanggal mulai', { endDate: 'Sebelum tanggal mulai' });
    }
    if (!(await repo.yearHolding(exec, e.startDate, e.endDate))) {
      throw badRequest('Rentang tanggal harus berada di dalam satu tahun pelajaran', {
        startDate: 'Di luar tahun pelajaran',
      });
    }
    const clash = await repo.overlappingEntry(exec, e, exceptId);
    if (clash) {
      throw conflict(`Sudah ada "${clash.name}" (${clash.startDate} s.d. ${clash.endDate}) dengan jenis yang sama`);
    }
  }

  async function yearOf(academicYearId: number | undefined) {
    const year = academicYearId ? await repo.findYear(db, academicYearId) : await activeYear(db);
    if (!year) throw academicYearId ? notFound('Tahun pelajaran') : badRequest('Belum ada tahun pelajaran aktif');
    return year;
  }

  /** A unit's entries (its own and the foundation's) in a year; no unit: the foundation's. */
  async function list(user: AuthUser, q: CalendarQuery) {
    const unitId = unitScope(user, q.unitId);
    const year = await yearOf(q.academicYearId);
    const [items, week] = await Promise.all([
      repo.entriesBetween(db, unitId, year.startDate, year.endDate),
      unitId === null ? undefined : repo.schoolWeekOf(db, unitId),
    ]);
    if (unitId !== null && week === undefined) throw notFound('Unit');
    return {
      unitId,
      academicYearId: year.id,
      yearName: year.name,
      startDate: year.startDate,
      endDate: year.endDate,
      schoolDaysPerWeek: week ?? null,
      items: items.map(asEntry),
    };
  }

  /** Each day of a month for a unit: school day or not, and the entries covering it. */
  async function month(user: AuthUser, q: CalendarMonthQuery): Promise<CalendarMonth> {
    const unitId = unitScope(user, q.unitId);
    if (unitId === null) throw badRequest('Pilih unit', { unitId: 'Wajib' });
    const first = `${q.month}-01`;
    const last = addDays(`${addDays(first, 31).slice(0, 7)}-01`, -1);
    const [open, entries, week] = await Promise.all([
      schoolDays(db, unitId, first, last),
      repo.entriesBetween(db, unitId, first, last),
      repo.schoolWeekOf(db, unitId),
    ]);
    const openDays = new Set(open);
    const days = [];
    for (let d = first; d <= last; d = addDays(d, 1)) {
      days.push({
        date: d,
        weekday: weekdayOf(d),
        schoolDay: openDays.has(d),
        entries: entries.filter((e) => e.startDate <= d && d <= e.endDate).map(asEntry),
      });
    }
    return { unitId, month: q.month, schoolDaysPerWeek: week!, days };
  }

  /** The next non-school entries of a unit from today (the dashboard). */
  async function upcoming(user: AuthUser, q: UpcomingQuery) {
    const unitId = unitScope(user, q.unitId);
    const items = await repo.entriesFrom(db, unitId, clock.today(), NON_SCHOOL_KINDS, q.limit);
    return { items: items.map(asEntry) };
  }

  async function create(user: AuthUser, input: CalendarEntryInput, actor: AuditActor) {
    await assertManages(user, input.unitId);
    return db.transaction(async (tx) => {
      await assertEntry(tx, input);
      const [row] = await repo.insertEntries(tx, [input]);
      await audit(tx, actor, {
        action: 'school.calendar.create',
        entityType: 'calendar_entry',
        entityId: row!.id,
        after: row,
      });
      return asEntry(row!);
    });
  }

  async function entryOrFail(exec: Executor, user: AuthUser, id: number) {
    const entry = await repo.findEntry(exec, id);
    if (!entry) throw notFound('Kegiatan kalender');
    await assertManages(user, entry.unitId);
    return entry;
  }

  async function update(user: AuthUser, id: number, patch: CalendarEntryUpdate, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const before = await entryOrFail(tx, user, id);
      const next = { ...before, ...patch };
      await assertEntry(tx, next, id);
      const row = await repo.updateEntry(tx, id, patch);
      await audit(tx, actor, {
        action: 'school.calendar.update',
        entityType: 'calendar_entry',
        entityId: id,
        before,
        after: row,
      });
      return asEntry(row!);
    });
  }

  async function remove(user: AuthUser, id: number, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const before = await entryOrFail(tx, user, id);
      await repo.deleteEntry(tx, id);
      await audit(tx, actor, { action: 'school.calendar.delete', entityType: 'calendar_entry', entityId: id, before });
    });
    return { ok: true as const };
  }

  async function setSchoolWeek(user: AuthUser, unitId: number, days: number, actor: AuditActor) {
    await assertManages(user, unitId);
    await db.transaction(async (tx) => {
      const before = await repo.schoolWeekOf(tx, unitId);
      await repo.setSchoolWeek(tx, unitId, days);
      await audit(tx, actor, {
        action: 'school.calendar.week',
        entityType: 'unit',
        entityId: unitId,
        before: { schoolDaysPerWeek: before },
        after: { schoolDaysPerWeek: days },
      });
    });
    return { unitId, schoolDaysPerWeek: days };
  }

  /**
   * Copies the entries of one owner (a unit, or the foundation) from the year before into a year,
   * on the same calendar dates. Islamic holidays and cuti bersama move every year and are left to
   * be entered by hand; an entry that would fall outside the year or clash with one there is skipped.
   */
  async function copyPreviousYear(user: AuthUser, input: CalendarCopyInput, actor: AuditActor) {
    await assertManages(user, input.unitId);
    const target = await repo.findYear(db, input.academicYearId);
    if (!target) throw notFound('Tahun pelajaran');
    const source = await repo.yearBefore(db, target.startDate);
    if (!source)
      throw badRequest(`Tidak ada tahun pelajaran sebelum ${target.name}`, {
        academicYearId: 'Tidak ada tahun sebelumnya',
      });
    const shift = Number(target.startDate.slice(0, 4)) - Number(source.startDate.slice(0, 4));
    return db.transaction(async (tx) => {
      const entries = await repo.ownEntriesBetween(tx, input.unitId, source.startDate, source.endDate);
      const copies: repo.EntryValues[] = [];
      for (const e of entries) {
        if (MOVING_KINDS.includes(e.kind)) continue;
        const copy = {
          unitId: input.unitId,
          kind: e.kind,
          name: e.name,
          startDate: shiftYears(e.startDate, shift),
          endDate: shiftYears(e.endDate, shift),
        };
        if (copy.startDate < target.startDate || copy.endDate > target.endDate) continue;
        if (await repo.overlappingEntry(tx, copy)) continue;
        copies.push(copy);
      }
      const rows = await repo.insertEntries(tx, copies);
      await audit(tx, actor, {
        action: 'school.calendar.copy',
        entityType: 'academic_year',
        entityId: target.id,
        after: { unitId: input.unitId, from: source.name, copied: rows.map((r) => r.id) },
      });
      return { copied: rows.length, skipped: entries.length - rows.length };
    });
  }

  return { list, month, upcoming, create, update, remove, setSchoolWeek, copyPreviousYear, assertManages, assertEntry };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
