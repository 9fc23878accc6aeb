import {
  gradeOf,
  scoreResponse,
  sumFractions,
  type AuthUser,
  type ExamTrialInput,
  type ExamTrialPaper,
  type ExamTrialResult,
} from '@mms/shared';
import type { Database, Executor } from '../../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../../lib/errors.ts';
import { seesAllUnits, userCan } from '../../../lib/scope.ts';
import { display, itemsWithContent } from '../scoring/attempt-score.ts';
import { paperFor } from '../paper/exam-paper.ts';
import * as repo from '../exam.repo.ts';

/**
 * Who may try an assessment (uji coba): its author, a checker of its unit (`assessment.check`) or an assessment
 * controller of its unit (`assessment.control`). Decided from the signed-in user and the assessment's row.
 */
export function mayTry(user: AuthUser, a: repo.AssessmentForExam): boolean {
  if (!seesAllUnits(user) && a.unitId !== user.unit?.id) return false;
  if (userCan(user, 'assessment.check') || userCan(user, 'assessment.control')) return true;
  return user.employeeId !== null && a.authorEmployeeId === user.employeeId;
}

/** Uji coba (issue 12): the paper as a student sees it, and its score, without any record. */
export function createExamTrialService(db: Database) {
  async function reachable(exec: Executor, user: AuthUser, assessmentId: number) {
    const a = await repo.assessmentForExam(exec, assessmentId);
    if (!a || (a.kind !== 'FORMATIVE' && a.kind !== 'SUMMATIVE')) throw notFound('Ujian');
    if (!mayTry(user, a)) throw forbidden('Uji coba hanya untuk penulis, pemeriksa atau pengendali penilaian ini');
    const items = await itemsWithContent(exec, a.id);
    if (!items.length) throw badRequest('Penilaian ini belum berisi soal');
    return { a, items };
  }

  async function paper(user: AuthUser, assessmentId: number): Promise<ExamTrialPaper> {
    const { a, items } = await reachable(db, user, assessmentId);
    return {
      assessmentId: a.id,
      kind: a.kind as ExamTrialPaper['kind'],
      title: a.title,
      subjectName: a.subjectName,
      instructions: a.instructions,
      durationMinutes: a.durationMinutes,
      // the assessment's own order: a trial shows what was written, not one student's shuffle
      questions: paperFor(items, 0, { questions: false, options: false }),
    };
  }

  async function score(user: AuthUser, assessmentId: number, input: ExamTrialInput): Promise<ExamTrialResult> {
    const { items } = await reachable(db, user, assessmentId);
    const responses = new Map(input.responses.map((r) => [r.questionId, r.response]));
    const unknown = input.responses.filter((r) => !items.some((i) => i.questionId === r.questionId));
    if (unknown.length) throw badRequest('Ada jawaban untuk soal yang bukan bagian penilaian ini');
    const wrongType = input.responses.filter(
      (r) => items.find((i) => i.questionId === r.questionId)?.content.type !== r.response.type,
    );
    if (wrongType.length) throw badRequest('Jenis jawaban tidak sesuai dengan jenis soal');
    const ordered = [...items].sort((x, y) => x.position - y.position);
    const scored = ordered.map((item, i) => {
      const essay = item.content.type === 'ESSAY';
      const { earned } = scoreResponse(item.content, item.points, responses.get(item.questionId) ?? null);
      return { item, number: i + 1, essay, earned };
    });
    const earned = sumFractions(scored.filter((s) => !s.essay).map((s) => s.earned));
    const max = items.reduce((n, i) => n + i.points, 0);
    return {
      earned: display(earned),
      max,
      grade: max > 0 ? gradeOf(earned, max) : null,
      items: scored.map(({ item, number, essay, earned: e }) => ({
        questionId: item.questionId,
        number,
        points: item.points,
        earned: essay ? null : display(e),
        correct: essay ? null : display(e) >= item.points,
      })),
    };
  }

  return { paper, score };
}
