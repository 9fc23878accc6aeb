import type { RandomDrawMode } from '@mms/shared';
import { seededShuffle } from '../exam/paper/exam-paper.ts';

/**
 * A draw from a class list: the list is put in a fixed order (by id) and shuffled with the seeded generator
 * the exams use, so the same seed on the same class list gives the same draw. `pick` takes the first `count`
 * students of the shuffle; `groups` deals the whole shuffle into `count` groups in turn (sizes differ by one
 * at most).
 */
export function drawStudents<T extends { id: number }>(
  students: readonly T[],
  mode: RandomDrawMode,
  count: number,
  seed: number,
): { number: number; students: T[] }[] {
  const shuffled = seededShuffle(
    [...students].sort((a, b) => a.id - b.id),
    seed,
  );
  if (mode === 'pick') return [{ number: 1, students: shuffled.slice(0, count) }];
  const groups = Array.from({ length: count }, (_, i) => ({ number: i + 1, students: [] as T[] }));
  shuffled.forEach((s, i) => groups[i % count]!.students.push(s));
  return groups;
}
