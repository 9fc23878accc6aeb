import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { raporHomeroomNotes, raporReopens, raporSeen, raporStates, raporSubmissions } from '../../db/schema/index.ts';

type Semester = 'GANJIL' | 'GENAP';
export interface RaporRound {
  classGroupId: number;
  semester: Semester;
}

/**
 * Serialises the rapor round's writes: edits of scores and descriptions take the shared lock, the lock and the
 * publish the exclusive one, so an edit never slips in between the board's check and the lock (one transaction).
 */
export async function lockRound(exec: Executor, r: RaporRound, mode: 'shared' | 'exclusive') {
  const key = `rapor:${r.classGroupId}:${r.semester}`;
  await exec.execute(
    mode === 'shared'
      ? sql`select pg_advisory_xact_lock_shared(hashtext(${key}))`
      : sql`select pg_advisory_xact_lock(hashtext(${key}))`,
  );
}

export async function stateOf(exec: Executor, r: RaporRound) {
  const [row] = await exec
    .select()
    .from(raporStates)
    .where(and(eq(raporStates.classGroupId, r.classGroupId), eq(raporStates.semester, r.semester)));
  return row;
}

export async function setLocked(exec: Executor, r: RaporRound, userId: number, at: Date) {
  await exec
    .insert(raporStates)
    .values({ ...r, status: 'LOCKED', lockedByUserId: userId, lockedAt: at })
    .onConflictDoUpdate({
      target: [raporStates.classGroupId, raporStates.semester],
      set: { status: 'LOCKED', lockedByUserId: userId, lockedAt: at },
    });
}

export async function setPublished(exec: Executor, r: RaporRound, userId: number, at: Date) {
  await exec
    .update(raporStates)
    .set({ status: 'PUBLISHED', publishedByUserId: userId, publishedAt: at })
    .where(and(eq(raporStates.classGroupId, r.classGroupId), eq(raporStates.semester, r.semester)));
}

export async function publishedOfClass(exec: Executor, classGroupId: number) {
  return exec
    .select({ semester: raporStates.semester, publishedAt: raporStates.publishedAt })
    .from(raporStates)
    .where(and(eq(raporStates.classGroupId, classGroupId), eq(raporStates.status, 'PUBLISHED')))
    .orderBy(asc(raporStates.semester));
}

/** The submissions and states of some classes in a semester (the teacher's own subjects). */
export async function roundsOf(exec: Executor, classGroupIds: number[], semester: Semester) {
  if (classGroupIds.length === 0) return { submissions: [], states: [] };
  const [submissions, states] = await Promise.all([
    exec
      .select()
      .from(raporSubmissions)
      .where(and(inArray(raporSubmissions.classGroupId, classGroupIds), eq(raporSubmissions.semester, semester))),
    exec
      .select()
      .from(raporStates)
      .where(and(inArray(raporStates.classGroupId, classGroupIds), eq(raporStates.semester, semester))),
  ]);
  return { submissions, states };
}

/** The classes among some whose rapor round of a semester is locked or published. */
export async function lockedClassesOf(exec: Executor, classGroupIds: number[], semester: Semester) {
  if (classGroupIds.length === 0) return [];
  const rows = await exec
    .select({ classGroupId: raporStates.classGroupId })
    .from(raporStates)
    .where(
      and(
        inArray(raporStates.classGroupId, classGroupIds),
        eq(raporStates.semester, semester),
        inArray(raporStates.status, ['LOCKED', 'PUBLISHED']),
      ),
    );
  return rows.map((r) => r.classGroupId);
}

export async function submissionsOf(exec: Executor, r: RaporRound) {
  return exec
    .select()
    .from(raporSubmissions)
    .where(and(eq(raporSubmissions.classGroupId, r.classGroupId), eq(raporSubmissions.semester, r.semester)));
}

export async function upsertSubmission(exec: Executor, r: RaporRound, subjectId: number, userId: number, at: Date) {
  await exec
    .insert(raporSubmissions)
    .values({ ...r, subjectId, submittedByUserId: userId, submittedAt: at })
    .onConflictDoUpdate({
      target: [raporSubmissions.classGroupId, raporSubmissions.subjectId, raporSubmissions.semester],
      set: { submittedByUserId: userId, submittedAt: at },
    });
}

