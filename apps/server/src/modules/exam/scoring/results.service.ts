import {
  fraction,
  gradeOf,
  itemAnalysis,
  markEssay,
  meanGrade,
  scoreResponse,
  sumFractions,
  type AnswerSheetInput,
  effectiveState,
  type AssessmentState,
  type AuthUser,
  type EssayMarkInput,
  type EssaysQuery,
  type Fraction,
  type KeyChangeInput,
  type QuestionContent,
  type QuestionResponse,
} from '@mms/shared';
import type { Database, Executor } from '../../../db/client.ts';
import { audit, type AuditActor } from '../../../lib/audit.ts';
import { clock } from '../../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors.ts';
import { assertUnit, userCan } from '../../../lib/scope.ts';
import * as school from '../../school/school.service.ts';
import { findAssessment, type AssessmentService } from '../../assessment/assessment.service.ts';
import * as repo from './results.repo.ts';
import { asFraction, display, rescore, scoreAttempt } from './attempt-score.ts';

/** States in which an assessment has answers to record, mark and analyse. */
const WITH_RESULTS = ['SCHEDULED', 'OPEN', 'CLOSED', 'GRADED', 'PUBLISHED'];

/**
 * Results of an assessment (issue 12). Reading follows the assessment's own rule (`AssessmentService.get`);
 * recording answer sheets, marking essays and changing a key are for those who may mark it: its author, a teacher
 * of its subject and grade, or the unit's checkers and controllers, decided from the signed-in user and the
 * database inside the writing transaction. Every mark and every regrade is audited with the scores before and after.
 */
