import { and, asc, count, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { DISTRIBUTED_STATES, type AssessmentKind, type AssessmentState } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { assessmentClasses, assessments, classGroups, employees, grades, subjects } from '../../db/schema/index.ts';
import { escapeLike, offsetOf } from '../../lib/sql.ts';

/** The state as it is at `now` (as `effectiveState` of `@mms/shared` reads it), for SQL. */
const effectiveState = (now: Date) => sql<AssessmentState>`case
  when ${assessments.state} in ('SCHEDULED', 'OPEN') and ${assessments.closesAt} <= ${now} then 'CLOSED'
  when ${assessments.state} = 'SCHEDULED' and ${assessments.opensAt} <= ${now} then 'OPEN'
  else ${assessments.state} end`;

export interface DistributionFilter {
  /** null: every unit */
  unitId: number | null;
  /** only this author's rows */
  authorEmployeeId?: number | undefined;
  kind?: AssessmentKind | undefined;
  state?: string | undefined;
  classGroupId?: number | undefined;
  subjectId?: number | undefined;
  /** a part of the title */
  q?: string | undefined;
  /** the first instant of the `from` school day; windows closing before it are left out */
  from?: Date | undefined;
  /** the instant after the `to` school day; windows opening from it are left out */
  to?: Date | undefined;
  now: Date;
}

function where(f: DistributionFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    isNull(assessments.deletedAt),
    inArray(assessments.state, [...DISTRIBUTED_STATES]),
  ];
  if (f.unitId !== null) parts.push(eq(assessments.unitId, f.unitId));
  if (f.authorEmployeeId !== undefined) parts.push(eq(assessments.authorEmployeeId, f.authorEmployeeId));
  if (f.kind) parts.push(eq(assessments.kind, f.kind));
  if (f.state) parts.push(sql`${effectiveState(f.now)} = ${f.state}`);
  if (f.classGroupId) parts.push(eq(assessmentClasses.classGroupId, f.classGroupId));
  if (f.subjectId) parts.push(eq(assessments.subjectId, f.subjectId));
  if (f.q) parts.push(ilike(assessments.title, `%${escapeLike(f.q)}%`));
  if (f.from) parts.push(sql`coalesce(${assessments.closesAt}, ${assessments.dueAt}, 'infinity') >= ${f.from}`);
  if (f.to) parts.push(sql`coalesce(${assessments.opensAt}, '-infinity') < ${f.to}`);
  return and(...parts);
}

/** One row per distributed assessment and class, by opening time (then title and class). */
export async function listDistribution(db: Executor, f: DistributionFilter, q: { page: number; pageSize: number }) {
  const filter = where(f);
  const fields = {
    assessmentId: assessments.id,
    // a teacher's kinds and the joined subject (an ADMISSION test has none and is not joined)
    kind: sql<AssessmentKind>`${assessments.kind}`,
    title: assessments.title,
    subjectId: subjects.id,
    subjectName: subjects.name,
    gradeName: grades.name,
    authorName: employees.name,
    classGroupId: classGroups.id,
    className: classGroups.name,
    opensAt: assessments.opensAt,
    closesAt: assessments.closesAt,
    dueAt: assessments.dueAt,
    state: effectiveState(f.now),
  };
  const [items, [total]] = await Promise.all([
    db
      .select(fields)
      .from(assessmentClasses)
      .innerJoin(assessments, eq(assessments.id, assessmentClasses.assessmentId))
      .innerJoin(classGroups, eq(classGroups.id, assessmentClasses.classGroupId))
      .innerJoin(subjects, eq(subjects.id, assessments.subjectId))
      .innerJoin(grades, eq(grades.id, assessments.gradeId))
      .leftJoin(employees, eq(employees.id, assessments.authorEmployeeId))
      .where(filter)
      .orderBy(
        sql`${assessments.opensAt} asc nulls last`,
        asc(assessments.title),
        asc(classGroups.name),
        asc(assessments.id),
      )
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db
      .select({ n: count() })
      .from(assessmentClasses)
      .innerJoin(assessments, eq(assessments.id, assessmentClasses.assessmentId))
      .where(filter),
  ]);
  return {
    items,
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * The other summative or selection tests on the schedule of any of the classes whose window overlaps
 * [opensAt, closesAt) and has not closed by `now`: a class takes one exam at a time (a set of sample questions,
 * practice without a grade, is no exam).
 */
export async function examClashes(
  db: Executor,
  c: { id: number; classIds: readonly number[]; opensAt: Date; closesAt: Date; now: Date },
) {
  if (!c.classIds.length) return [];
  return db
    .selectDistinct({ title: assessments.title, className: classGroups.name })
    .from(assessmentClasses)
    .innerJoin(assessments, eq(assessments.id, assessmentClasses.assessmentId))
    .innerJoin(classGroups, eq(classGroups.id, assessmentClasses.classGroupId))
    .where(
      and(
        ne(assessments.id, c.id),
        isNull(assessments.deletedAt),
        or(eq(assessments.kind, 'SUMMATIVE'), eq(assessments.kind, 'SELECTION')),
        inArray(assessments.state, ['SCHEDULED', 'OPEN']),
        // sample questions (contoh soal) are practice, not an exam the class sits
        eq(assessments.isSample, false),
        inArray(assessmentClasses.classGroupId, [...c.classIds]),
        sql`${assessments.opensAt} < ${c.closesAt}`,
        sql`${assessments.closesAt} > ${c.opensAt}`,
        sql`${assessments.closesAt} > ${c.now}`,
      ),
    )
    .orderBy(asc(classGroups.name), asc(assessments.title));
}
