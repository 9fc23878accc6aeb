import { and, eq, sql } from 'drizzle-orm';
import type { Semester } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { subjectDescriptions } from '../../db/schema/index.ts';
import { clock } from '../../lib/clock.ts';

type Sheet = { classGroupId: number; subjectId: number; semester: Semester };

/** The saved descriptions of a class's subject in a semester, with who saved each (the account's id). */
export async function savedOf(exec: Executor, q: Sheet) {
  return exec
    .select({
      id: subjectDescriptions.id,
      studentId: subjectDescriptions.studentId,
      text: subjectDescriptions.text,
      source: subjectDescriptions.source,
      updatedAt: subjectDescriptions.updatedAt,
      updatedByUserId: subjectDescriptions.updatedByUserId,
    })
    .from(subjectDescriptions)
    .where(
      and(
        eq(subjectDescriptions.classGroupId, q.classGroupId),
        eq(subjectDescriptions.subjectId, q.subjectId),
        eq(subjectDescriptions.semester, q.semester),
      ),
    );
}

/** Inserts or replaces each student's description of the sheet. */
export async function upsert(
  exec: Executor,
  q: Sheet & { academicYearId: number; userId: number },
  entries: { studentId: number; text: string; source: 'DRAFT' | 'EDITED' }[],
) {
  if (!entries.length) return;
  const now = clock.now();
  await exec
    .insert(subjectDescriptions)
    .values(
      entries.map((e) => ({
        classGroupId: q.classGroupId,
        academicYearId: q.academicYearId,
        subjectId: q.subjectId,
        semester: q.semester,
        studentId: e.studentId,
        text: e.text,
        source: e.source,
        updatedByUserId: q.userId,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [
        subjectDescriptions.classGroupId,
        subjectDescriptions.subjectId,
        subjectDescriptions.semester,
        subjectDescriptions.studentId,
      ],
      set: {
        text: sql`excluded.text`,
        source: sql`excluded.source`,
        updatedByUserId: sql`excluded.updated_by_user_id`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** A student's saved descriptions of a class and semester, by subject (the rapor's read). */
export async function ofStudent(exec: Executor, studentId: number, classGroupId: number, semester: Semester) {
  const rows = await exec
    .select({ subjectId: subjectDescriptions.subjectId, text: subjectDescriptions.text })
    .from(subjectDescriptions)
    .where(
      and(
        eq(subjectDescriptions.studentId, studentId),
        eq(subjectDescriptions.classGroupId, classGroupId),
        eq(subjectDescriptions.semester, semester),
      ),
    );
  return new Map(rows.map((r) => [r.subjectId, r.text]));
}

/** The saved descriptions of a class and semester: by student, then by subject (the rapor's class read). */
export async function ofClass(exec: Executor, classGroupId: number, semester: Semester) {
  const rows = await exec
    .select({
      studentId: subjectDescriptions.studentId,
      subjectId: subjectDescriptions.subjectId,
      text: subjectDescriptions.text,
    })
    .from(subjectDescriptions)
    .where(and(eq(subjectDescriptions.classGroupId, classGroupId), eq(subjectDescriptions.semester, semester)));
  const out = new Map<number, Map<number, string>>();
  for (const d of rows) {
    const m = out.get(d.studentId) ?? new Map<number, string>();
    m.set(d.subjectId, d.text);
    out.set(d.studentId, m);
  }
  return out;
}
