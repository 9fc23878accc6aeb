import {
  countRaporAttendance,
  emptyPrayerCounts,
  exactCongregationRate,
  juzOf,
  raporFaseOf,
  semesterInYear,
  semesterRange,
  type AuthUser,
  type PrayerStatus,
  type Rapor,
  type RaporClassesQuery,
  type RaporQuery,
  type RaporSubject,
  type Semester,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOfUser } from '../../lib/actor.ts';
import { clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { access } from '../access/access.service.ts';
import { dailyCountsOfStudents, studentDailyCounts } from '../attendance/attendance.service.ts';
import { btqSummariesOf, studentBtqSummary, type BtqSummaryRow } from '../btq/btq.service.ts';
import { savedDescriptionsOf, savedDescriptionsOfClass } from '../descriptions/descriptions.service.ts';
import {
  disciplineSummariesOf,
  recentDisciplineOf,
  recentStudentDiscipline,
  studentDisciplineSummary,
  type DisciplineSummaryRow,
  type RecentDisciplineRow,
} from '../discipline/discipline.service.ts';
import { extracurricularsOfStudents } from '../extracurricular/extracurricular.service.ts';
import { createGradesService } from '../grades/grades.service.ts';
import { createP5Service } from '../grades/p5.service.ts';
import { prayerCountsOfStudents, studentPrayerCounts } from '../prayer/prayer.service.ts';
import { decisionsOfStudents, type StudentDecision } from '../promotion/promotion-decisions.ts';
import { schoolDays } from '../school/calendar.service.ts';
import { createLetterheadService } from '../school/letterhead.service.ts';
import * as school from '../school/school.service.ts';
import * as workflow from './rapor-workflow.repo.ts';

type StudentRef = school.StudentRef;
type ClassRow = NonNullable<Awaited<ReturnType<typeof school.findClass>>>;
type YearRow = NonNullable<Awaited<ReturnType<typeof school.findYear>>>;

/** The letterhead of a rapor and its logo's bytes (read once for a whole class). */
export interface RaporSchool {
  school: Rapor['school'];
  signature: { place: string | null; principal: string | null; principalNip: string | null };
  logo: Buffer | null;
}

const min = (a: string, b: string) => (a < b ? a : b);
const max = (a: string, b: string) => (a > b ? a : b);

type Range = { from: string; to: string };

/** The rapor's subjects from the grade book's scores and the saved descriptions (by subject id). */
function subjectsFrom(
  scores: readonly { subjectId: number; subjectName: string; final: number | null; kkm: number }[],
  descriptions: ReadonlyMap<number, string>,
): RaporSubject[] {
  return scores.map((x) => ({
    subjectId: x.subjectId,
    name: x.subjectName,
    final: x.final,
    kkm: x.kkm,
    // the subject teacher's saved text (modules/descriptions); empty until saved
    description: descriptions.get(x.subjectId) ?? '',
  }));
}

const juzAt = (surah: number | null, ayat: number | null) =>
  surah === null || ayat === null ? null : juzOf(surah, ayat);

/** The pesantren page from the BTQ summary, the prayer counts and the discipline of the year. */
function pesantrenFrom(
  b: BtqSummaryRow,
  prayerRows: readonly { status: string; n: number }[],
  d: DisciplineSummaryRow,
  recent: RecentDisciplineRow[],
  range: Range,
  akhlakNote: string | null,
): Rapor['pesantren'] {
  const inSemester = b.lastDate !== null && b.lastDate >= range.from && b.lastDate <= range.to;
  const tahfidz = b.lastKind === 'ZIYADAH' || b.lastKind === 'MUROJAAH';
  const prayer = emptyPrayerCounts();
  for (const r of prayerRows) prayer[r.status as PrayerStatus] = r.n;
  return {
    btq: {
      method: b.method,
      methodKind: b.lastKind === null ? null : tahfidz ? 'TAHFIDZ' : 'READING',
      level: b.level,
      levelSince: b.levelSince,
      group: b.groupName,
      teacher: b.teacher,
      entries: b.month,
      lastEntryDate: b.lastDate,
      lastEntry:
        b.lastDate === null
          ? null
          : tahfidz
            ? `QS ${b.lastSurah ?? '-'}:${b.lastAyatTo ?? '-'}`
            : `hal. ${b.lastPageTo ?? '-'}`,
    },
    // the hafalan reached: the last tahfidz entry, when it is of this semester; its juz from the surah and ayat
    tahfidz:
      tahfidz && inSemester ? { juz: juzAt(b.lastSurah, b.lastAyatTo), surah: b.lastSurah, ayat: b.lastAyatTo } : null,
    prayer: {
      congregation: prayer.BERJAMAAH,
      late: prayer.TERLAMBAT,
      excused: prayer.UDZUR,
      missed: prayer.TIDAK_SALAT,
      // unrounded: the rapor prints it to the unit's decimals (rapor-numbers.ts)
      rate: exactCongregationRate(prayer),
    },
    discipline: {
      balance: d.balance,
      violations: d.violations,
      achievements: d.achievements,
      openSanctions: d.sanctions,
      recent,
    },
    akhlakNote,
  };
}

/** The promotion line from the student's decision: a RETAIN without a target stays in the current class. */
function promotionFrom(d: StudentDecision | undefined, cls: ClassRow): Rapor['promotion'] {
  if (!d) return null;
  return { kind: d.kind, className: d.kind === 'GRADUATE' ? null : (d.targetClassName ?? cls.name) };
}

/** A rapor from its read parts and the class, year and letterhead. */
function assemble(
  student: StudentRef,
  cls: ClassRow,
  year: YearRow,
  semester: Semester,
  sch: RaporSchool,
  range: Range,
  parts: Pick<
    Rapor,
    'subjects' | 'raporDecimals' | 'extracurriculars' | 'p5' | 'attendance' | 'pesantren' | 'homeroomNote' | 'promotion'
  >,
): Rapor {
  return {
    student: { id: student.id, name: student.name, nis: student.nis, nisn: student.nisn },
    classGroup: { id: cls.id, name: cls.name, gradeLevel: cls.gradeLevel },
    fase: raporFaseOf(cls.gradeLevel),
    semester,
    schoolYear: year.name,
    from: range.from,
    to: range.to,
    school: sch.school,
    subjects: parts.subjects,
    raporDecimals: parts.raporDecimals,
    extracurriculars: parts.extracurriculars,
    p5: parts.p5,
    attendance: parts.attendance,
    pesantren: parts.pesantren,
    homeroomNote: parts.homeroomNote,
    promotion: parts.promotion,
    signatures: {
      place: sch.signature.place,
      date: min(clock.today(), range.to),
      homeroom: cls.homeroomName,
      principal: sch.signature.principal,
      principalNip: sch.signature.principalNip,
    },
  };
}

/**
 * The report card (rapor) of a student and semester, read-only (issue 40 §2): identity, the final score per
 * subject, P5, attendance counted over the calendar's school days, the pesantren page, and the signatures; every
 * part read through the service of the module that owns it. Who may open it is the access service's rapor rule
 * (`rapor.access.ts`): the class's homeroom teacher, the leaders of the unit; a student not yet.
 */
export function createRaporService(db: Database, dataDir: string) {
  const grades = createGradesService(db);
  const p5 = createP5Service(db);
  const letterheads = createLetterheadService(db, dataDir);

  /** The year-end decisions, on the second semester's rapor only (asked of the promotion module, one query). */
  async function decisionsOf(students: readonly number[], cls: ClassRow, year: YearRow, semester: Semester) {
    if (semester !== 'GENAP') return new Map<number, StudentDecision>();
    return decisionsOfStudents(db, cls.unitId, year.id, students);
  }

  /**
   * The final score of each subject of the student's semester: the one place the rapor takes scores from, so the
   * grade book's final-score rule (issue 40 §1) replaces it here alone.
   */
  async function subjectScoresOf(
    studentId: number,
    semester: Semester,
    classGroupId?: number,
  ): Promise<RaporSubject[]> {
    const [s, descriptions] = await Promise.all([
      grades.scoresOfStudent(studentId, semester),
      classGroupId === undefined
        ? new Map<number, string>()
        : savedDescriptionsOf(db, studentId, classGroupId, semester),
    ]);
    return subjectsFrom(s.subjects, descriptions);
  }

  /** The class, once the caller may open its rapors (404 none, 403 another unit or not its homeroom). */
  async function raporClass(user: AuthUser, classGroupId: number): Promise<ClassRow> {
    const cls = await school.findClass(db, classGroupId);
    if (!cls) throw notFound('Kelas');
    await access.require(db, actorOfUser(user), 'read', 'raporClass', cls.id);
    return cls;
  }

  async function yearOf(cls: ClassRow): Promise<YearRow> {
    const year = await school.findYear(db, cls.academicYearId);
    if (!year) throw notFound('Tahun pelajaran');
    return year;
  }

  /** The semester asked, else today's in the class's year (its last one once the year is over). */
  function semesterOf(q: RaporQuery, year: YearRow): Semester {
    if (q.semester) return q.semester;
    const today = clock.today();
    return semesterInYear(today, year) ?? (today > year.endDate ? 'GENAP' : 'GANJIL');
  }

  async function schoolOf(user: AuthUser, unitId: number): Promise<RaporSchool> {
    const l = await letterheads.letterhead(user, { unitId });
    const logoName = l.logoUrl?.split('/').pop() ?? null;
    const logo = logoName ? await letterheads.readLogo(logoName).catch(() => null) : null;
    return {
      school: {
        foundationName: l.foundationName,
        name: l.name,
        npsn: l.npsn,
        address: l.address,
        phone: l.phone,
        email: l.email,
        logoUrl: l.logoUrl,
      },
      signature: { place: l.signature.place, principal: l.signature.name, principalNip: l.signature.nip },
      logo,
    };
  }

  async function attendanceOf(student: StudentRef, unitId: number, range: { from: string; to: string }) {
    const from = student.entryDate ? max(range.from, student.entryDate) : range.from;
    const to = min(range.to, clock.today());
    if (to < from) return countRaporAttendance([], []);
    const [days, rows] = await Promise.all([
      schoolDays(db, unitId, from, to),
      studentDailyCounts(db, student.id, from, to),
    ]);
    return countRaporAttendance(days, rows);
  }

  async function pesantrenOf(
    studentId: number,
    schoolYear: string,
    range: { from: string; to: string },
    akhlakNote: string | null,
  ) {
    const b = await studentBtqSummary(db, studentId, range.from, range.to);
    const prayerRows = await studentPrayerCounts(db, studentId, range.from, range.to);
    const d = await studentDisciplineSummary(db, studentId, schoolYear);
    const recent = await recentStudentDiscipline(db, studentId, schoolYear);
    return pesantrenFrom(b, prayerRows, d, recent, range, akhlakNote);
  }

  /** The semester's rapor parts that are not read per student: the range and the unit's school days. */
  async function semesterDays(cls: ClassRow, range: { from: string; to: string }) {
    const to = min(range.to, clock.today());
    return to < range.from ? [] : schoolDays(db, cls.unitId, range.from, to);
  }

  /**
   * The rapors of some students of a class, with every part read for all of them at once through its owner's
   * class-wide read: a fixed number of queries whatever the class's size. The same rapor as `build` gives one student.
   */
  async function buildClass(
    students: readonly number[],
    cls: ClassRow,
    year: YearRow,
    semester: Semester,
    sch: RaporSchool,
  ): Promise<Rapor[]> {
    const range = semesterRange(year, semester);
    const to = min(range.to, clock.today());
    const [refs, scores, descriptions, days, daily, btq, prayer, discipline, recent, p5Rows, notes, extras, decimals] =
      await Promise.all([
        school.studentRefsOf(db, students),
        grades.scoresOfStudents(cls, semester, students),
        savedDescriptionsOfClass(db, cls.id, semester),
        semesterDays(cls, range),
        dailyCountsOfStudents(db, students, range.from, to),
        btqSummariesOf(db, students, range.from, range.to),
        prayerCountsOfStudents(db, students, range.from, range.to),
        disciplineSummariesOf(db, students, year.name),
        recentDisciplineOf(db, students, year.name),
        p5.ofStudentsSemester(students, cls.gradeId, year.id, semester),
        workflow.notesOf(db, { classGroupId: cls.id, semester }),
        extracurricularsOfStudents(db, students, year.id, semester),
        grades.raporDecimalsOf(cls.unitId, year.id),
      ]);
    const noteOf = new Map(notes.map((n) => [n.studentId, n]));
    const decided = await decisionsOf(students, cls, year, semester);
    const out: Rapor[] = [];
    for (const id of students) {
      const student = refs.get(id);
      if (!student) continue;
      const saved = descriptions.get(id);
      const from = student.entryDate ? max(range.from, student.entryDate) : range.from;
      out.push(
        assemble(student, cls, year, semester, sch, range, {
          subjects: subjectsFrom(scores.get(id) ?? [], saved ?? new Map()),
          raporDecimals: decimals,
          homeroomNote: noteOf.get(id)?.text ?? '',
          extracurriculars: extras.get(id) ?? [],
          p5: p5Rows.get(id) ?? [],
          attendance: countRaporAttendance(
            days.filter((d) => d >= from),
            (daily.get(id) ?? []).map((r) => ({ ...r, dates: r.dates.filter((d) => d >= from) })),
          ),
          pesantren: pesantrenFrom(
            btq.get(id)!,
            prayer.get(id) ?? [],
            discipline.get(id)!,
            recent.get(id) ?? [],
            range,
            noteOf.get(id)?.akhlak ?? null,
          ),
          promotion: promotionFrom(decided.get(id), cls),
        }),
      );
    }
    return out;
  }

  /** The rapor of a student of a class the caller was allowed, each part read through its owner's service. */
  async function build(
    student: StudentRef,
    cls: ClassRow,
    year: YearRow,
    semester: Semester,
    sch: RaporSchool,
  ): Promise<Rapor> {
    const range = semesterRange(year, semester);
    const note = await workflow.noteOf(db, { classGroupId: cls.id, semester }, student.id);
    const [subjects, p5Rows, attendance, pesantren, extras, decimals] = await Promise.all([
      subjectScoresOf(student.id, semester, cls.id),
      p5.ofStudentSemester(student.id, cls.gradeId, year.id, semester),
      attendanceOf(student, cls.unitId, range),
      pesantrenOf(student.id, year.name, range, note?.akhlak ?? null),
      extracurricularsOfStudents(db, [student.id], year.id, semester),
      grades.raporDecimalsOf(cls.unitId, year.id),
    ]);
    const decided = await decisionsOf([student.id], cls, year, semester);
    return assemble(student, cls, year, semester, sch, range, {
      subjects,
      raporDecimals: decimals,
      homeroomNote: note?.text ?? '',
      extracurriculars: extras.get(student.id) ?? [],
      p5: p5Rows,
      attendance,
      pesantren,
      promotion: promotionFrom(decided.get(student.id), cls),
    });
  }

  /** A student's rapor of a semester in their class of the active year. */
  async function ofStudent(user: AuthUser, studentId: number, q: RaporQuery) {
    const card = await school.findStudentCard(db, studentId);
    if (!card) throw notFound('Siswa');
    let cls: ClassRow;
    if (q.classGroupId !== undefined) {
      // a rapor of the class asked (a past year's): the student must be on that class's rapor list
      cls = await raporClass(user, q.classGroupId);
      const listed = await school.raporStudentsOfClass(db, cls.id);
      if (!listed.some((s) => s.id === studentId)) throw notFound('Siswa di kelas ini');
    } else {
      if (card.classId === null) throw notFound('Kelas siswa pada tahun pelajaran aktif');
      cls = await raporClass(user, card.classId);
    }
    const year = await yearOf(cls);
    const sch = await schoolOf(user, cls.unitId);
    const rapor = await build(card, cls, year, semesterOf(q, year), sch);
    return { rapor, logo: sch.logo };
  }

  /** The students of a class whose rapors the caller may open, in the order of the class list (by name). */
  async function classList(user: AuthUser, classGroupId: number, q: RaporQuery) {
    const cls = await raporClass(user, classGroupId);
    const year = await yearOf(cls);
    const students = await school.raporStudentsOfClass(db, cls.id);
    return {
      classGroup: { id: cls.id, name: cls.name },
      semester: semesterOf(q, year),
      students: students.map((s) => ({ id: s.id, nis: s.nis, name: s.name })),
    };
  }

  /**
   * Every rapor of a class, in the class list's order (an async generator the PDF renders one after another); the
   * class's parts are read at once (`buildClass`), not student by student.
   */
  async function ofClass(user: AuthUser, classGroupId: number, q: RaporQuery) {
    const cls = await raporClass(user, classGroupId);
    const year = await yearOf(cls);
    const semester = semesterOf(q, year);
    const sch = await schoolOf(user, cls.unitId);
    const students = await school.raporStudentsOfClass(db, cls.id);
    const ids = students.map((s) => s.id);
    async function* rapors() {
      // a class read at once (a fixed number of queries), rendered student by student
      yield* await buildClass(ids, cls, year, semester, sch);
    }
    return { classGroup: cls, semester, logo: sch.logo, count: students.length, rapors };
  }

  /** The classes whose rapors the caller may open in the active year, by name. */
  async function classes(user: AuthUser, q: RaporClassesQuery = {}) {
    const year =
      q.academicYearId === undefined ? await school.activeYear(db) : await school.findYear(db, q.academicYearId);
    if (!year) {
      if (q.academicYearId !== undefined) throw notFound('Tahun pelajaran');
      return { items: [] };
    }
    const actor = actorOfUser(user);
    const ids = await access.list(db, actor, 'read', 'raporClass');
    const rows = await Promise.all([...ids].map((id) => school.findClass(db, id)));
    const items = rows
      .filter((c): c is ClassRow => c !== undefined && c.academicYearId === year.id)
      .map((c) => ({ id: c.id, name: c.name }))
      .sort((a, b) => a.name.localeCompare(b.name, 'id', { numeric: true }));
    return { items };
  }

  return { subjectScoresOf, ofStudent, classList, ofClass, classes, buildClass, yearOf, semesterOf, schoolOf };
}

export type RaporService = ReturnType<typeof createRaporService>;
