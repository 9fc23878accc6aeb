import {
  draftDescription,
  tpMastery,
  type AuthUser,
  type ColumnObjectivesInput,
  type LearningObjectiveInput,
  type LearningObjectiveQuery,
  type LearningObjectiveUpdate,
  type ObjectiveIdsInput,
  type QuestionResultInput,
  type ScoreSheetQuery,
  type TpMasteryQuery,
} from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import { actorOfUser, type Actor } from '../../lib/actor.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { clock } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { assertUnit, seesOnlyOwnClasses, unitScope } from '../../lib/scope.ts';
import { access } from '../access/access.service.ts';
import { reachesNewRow } from '../access/row-rule.ts';
import { createQuestionService } from '../assessment/question.service.ts';
import { answersOf, gradedLatestAttempts, itemsOfTaker, scoreAttempt } from '../exam/scoring/attempt-score.ts';
import { sheetKey } from '../grades/grades.access.ts';
import { createGradesService } from '../grades/grades.service.ts';
import * as school from '../school/school.service.ts';
import { learningObjectiveRule, managesAllObjectives } from './learning-objectives.access.ts';
import * as repo from './learning-objectives.repo.ts';

/**
 * Learning objectives (tujuan pembelajaran, TP; issue 40): the TPs of a subject and grade in a school year, the tags
 * that tie score columns and bank questions to them, and each student's mastery with the drafted description.
 * Who may do what is the TP rule of the access service (learning-objectives.access.ts) and, for tags, the rules of
 * what is tagged: a column's score sheet (`edit`: its subject teacher, WAKAKUR) and a question's (`change`: its
 * author of a taught pair, the assessment controllers). Every write is checked inside its transaction and audited.
 */
