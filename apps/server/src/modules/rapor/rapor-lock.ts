import type { Executor } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import * as repo from './rapor-workflow.repo.ts';

/**
 * What a write of scores or descriptions touches: a class's subject in a semester, for some students; a part of the
 * rapor outside the subjects (the extracurriculars) has no subject, and no reopen of a subject opens it.
 */
export interface RaporEdit {
  classGroupId: number;
  subjectId: number | null;
  semester: 'GANJIL' | 'GENAP';
  studentIds: number[];
}

/**
 * Refuses an edit of a locked (or published) rapor's scores or descriptions, unless every student it touches has
 * that subject reopened (an audited reopen, issue 40 §3). Called by the writers (descriptions, final-score
 * overrides) inside their own transaction, before they write; takes the round's shared lock so the lock waits.
 */
export async function assertRaporEditable(exec: Executor, edit: RaporEdit): Promise<void> {
  const round = { classGroupId: edit.classGroupId, semester: edit.semester };
  await repo.lockRound(exec, round, 'shared');
  const state = await repo.stateOf(exec, round);
  if (!state || state.status === 'DRAFT') return;
  if (edit.subjectId === null) {
    throw conflict('Rapor kelas siswa ini sudah dikunci: predikat ekstrakurikulernya tidak dapat diubah lagi');
  }
  const open = await repo.openReopenStudents(exec, round, edit.subjectId, edit.studentIds);
  if (edit.studentIds.every((id) => open.has(id))) return;
  throw conflict(
    'Rapor kelas ini sudah dikunci: nilai dan deskripsinya hanya dapat diubah setelah kepala sekolah atau wakakur membuka kembali mapel siswa itu',
  );
}

/**
 * The classes among `classGroupIds` whose rapor of `semester` is locked (or already published): what the year-end
 * promotion asks before it moves a class (issue 40 §4). A class belongs to one school year, so the class ids name
 * the year.
 */
export async function lockedClassIds(
  exec: Executor,
  classGroupIds: number[],
  semester: 'GANJIL' | 'GENAP',
): Promise<Set<number>> {
  return new Set(await repo.lockedClassesOf(exec, [...new Set(classGroupIds)], semester));
}

/**
 * Refuses an edit of a part of the rapor that belongs to no subject (the P5 grades and notes of a class) once the
 * class's rapor of that semester is locked or published: a reopen is of one student's subject, so none opens these,
 * as the homeroom's note. Called inside the writer's transaction, with the round's shared lock.
 */
export async function assertRaporRoundOpen(
  exec: Executor,
  round: { classGroupId: number; semester: 'GANJIL' | 'GENAP' },
  message: string,
): Promise<void> {
  await repo.lockRound(exec, round, 'shared');
  const state = await repo.stateOf(exec, round);
  if (state && state.status !== 'DRAFT') throw conflict(message);
}
