import { sql } from 'drizzle-orm';
import type { Semester } from '@mms/shared';
import type { Executor } from '../../db/client.ts';

/* The grade book's (class, subject) pairs that have score columns; the scoring report asks it through grades.service.ts. */

/** The classes and subjects of a year with score columns in the semester, by class and subject name. */
export async function scoredClassSubjects(
  db: Executor,
  f: {
    academicYearId: number;
    semester: Semester;
    unitId: number | null;
    classGroupId?: number | undefined;
    subjectId?: number | undefined;
  },
) {
  const result = await db.execute<{ classGroupId: number; subjectId: number }>(sql`
      select distinct cg.id as "classGroupId", sj.id as "subjectId", cg.name as "className", sj.name as "subjectName"
      from score_columns c
      join class_groups cg on cg.id = c.class_group_id
      join subjects sj on sj.id = c.subject_id
      where cg.academic_year_id = ${f.academicYearId} and c.semester = ${f.semester}
        ${f.unitId === null ? sql`` : sql`and cg.unit_id = ${f.unitId}`}
        ${f.classGroupId ? sql`and cg.id = ${f.classGroupId}` : sql``}
        ${f.subjectId ? sql`and sj.id = ${f.subjectId}` : sql``}
      order by "className", "subjectName", "classGroupId", "subjectId"`);
  return result.rows;
}
