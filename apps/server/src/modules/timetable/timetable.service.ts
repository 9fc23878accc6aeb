import {
  academicPeriodOfDate,
  weekdayOf,
  type TimetableToday,
  DAY_NAMES_ID,
  type AuthUser,
  type Semester,
  type TimetableCheckInput,
  type TimetableClash,
  type TimetableProblem,
  type TimetablePeriodQuery,
  type TimetableQuery,
  type TimetableSlotInput,
  type TimetableSlotUpdate,
  TimetableResponse,
  type TeachingHoursQuery,
} from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { cached, dependsOn } from '../../lib/read-cache.ts';
import { preChecked } from '../../lib/serializer.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { assertUnit, seesAllUnits, seesOnlyOwnClasses, unitScope } from '../../lib/scope.ts';
import { mapDbError } from '../../lib/db-errors.ts';
import { findClass, findEmployeeRef, findSubject, studentClassIn } from '../school/school.service.ts';
import { isSchoolDay } from '../school/calendar.service.ts';
import type { StructureService } from '../school/structure.service.ts';
import * as repo from './timetable.repo.ts';
import { clock } from '../../lib/clock.ts';
import { actorOfUser } from '../../lib/actor.ts';
import { access } from '../access/access.service.ts';

/** What a week of the timetable is read from (timetable.repo.ts `listSlots`). */
const WEEK = dependsOn('timetable_slots', 'class_groups', 'grades', 'subjects', 'employees', 'bell_periods');

type SlotRow = NonNullable<Awaited<ReturnType<typeof repo.findSlot>>>;

/** A lesson of the timetable by id, with its class, subject and teacher: what every feature asks of a slot. */
export const findSlot = (db: Executor, id: number) => repo.findSlot(db, id);

const when = (day: number, period: number) => `${DAY_NAMES_ID[day] ?? `hari ${day}`} jam ke-${period}`;

function toClashes(found: Awaited<ReturnType<typeof repo.clashesOf>>): TimetableClash[] {
  const describe = (s: SlotRow, kind: 'CLASS' | 'TEACHER'): TimetableClash => ({
    kind,
    slotId: s.id,
    classGroupId: s.classGroupId,
    className: s.className,
    subjectName: s.subjectName,
    teacherName: s.teacherName,
    day: s.day,
    period: s.period,
    message:
      kind === 'CLASS'
        ? `Kelas ${s.className} sudah ada pelajaran ${s.subjectName} (${s.teacherName}) pada ${when(s.day, s.period)}`
        : `${s.teacherName} sudah mengajar ${s.subjectName} di kelas ${s.className} pada ${when(s.day, s.period)}`,
  });
  return [...found.byClass.map((s) => describe(s, 'CLASS')), ...found.byTeacher.map((s) => describe(s, 'TEACHER'))];
}

/**
 * The school's assignment for a lesson (one rule for the check and the save): the teacher must be assigned to
 * teach the subject in the class that semester, and the lessons placed may not exceed its weekly JP.
 */
async function assignmentProblems(
  db: Executor,
  values: repo.ProposedSlot & { subjectId: number },
  names: { teacher: string; subject: string; className: string },
  exceptId?: number,
): Promise<TimetableProblem[]> {
  const { hoursPerWeek, placed } = await repo.assignmentLoad(db, values, exceptId);
  if (hoursPerWeek === undefined) {
    return [
      {
        kind: 'NOT_ASSIGNED',
        field: 'employeeId',
        message: `${names.teacher} tidak ditugaskan mengajar ${names.subject} di kelas ${names.className} semester ini`,
      },
    ];
  }
  if (placed + 1 > hoursPerWeek) {
    return [
      {
        kind: 'HOURS_FULL',
        field: 'subjectId',
        message: `${names.subject} di kelas ${names.className} sudah ${placed} dari ${hoursPerWeek} JP per minggu`,
      },
    ];
  }
  return [];
}

const clashError = (clashes: TimetableClash[]) =>
  conflict(
    clashes.map((c) => c.message).join('; '),
    Object.fromEntries(clashes.map((c) => [c.kind === 'CLASS' ? 'classGroupId' : 'employeeId', c.message])),
  );