export function createLearningObjectivesService(db: Database) {
  const grades = createGradesService(db);
  const questions = createQuestionService(db);

  /** The subject and grade of one unit, checked for the caller's unit. */
  async function pairOf(exec: Executor, actor: Actor, subjectId: number, gradeId: number) {
    const [subject, grade] = await Promise.all([school.findSubject(exec, subjectId), school.findGrade(exec, gradeId)]);
    if (!subject) throw notFound('Mata pelajaran');
    if (!grade) throw notFound('Tingkat');
    assertUnit(actor, subject.unitId);
    if (grade.unitId !== subject.unitId) {
      throw badRequest('Tingkat dan mapel berasal dari unit yang berbeda', { gradeId: 'Unit lain' });
    }
    return { subject, grade };
  }

  async function yearOf(exec: Executor, academicYearId: number | undefined) {
    const year = academicYearId ? await school.findYear(exec, academicYearId) : await school.activeYear(exec);
    if (!year) throw academicYearId ? notFound('Tahun pelajaran') : badRequest('Belum ada tahun pelajaran aktif');
    return year;
  }

  /** Whether the TP rule's `action` reaches a TP of this subject and grade (one not written yet, or any of them). */
  const reachesPair = (
    exec: Executor,
    actor: Actor,
    action: 'read' | 'manage',
    pair: { subjectId: number; gradeId: number },
  ) =>
    reachesNewRow(exec, actor, learningObjectiveRule, action, 'lo', {
      subject_id: pair.subjectId,
      grade_id: pair.gradeId,
    });

  async function choices(user: AuthUser) {
    const actor = actorOfUser(user);
    if (seesOnlyOwnClasses(actor) && !managesAllObjectives(actor)) {
      const taught = actor.employeeId ? await school.subjectGradesTaught(db, actor.employeeId) : [];
      return { items: taught.map((p) => ({ ...p, canManage: true })) };
    }
    const all = await school.unitSubjectGrades(db, unitScope(actor, undefined));
    if (managesAllObjectives(actor)) return { items: all.map((p) => ({ ...p, canManage: true })) };
    const taught = actor.employeeId ? await school.subjectGradesTaught(db, actor.employeeId) : [];
    const mine = new Set(taught.map((p) => `${p.subjectId}:${p.gradeId}`));
    return { items: all.map((p) => ({ ...p, canManage: mine.has(`${p.subjectId}:${p.gradeId}`) })) };
  }

  async function list(user: AuthUser, q: LearningObjectiveQuery) {
    const actor = actorOfUser(user);
    await pairOf(db, actor, q.subjectId, q.gradeId);
    if (!(await reachesPair(db, actor, 'read', q))) {
      throw forbidden(learningObjectiveRule.denied('read', '', actor));
    }
    const year = await yearOf(db, q.academicYearId);
    const items = await repo.listObjectives(db, { ...q, academicYearId: year.id });
    return { academicYearId: year.id, items, canManage: await reachesPair(db, actor, 'manage', q) };
  }

  async function listed(exec: Executor, id: number) {
    const row = await repo.findListed(exec, id);
    if (!row) throw notFound('Tujuan pembelajaran');
    return row;
  }

  const codeConflict = () => conflict('Kode TP ini sudah dipakai di mapel dan tingkat ini', { code: 'Sudah dipakai' });

  async function create(user: AuthUser, input: LearningObjectiveInput, by: AuditActor) {
    return db.transaction(async (tx) => {
      const actor = actorOfUser(user);
      const { subject } = await pairOf(tx, actor, input.subjectId, input.gradeId);
      if (!(await reachesPair(tx, actor, 'manage', input))) {
        throw forbidden(learningObjectiveRule.denied('manage', '', actor));
      }
      const year = await yearOf(tx, input.academicYearId);
      const key = { academicYearId: year.id, subjectId: input.subjectId, gradeId: input.gradeId };
      if (await repo.codeTaken(tx, { ...key, code: input.code })) throw codeConflict();
      const row = await repo.insertObjective(tx, {
        ...key,
        unitId: subject.unitId,
        code: input.code,
        description: input.description,
        position: input.position ?? (await repo.nextPosition(tx, key)),
        createdByUserId: user.id,
      });
      await audit(tx, by, {
        action: 'learningObjective.create',
        entityType: 'learning_objective',
        entityId: row.id,
        after: row,
      });
      return listed(tx, row.id);
    });
  }

  /** The TP, locked, that the caller may manage (the TP rule's `manage`, in the writing transaction). */
  async function manageable(tx: Executor, user: AuthUser, id: number) {
    const row = await repo.findObjective(tx, id, true);
    if (!row) throw notFound('Tujuan pembelajaran');
    await access.require(tx, actorOfUser(user), 'manage', 'learningObjective', id);
    return row;
  }

  async function update(user: AuthUser, id: number, input: LearningObjectiveUpdate, by: AuditActor) {
    return db.transaction(async (tx) => {
      const before = await manageable(tx, user, id);
      if (input.code !== undefined && (await repo.codeTaken(tx, { ...before, code: input.code }, id))) {
        throw codeConflict();
      }
      await repo.updateObjective(tx, id, { ...input, updatedAt: clock.now() });
      const after = await listed(tx, id);
      await audit(tx, by, {
        action: 'learningObjective.update',
        entityType: 'learning_objective',
        entityId: id,
        before,
        after,
      });
      return after;
    });
  }

  async function remove(user: AuthUser, id: number, by: AuditActor) {
    return db.transaction(async (tx) => {
      await manageable(tx, user, id);
      const before = await listed(tx, id);
      // the tags go with it (cascade): the audit keeps how many there were
      await repo.deleteObjective(tx, id);
      await audit(tx, by, {
        action: 'learningObjective.delete',
        entityType: 'learning_objective',
        entityId: id,
        before,
      });
      return { ok: true as const };
    });
  }

  /** The TPs `ids` if each is of the subject and grade (and the year, when given); 400 naming the first that is not. */
  async function objectivesFor(
    exec: Executor,
    ids: readonly number[],
    of: { subjectId: number; gradeId: number; academicYearId?: number },
  ) {
    const rows = await repo.findByIds(exec, ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) {
      const o = byId.get(id);
      if (!o) throw badRequest('Tujuan pembelajaran tidak ditemukan', { objectiveIds: 'Tidak ditemukan' });
      const fits =
        o.subjectId === of.subjectId &&
        o.gradeId === of.gradeId &&
        (of.academicYearId === undefined || o.academicYearId === of.academicYearId);
      if (!fits) {
        throw badRequest('TP harus dari mapel, tingkat dan tahun pelajaran yang sama', {
          objectiveIds: 'TP mapel atau tingkat lain',
        });
      }
    }
    return rows;
  }

  /** The TPs of each column of a sheet the caller may open (the score sheet rule's `read`). */
  async function sheetTags(user: AuthUser, q: ScoreSheetQuery) {
    const sheet = await grades.sheet(user, q);
    const tags = await repo.columnObjectiveIds(
      db,
      sheet.columns.map((c) => c.id),
    );
    return {
      items: sheet.columns.map((c) => ({
        columnId: c.id,
        objectiveIds: tags.filter((t) => t.columnId === c.id).map((t) => t.objectiveId),
      })),
    };
  }

  /**
   * Tags a score column with TPs (replacing its tags): the column's sheet is one the caller types in (the score
   * sheet rule's `edit`), and every TP is of the sheet's subject and its class's grade and year.
   */
  async function setColumnTags(user: AuthUser, columnId: number, input: ColumnObjectivesInput, by: AuditActor) {
    const sheet = await grades.sheet(user, input);
    if (!sheet.columns.some((c) => c.id === columnId)) throw notFound('Kolom nilai');
    return db.transaction(async (tx) => {
      const actor = actorOfUser(user);
      await access.require(tx, actor, 'edit', 'scoreSheet', sheetKey(input.classGroupId, input.subjectId));
      const cls = await school.findClass(tx, input.classGroupId);
      if (!cls) throw notFound('Kelas');
      await objectivesFor(tx, input.objectiveIds, {
        subjectId: input.subjectId,
        gradeId: cls.gradeId,
        academicYearId: cls.academicYearId,
      });
      const before = (await repo.columnObjectiveIds(tx, [columnId])).map((t) => t.objectiveId);
      await repo.setColumnObjectives(tx, columnId, input.objectiveIds);
      const objectiveIds = [...input.objectiveIds].sort((a, b) => a - b);
      await audit(tx, by, {
        action: 'learningObjective.tagColumn',
        entityType: 'score_column',
        entityId: columnId,
        before: { objectiveIds: before },
        after: { objectiveIds },
      });
      return { objectiveIds };
    });
  }

  async function questionTags(user: AuthUser, questionId: number) {
    await questions.get(user, questionId);
    return { objectiveIds: (await repo.questionObjectiveIds(db, [questionId])).map((t) => t.objectiveId) };
  }

  /**
   * Tags a bank question with TPs (replacing its tags): the caller may change the question (the question rule's
   * `change`), and every TP is of its subject and grade (of any school year: the bank outlives a year).
   */
  async function setQuestionTags(user: AuthUser, questionId: number, input: ObjectiveIdsInput, by: AuditActor) {
    const q = await questions.get(user, questionId);
    return db.transaction(async (tx) => {
      await access.require(tx, actorOfUser(user), 'change', 'question', questionId);
      if (q.subjectId === null || q.gradeId === null) {
        throw badRequest('Soal seleksi tidak memakai tujuan pembelajaran', { questionId: 'Soal seleksi' });
      }
      await objectivesFor(tx, input.objectiveIds, { subjectId: q.subjectId, gradeId: q.gradeId });
      const before = (await repo.questionObjectiveIds(tx, [questionId])).map((t) => t.objectiveId);
      await repo.setQuestionObjectives(tx, questionId, input.objectiveIds);
      const objectiveIds = [...input.objectiveIds].sort((a, b) => a - b);
      await audit(tx, by, {
        action: 'learningObjective.tagQuestion',
        entityType: 'question',
        entityId: questionId,
        before: { objectiveIds: before },
        after: { objectiveIds },
      });
      return { objectiveIds };
    });
  }

  /**
   * Each student's mastery of the TPs of a class's subject in a semester, and the drafted description
   * (domain/tp-mastery.ts, domain/description-draft.ts): from the sheet's tagged columns, and, for a column an
   * assessment fills, the tagged questions of each student's latest GRADED attempt (scored as every results screen
   * scores it, `scoreAttempt`). The KKTP is the query's, else the subject's in the grade. Read by the score sheet
   * rule: a teacher their own class-subjects and their homeroom class.
   */
  async function mastery(user: AuthUser, q: TpMasteryQuery) {
    const sheet = await grades.sheet(user, q);
    const cls = await school.findClass(db, q.classGroupId);
    if (!cls) throw notFound('Kelas');
    const kktp = q.kktp ?? (await grades.policy(user, q.subjectId, cls.gradeId)).kkm;
    const objectives = await repo.listObjectives(db, {
      subjectId: q.subjectId,
      gradeId: cls.gradeId,
      academicYearId: cls.academicYearId,
    });
    const ours = new Set(objectives.map((o) => o.id));
    const columnTags = (
      await repo.columnObjectiveIds(
        db,
        sheet.columns.map((c) => c.id),
      )
    ).filter((t) => ours.has(t.objectiveId));
    const scores = sheet.cells.map((c) => ({
      columnId: c.columnId,
      studentId: c.studentId,
      hundredths: Math.round(c.score * 100),
    }));

    const questionResults: QuestionResultInput[] = [];
    const fed = sheet.columns.filter((c) => c.assessmentId !== null);
    if (objectives.length && fed.length) {
      const columnOf = new Map(fed.map((c) => [c.assessmentId!, c.id]));
      const attempts = await gradedLatestAttempts(
        db,
        [...columnOf.keys()],
        sheet.students.map((s) => s.id),
      );
      const tagsByQuestion = new Map<number, number[]>();
      for (const attempt of attempts) {
        const [items, answers] = await Promise.all([
          itemsOfTaker(db, attempt.assessmentId, { studentId: attempt.studentId }),
          answersOf(db, [attempt.id]),
        ]);
        const missing = items.map((i) => i.questionId).filter((id) => !tagsByQuestion.has(id));
        if (missing.length) {
          for (const id of missing) tagsByQuestion.set(id, []);
          for (const t of await repo.questionObjectiveIds(db, missing)) {
            if (ours.has(t.objectiveId)) tagsByQuestion.get(t.questionId)!.push(t.objectiveId);
          }
        }
        for (const p of scoreAttempt(items, answers).perItem) {
          const objectiveIds = tagsByQuestion.get(p.item.questionId) ?? [];
          if (!objectiveIds.length) continue;
          questionResults.push({
            columnId: columnOf.get(attempt.assessmentId)!,
            studentId: attempt.studentId,
            questionId: p.item.questionId,
            objectiveIds,
            earned: p.earned,
            points: p.item.points,
          });
        }
      }
    }

    const computed = tpMastery({ columnTags, scores, questionResults });
    return {
      classGroup: sheet.classGroup,
      subject: sheet.subject,
      semester: q.semester,
      kktp,
      objectives,
      students: sheet.students.map((s) => {
        const mine = computed
          .filter((m) => m.studentId === s.id)
          .map(({ objectiveId, score, evidence }) => ({ objectiveId, score, evidence }));
        const scoreOf = new Map(mine.map((m) => [m.objectiveId, m.score]));
        const draft = draftDescription(
          objectives.map((o) => ({
            objectiveId: o.id,
            description: o.description,
            position: o.position,
            score: scoreOf.get(o.id) ?? null,
          })),
          kktp,
        );
        return { studentId: s.id, nis: s.nis, name: s.name, mastery: mine, draft };
      }),
    };
  }

  return { choices, list, create, update, remove, sheetTags, setColumnTags, questionTags, setQuestionTags, mastery };
}
