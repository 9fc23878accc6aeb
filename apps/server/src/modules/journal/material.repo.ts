import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { MaterialAttachment } from '../../db/schema/journal.ts';
import { escapeLike, sqlNow } from '../../lib/sql.ts';
import { grades, subjectMaterials, subjects } from '../../db/schema/index.ts';

const columns = {
  id: subjectMaterials.id,
  unitId: subjects.unitId,
  subjectId: subjectMaterials.subjectId,
  subjectName: subjects.name,
  gradeId: subjectMaterials.gradeId,
  gradeName: grades.name,
  semester: subjectMaterials.semester,
  title: subjectMaterials.title,
  body: subjectMaterials.body,
  sortOrder: subjectMaterials.sortOrder,
  attachments: subjectMaterials.attachments,
  authorUserId: subjectMaterials.authorUserId,
  updatedAt: subjectMaterials.updatedAt,
};

const select = (db: Executor) =>
  db
    .select(columns)
    .from(subjectMaterials)
    .innerJoin(subjects, eq(subjects.id, subjectMaterials.subjectId))
    .innerJoin(grades, eq(grades.id, subjectMaterials.gradeId));

export type MaterialRow = NonNullable<Awaited<ReturnType<typeof findMaterial>>>;

export async function findMaterial(db: Executor, id: number) {
  const [row] = await select(db).where(eq(subjectMaterials.id, id));
  return row;
}

export async function findSubjectAndGrade(db: Executor, subjectId: number, gradeId: number) {
  const [subject] = await db
    .select({ id: subjects.id, unitId: subjects.unitId, name: subjects.name })
    .from(subjects)
    .where(eq(subjects.id, subjectId));
  const [grade] = await db.select({ id: grades.id, unitId: grades.unitId }).from(grades).where(eq(grades.id, gradeId));
  return { subject, grade };
}

export async function insertMaterial(db: Executor, values: typeof subjectMaterials.$inferInsert) {
  const [row] = await db.insert(subjectMaterials).values(values).returning({ id: subjectMaterials.id });
  return row!.id;
}

export async function updateMaterial(db: Executor, id: number, values: Partial<typeof subjectMaterials.$inferInsert>) {
  await db
    .update(subjectMaterials)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(subjectMaterials.id, id));
}

export async function setAttachments(db: Executor, id: number, attachments: MaterialAttachment[]) {
  await db.update(subjectMaterials).set({ attachments, updatedAt: sqlNow() }).where(eq(subjectMaterials.id, id));
}

export async function deleteMaterial(db: Executor, id: number) {
  await db.delete(subjectMaterials).where(eq(subjectMaterials.id, id));
}

export async function listMaterials(
  db: Executor,
  f: { unitId: number | null; subjectId?: number; gradeId?: number; semester?: 'GANJIL' | 'GENAP'; q?: string },
  page: { page: number; pageSize: number },
) {
  const parts: SQL[] = [];
  if (f.unitId !== null) parts.push(eq(subjects.unitId, f.unitId));
  if (f.subjectId) parts.push(eq(subjectMaterials.subjectId, f.subjectId));
  if (f.gradeId) parts.push(eq(subjectMaterials.gradeId, f.gradeId));
  if (f.semester) parts.push(eq(subjectMaterials.semester, f.semester));
  if (f.q) parts.push(ilike(subjectMaterials.title, `%${escapeLike(f.q)}%`));
  const filter = parts.length ? and(...parts) : undefined;
  const [items, [total]] = await Promise.all([
    select(db)
      .where(filter)
      .orderBy(asc(subjects.name), asc(grades.level), asc(subjectMaterials.semester), asc(subjectMaterials.sortOrder))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db
      .select({ n: count() })
      .from(subjectMaterials)
      .innerJoin(subjects, eq(subjects.id, subjectMaterials.subjectId))
      .where(filter),
  ]);
  return { items, total: total?.n ?? 0, page: page.page, pageSize: page.pageSize };
}