export async function notesOf(exec: Executor, r: RaporRound) {
  return exec
    .select()
    .from(raporHomeroomNotes)
    .where(and(eq(raporHomeroomNotes.classGroupId, r.classGroupId), eq(raporHomeroomNotes.semester, r.semester)));
}

export async function noteOf(exec: Executor, r: RaporRound, studentId: number) {
  const [row] = await exec
    .select()
    .from(raporHomeroomNotes)
    .where(
      and(
        eq(raporHomeroomNotes.classGroupId, r.classGroupId),
        eq(raporHomeroomNotes.semester, r.semester),
        eq(raporHomeroomNotes.studentId, studentId),
      ),
    );
  return row;
}

/** Saves the note; `akhlak` undefined keeps the saved akhlak note, null clears it. */
export async function upsertNote(
  exec: Executor,
  r: RaporRound,
  studentId: number,
  text: string,
  akhlak: string | null | undefined,
  userId: number,
) {
  await exec
    .insert(raporHomeroomNotes)
    .values({ ...r, studentId, text, akhlak: akhlak ?? null, updatedByUserId: userId })
    .onConflictDoUpdate({
      target: [raporHomeroomNotes.classGroupId, raporHomeroomNotes.semester, raporHomeroomNotes.studentId],
      set: {
        text,
        ...(akhlak === undefined ? {} : { akhlak }),
        updatedByUserId: userId,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

export async function reopensOf(exec: Executor, r: RaporRound) {
  return exec
    .select()
    .from(raporReopens)
    .where(and(eq(raporReopens.classGroupId, r.classGroupId), eq(raporReopens.semester, r.semester)))
    .orderBy(asc(raporReopens.openedAt), asc(raporReopens.id));
}

/** The students of `studentIds` whose subject is reopened now (an open reopen) in the round. */
export async function openReopenStudents(exec: Executor, r: RaporRound, subjectId: number, studentIds: number[]) {
  if (studentIds.length === 0) return new Set<number>();
  const rows = await exec
    .select({ studentId: raporReopens.studentId })
    .from(raporReopens)
    .where(
      and(
        eq(raporReopens.classGroupId, r.classGroupId),
        eq(raporReopens.semester, r.semester),
        eq(raporReopens.subjectId, subjectId),
        inArray(raporReopens.studentId, studentIds),
        isNull(raporReopens.closedAt),
      ),
    );
  return new Set(rows.map((x) => x.studentId));
}

export async function insertReopen(exec: Executor, values: typeof raporReopens.$inferInsert) {
  const [row] = await exec.insert(raporReopens).values(values).returning({ id: raporReopens.id });
  return row!.id;
}

/** Closes the open reopens of the round (of one subject, or all): the subject was submitted again, or published. */
export async function closeReopens(exec: Executor, r: RaporRound, at: Date, subjectId?: number) {
  return exec
    .update(raporReopens)
    .set({ closedAt: at })
    .where(
      and(
        eq(raporReopens.classGroupId, r.classGroupId),
        eq(raporReopens.semester, r.semester),
        subjectId === undefined ? undefined : eq(raporReopens.subjectId, subjectId),
        isNull(raporReopens.closedAt),
      ),
    )
    .returning({ id: raporReopens.id });
}

export async function seenOf(exec: Executor, r: RaporRound) {
  return exec
    .select()
    .from(raporSeen)
    .where(and(eq(raporSeen.classGroupId, r.classGroupId), eq(raporSeen.semester, r.semester)));
}

export async function seenOfStudent(exec: Executor, classGroupId: number, studentId: number) {
  return exec
    .select({ semester: raporSeen.semester, firstSeenAt: raporSeen.firstSeenAt })
    .from(raporSeen)
    .where(and(eq(raporSeen.classGroupId, classGroupId), eq(raporSeen.studentId, studentId)));
}

/** Marks the rapor seen on its first read; later reads keep the first time. */
export async function markSeen(exec: Executor, r: RaporRound, studentId: number) {
  await exec
    .insert(raporSeen)
    .values({ ...r, studentId })
    .onConflictDoNothing();
}