export function createTimetableService(db: Database, structure: StructureService) {
  /** Year and semester of a view: the requested ones, else the active year and today's semester. */
  async function periodOf(q: TimetablePeriodQuery): Promise<{ academicYearId: number; semester: Semester }> {
    const semester = q.semester ?? academicPeriodOfDate(clock.today()).semester;
    if (q.academicYearId) return { academicYearId: q.academicYearId, semester };
    const year = await structure.currentYear();
    if (!year) throw notFound('Tahun pelajaran aktif');
    return { academicYearId: year.id, semester };
  }

  /** The class a signed-in student sits in this year (null when not enrolled). */
  async function ownClass(user: AuthUser, academicYearId: number) {
    if (!user.studentId) return undefined;
    return studentClassIn(db, user.studentId, academicYearId);
  }

  /**
   * A class's or a teacher's week as its response body, read through the school read cache and
   * checked against the response schema once per change (lib/read-cache.ts, lib/serializer.ts).
   */
  function week(
    period: { academicYearId: number; semester: Semester },
    filter: { classGroupId?: number; employeeId?: number },
    head: { classGroupId?: number; className?: string } = {},
  ): Promise<TimetableResponse> {
    const key = `timetable:${period.academicYearId}:${period.semester}:${filter.classGroupId}:${filter.employeeId}:${head.classGroupId}`;
    return cached(db, key, WEEK, async () =>
      preChecked(
        TimetableResponse.parse({ ...period, ...head, items: await repo.listSlots(db, { ...period, ...filter }) }),
      ),
    );
  }

  async function list(user: AuthUser, q: TimetableQuery) {
    const period = await periodOf(q);
    let { classGroupId, employeeId } = q;
    let unitId: number | null;
    if (user.division === 'STUDENT') {
      const own = await ownClass(user, period.academicYearId);
      if (classGroupId && classGroupId !== own?.classGroupId) {
        throw forbidden('Anda hanya dapat melihat jadwal kelas Anda sendiri');
      }
      if (employeeId) throw forbidden('Anda hanya dapat melihat jadwal kelas Anda sendiri');
      if (!own) return { ...period, items: [], total: 0, page: q.page, pageSize: q.pageSize };
      classGroupId = own.classGroupId;
      unitId = null;
    } else {
      unitId = unitScope(user, q.unitId);
      if (seesOnlyOwnClasses(user) && employeeId && employeeId !== user.employeeId) {
        throw forbidden('Anda hanya dapat melihat jadwal mengajar Anda sendiri atau jadwal kelas unit Anda');
      }
      employeeId = employeeId ?? undefined;
    }
    const page = await repo.pageSlots(
      db,
      { ...period, unitId, classGroupId, employeeId, day: q.day },
      { page: q.page, pageSize: q.pageSize },
    );
    return { ...period, ...page, page: q.page, pageSize: q.pageSize };
  }

  async function ofClass(user: AuthUser, classGroupId: number, q: TimetablePeriodQuery) {
    const cls = await findClass(db, classGroupId);
    if (!cls) throw notFound('Kelas');
    const period = await periodOf({ academicYearId: q.academicYearId ?? cls.academicYearId, semester: q.semester });
    await access.require(db, actorOfUser(user), 'readSchedule', 'class', cls.id);
    return week(period, { classGroupId }, { classGroupId: cls.id, className: cls.name });
  }

  async function ofTeacher(user: AuthUser, employeeId: number, q: TimetablePeriodQuery) {
    const employee = await findEmployeeRef(db, employeeId);
    if (!employee) throw notFound('Guru');
    if (user.division === 'STUDENT') throw forbidden('Anda hanya dapat melihat jadwal kelas Anda sendiri');
    if (seesOnlyOwnClasses(user) && user.employeeId !== employeeId) {
      throw forbidden('Anda hanya dapat melihat jadwal mengajar Anda sendiri atau jadwal kelas unit Anda');
    }
    if (!seesAllUnits(user) && employee.unitId !== null && employee.unitId !== user.unit?.id) {
      throw forbidden('Guru ini milik unit lain');
    }
    const period = await periodOf(q);
    return week(period, { employeeId });
  }

  /** A teacher's own teaching week, or a student's current class's week. */
  async function mine(user: AuthUser, q: TimetablePeriodQuery) {
    const period = await periodOf(q);
    if (user.studentId) {
      const own = await ownClass(user, period.academicYearId);
      const items = own ? await repo.listSlots(db, { ...period, classGroupId: own.classGroupId }) : [];
      return { ...period, classGroupId: own?.classGroupId ?? null, className: own?.className ?? null, items };
    }
    if (!user.employeeId) return { ...period, items: [] };
    return week(period, { employeeId: user.employeeId });
  }

  /**
   * Today's lessons of the own week (a student's class, a teacher's lessons), in period order; none on a
   * day without school (the unit's calendar: Sunday, a holiday, a break).
   */
  async function today(user: AuthUser): Promise<TimetableToday> {
    const date = clock.today();
    const own = await mine(user, {});
    const unitId = own.items[0]?.unitId ?? user.unit?.id ?? null;
    const schoolDay = await isSchoolDay(db, unitId, date);
    const day = weekdayOf(date);
    const lessons = schoolDay ? own.items.filter((s) => s.day === day).sort((a, b) => a.period - b.period) : [];
    return { date, schoolDay, className: own.className ?? null, lessons };
  }

  async function teachingHours(user: AuthUser, q: TeachingHoursQuery) {
    const unitId = unitScope(user, q.unitId);
    const period = await periodOf(q);
    return { ...period, items: await repo.teachingHours(db, period.academicYearId, period.semester, unitId) };
  }

  // ---------- writes ----------

  /** Validates a proposed slot's references; returns what saving needs. */
  async function resolve(user: AuthUser, input: TimetableSlotInput) {
    const cls = await findClass(db, input.classGroupId);
    if (!cls) throw badRequest('Kelas tidak ada', { classGroupId: 'Kelas tidak ditemukan' });
    assertUnit(user, cls.unitId);
    const [subject, employee, periods] = await Promise.all([
      findSubject(db, input.subjectId),
      findEmployeeRef(db, input.employeeId),
      repo.bellPeriodsOf(db, cls.unitId),
    ]);
    const fields: Record<string, string> = {};
    if (!subject || subject.unitId !== cls.unitId) fields.subjectId = 'Mapel tidak ditemukan di unit kelas ini';
    if (!employee || !employee.isActive) fields.employeeId = 'Guru tidak ditemukan atau tidak aktif';
    if (!periods.includes(input.period)) {
      fields.period = periods.length
        ? `Jam ke-${input.period} tidak ada di jadwal bel unit (1-${Math.max(...periods)})`
        : 'Jadwal bel unit belum diatur';
    }
    if (Object.keys(fields).length) throw badRequest('Jadwal tidak valid', fields);
    return {
      values: { ...input, unitId: cls.unitId, academicYearId: cls.academicYearId },
      className: cls.name,
      names: { teacher: employee!.name, subject: subject!.name, className: cls.name },
    };
  }

  async function check(user: AuthUser, input: TimetableCheckInput) {
    const { slotId, ...proposal } = input;
    const { values, names } = await resolve(user, proposal);
    const [clashes, problems] = await Promise.all([
      repo.clashesOf(db, values, slotId).then(toClashes),
      assignmentProblems(db, values, names, slotId),
    ]);
    return { ok: clashes.length === 0 && problems.length === 0, clashes, problems };
  }

  /** Saves under the clash rule; a unique-index hit from a concurrent save gets the same named 409. */
  async function save(
    values: repo.ProposedSlot & { subjectId: number },
    names: { teacher: string; subject: string; className: string },
    exceptId: number | undefined,
    work: () => Promise<number>,
  ) {
    const clashes = toClashes(await repo.clashesOf(db, values, exceptId));
    if (clashes.length) throw clashError(clashes);
    const problems = await assignmentProblems(db, values, names, exceptId);
    if (problems.length) {
      throw conflict(
        problems.map((p) => p.message).join('; '),
        Object.fromEntries(problems.map((p) => [p.field, p.message])),
      );
    }
    try {
      return await work();
    } catch (err) {
      if (err instanceof AppError) throw err;
      const code = ((err as { cause?: { code?: string } }).cause ?? (err as { code?: string }))?.code;
      if (code === '23505') {
        const again = toClashes(await repo.clashesOf(db, values, exceptId));
        throw again.length ? clashError(again) : conflict('Jadwal bentrok dengan jadwal lain yang baru disimpan');
      }
      return mapDbError(err);
    }
  }

  async function create(user: AuthUser, input: TimetableSlotInput, actor: AuditActor) {
    const { values, names } = await resolve(user, input);
    const id = await save(values, names, undefined, () =>
      db.transaction(async (tx) => {
        const id = await repo.insertSlot(tx, values);
        await audit(tx, actor, {
          action: 'schedule.slot.create',
          entityType: 'timetable_slot',
          entityId: id,
          after: values,
        });
        return id;
      }),
    );
    return (await repo.findSlot(db, id))!;
  }

  async function getForWrite(user: AuthUser, id: number) {
    const slot = await repo.findSlot(db, id);
    if (!slot) throw notFound('Jadwal');
    assertUnit(user, slot.unitId);
    return slot;
  }

  async function update(user: AuthUser, id: number, input: TimetableSlotUpdate, actor: AuditActor) {
    const before = await getForWrite(user, id);
    const { values, names } = await resolve(user, {
      classGroupId: before.classGroupId,
      semester: before.semester,
      day: input.day ?? before.day,
      period: input.period ?? before.period,
      subjectId: input.subjectId ?? before.subjectId,
      employeeId: input.employeeId ?? before.employeeId,
    });
    await save(values, names, id, () =>
      db.transaction(async (tx) => {
        await repo.updateSlot(tx, id, values);
        await audit(tx, actor, {
          action: 'schedule.slot.update',
          entityType: 'timetable_slot',
          entityId: id,
          before,
          after: values,
        });
        return id;
      }),
    );
    return (await repo.findSlot(db, id))!;
  }

  async function remove(user: AuthUser, id: number, actor: AuditActor) {
    const before = await getForWrite(user, id);
    await db.transaction(async (tx) => {
      await repo.deleteSlot(tx, id);
      await audit(tx, actor, { action: 'schedule.slot.delete', entityType: 'timetable_slot', entityId: id, before });
    });
  }

  return { list, ofClass, ofTeacher, mine, today, teachingHours, check, create, update, remove };
}

export type TimetableService = ReturnType<typeof createTimetableService>;
