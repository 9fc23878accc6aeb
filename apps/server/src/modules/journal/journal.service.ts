import {
  academicPeriodOfDate,
  DAY_NAMES_ID,
  type AuthUser,
  type ClassJournal,
  type JournalInput,
  type JournalsQuery,
  type SubstituteInput,
  type SubstitutesQuery,
  weekdayOf,
} from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import { audited, type AuditActor } from '../../lib/audit.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { AttendanceService } from '../attendance/attendance.service.ts';
import { clock } from '../../lib/clock.ts';
import { assertSchoolDay, isSchoolDay } from '../school/calendar.service.ts';
import { assertUnit, seesAllUnits, unitScope, userCan } from '../../lib/scope.ts';
import * as repo from './journal.repo.ts';
import { findSlot } from '../timetable/timetable.service.ts';
import * as school from '../school/school.service.ts';
import { actorOfUser } from '../../lib/actor.ts';
import { access } from '../access/access.service.ts';
import { isJournalLeader } from './lesson-access.ts';

type Slot = NonNullable<Awaited<ReturnType<typeof findSlot>>>;

const toSummary = ({ unitId: _unit, createdAt, updatedAt, ...rest }: repo.JournalRow) => ({
  ...rest,
  createdAt: createdAt.toISOString(),
  updatedAt: updatedAt.toISOString(),
});