export function createResultsService(db: Database, flow: AssessmentService) {
  async function markable(exec: Executor, user: AuthUser, id: number) {
    const a = await findAssessment(exec, id, true);
    if (!a) throw notFound('Penilaian');
    assertUnit(user, a.unitId);
    const leads = userCan(user, 'assessment.check') || userCan(user, 'assessment.control');
    const author = !!user.employeeId && a.authorEmployeeId === user.employeeId;
    const teaches =
      !!user.employeeId && (await school.teachesSubjectInGrade(exec, user.employeeId, a.subjectId, a.gradeId));
    if (!leads && !author && !teaches) {
      throw forbidden('Hanya penulis, guru mapel tingkat ini atau wakakur yang dapat menilai penilaian ini');
    }
    if (!WITH_RESULTS.includes(a.state)) {
      throw conflict('Penilaian ini belum dijadwalkan, jadi belum ada jawaban untuk dinilai');
    }
    return a;
  }

  async function results(user: AuthUser, id: number) {
    const a = await flow.get(user, id);
    const [items, takers, latest] = await Promise.all([
      repo.itemsWithContent(db, id),
      repo.takersOf(db, id),
      repo.latestAttempts(db, id),
    ]);
    const answers = await repo.answersOf(
      db,
      latest.map((t) => t.id),
    );
    const attemptOf = new Map(latest.map((t) => [t.studentId, t]));
    const max = items.reduce((s, i) => s + i.points, 0);
    const rows = takers.map((s) => {
      const t = attemptOf.get(s.studentId);
      if (!t) {
        return {
          ...s,
          attemptId: null,
          status: 'NOT_TAKEN' as const,
          earned: null,
          max,
          grade: null,
          pendingEssays: 0,
          passed: null,
        };
      }
      const scored = scoreAttempt(
        items,
        answers.filter((x) => x.attemptId === t.id),
      );
      const grade = gradeOf(scored.earned, max);
      return {
        ...s,
        attemptId: t.id,
        status: t.status,
        earned: display(scored.earned),
        max,
        grade,
        pendingEssays: scored.pending,
        passed: scored.pending ? null : grade >= a.passingMark,
      };
    });
    const taken = rows.filter((r) => r.grade !== null);
    const mean = meanGrade(taken.map((r) => r.grade!));
    return {
      assessment: {
        id: a.id,
        title: a.title,
        kind: a.kind,
        state: a.state,
        passingMark: a.passingMark,
        subjectName: a.subjectName,
        gradeName: a.gradeName,
      },
      items: items.map((i) => ({ questionId: i.questionId, position: i.position, type: i.type, points: i.points })),
      rows,
      summary: {
        takers: taken.length,
        mean: mean === null ? null : display(mean),
        highest: taken.length ? Math.max(...taken.map((r) => r.grade!)) : null,
        lowest: taken.length ? Math.min(...taken.map((r) => r.grade!)) : null,
        belowPassing: taken.filter((r) => r.passed === false).length,
        pendingEssays: rows.reduce((n, r) => n + r.pendingEssays, 0),
      },
    };
  }

  /**
   * Records a student's answer sheet (a paper exam typed in, until the exam engine writes attempts itself): the
   * student must be of the assessment's classes, every question one of its items and every response of that
   * question's type. Closed answers are scored at once; essays wait for marking.
   */
  async function saveSheet(user: AuthUser, id: number, studentId: number, input: AnswerSheetInput, actor: AuditActor) {
    return db.transaction(async (tx) => {
      await markable(tx, user, id);
      const [items, takers] = await Promise.all([repo.itemsWithContent(tx, id), repo.takersOf(tx, id)]);
      if (!takers.some((t) => t.studentId === studentId)) {
        throw badRequest('Siswa ini tidak terdaftar di kelas penilaian ini', { studentId: 'Bukan peserta' });
      }
      const fields: Record<string, string> = {};
      const rows = input.answers.map((ans, i) => {
        const item = items.find((it) => it.questionId === ans.questionId);
        if (!item) fields[`answers.${i}.questionId`] = 'Soal ini bukan soal penilaian ini';
        else if (item.content.type !== ans.response.type)
          fields[`answers.${i}.response`] = 'Jawaban tidak sesuai jenis soal';
        return { ans, item };
      });
      if (Object.keys(fields).length)
        throw badRequest('Periksa jawaban yang ditandai; belum ada yang disimpan', fields);
      const attemptId = await repo.sheetAttempt(tx, id, studentId, clock.now());
      const before = await repo.answersOf(tx, [attemptId]);
      await repo.replaceAnswers(
        tx,
        attemptId,
        rows.map(({ ans, item }) => {
          const kept = before.find((b) => b.questionId === ans.questionId && item!.content.type === 'ESSAY');
          const sameText = kept && JSON.stringify(kept.response) === JSON.stringify(ans.response);
          const earned =
            item!.content.type === 'ESSAY'
              ? sameText
                ? asFraction(kept.scoreNum, kept.scoreDen)
                : null
              : scoreResponse(item!.content, item!.points, ans.response).earned;
          return {
            questionId: ans.questionId,
            questionVersionId: item!.questionVersionId,
            response: ans.response as QuestionResponse,
            scoreNum: earned?.num ?? null,
            scoreDen: earned?.den ?? null,
          };
        }),
      );
      const s = await rescore(tx, items, attemptId);
      await audit(tx, actor, {
        action: 'assessment.sheet.save',
        entityType: 'attempt',
        entityId: attemptId,
        before: before.map((b) => ({ questionId: b.questionId, response: b.response })),
        after: { answers: input.answers, earned: display(s.earned), pendingEssays: s.pending },
      });
      return { ok: true as const };
    });
  }

  async function essays(user: AuthUser, id: number, q: EssaysQuery) {
    await flow.get(user, id);
    const items = (await repo.itemsWithContent(db, id)).filter((i) => i.content.type === 'ESSAY');
    const [takers, latest] = await Promise.all([repo.takersOf(db, id), repo.latestAttempts(db, id)]);
    const answers = await repo.answersOf(
      db,
      latest.map((t) => t.id),
    );
    const studentOf = new Map(latest.map((t) => [t.id, t.studentId]));
    const nameOf = new Map(takers.map((t) => [t.studentId, t.name]));
    const out = [];
    for (const item of items) {
      if (q.questionId && item.questionId !== q.questionId) continue;
      const content = item.content as Extract<QuestionContent, { type: 'ESSAY' }>;
      for (const ans of answers.filter((x) => x.questionId === item.questionId)) {
        const studentId = studentOf.get(ans.attemptId)!;
        if (q.studentId && studentId !== q.studentId) continue;
        const score = asFraction(ans.scoreNum, ans.scoreDen);
        out.push({
          answerId: ans.id,
          questionId: item.questionId,
          position: item.position,
          stem: item.stem,
          rubric: content.rubric,
          modelAnswer: content.modelAnswer ?? null,
          points: item.points,
          studentId,
          studentName: nameOf.get(studentId) ?? '',
          text: ans.response.type === 'ESSAY' ? ans.response.text : '',
          score: score ? display(score) : null,
        });
      }
    }
    out.sort((a, b) => a.position - b.position || a.studentName.localeCompare(b.studentName));
    return { items: out };
  }

  async function markEssayAnswer(
    user: AuthUser,
    id: number,
    answerId: number,
    input: EssayMarkInput,
    actor: AuditActor,
  ) {
    return db.transaction(async (tx) => {
      await markable(tx, user, id);
      const answer = await repo.findAnswer(tx, answerId);
      if (!answer || answer.assessmentId !== id) throw notFound('Jawaban');
      const items = await repo.itemsWithContent(tx, id);
      const item = items.find((i) => i.questionId === answer.questionId);
      if (!item || item.content.type !== 'ESSAY') throw badRequest('Hanya jawaban uraian yang dinilai manual');
      let earned: Fraction;
      try {
        if (item.content.rubric.length) markEssay(item.content.rubric, input.marks);
        earned = scoreResponse(item.content, item.points, null, input.marks).earned;
      } catch (error) {
        throw badRequest(error instanceof Error ? error.message : 'Skor tidak valid', { marks: 'Periksa skor' });
      }
      const beforeAttempt = scoreAttempt(items, await repo.answersOf(tx, [answer.attemptId]));
      await repo.setAnswerScore(tx, answerId, earned, user.id);
      const after = await rescore(tx, items, answer.attemptId);
      const max = items.reduce((s, i) => s + i.points, 0);
      await audit(tx, actor, {
        action: 'assessment.essay.mark',
        entityType: 'answer',
        entityId: answerId,
        before: {
          score: answer.scoreNum === null ? null : display(fraction(answer.scoreNum, answer.scoreDen!)),
          grade: gradeOf(beforeAttempt.earned, max),
        },
        after: { marks: input.marks, score: display(earned), grade: gradeOf(after.earned, max) },
      });
      return { score: display(earned), grade: gradeOf(after.earned, max), pendingEssays: after.pending };
    });
  }

  /**
   * Changes the key of a closed question of the assessment: writes the question's next version with the new
   * content, pins it here, rescores every attempt, and audits each attempt's grade before and after.
   */
  async function changeKey(user: AuthUser, id: number, questionId: number, input: KeyChangeInput, actor: AuditActor) {
    return db.transaction(async (tx) => {
      await markable(tx, user, id);
      const items = await repo.itemsWithContent(tx, id);
      const item = items.find((i) => i.questionId === questionId);
      if (!item) throw notFound('Soal penilaian');
      if (item.content.type === 'ESSAY')
        throw badRequest('Soal uraian dinilai manual; ubah nilainya di koreksi uraian');
      if (input.content.type !== item.content.type) {
        throw badRequest('Jenis soal tidak boleh berubah saat kunci diubah', { content: 'Jenis lain' });
      }
      // the pinned version's other fields stay as they were
      const old = await repo.versionFields(tx, item.questionVersionId);
      const version = await repo.nextVersion(tx, questionId);
      const versionId = await repo.insertVersion(tx, {
        questionId,
        version,
        type: item.type,
        ...old,
        content: input.content,
        createdByUserId: user.id,
      });
      await repo.repinItem(tx, item.itemId, versionId);
      await repo.setQuestionCurrentVersion(tx, questionId, version);
      const newItems = items.map((i) =>
        i.questionId === questionId ? { ...i, questionVersionId: versionId, version, content: input.content } : i,
      );
      const latest = await repo.latestAttempts(tx, id);
      const all = await repo.answersOf(
        tx,
        latest.map((t) => t.id),
      );
      const max = items.reduce((s, i) => s + i.points, 0);
      const changed = [];
      for (const t of latest) {
        const mine = all.filter((a) => a.attemptId === t.id);
        const before = gradeOf(scoreAttempt(items, mine).earned, max);
        const answer = mine.find((a) => a.questionId === questionId);
        if (answer) {
          const earned = scoreResponse(input.content, item.points, answer.response).earned;
          await repo.setAnswerScore(tx, answer.id, earned, null);
          await repo.setAnswerVersion(tx, answer.id, versionId);
        }
        const after = gradeOf((await rescore(tx, newItems, t.id)).earned, max);
        if (after !== before) changed.push({ attemptId: t.id, studentId: t.studentId, before, after });
      }
      await audit(tx, actor, {
        action: 'assessment.key.change',
        entityType: 'assessment',
        entityId: id,
        before: { questionId, version: item.version, content: item.content },
        after: { questionId, version, content: input.content, changed },
      });
      return { questionId, version, changed, regraded: latest.length };
    });
  }

  async function analysis(user: AuthUser, id: number) {
    await flow.get(user, id);
    const items = await repo.itemsWithContent(db, id);
    const latest = (await repo.latestAttempts(db, id)).filter((t) => t.status !== 'IN_PROGRESS');
    const answers = await repo.answersOf(
      db,
      latest.map((t) => t.id),
    );
    const takers = latest.map((t) => {
      const mine = answers.filter((a) => a.attemptId === t.id);
      const { perItem } = scoreAttempt(items, mine);
      return {
        items: perItem.map(({ item, answer, earned }) =>
          answer
            ? {
                earned,
                max: item.points,
                answered: true,
                choice:
                  answer.response.type === 'SINGLE'
                    ? answer.response.optionId
                    : answer.response.type === 'MULTIPLE'
                      ? answer.response.optionIds
                      : null,
              }
            : { earned: 0, max: item.points, answered: false },
        ),
      };
    });
    const stats = itemAnalysis(takers);
    return {
      takers: stats.takers,
      groupSize: stats.groupSize,
      kr20: stats.kr20,
      alpha: stats.alpha,
      items: items.map((item, i) => {
        const s = stats.items[i];
        return {
          questionId: item.questionId,
          position: item.position,
          type: item.type,
          max: item.points,
          answered: s?.answered ?? 0,
          difficulty: s?.difficulty ?? null,
          difficultyLevel: s?.difficultyLevel ?? null,
          discrimination: s?.discrimination ?? null,
          pointBiserial: s?.pointBiserial ?? null,
          choices: s?.choices ?? {},
          flags: s?.flags ?? (stats.takers === 0 ? ['NOBODY_ANSWERED'] : []),
          single: item.content.type === 'SINGLE' ? { options: item.content.options, key: item.content.key } : null,
        };
      }),
    };
  }

  /**
   * The formative analysis of a subject and grade (the teacher's "Analisis formatif"): each formative's mean
   * grade per class, every class's mean over all of them, and the mastery of each learning objective (the share of
   * the points its questions gave, over every taker). A teacher reads the subjects and grades they teach; the
   * unit's leaders every one of their unit.
   */
  async function formativeAnalysis(user: AuthUser, subjectId: number, gradeId: number) {
    const [subject, grade] = await Promise.all([school.findSubject(db, subjectId), school.findGrade(db, gradeId)]);
    if (!subject) throw notFound('Mata pelajaran');
    if (!grade || grade.unitId !== subject.unitId) throw notFound('Tingkat');
    assertUnit(user, subject.unitId);
    const leads =
      userCan(user, 'assessment.check') || userCan(user, 'assessment.control') || userCan(user, 'analytics.school');
    if (!leads) {
      const teaches =
        !!user.employeeId && (await school.teachesSubjectInGrade(db, user.employeeId, subjectId, gradeId));
      if (!teaches) throw forbidden('Anda hanya dapat melihat analisis mapel yang Anda ajar di tingkat ini');
    }
    const list = await repo.formativesOf(db, subject.unitId, subjectId, gradeId);
    const perClass = new Map<string, number[]>();
    const perObjective = new Map<string, { items: Set<number>; earned: Fraction[]; max: number }>();
    const assessmentsOut = [];
    for (const a of list) {
      const [items, takers, latest] = await Promise.all([
        repo.itemsWithContent(db, a.id),
        repo.takersOf(db, a.id),
        repo.latestAttempts(db, a.id),
      ]);
      const done = latest.filter((t) => t.status !== 'IN_PROGRESS');
      const answers = await repo.answersOf(
        db,
        done.map((t) => t.id),
      );
      const classOf = new Map(takers.map((t) => [t.studentId, t.className]));
      const max = items.reduce((n, i) => n + i.points, 0);
      const grades = new Map<string, number[]>();
      for (const t of done) {
        const scored = scoreAttempt(
          items,
          answers.filter((x) => x.attemptId === t.id),
        );
        const className = classOf.get(t.studentId) ?? '-';
        const g = gradeOf(scored.earned, max);
        grades.set(className, [...(grades.get(className) ?? []), g]);
        perClass.set(className, [...(perClass.get(className) ?? []), g]);
        for (const p of scored.perItem) {
          const key = p.item.objective?.trim() || '-';
          const o = perObjective.get(key) ?? { items: new Set<number>(), earned: [], max: 0 };
          o.items.add(p.item.questionId);
          o.earned.push(p.earned);
          o.max += p.item.points;
          perObjective.set(key, o);
        }
      }
      const classNames = [...new Set(takers.map((t) => t.className))].sort();
      assessmentsOut.push({
        id: a.id,
        title: a.title,
        classes: classNames.map((className) => {
          const g = grades.get(className) ?? [];
          const mean = meanGrade(g);
          return { className, takers: g.length, mean: mean === null ? null : display(mean) };
        }),
      });
    }
    return {
      assessments: assessmentsOut,
      byClass: [...perClass.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([className, g]) => {
          const mean = meanGrade(g);
          return { className, takers: g.length, mean: mean === null ? null : display(mean) };
        }),
      byObjective: [...perObjective.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([objective, o]) => ({
          objective,
          items: o.items.size,
          mastery: o.max ? gradeOf(sumFractions(o.earned), o.max) : null,
        })),
    };
  }

  /**
   * The signed-in student's tests: upcoming ones of their class (scheduled or open), and results of published
   * ones. Only their own attempt is read, and a grade shows only where the assessment shows scores; keys never.
   */
  async function mine(user: AuthUser) {
    if (!user.studentId) throw forbidden('Akun ini bukan akun siswa');
    const cls = await school.classOfStudent(db, user.studentId);
    if (!cls) return { upcoming: [], published: [] };
    const now = clock.now();
    const rows = await repo.assessmentsOfClass(db, cls.id);
    const upcoming = rows
      .filter((a) => {
        const state = effectiveState(a.state as AssessmentState, a, now);
        return state === 'SCHEDULED' || state === 'OPEN';
      })
      .map((a) => ({
        id: a.id,
        kind: a.kind,
        title: a.title,
        subjectName: a.subjectName,
        opensAt: a.opensAt ? new Date(a.opensAt).toISOString() : null,
        closesAt: a.closesAt ? new Date(a.closesAt).toISOString() : null,
        durationMinutes: a.durationMinutes,
        isSample: a.isSample,
      }));
    const published = [];
    for (const a of rows.filter((r) => r.state === 'PUBLISHED' && !r.isSample)) {
      let grade: number | null = null;
      const attempt = a.showScore ? await repo.latestAttemptOf(db, a.id, user.studentId) : undefined;
      if (attempt) {
        const items = await repo.itemsWithContent(db, a.id);
        const scored = scoreAttempt(items, await repo.answersOf(db, [attempt.id]));
        grade = gradeOf(
          scored.earned,
          items.reduce((n, i) => n + i.points, 0),
        );
      }
      published.push({
        id: a.id,
        kind: a.kind,
        title: a.title,
        subjectName: a.subjectName,
        passingMark: a.passingMark,
        grade,
        passed: grade === null ? null : grade >= a.passingMark,
      });
    }
    return { upcoming, published };
  }

  return { results, saveSheet, essays, markEssayAnswer, changeKey, analysis, formativeAnalysis, mine };
}
