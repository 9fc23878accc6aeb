import { fraction, gradeOf, roundHalfUp, scoreResponse, sumFractions, type Fraction } from '@mms/shared';
import type { Executor } from '../../../db/client.ts';
import { feedGradebook } from './gradebook.ts';
import * as repo from './results.repo.ts';

/** The pinned items of an assessment with their content, and the answers of attempts: what scoring reads. */
export const itemsWithContent = repo.itemsWithContent;
export const answersOf = repo.answersOf;
export const itemsOfTaker = repo.itemsOfTaker;
export const gradedLatestAttempts = repo.gradedLatestAttempts;
export type ItemRow = repo.ItemRow;
export type AnswerRow = repo.AnswerRow;

export const asFraction = (num: number | null, den: number | null): Fraction | null =>
  num === null || den === null ? null : fraction(num, den);

/** A score as shown: exact to 2 decimals, half up. */
export const display = (f: Fraction) => roundHalfUp(f, 2);

/**
 * What one attempt earned by its items: closed types scored by their key (scoring.ts), essays by their stored
 * marks (waiting ones count 0 and are counted as pending); a corrected answer (correctedAt) counts its stored
 * score whatever its type. `auto` is what the key gave. The one scoring rule of answer sheets, the exam engine (for
 * students and applicants), key changes and every results screen.
 */
export function scoreAttempt(items: repo.ItemRow[], answers: repo.AnswerRow[]) {
  const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
  let pending = 0;
  const perItem = items.map((item) => {
    const answer = byQuestion.get(item.questionId);
    const marked = answer ? asFraction(answer.scoreNum, answer.scoreDen) : null;
    if (item.content.type === 'ESSAY') {
      const { needsMarking } = scoreResponse(item.content, item.points, answer?.response ?? null);
      if (!marked && needsMarking) pending++;
      return { item, answer, earned: marked ?? fraction(0), auto: fraction(0) };
    }
    const auto = scoreResponse(item.content, item.points, answer?.response ?? null).earned;
    return { item, answer, earned: answer?.correctedAt && marked ? marked : auto, auto };
  });
  const earned = sumFractions(perItem.map((p) => p.earned));
  const max = items.reduce((s, i) => s + i.points, 0);
  return { perItem, earned, max, pending };
}

/**
 * Recomputes and stores an attempt's score from its answers: GRADED once no essay waits, SUBMITTED while one does;
 * an attempt still in progress keeps its status. A student's score then goes to the grade book of the subject and
 * class in the same transaction (`feedGradebook`): every scoring path (submission, deadline, forced submission,
 * essay marking, a key change, a typed answer sheet, an answer file) passes here.
 */
export async function rescore(exec: Executor, items: repo.ItemRow[], attemptId: number) {
  const answers = await repo.answersOf(exec, [attemptId]);
  const s = scoreAttempt(items, answers);
  await repo.setAttemptScore(exec, attemptId, s.earned, s.pending ? 'SUBMITTED' : 'GRADED');
  await feedGradebook(exec, attemptId, gradeOf(s.earned, s.max), s.pending > 0);
  return s;
}
