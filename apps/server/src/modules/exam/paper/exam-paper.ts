import type { ExamQuestion, QuestionContent } from '@mms/shared';

/**
 * A small seeded generator (mulberry32): the same attempt always gets the same order, on every server and after
 * every restart, without storing the order.
 */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Fisher-Yates with the seeded generator; returns a new array. */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  const next = generator(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export interface PaperItem {
  questionId: number;
  position: number;
  type: ExamQuestion['type'];
  points: number;
  stem: string;
  content: QuestionContent;
}

/**
 * The paper a student sees: the questions (shuffled when the assessment says so) and their parts (options,
 * statements, matching answers; shuffled when it says so), deterministically from the attempt id. Only what a
 * student may see is copied: never a key, an accepted answer, a rubric or a model answer.
 */
export function paperFor(
  items: readonly PaperItem[],
  attemptId: number,
  shuffle: { questions: boolean; options: boolean },
): ExamQuestion[] {
  const ordered = shuffle.questions
    ? seededShuffle(items, attemptId)
    : [...items].sort((a, b) => a.position - b.position);
  return ordered.map((item, i) => {
    const seed = attemptId * 7919 + item.questionId;
    const mix = <T>(parts: readonly T[]) => (shuffle.options ? seededShuffle(parts, seed) : [...parts]);
    const c = item.content;
    const part = (p: { id: string; text: string }) => ({ id: p.id, text: p.text });
    let parts: { id: string; text: string }[] = [];
    let choices: { id: string; text: string }[] = [];
    if (c.type === 'SINGLE' || c.type === 'MULTIPLE') parts = mix(c.options).map(part);
    else if (c.type === 'TRUE_FALSE') parts = c.statements.map(part);
    else if (c.type === 'MATCHING') {
      parts = c.left.map(part);
      // the answers to pair with are always mixed: in the bank's order they would often give the key away
      choices = seededShuffle(c.right, seed).map(part);
    }
    return {
      questionId: item.questionId,
      number: i + 1,
      type: item.type,
      points: item.points,
      stem: item.stem,
      parts,
      choices,
    };
  });
}