export function createJournalService(db: Database, attendance: AttendanceService) {
  async function slotOrFail(slotId: number) {
    const slot = await findSlot(db, slotId);
    if (!slot) throw notFound('Jadwal pelajaran');
    return slot;
  }

  /**
   * Who may read a lesson's journal: the lesson's teacher and substitute of the unit, else the class rule's
   * `readJournal` (a student of the class, its teachers, and the unit's staff).
   */
  async function assertMayRead(user: AuthUser, slot: Slot, substituteId: number | null) {
    const me = user.division === 'STUDENT' ? null : user.employeeId;
    if (me && (me === slot.employeeId || me === substituteId)) {
      if (!seesAllUnits(user)) assertUnit(user, slot.unitId);
      return;
    }
    await access.require(db, actorOfUser(user), 'readJournal', 'class', slot.classGroupId);
  }

  /** The substitute of a lesson: the one who wrote its journal, or the one the school named. */
  async function substituteIdOf(
    slotId: number,
    date: string,
    journal: { substituteEmployeeId: number | null } | undefined,
  ) {
    return journal?.substituteEmployeeId ?? (await repo.findSubstitute(db, slotId, date))?.employeeId ?? null;
  }

  async function get(user: AuthUser, slotId: number, date: string): Promise<ClassJournal> {
    const slot = await slotOrFail(slotId);
    const row = await repo.findJournal(db, slotId, date);
    await assertMayRead(user, slot, await substituteIdOf(slotId, date, row));
    if (!row) throw notFound('Jurnal');
    const { absentCount: _n, ...journal } = toSummary(row);
    return { ...journal, absences: await attendance.lessonAbsences(slotId, date) };
  }

  /** The class list of a lesson to fill its journal, for those who may write it. */
  async function roster(user: AuthUser, slotId: number, date: string) {
    const slot = await slotOrFail(slotId);
    const existing = await repo.findJournal(db, slotId, date);
    await assertMayRead(user, slot, await substituteIdOf(slotId, date, existing));
    return {
      timetableSlotId: slot.id,
      date,
      classGroupId: slot.classGroupId,
      className: slot.className,
      subjectName: slot.subjectName,
      period: slot.period,
      students: await attendance.lessonRoster(slot.classGroupId, slot.id, date),
    };
  }

  /**
   * The lesson rule's `writeJournal` (lesson-access.ts: a leader of the unit), and the people of the lesson: the
   * slot's teacher and the substitute the school named for that date (from the database, an assignment by the
   * principal, WAKAKUR or admin, never from the request). Run inside the transaction that writes.
   */
  async function assertMayWrite(tx: Executor, user: AuthUser, slot: Slot, substituteId: number | null) {
    const me = user.employeeId;
    const ofLesson = !!me && (me === slot.employeeId || me === substituteId);
    // a leader is held to the unit even for a lesson they teach
    if (ofLesson && !isJournalLeader(user)) return;
    await access.require(tx, actorOfUser(user), 'writeJournal', 'lesson', slot.id);
  }

  /** The date falls on the lesson's weekday and in its semester. */
  function assertLessonDay(slot: Slot, date: string) {
    if (weekdayOf(date) !== slot.day) {
      throw badRequest(`Tanggal ${date} bukan hari ${DAY_NAMES_ID[slot.day]}, hari jadwal ini`, {
        date: 'Bukan hari jadwal',
      });
    }
    if (academicPeriodOfDate(date).semester !== slot.semester) {
      throw badRequest(`Tanggal ${date} tidak berada di semester ${slot.semester} jadwal ini`, {
        date: 'Semester lain',
      });
    }
  }

  async function save(user: AuthUser, slotId: number, date: string, input: JournalInput, actor: AuditActor) {
    const slot = await slotOrFail(slotId);
    await attendance.assertRegisterDate({ unitId: slot.unitId, academicYearId: slot.academicYearId }, date);
    assertLessonDay(slot, date);
    const absences = input.absences ?? [];
    await db.transaction(async (tx) => {
      // Who may write is decided inside the transaction that writes, before anything is written.
      const substitute = await repo.findSubstitute(tx, slot.id, date);
      await assertMayWrite(tx, user, slot, substitute?.employeeId ?? null);
      const before = await repo.findJournal(tx, slotId, date);
      const values = {
        timetableSlotId: slot.id,
        classGroupId: slot.classGroupId,
        date,
        topic: input.topic,
        objective: input.objective ?? null,
        notes: input.notes ?? null,
        substituteEmployeeId: substitute?.employeeId ?? null,
        authorUserId: user.id,
      };
      const id = await repo.upsertJournal(tx, values);
      await audited(
        tx,
        actor,
        {
          action: before ? 'journal.update' : 'journal.create',
          entityType: 'class_journal',
          entityId: id,
          before: before ?? null,
          after: { ...values, absences },
        },
        () =>
          attendance.saveLessonRegister(tx, {
            slotId: slot.id,
            classGroupId: slot.classGroupId,
            className: slot.className,
            date,
            absences,
            recordedByUserId: user.id,
          }),
      );
    });
    return get(user, slotId, date);
  }

  /** A leader of the slot's unit names the substitute of one lesson (again = change it). */
  async function assignSubstitute(
    user: AuthUser,
    slotId: number,
    date: string,
    input: SubstituteInput,
    actor: AuditActor,
  ) {
    const slot = await slotOrFail(slotId);
    assertUnit(user, slot.unitId);
    assertLessonDay(slot, date);
    await assertSchoolDay(db, slot.unitId, date);
    const sub = await school.findEmployeeRef(db, input.employeeId);
    if (!sub || !sub.isActive) {
      throw badRequest('Guru pengganti tidak ditemukan atau tidak aktif', { employeeId: 'Tidak ada' });
    }
    if (sub.unitId !== slot.unitId) {
      throw badRequest('Guru pengganti harus guru unit yang sama', { employeeId: 'Unit lain' });
    }
    if (sub.id === slot.employeeId) {
      throw badRequest('Guru pengganti harus orang lain dari guru jadwal', { employeeId: 'Guru jadwal' });
    }
    await db.transaction(async (tx) => {
      const before = await repo.findSubstitute(tx, slot.id, date);
      const values = {
        timetableSlotId: slot.id,
        date,
        employeeId: sub.id,
        note: input.note ?? null,
        assignedByUserId: user.id,
      };
      await audited(
        tx,
        actor,
        {
          action: 'journal.substitute.assign',
          entityType: 'timetable_slot',
          entityId: slot.id,
          before: before ? { date, ...before } : null,
          after: values,
        },
        () => repo.upsertSubstitute(tx, values),
      );
    });
    return substituteOf(slot, date);
  }

  async function removeSubstitute(user: AuthUser, slotId: number, date: string, actor: AuditActor) {
    const slot = await slotOrFail(slotId);
    assertUnit(user, slot.unitId);
    await db.transaction(async (tx) => {
      const before = await repo.findSubstitute(tx, slot.id, date);
      if (!before) throw notFound('Guru pengganti');
      const change = { action: 'journal.substitute.remove', entityType: 'timetable_slot', entityId: slot.id };
      // a removal that found nothing throws, and the entry rolls back with the transaction
      const removed = await audited(tx, actor, { ...change, before: { date, ...before }, after: null }, () =>
        repo.deleteSubstitute(tx, slot.id, date),
      );
      if (!removed) throw notFound('Guru pengganti');
    });
  }

  async function substituteOf(slot: Slot, date: string) {
    const [row] = (await repo.listSubstitutes(db, { unitId: slot.unitId, from: date, to: date })).filter(
      (r) => r.timetableSlotId === slot.id,
    );
    if (!row) throw notFound('Guru pengganti');
    return row;
  }

  /**
   * The substitutions between two dates: of the caller's unit (every unit for YAYASAN and ADMIN) for
   * those who name substitutes, and a teacher's own (the lessons they were named for) for the rest.
   */
  async function substitutes(user: AuthUser, q: SubstitutesQuery) {
    const unitId = unitScope(user, q.unitId);
    if (userCan(user, 'journal.substitute.manage')) return repo.listSubstitutes(db, { unitId, from: q.from, to: q.to });
    if (!user.employeeId) return [];
    return repo.listSubstitutes(db, { unitId, from: q.from, to: q.to, employeeId: user.employeeId });
  }

  async function list(user: AuthUser, q: JournalsQuery) {
    if (user.division === 'STUDENT') {
      const cls = user.studentId ? await attendance.currentClassOf(user.studentId) : undefined;
      if (!cls) return { items: [], total: 0, page: q.page, pageSize: q.pageSize };
      if (q.classGroupId && q.classGroupId !== cls.id) {
        throw forbidden('Anda hanya dapat melihat jurnal kelas Anda sendiri');
      }
      const page = await repo.listJournals(
        db,
        { from: q.from, to: q.to, unitId: null, classGroupId: cls.id, onlyClassIds: null },
        q,
      );
      return { ...page, items: page.items.map(toSummary) };
    }
    const unitId = unitScope(user, undefined);
    const own = await attendance.ownClasses(user);
    if (q.classGroupId && own && !own.includes(q.classGroupId)) {
      throw forbidden('Anda tidak mengajar atau menjadi wali kelas ini');
    }
    const page = await repo.listJournals(
      db,
      {
        from: q.from,
        to: q.to,
        unitId,
        classGroupId: q.classGroupId,
        onlyClassIds: own,
        employeeId: user.employeeId,
        mine: q.mine,
      },
      q,
    );
    return { ...page, items: page.items.map(toSummary) };
  }

  /**
   * A teacher's day: lessons with the journal still to write, and homeroom registers still to
   * take, of the classes whose unit has school that day (the calendar decides; a holiday asks nothing).
   */
  async function today(user: AuthUser) {
    const date = clock.today();
    const schoolDay = await isSchoolDay(db, user.unit?.id ?? null, date);
    if (!user.employeeId) return { date, schoolDay, homeroom: false, lessons: [], homeroomRegistersOpen: [] };
    const day = weekdayOf(date);
    const [led, year] = await Promise.all([school.homeroomClasses(db, user.employeeId), school.activeYear(db)]);
    const [lessons, registers] = await Promise.all([
      day <= 6 && year
        ? repo.lessonsOfDay(db, user.employeeId, year.id, day, academicPeriodOfDate(date).semester, date)
        : Promise.resolve([]),
      attendance.registersNotTaken(
        led.map((c) => c.id),
        date,
      ),
    ]);
    const homeroom = led.length > 0;
    const open = new Map<number, boolean>();
    for (const unitId of new Set([...lessons, ...registers].map((r) => r.unitId))) {
      open.set(unitId, await isSchoolDay(db, unitId, date));
    }
    return {
      date,
      schoolDay,
      homeroom,
      lessons: lessons.filter((l) => open.get(l.unitId)).map(({ unitId: _unit, ...l }) => l),
      homeroomRegistersOpen: registers.filter((r) => open.get(r.unitId)).map(({ unitId: _unit, ...r }) => r),
    };
  }

  return { get, save, list, today, roster, substitutes, assignSubstitute, removeSubstitute };
}

export type JournalService = ReturnType<typeof createJournalService>;
