import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { P5Dimension, P5Grade, P5ProjectsQuery } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { classGroups, grades, p5Grades, p5Notes, p5Projects } from '../../db/schema/index.ts';
import { arrayParam, offsetOf, sqlNow } from '../../lib/sql.ts';
import { gradeStudentCountSql } from '../school/school.service.ts';

const projectFields = {
  id: p5Projects.id,
  unitId: p5Projects.unitId,
  academicYearId: p5Projects.academicYearId,
  gradeId: p5Projects.gradeId,
  gradeName: grades.name,
  semester: p5Projects.semester,
  theme: p5Projects.theme,
  title: p5Projects.title,
  description: p5Projects.description,
  dimensions: p5Projects.dimensions,
  // students of the grade's classes this year, and how many of them have a grade
  students: gradeStudentCountSql(sql`${p5Projects.gradeId}`, sql`${p5Projects.academicYearId}`),
  graded: sql<number>`(select count(distinct g.student_id)::int from p5_grades g where g.project_id = ${p5Projects.id})`,
};
export type ProjectRow = Awaited<ReturnType<typeof findProject>> & {};

const selectProjects = (db: Executor) =>
  db.select(projectFields).from(p5Projects).innerJoin(grades, eq(grades.id, p5Projects.gradeId));

export async function findProject(db: Executor, id: number, lock = false) {
  if (lock) await db.execute(sql`select 1 from p5_projects where id = ${id} for update`);
  const [row] = await selectProjects(db).where(eq(p5Projects.id, id));
  return row;
}

