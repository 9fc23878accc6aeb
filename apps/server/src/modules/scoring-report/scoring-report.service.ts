import { eq, sql } from 'drizzle-orm';
import type { AuthUser, ScoringReportQuery } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { unitScope } from '../../lib/scope.ts';
import * as school from '../school/school.service.ts';
import { academicYears } from '../../db/schema/index.ts';
import { createGradesService } from '../grades/grades.service.ts';

/**
 * The leaders' scoring report (Laporan nilai, issue 12): for each class and subject of a unit with scores in the
 * semester, the recap the teachers see (the grades service's own `recap`: the means per kind, the weighted grade
 * rounded once, the KKM and who is below it), so the report and the recap screen can never disagree.
 */
export function createScoringReportService(db: Database) {
  const grades = createGradesService(db);

  async function findYear(id: number) {
    const [row] = await db
      .select({ id: academicYears.id, name: academicYears.name })
      .from(academicYears)
      .where(eq(academicYears.id, id));
    return row;
  }

  async function report(user: AuthUser, q: ScoringReportQuery) {
    const unitId = unitScope(user, q.unitId);
    const year = q.academicYearId ? await findYear(q.academicYearId) : await school.activeYear(db);
    if (q.academicYearId && !year) throw notFound('Tahun pelajaran');
    if (!year) return { academicYear: null, semester: q.semester, recaps: [] };
    const pairs = await db.execute<{ classGroupId: number; subjectId: number }>(sql`
      select distinct cg.id as "classGroupId", sj.id as "subjectId", cg.name as "className", sj.name as "subjectName"
      from score_columns c
      join class_groups cg on cg.id = c.class_group_id
      join subjects sj on sj.id = c.subject_id
      where cg.academic_year_id = ${year.id} and c.semester = ${q.semester}
        ${unitId === null ? sql`` : sql`and cg.unit_id = ${unitId}`}
        ${q.classGroupId ? sql`and cg.id = ${q.classGroupId}` : sql``}
        ${q.subjectId ? sql`and sj.id = ${q.subjectId}` : sql``}
      order by "className", "subjectName", "classGroupId", "subjectId"`);
    const recaps = [];
    for (const p of pairs.rows) {
      recaps.push(
        await grades.recap(user, { classGroupId: p.classGroupId, subjectId: p.subjectId, semester: q.semester }),
      );
    }
    return { academicYear: { id: year.id, name: year.name }, semester: q.semester, recaps };
  }

  return { report };
}
