import type { Executor } from '../../../db/client.ts';
import { feedAssessmentScores } from '../../grades/assessment-feed.service.ts';
import * as repo from './results.repo.ts';

/**
 * The grade book hears of a student's attempt each time it is scored (`rescore`, in the scoring transaction):
 * the student's latest attempt, once GRADED, puts its grade (0..100 to 2 decimals, half up: what the results show)
 * in whole hundredths into the assessment's column of the student's class; a latest attempt whose essays wait for
 * marking takes the score out (absent, not 0) until they are marked. A running attempt (reopened by the proctor, or
 * a next attempt begun) leaves the last score as it is; its submission writes the new one. Applicants, samples,
 * deleted assessments and kinds that feed no grade book (assessment-feed.service.ts) change nothing.
 */
export async function feedGradebook(exec: Executor, attemptId: number, grade: number, pending: boolean) {
  const t = await repo.attemptForGradebook(exec, attemptId);
  if (!t || t.isSample || !t.latest || t.classGroupId === null || t.status === 'IN_PROGRESS') return;
  const hundredths = pending || t.status !== 'GRADED' ? null : Math.round(grade * 100);
  await feedAssessmentScores(
    exec,
    { id: t.assessmentId, unitId: t.unitId, subjectId: t.subjectId, kind: t.kind, title: t.title, date: t.date },
    t.classGroupId,
    [{ studentId: t.studentId, hundredths }],
  );
}

/**
 * Of the assessments that feed grade-book columns, those whose scores the student may read there: as on their own
 * results page, only published ones that show scores (a grade book never tells a student earlier).
 */
export async function assessmentsShownToStudents(exec: Executor, assessmentIds: number[]) {
  return new Set(await repo.shownToStudents(exec, [...new Set(assessmentIds)]));
}