export async function listProjects(db: Executor, yearId: number, unitId: number | null, q: P5ProjectsQuery) {
  const where: SQL[] = [eq(p5Projects.academicYearId, yearId)];
  if (unitId !== null) where.push(eq(p5Projects.unitId, unitId));
  if (q.semester) where.push(eq(p5Projects.semester, q.semester));
  if (q.gradeId) where.push(eq(p5Projects.gradeId, q.gradeId));
  if (q.q) where.push(sql`(${p5Projects.title} ilike ${`%${q.q}%`} or ${p5Projects.theme} ilike ${`%${q.q}%`})`);
  const filter = and(...where);
  const [items, [total]] = await Promise.all([
    selectProjects(db)
      .where(filter)
      .orderBy(desc(p5Projects.semester), asc(grades.level), asc(p5Projects.title))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(p5Projects).where(filter),
  ]);
  return { items, total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

export async function insertProject(db: Executor, values: typeof p5Projects.$inferInsert) {
  const [row] = await db.insert(p5Projects).values(values).returning({ id: p5Projects.id });
  return row!.id;
}

export async function updateProject(db: Executor, id: number, values: Partial<typeof p5Projects.$inferInsert>) {
  await db
    .update(p5Projects)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(p5Projects.id, id));
}

export async function deleteProject(db: Executor, id: number) {
  await db.delete(p5Projects).where(eq(p5Projects.id, id));
}

/** The classes of a grade in a year, by name. */
export async function classesOfGrade(db: Executor, gradeId: number, yearId: number) {
  return db
    .select({ id: classGroups.id, name: classGroups.name })
    .from(classGroups)
    .where(and(eq(classGroups.gradeId, gradeId), eq(classGroups.academicYearId, yearId)))
    .orderBy(asc(classGroups.name));
}

export async function gradesOf(db: Executor, projectId: number, studentIds: number[]) {
  if (!studentIds.length) return [];
  return db
    .select({ studentId: p5Grades.studentId, dimension: p5Grades.dimension, grade: p5Grades.grade })
    .from(p5Grades)
    .where(and(eq(p5Grades.projectId, projectId), inArray(p5Grades.studentId, studentIds)));
}

export async function notesOf(db: Executor, projectId: number, studentIds: number[]) {
  if (!studentIds.length) return [];
  return db
    .select({ studentId: p5Notes.studentId, note: p5Notes.note })
    .from(p5Notes)
    .where(and(eq(p5Notes.projectId, projectId), inArray(p5Notes.studentId, studentIds)));
}

export async function writeGrades(
  db: Executor,
  projectId: number,
  put: { studentId: number; dimension: P5Dimension; grade: P5Grade }[],
  clear: { studentId: number; dimension: P5Dimension }[],
  userId: number,
) {
  if (put.length) {
    await db
      .insert(p5Grades)
      .values(put.map((p) => ({ ...p, projectId, updatedByUserId: userId })))
      .onConflictDoUpdate({
        target: [p5Grades.projectId, p5Grades.studentId, p5Grades.dimension],
        set: { grade: sql`excluded.grade`, updatedByUserId: userId, updatedAt: sqlNow() },
      });
  }
  if (clear.length) {
    await db.execute(sql`
      delete from p5_grades g
      using unnest(${arrayParam(clear.map((c) => c.studentId))}::int[], ${arrayParam(clear.map((c) => c.dimension))}::text[])
        as c(student_id, dimension)
      where g.project_id = ${projectId} and g.student_id = c.student_id and g.dimension = c.dimension`);
  }
}

export async function writeNote(
  db: Executor,
  projectId: number,
  studentId: number,
  note: string | null,
  userId: number,
) {
  if (note === null) {
    await db.delete(p5Notes).where(and(eq(p5Notes.projectId, projectId), eq(p5Notes.studentId, studentId)));
    return;
  }
  await db
    .insert(p5Notes)
    .values({ projectId, studentId, note, updatedByUserId: userId })
    .onConflictDoUpdate({
      target: [p5Notes.projectId, p5Notes.studentId],
      set: { note, updatedByUserId: userId, updatedAt: sqlNow() },
    });
}

/** The projects of a grade in a year with one student's grades and note. */
export async function projectsOfStudent(db: Executor, studentId: number, gradeId: number, yearId: number) {
  const result = await db.execute<{
    id: number;
    semester: 'GANJIL' | 'GENAP';
    theme: string;
    title: string;
    dimensions: P5Dimension[];
    note: string | null;
    grades: { dimension: P5Dimension; grade: P5Grade }[] | null;
  }>(sql`
    select p.id, p.semester, p.theme, p.title, p.dimensions,
      (select n.note from p5_notes n where n.project_id = p.id and n.student_id = ${studentId}) as note,
      (select json_agg(json_build_object('dimension', g.dimension, 'grade', g.grade)) from p5_grades g
        where g.project_id = p.id and g.student_id = ${studentId}) as grades
    from p5_projects p
    where p.grade_id = ${gradeId} and p.academic_year_id = ${yearId}
    order by p.semester, p.title`);
  return result.rows;
}

export type StudentP5Row = {
  id: number;
  theme: string;
  title: string;
  note: string | null;
  grades: Record<P5Dimension, P5Grade | null>;
};

/**
 * The projects of a grade, year and semester with each student's grades and note, by student (every student
 * asked has a list, empty without projects): three queries for any number of students (the rapor reads a class
 * at once).
 */
export async function projectsOfStudents(
  db: Executor,
  studentIds: readonly number[],
  gradeId: number,
  yearId: number,
  semester: 'GANJIL' | 'GENAP',
): Promise<Map<number, StudentP5Row[]>> {
  const projects = (
    await db.execute<{ id: number; theme: string; title: string; dimensions: P5Dimension[] }>(sql`
      select p.id, p.theme, p.title, p.dimensions from p5_projects p
       where p.grade_id = ${gradeId} and p.academic_year_id = ${yearId} and p.semester = ${semester}
       order by p.semester, p.title`)
  ).rows;
  const out = new Map<number, StudentP5Row[]>(studentIds.map((id) => [id, []]));
  if (projects.length === 0 || studentIds.length === 0) return out;
  const projectIds = arrayParam(projects.map((p) => p.id));
  const ids = arrayParam(studentIds);
  const [gradeRows, noteRows] = await Promise.all([
    db.execute<{ projectId: number; studentId: number; dimension: P5Dimension; grade: P5Grade }>(sql`
      select project_id as "projectId", student_id as "studentId", dimension, grade from p5_grades
       where project_id = any(${projectIds}::int[]) and student_id = any(${ids}::int[])`),
    db.execute<{ projectId: number; studentId: number; note: string | null }>(sql`
      select project_id as "projectId", student_id as "studentId", note from p5_notes
       where project_id = any(${projectIds}::int[]) and student_id = any(${ids}::int[])`),
  ]);
  const gradeOf = new Map(gradeRows.rows.map((g) => [`${g.projectId}:${g.studentId}:${g.dimension}`, g.grade]));
  const noteOf = new Map(noteRows.rows.map((n) => [`${n.projectId}:${n.studentId}`, n.note]));
  for (const id of studentIds) {
    out.set(
      id,
      projects.map((p) => ({
        id: p.id,
        theme: p.theme,
        title: p.title,
        note: noteOf.get(`${p.id}:${id}`) ?? null,
        grades: Object.fromEntries(p.dimensions.map((d) => [d, gradeOf.get(`${p.id}:${id}:${d}`) ?? null])) as Record<
          P5Dimension,
          P5Grade | null
        >,
      })),
    );
  }
  return out;
}
