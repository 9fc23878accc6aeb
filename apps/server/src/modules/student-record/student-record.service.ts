import {
  RECORD_PARTS,
  schoolYearOf,
  semesterInYear,
  type AuthUser,
  type Permission,
  type RecordPart,
  type StudentRecord,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOfUser } from '../../lib/actor.ts';
import { clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { userCan } from '../../lib/scope.ts';
import { access } from '../access/access.service.ts';
import { studentDailyCounts } from '../attendance/attendance.service.ts';
import { studentBtqSummary } from '../btq/btq.service.ts';
import { createCounsellingService } from '../counselling/counselling.service.ts';
import { recentStudentDiscipline, studentDisciplineSummary } from '../discipline/discipline.service.ts';
import { studentBillSummary } from '../finance/finance.service.ts';
import { createGradesService } from '../grades/grades.service.ts';
import { studentPrayerCounts } from '../prayer/prayer.service.ts';
import { schoolDays } from '../school/calendar.service.ts';
import * as school from '../school/school.service.ts';

/** Who sees which part of the record: each part by the permission of its own feature. */
export const RECORD_PART_ACCESS: Record<RecordPart, readonly Permission[]> = {
  attendance: ['attendance.student.read'],
  discipline: ['discipline.read', 'discipline.recap'],
  counselling: ['counselling.status'],
  scores: ['assessment.score', 'reports.view'],
  bills: ['finance.read'],
  btq: ['btq.read', 'btq.manage'],
  prayer: ['prayer.read', 'prayer.monitor'],
};

const mayRead = (user: AuthUser, part: RecordPart) => RECORD_PART_ACCESS[part].some((p) => userCan(user, p));

/**
 * The one pesantren record of a student (issue 16) for the homeroom teacher (their class only), BPBK and the
 * leaders of the unit, and the foundation: identity and class, then a part per feature the caller's permission
 * covers. Another unit's student, or a teacher's student who is not in a class they lead, is "not found".
 */
export function createStudentRecordService(db: Database) {
  const counselling = createCounsellingService(db);
  const grades = createGradesService(db);

  async function attendance(card: school.StudentCardRow, year: { startDate: string; endDate: string; tapel: string }) {
    const today = clock.today();
    const from = card.entryDate && card.entryDate > year.startDate ? card.entryDate : year.startDate;
    const to = today < year.endDate ? today : year.endDate;
    const days = to < from ? [] : await schoolDays(db, card.unitId, from, to);
    const rows = to < from ? [] : await studentDailyCounts(db, card.id, from, to);
    const n = (code: string) => rows.find((r) => r.code === code)?.n ?? 0;
    const recorded = new Set(rows.flatMap((r) => r.dates));
    return {
      schoolYear: year.tapel,
      from,
      to,
      schoolDays: days.length,
      present: n('H'),
      sick: n('S'),
      permitted: n('I'),
      absent: n('A'),
      late: rows.reduce((s, r) => s + r.late, 0),
      notRecorded: days.filter((d) => !recorded.has(d)).length,
    };
  }

  async function discipline(studentId: number, tapel: string) {
    const s = await studentDisciplineSummary(db, studentId, tapel);
    return {
      schoolYear: tapel,
      balance: s.balance,
      verifiedViolations: s.violations,
      achievements: s.achievements,
      openSanctions: s.sanctions,
      recent: await recentStudentDiscipline(db, studentId, tapel),
    };
  }

  async function btq(studentId: number) {
    const today = clock.today();
    const b = await studentBtqSummary(db, studentId, `${today.slice(0, 7)}-01`, today);
    const lastEntry =
      b.lastDate === null
        ? null
        : b.lastKind === 'READING'
          ? `hal. ${b.lastPageTo ?? '-'}`
          : `QS ${b.lastSurah ?? '-'}:${b.lastAyatTo ?? '-'}`;
    return {
      method: b.method,
      level: b.level,
      levelSince: b.levelSince,
      group: b.groupName,
      teacher: b.teacher,
      lastEntryDate: b.lastDate,
      lastEntry,
      entriesThisMonth: b.month,
    };
  }

  /** This month's dzuhur and ashar: two a school day (by the calendar) up to today; the rest not recorded. */
  async function prayer(card: school.StudentCardRow) {
    const today = clock.today();
    const from = `${today.slice(0, 7)}-01`;
    const days = await schoolDays(db, card.unitId, from, today);
    const rows = await studentPrayerCounts(db, card.id, from, today);
    const n = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
    const recorded = rows.reduce((s, r) => s + r.n, 0);
    return {
      month: today.slice(0, 7),
      congregation: n('BERJAMAAH'),
      late: n('TERLAMBAT'),
      excused: n('UDZUR'),
      missed: n('TIDAK_SALAT'),
      notRecorded: Math.max(0, days.length * 2 - recorded),
    };
  }

  async function record(user: AuthUser, studentId: number): Promise<StudentRecord> {
    const card = await school.findStudentCard(db, studentId);
    if (!card) throw notFound('Siswa');
    await access.require(db, actorOfUser(user), 'readRecord', 'student', card.id);
    const today = clock.today();
    const active = await school.activeYear(db);
    const year = active
      ? { tapel: active.name, startDate: active.startDate, endDate: active.endDate }
      : schoolYearOf(today);
    const out: StudentRecord = {
      generatedAt: clock.now().toISOString(),
      student: {
        id: card.id,
        name: card.name,
        nis: card.nis,
        nisn: card.nisn,
        gender: card.gender,
        boarding: card.boarding,
        status: card.status,
        unitId: card.unitId,
        unitName: card.unitName,
        className: card.className,
        homeroomTeacher: card.homeroomTeacher,
      },
      hidden: [],
    };
    for (const part of RECORD_PARTS) {
      if (!mayRead(user, part)) {
        out.hidden.push(part);
        continue;
      }
      // one after another: the parts share the request's pool and each is a few indexed queries
      if (part === 'attendance') out.attendance = await attendance(card, year);
      if (part === 'discipline') out.discipline = await discipline(card.id, year.tapel);
      if (part === 'counselling') {
        const { items } = await counselling.status(user, card.id);
        out.counselling = { cases: items.map((i) => ({ date: i.date, kind: i.kind, status: i.status })) };
      }
      if (part === 'scores') {
        const semester = semesterInYear(today, year) ?? 'GENAP';
        const s = await grades.scoresOfStudent(card.id, semester);
        out.scores = {
          semester,
          subjects: s.subjects.map((x) => ({
            subjectName: x.subjectName,
            final: x.final,
            kkm: x.kkm,
            belowKkm: x.belowKkm,
          })),
        };
      }
      if (part === 'bills') {
        const b = await studentBillSummary(db, card.id, year.startDate, year.endDate);
        out.bills = { outstanding: b.outstanding, openBills: b.open, oldestDueDate: b.oldest, paidThisYear: b.paid };
      }
      if (part === 'btq') out.btq = await btq(card.id);
      if (part === 'prayer') out.prayer = await prayer(card);
    }
    return out;
  }

  return { record };
}
