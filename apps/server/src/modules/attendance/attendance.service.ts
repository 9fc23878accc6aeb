import { addDays, formatDate } from '@mms/shared';
import type {
  AttendanceListQuery,
  AuthUser,
  ClassRegister,
  ClassSummaryQuery,
  DateUnitQuery,
  RecapQuery,
  RegisterInput,
  RegisterMonthQuery,
  StudentAttendanceQuery,
  UnitRecap,
  UnitRecapQuery,
} from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import type { AuditActor } from '../../lib/audit.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { seesAllUnits, seesOnlyOwnClasses, unitScope } from '../../lib/scope.ts';
import * as repo from './attendance.repo.ts';
import { assertClassAccess } from './class-access.ts';
import { assertNotFuture, assertRange } from '../../lib/school-dates.ts';
import { clock } from '../../lib/clock.ts';
import {
  assertSchoolDay,
  isSchoolDay,
  schoolDays as schoolDaysOf,
  schoolDaysOfUnits,
  unitOfClass,
} from '../school/calendar.service.ts';
import * as school from '../school/school.service.ts';
import { actorOfUser } from '../../lib/actor.ts';
import { access } from '../access/access.service.ts';

type Code = 'H' | 'S' | 'I' | 'A';

/** H as a share of the days counted, 0-100 with one decimal. */
/** H as a share of the counted days, 0-100 with one decimal; null when no day was counted (no data is not 0%). */
const pct = (h: number, days: number) => (days > 0 ? Math.round((h / days) * 1000) / 10 : null);

/** Students' daily register by code over a range (the student record's and the rapor's attendance part). */
export { dailyCountsOfStudents, studentDailyCounts, type DailyCountRow } from './student-summary.repo.ts';

export interface LessonRegisterInput {
  slotId: number;
  classGroupId: number;
  className: string;
  date: string;
  absences: { studentId: number; code: 'S' | 'I' | 'A' }[];
  recordedByUserId: number | null;
}

