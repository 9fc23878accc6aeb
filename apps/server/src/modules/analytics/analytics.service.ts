import {
  semesterInYear,
  type AnalyticsQuery,
  type AttendanceAnalysis,
  type AuthUser,
  type ClassEntryAnalysis,
  type JournalAnalysis,
  type JournalAnalysisQuery,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import { unitScope } from '../../lib/scope.ts';
import type { AttendanceService } from '../attendance/attendance.service.ts';
import { schoolDaysOfUnits } from '../school/calendar.service.ts';
import { actorOfUser } from '../../lib/actor.ts';
import { access } from '../access/access.service.ts';
import { activeYear } from '../school/school.service.ts';
import * as repo from './analytics.repo.ts';

const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);
const byName = <T extends { className?: string; name?: string }>(a: T, b: T) =>
  (a.className ?? a.name ?? '').localeCompare(b.className ?? b.name ?? '', 'id', { numeric: true });

/**
 * The school's analyses, computed by the server in SQL: attendance (the recap's own count), class
 * entry (planned lessons against written journals) and class journals per subject. Every count of
 * school days asks the calendar; every row rule is the one of the recaps and journals.
 */
export function createAnalyticsService(db: Database, attendance: AttendanceService) {
  /** The classes the caller may read (the class rule), for the lists below. */
  const readableClasses = (user: AuthUser) => access.reachableIds(db, actorOfUser(user), 'read', 'class');

  async function attendanceAnalysis(user: AuthUser, q: AnalyticsQuery): Promise<AttendanceAnalysis> {
    const counts = await attendance.recapCounts(user, q);
    return { from: q.from, to: q.to, ...counts };
  }

  async function classEntry(user: AuthUser, q: AnalyticsQuery): Promise<ClassEntryAnalysis> {
    const unitId = unitScope(user, q.unitId);
    const to = q.to < clock.today() ? q.to : clock.today();
    const year = await activeYear(db);
    const empty = { planned: 0, written: 0, percentage: null };
    if (!year || q.from > to) return { from: q.from, to: q.to, schoolDays: 0, classes: [], teachers: [], total: empty };
    const daysOfUnit = await schoolDaysOfUnits(db, unitId === null ? null : [unitId], q.from, to);
    const days: repo.UnitDay[] = [];
    for (const [u, dates] of daysOfUnit) {
      for (const date of dates) {
        const semester = semesterInYear(date, year);
        if (semester) days.push({ unitId: u, date, semester });
      }
    }
    const rows = await repo.classEntryCounts(db, year.id, days, await readableClasses(user));
    const classes = new Map<
      number,
      { classGroupId: number; className: string; unitCode: string; planned: number; written: number }
    >();
    const teachers = new Map<number, { employeeId: number; name: string; planned: number; written: number }>();
    for (const r of rows) {
      const c = classes.get(r.classGroupId) ?? {
        classGroupId: r.classGroupId,
        className: r.className,
        unitCode: r.unitCode,
        planned: 0,
        written: 0,
      };
      c.planned += r.planned;
      c.written += r.written;
      classes.set(r.classGroupId, c);
      const t = teachers.get(r.employeeId) ?? { employeeId: r.employeeId, name: r.teacherName, planned: 0, written: 0 };
      t.planned += r.planned;
      t.written += r.written;
      teachers.set(r.employeeId, t);
    }
    const withPct = <T extends { planned: number; written: number }>(x: T) => ({
      ...x,
      percentage: pct(x.written, x.planned),
    });
    const planned = rows.reduce((n, r) => n + r.planned, 0);
    const written = rows.reduce((n, r) => n + r.written, 0);
    return {
      from: q.from,
      to: q.to,
      schoolDays: new Set(days.map((d) => d.date)).size,
      classes: [...classes.values()].sort(byName).map(withPct),
      teachers: [...teachers.values()].sort(byName).map(withPct),
      total: { planned, written, percentage: pct(written, planned) },
    };
  }

  async function journals(user: AuthUser, q: JournalAnalysisQuery): Promise<JournalAnalysis> {
    const subjects = await repo.journalCounts(db, {
      from: q.from,
      to: q.to,
      unitId: unitScope(user, q.unitId),
      classGroupId: q.classGroupId,
      classes: await readableClasses(user),
    });
    const sum = (k: 'journals' | 'absences' | 'substitutes') => subjects.reduce((n, s) => n + s[k], 0);
    return {
      from: q.from,
      to: q.to,
      subjects,
      total: { journals: sum('journals'), absences: sum('absences'), substitutes: sum('substitutes') },
    };
  }

  return { attendance: attendanceAnalysis, classEntry, journals };
}
