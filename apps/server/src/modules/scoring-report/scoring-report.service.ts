import type { AuthUser, ScoringReportQuery } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { unitScope } from '../../lib/scope.ts';
import * as school from '../school/school.service.ts';
import { createGradesService, scoredClassSubjects } from '../grades/grades.service.ts';

/**
 * The leaders' scoring report (Laporan nilai, issue 12): for each class and subject of a unit with scores in the
 * semester, the recap the teachers see (the grades service's own `recap`: the means per kind, the weighted grade
 * rounded once, the KKM and who is below it), so the report and the recap screen can never disagree.
 */
export function createScoringReportService(db: Database) {
  const grades = createGradesService(db);

  async function report(user: AuthUser, q: ScoringReportQuery) {
    const unitId = unitScope(user, q.unitId);
    const year = q.academicYearId ? await school.findYear(db, q.academicYearId) : await school.activeYear(db);
    if (q.academicYearId && !year) throw notFound('Tahun pelajaran');
    if (!year) return { academicYear: null, semester: q.semester, recaps: [] };
    const pairs = await scoredClassSubjects(db, {
      academicYearId: year.id,
      semester: q.semester,
      unitId,
      classGroupId: q.classGroupId,
      subjectId: q.subjectId,
    });
    const recaps = [];
    for (const p of pairs) {
      recaps.push(
        await grades.recap(user, { classGroupId: p.classGroupId, subjectId: p.subjectId, semester: q.semester }),
      );
    }
    return { academicYear: { id: year.id, name: year.name }, semester: q.semester, recaps };
  }

  return { report };
}