export function createAttendanceService(db: Database) {
  /** The classes the caller may read (the class rule), for the lists below. */
  const readableClasses = (user: AuthUser) => access.reachableIds(db, actorOfUser(user), 'read', 'class');
  /** The classes the class rule limits a teacher to (taught or led), null for who sees the unit's: for id lists. */
  const ownClasses = (user: AuthUser) => access.limitedTo(db, actorOfUser(user), 'read', 'class');

  async function classOrFail(user: AuthUser, classGroupId: number) {
    const cls = await school.findClass(db, classGroupId);
    if (!cls) throw notFound('Kelas');
    await assertClassAccess(db, user, cls);
    return cls;
  }

  /** A register day: not in the future, a school day of the unit's calendar, inside the active year, and the class of that year. */
  async function assertRegisterDate(cls: { unitId: number; academicYearId: number }, date: string) {
    assertNotFuture(date);
    await assertSchoolDay(db, cls.unitId, date);
    const year = await school.activeYear(db);
    if (!year || date < year.startDate || date > year.endDate) {
      throw badRequest(
        year ? `Tanggal di luar tahun pelajaran aktif ${year.name}` : 'Belum ada tahun pelajaran aktif',
        { date: 'Di luar tahun pelajaran aktif' },
      );
    }
    if (cls.academicYearId !== year.id) {
      throw badRequest(`Kelas ini bukan kelas tahun pelajaran aktif ${year.name}`, { classGroupId: 'Tahun lain' });
    }
  }

  async function getRegister(user: AuthUser, classGroupId: number, date: string): Promise<ClassRegister> {
    const cls = await classOrFail(user, classGroupId);
    await assertRegisterDate(cls, date);
    const [enrolled, rows] = await Promise.all([
      repo.enrolledStudents(db, cls.id, date),
      repo.dailyRows(db, cls.id, date),
    ]);
    // A row written for the student elsewhere on that day (an approved leave) shows too.
    const others = await repo.dailyRowsOfStudents(
      db,
      enrolled.filter((s) => !rows.some((r) => r.studentId === s.id)).map((s) => s.id),
      date,
    );
    const byStudent = new Map([...others, ...rows].map((r) => [r.studentId, r]));
    return {
      classGroupId: cls.id,
      className: cls.name,
      date,
      // Rows written by an approved leave alone do not mean the teacher took the register.
      taken: rows.some((r) => r.leaveRequestId === null),
      entries: enrolled.map((s) => {
        const r = byStudent.get(s.id);
        return {
          studentId: s.id,
          nis: s.nis,
          name: s.name,
          code: r?.code ?? 'H',
          lateMinutes: r?.lateMinutes ?? 0,
          note: r?.note ?? null,
          recorded: Boolean(r),
        };
      }),
    };
  }

  /**
   * The checks of a register save in their order, each refusal named: the class and the caller's
   * access to it (404, 403), the date (400), then the entries (400: a student twice or not enrolled).
   */
  async function checkRegister(user: AuthUser, classGroupId: number, date: string, input: RegisterInput) {
    const cls = await classOrFail(user, classGroupId);
    await assertRegisterDate(cls, date);
    const enrolled = await repo.enrolledStudents(db, cls.id, date);
    const enrolledIds = new Set(enrolled.map((s) => s.id));
    const seen = new Set<number>();
    for (const e of input.entries) {
      if (seen.has(e.studentId)) {
        throw badRequest('Ada siswa yang tercantum lebih dari sekali', { entries: 'Siswa ganda' });
      }
      seen.add(e.studentId);
      if (!enrolledIds.has(e.studentId)) {
        const s = await repo.findStudentRef(db, e.studentId);
        throw badRequest(
          s
            ? `Siswa ${s.name} tidak terdaftar di kelas ${cls.name} pada ${formatDate(date)}`
            : 'Ada siswa yang tidak ditemukan',
          {
            entries: 'Siswa bukan anggota kelas',
          },
        );
      }
    }
  }

  const saveDaily = repo.prepareSaveDailyRegister(db);

  /**
   * Saves the whole class's register of a day (students left out are H) and answers the register
   * as saved. One statement checks, writes and audits (see repo.prepareSaveDailyRegister); when it
   * refuses, or a check needing no data fails, checkRegister names the problem.
   */
  async function saveRegister(
    user: AuthUser,
    classGroupId: number,
    date: string,
    input: RegisterInput,
    actor: AuditActor,
  ): Promise<ClassRegister> {
    const entries = input.entries.map((e) => ({
      studentId: e.studentId,
      code: e.code,
      lateMinutes: e.lateMinutes ?? 0,
      note: e.note ?? null,
    }));
    const distinct = new Set(entries.map((e) => e.studentId)).size === entries.length;
    // A non-school day of the class's unit is refused by checkRegister, with the reason.
    const unitId = await unitOfClass(db, classGroupId);
    if (!distinct || date > clock.today() || unitId === undefined || !(await isSchoolDay(db, unitId, date))) {
      await checkRegister(user, classGroupId, date, input);
    }
    const allUnits = seesAllUnits(user);
    for (let attempt = 1; ; attempt++) {
      const saved = await saveDaily({
        classGroupId,
        date,
        allUnits,
        unitId: user.unit?.id ?? null,
        ownClassesOnly: !allUnits && seesOnlyOwnClasses(user),
        employeeId: user.employeeId ?? null,
        entries,
        recordedByUserId: user.id,
        actor,
      });
      if (saved.ok) {
        return { classGroupId, className: saved.className!, date, taken: saved.taken, entries: saved.entries };
      }
      await checkRegister(user, classGroupId, date, input);
      // Every check passes now: the class, its students or the year changed meanwhile. Try again.
      if (attempt === 3) throw conflict('Data kelas berubah saat presensi disimpan; coba simpan lagi');
    }
  }

  /** The lesson register of a journal: every enrolled student, H unless listed absent. Runs in the caller's transaction. */
  async function saveLessonRegister(tx: Executor, input: LessonRegisterInput) {
    const enrolled = await repo.enrolledStudents(tx, input.classGroupId, input.date);
    const enrolledIds = new Set(enrolled.map((s) => s.id));
    const absent = new Map<number, Code>();
    for (const a of input.absences) {
      if (absent.has(a.studentId)) {
        throw badRequest('Ada siswa yang tercantum lebih dari sekali', { absences: 'Siswa ganda' });
      }
      if (!enrolledIds.has(a.studentId)) {
        const s = await repo.findStudentRef(tx, a.studentId);
        throw badRequest(
          s ? `Siswa ${s.name} tidak terdaftar di kelas ${input.className}` : 'Ada siswa yang tidak ditemukan',
          { absences: 'Siswa bukan anggota kelas' },
        );
      }
      absent.set(a.studentId, a.code);
    }
    await repo.upsertLesson(
      tx,
      input.slotId,
      enrolled.map((s) => ({
        studentId: s.id,
        classGroupId: input.classGroupId,
        date: input.date,
        code: absent.get(s.id) ?? 'H',
        lateMinutes: 0,
        note: null,
        recordedByUserId: input.recordedByUserId,
      })),
    );
  }

  /** Every enrolled student of a lesson's class with the day's daily code and the lesson's code. */
  async function lessonRoster(classGroupId: number, slotId: number, date: string) {
    const enrolled = await repo.enrolledStudents(db, classGroupId, date);
    const ids = enrolled.map((s) => s.id);
    const [daily, lesson] = await Promise.all([
      repo.dailyRowsOfStudents(db, ids, date),
      repo.lessonRows(db, slotId, date),
    ]);
    const dailyCode = new Map(daily.map((r) => [r.studentId, r.code]));
    const lessonCode = new Map(lesson.map((r) => [r.studentId, r.code]));
    return enrolled.map((s) => ({
      studentId: s.id,
      nis: s.nis,
      name: s.name,
      dailyCode: dailyCode.get(s.id) ?? null,
      lessonCode: lessonCode.get(s.id) ?? null,
    }));
  }

  const lessonAbsences = async (slotId: number, date: string) =>
    (await repo.lessonRows(db, slotId, date)).filter((r) => r.code !== 'H');

  /** The rows a list may show: the caller's unit and classes, on the school days of each unit (the calendar). */
  async function listScope(user: AuthUser, q: { unitId?: number; classGroupId?: number; from: string; to: string }) {
    const unitId = unitScope(user, q.unitId);
    if (q.classGroupId) await classOrFail(user, q.classGroupId);
    return {
      unitId,
      classes: await readableClasses(user),
      schoolDays: await schoolDaysOfUnits(db, unitId === null ? null : [unitId], q.from, q.to),
    };
  }

  async function listAbsent(user: AuthUser, q: AttendanceListQuery) {
    assertRange(q.from, q.to);
    const scope = await listScope(user, q);
    return repo.listRows(
      db,
      { ...scope, from: q.from, to: q.to, classGroupId: q.classGroupId, codes: ['S', 'I', 'A'], dailyOnly: true },
      q,
    );
  }

  async function listLate(user: AuthUser, q: AttendanceListQuery) {
    assertRange(q.from, q.to);
    const scope = await listScope(user, q);
    return repo.listRows(
      db,
      { ...scope, from: q.from, to: q.to, classGroupId: q.classGroupId, lateOnly: true, dailyOnly: true },
      q,
    );
  }

  async function studentHistory(user: AuthUser, studentId: number, q: StudentAttendanceQuery) {
    assertRange(q.from, q.to);
    const student = await repo.findStudentRef(db, studentId);
    if (!student) throw notFound('Siswa');
    // the student rule: the unit's students, a teacher's only those of a class they teach or lead
    await access.require(db, actorOfUser(user), 'read', 'student', student.id);
    return repo.listRows(db, { from: q.from, to: q.to, unitId: null, studentId }, q);
  }

  /** A student's own rows (daily and per lesson). */
  async function ownHistory(user: AuthUser, q: StudentAttendanceQuery) {
    assertRange(q.from, q.to);
    if (!user.studentId) throw forbidden('Akun Anda tidak terhubung ke data siswa');
    return repo.listRows(db, { from: q.from, to: q.to, unitId: null, studentId: user.studentId }, q);
  }

  /**
   * The one per-student count of a class over a range (the class summary and the monthly recap read it):
   * each student on the school days of the unit's calendar, up to today, that they belonged to the class
   * (a newcomer from arrival, a student who moved on until leaving); a day without a record is A when the
   * class's register of that day was taken, and "belum diisi" (notTaken, never A) when it was not.
   */
  async function studentCountsOfClass(
    cls: { id: number; unitId: number; academicYearId: number },
    from: string,
    to: string,
  ) {
    const today = clock.today();
    const upTo = to < today ? to : today;
    const schoolDays = from > upTo ? [] : await schoolDaysOf(db, cls.unitId, from, upTo);
    const [periods, taken] = await Promise.all([
      repo.enrolmentPeriods(db, cls, from, to),
      repo.registerDaysOfClass(db, cls.id, from, to),
    ]);
    const takenDays = new Set(taken);
    const members = new Map<number, { id: number; nis: string; name: string; days: Set<string> }>();
    for (const p of periods) {
      const m = members.get(p.id) ?? { id: p.id, nis: p.nis, name: p.name, days: new Set<string>() };
      for (const d of schoolDays) if (d >= p.from && (p.until === null || d < p.until)) m.days.add(d);
      members.set(p.id, m);
    }
    const codes = await repo.dailyCodes(db, [...members.keys()], from, to);
    const code = new Map(codes.map((c) => [`${c.studentId}|${c.date}`, c.code]));
    const rows = [...members.values()].map((s) => {
      const counts = { H: 0, S: 0, I: 0, A: 0, notTaken: 0 };
      // only the days the student was in this class: a code of their former class is not this class's
      for (const d of s.days) {
        const c = code.get(`${s.id}|${d}`);
        if (c) counts[c]++;
        else if (takenDays.has(d)) counts.A++;
        else counts.notTaken++;
      }
      const days = s.days.size;
      return {
        studentId: s.id,
        nis: s.nis,
        name: s.name,
        days,
        ...counts,
        percentage: pct(counts.H, days - counts.notTaken),
      };
    });
    return { schoolDays, takenDays, rows };
  }

  async function classSummary(user: AuthUser, classGroupId: number, q: ClassSummaryQuery) {
    assertRange(q.from, q.to);
    const cls = await classOrFail(user, classGroupId);
    const { rows } = await studentCountsOfClass(cls, q.from, q.to);
    return { classGroupId: cls.id, className: cls.name, from: q.from, to: q.to, rows };
  }

  /** The month's dates, and its days up to today (the ones counted). */
  function monthRange(month: string) {
    const first = `${month}-01`;
    const last = addDays(`${addDays(first, 31).slice(0, 7)}-01`, -1);
    const today = clock.today();
    return { first, last, upTo: last < today ? last : today };
  }

  /**
   * Counts per student over the month's school days (the unit's calendar) up to today: a day
   * without a record is A when the class's register of that day was taken, and "belum diisi"
   * (not taken, never A) when it was not.
   */
  async function monthlyRecap(user: AuthUser, classGroupId: number, q: RecapQuery) {
    return recapOfClass(await classOrFail(user, classGroupId), q);
  }

  /** The monthly recap of a class the caller was allowed (see monthlyRecap). */
  async function recapOfClass(
    cls: { id: number; name: string; unitId: number; academicYearId: number },
    q: RecapQuery,
  ) {
    const { first, last } = monthRange(q.month);
    const { schoolDays, takenDays, rows } = await studentCountsOfClass(cls, first, last);
    const notTakenDays = schoolDays.filter((d) => !takenDays.has(d)).length;
    return { classGroupId: cls.id, className: cls.name, month: q.month, schoolDays, notTakenDays, rows };
  }

  /**
   * A student's own month (the student's dashboard): their row of their class's monthly recap, so the
   * same count as the recap their homeroom teacher prints. Without a class this year, nothing is counted.
   */
  async function ownMonth(user: AuthUser, q: { month?: string | undefined }) {
    if (!user.studentId) throw forbidden('Akun Anda tidak terhubung ke data siswa');
    const month = q.month ?? clock.today().slice(0, 7);
    const empty = { month, className: null, days: 0, H: 0, S: 0, I: 0, A: 0, notTaken: 0, percentage: null };
    const current = await school.classOfStudent(db, user.studentId);
    const cls = current && (await school.findClass(db, current.id));
    if (!cls) return empty;
    const recap = await recapOfClass(cls, { month });
    const row = recap.rows.find((r) => r.studentId === user.studentId);
    if (!row) return { ...empty, className: cls.name };
    const { studentId: _id, nis: _nis, name: _name, ...counts } = row;
    return { month, className: cls.name, ...counts };
  }

  /**
   * The one count of attendance per class over a range (the monthly recap, the analyses and the
   * dashboard read it): every student on the school days of their unit's calendar that they belonged
   * to the class, up to today; a day without the class's register is "belum diisi", never A.
   */
  async function recapCounts(user: AuthUser, q: { unitId?: number; from: string; to: string }) {
    const unitId = unitScope(user, q.unitId);
    const upTo = q.to < clock.today() ? q.to : clock.today();
    const daysOfUnit =
      q.from > upTo
        ? new Map<number, string[]>()
        : await schoolDaysOfUnits(db, unitId === null ? null : [unitId], q.from, upTo);
    const allDays = [...new Set([...daysOfUnit.values()].flat())].sort();
    const year = await school.activeYear(db);
    const empty = { students: 0, studentDays: 0, H: 0, S: 0, I: 0, A: 0, notTaken: 0, notTakenDays: 0 };
    if (!year) return { unitId, schoolDays: allDays.length, classes: [], total: { ...empty, percentage: null } };
    const rows = await repo.unitRecapCounts(db, year.id, unitId, await ownClasses(user), {
      from: q.from,
      to: q.to,
      daysOfUnit,
    });
    const classes = rows.map((r) => ({ ...r, percentage: pct(r.H, r.studentDays - r.notTaken) }));
    const sum = (k: keyof typeof empty) => classes.reduce((n, c) => n + c[k], 0);
    const total = Object.fromEntries(Object.keys(empty).map((k) => [k, sum(k as keyof typeof empty)])) as typeof empty;
    return {
      unitId,
      schoolDays: allDays.length,
      classes,
      total: { ...total, percentage: pct(total.H, total.studentDays - total.notTaken) },
    };
  }

  /** The monthly recap of a unit (or every unit for YAYASAN/ADMIN), per class, counted in the database. */
  async function unitRecap(user: AuthUser, q: UnitRecapQuery): Promise<UnitRecap> {
    const { first, last } = monthRange(q.month);
    return { month: q.month, ...(await recapCounts(user, { unitId: q.unitId, from: first, to: last })) };
  }

  /** The classes whose register the caller may open, with the date's status (homeroom classes first). */
  async function registerClasses(user: AuthUser, q: DateUnitQuery) {
    const date = q.date ?? clock.today();
    const unitId = unitScope(user, q.unitId);
    const year = await school.activeYear(db);
    if (!year) return { date, items: [] };
    const items = await repo.classesOfYear(db, year.id, date, unitId, await readableClasses(user), user.employeeId);
    const open = await schoolDaysOfUnits(db, [...new Set(items.map((c) => c.unitId))], date, date);
    return {
      date,
      items: items
        .map((c) => ({ ...c, schoolDay: Boolean(open.get(c.unitId)?.length) }))
        .sort((a, b) => Number(b.isHomeroom) - Number(a.isHomeroom)),
    };
  }

  /** How many of the unit's classes (those the caller sees) took the register on each school day of a month so far. */
  async function registerMonth(user: AuthUser, q: RegisterMonthQuery) {
    const unitId = unitScope(user, q.unitId);
    if (unitId === null) throw badRequest('Pilih unit', { unitId: 'Wajib' });
    const { first, last, upTo } = monthRange(q.month);
    const year = await school.activeYear(db);
    const classes = year ? await repo.classesOfYear(db, year.id, first, unitId, await readableClasses(user), null) : [];
    const days = first > upTo ? [] : await schoolDaysOf(db, unitId, first, upTo);
    const taken = await repo.registersTakenPerDay(
      db,
      classes.map((c) => c.classGroupId),
      first,
      last,
    );
    return {
      month: q.month,
      unitId,
      classes: classes.length,
      days: days.map((date) => ({ date, taken: taken.get(date) ?? 0 })),
    };
  }

  async function classesNotTaken(user: AuthUser, q: DateUnitQuery) {
    const date = q.date ?? clock.today();
    const unitId = unitScope(user, q.unitId);
    const year = await school.activeYear(db);
    if (!year) return { date, items: [] };
    const items = await repo.classesWithoutRegister(db, year.id, date, unitId, await readableClasses(user));
    // A register is expected only on a school day of the class's unit.
    const open = await schoolDaysOfUnits(db, [...new Set(items.map((c) => c.unitId))], date, date);
    return { date, items: items.filter((c) => open.get(c.unitId)?.length) };
  }

  /** Which of the given classes (of the active year) have not taken their daily register on the date. */
  async function registersNotTaken(classIds: number[], date: string) {
    const year = await school.activeYear(db);
    if (!year || classIds.length === 0) return [];
    const rows = await repo.classesWithoutRegister(db, year.id, date, null, classIds);
    return rows.map((r) => ({ classGroupId: r.classGroupId, className: r.className, unitId: r.unitId }));
  }

  async function absentCountsToday(unitId: number | null, date: string) {
    return repo.absentCounts(db, date, unitId);
  }

  /** For other features: the classes a caller is limited to (null: every class of the unit). */
  /** For other features: the student's class in the active year. */
  const currentClassOf = (studentId: number) => school.classOfStudent(db, studentId);

  return {
    ownClasses,
    currentClassOf,
    assertRegisterDate,
    getRegister,
    saveRegister,
    saveLessonRegister,
    lessonAbsences,
    lessonRoster,
    listAbsent,
    listLate,
    studentHistory,
    ownHistory,
    classSummary,
    monthlyRecap,
    unitRecap,
    recapCounts,
    ownMonth,
    classesNotTaken,
    registersNotTaken,
    registerMonth,
    registerClasses,
    absentCountsToday,
  };
}

export type AttendanceService = ReturnType<typeof createAttendanceService>;
