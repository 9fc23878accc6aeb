import {
  type AuthUser,
  type QuestionContent,
  type QuestionInput,
  type QuestionsQuery,
  type QuestionUpdate,
} from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import { audited, type AuditActor } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { cleanRichText, hasContent } from '../../lib/rich-text.ts';
import { unitScope, userCan } from '../../lib/scope.ts';
import * as school from '../school/school.service.ts';
import * as repo from './question.repo.ts';
import { actorOfUser } from '../../lib/actor.ts';
import { access } from '../access/access.service.ts';
import { assertMayWriteNew } from './assessment.access.ts';

const toApi = ({ createdAt, updatedAt, ...row }: repo.QuestionRow) => ({
  ...row,
  createdAt: createdAt.toISOString(),
  updatedAt: updatedAt.toISOString(),
});

/**
 * The rich texts of a question, cleaned (see lib/rich-text.ts); a text left empty by the cleaning is refused
 * under its field, as if it had been sent empty.
 */
export function cleanQuestion<T extends { stem: string; content: QuestionContent }>(input: T): T {
  const fields: Record<string, string> = {};
  const clean = (html: string, field: string, label: string) => {
    const kept = cleanRichText(html);
    if (!hasContent(kept)) fields[field] = `${label} wajib diisi`;
    return kept;
  };
  const parts = <P extends { id: string; text: string }>(list: P[], name: string) =>
    list.map((p, i) => ({ ...p, text: clean(p.text, `content.${name}.${i}.text`, 'Teks pilihan') }));
  const stem = clean(input.stem, 'stem', 'Soal');
  const c = input.content;
  const content: QuestionContent =
    c.type === 'SINGLE' || c.type === 'MULTIPLE'
      ? { ...c, options: parts(c.options, 'options') }
      : c.type === 'TRUE_FALSE'
        ? { ...c, statements: parts(c.statements, 'statements') }
        : c.type === 'MATCHING'
          ? { ...c, left: parts(c.left, 'left'), right: parts(c.right, 'right') }
          : c.type === 'ESSAY'
            ? { ...c, modelAnswer: c.modelAnswer ? cleanRichText(c.modelAnswer) : null }
            : c;
  if (Object.keys(fields).length) throw badRequest('Periksa isian soal', fields);
  return { ...input, stem, content };
}

/** Tags as the bank keeps them: trimmed, lower case, each once. */
const tagsOf = (tags: readonly string[]) => [...new Set(tags.map((t) => t.trim().toLowerCase()).filter(Boolean))];

/**
 * The question bank. A subject's questions of a grade are shared with the teachers who teach that subject in
 * that grade this year (the school service's one rule, `subjectGradesTaught`): they read and use them; the
 * author edits and deletes their own. Those who control the unit's assessments (WAKAKUR, ADMIN,
 * TEACHERCASHIER: `assessment.control`) read and manage every question of their unit.
 */
export function createQuestionService(db: Database) {
  const controls = (user: AuthUser) => userCan(user, 'assessment.control');

  /** The question bank rule (assessment.access.ts): the unit's for who controls it, else a taught pair's. */
  async function assertMayRead(exec: Executor, user: AuthUser, q: repo.QuestionRow & {}) {
    await access.require(exec, actorOfUser(user), 'read', 'question', q.id);
  }

  /** The question rule's `change` (assessment.access.ts): who controls the unit's, else the author of a taught pair. */
  async function assertMayChange(exec: Executor, user: AuthUser, q: repo.QuestionRow & {}) {
    await access.require(exec, actorOfUser(user), 'change', 'question', q.id);
  }

  /** The question, locked and checked for the caller inside the transaction that will change it. */
  async function changeable(tx: Executor, user: AuthUser, id: number) {
    const row = await repo.findQuestion(tx, id, true);
    if (!row) throw notFound('Soal');
    await assertMayChange(tx, user, row);
    return row;
  }

  async function list(user: AuthUser, q: QuestionsQuery) {
    const unitId = unitScope(user, q.unitId);
    const pairs = controls(user) ? null : user.employeeId ? await school.subjectGradesTaught(db, user.employeeId) : [];
    const page = await repo.listQuestions(db, { ...q, unitId, pairs }, q);
    return { ...page, items: page.items.map(toApi) };
  }

  /** The subject and grade pairs the caller may write questions for: what `create` accepts. */
  async function choices(user: AuthUser, unitId: number | undefined) {
    if (controls(user)) return { items: await school.unitSubjectGrades(db, unitScope(user, unitId)) };
    return { items: user.employeeId ? await school.subjectGradesTaught(db, user.employeeId) : [] };
  }

  async function get(user: AuthUser, id: number) {
    const row = await repo.findQuestion(db, id);
    if (!row) throw notFound('Soal');
    await assertMayRead(db, user, row);
    return toApi(row);
  }

  /** The subject and grade a question is written for, checked for the caller: what `create` and the import accept. */
  async function writablePair(tx: Executor, user: AuthUser, pair: { subjectId: number; gradeId: number }) {
    const [subject, grade] = await Promise.all([
      school.findSubject(tx, pair.subjectId),
      school.findGrade(tx, pair.gradeId),
    ]);
    if (!subject) throw badRequest('Mapel tidak ditemukan', { subjectId: 'Tidak ditemukan' });
    if (!grade) throw badRequest('Tingkat tidak ditemukan', { gradeId: 'Tidak ditemukan' });
    if (grade.unitId !== subject.unitId) {
      throw badRequest('Tingkat dan mapel berasal dari unit yang berbeda', { gradeId: 'Unit lain' });
    }
    // the question rule's `change`, the caller as the author
    await assertMayWriteNew(tx, actorOfUser(user), {
      subjectId: subject.id,
      gradeId: grade.id,
      unitId: subject.unitId,
    });
    return { unitId: subject.unitId, subjectId: subject.id, gradeId: grade.id };
  }

  /** Writes a cleaned question (its first version) for a checked pair; answers its id and version id. */
  async function insertNew(
    tx: Executor,
    user: AuthUser,
    pair: { unitId: number; subjectId: number; gradeId: number },
    q: QuestionUpdate,
  ) {
    const id = await repo.insertQuestion(tx, {
      ...pair,
      authorEmployeeId: user.employeeId ?? null,
      currentVersion: 1,
      tags: tagsOf(q.tags),
    });
    const versionId = await repo.insertVersion(tx, {
      questionId: id,
      version: 1,
      ...versionValues(q),
      createdByUserId: user.id,
    });
    return { id, versionId };
  }

  async function create(user: AuthUser, input: QuestionInput, actor: AuditActor) {
    const q = cleanQuestion(input);
    const id = await db.transaction(async (tx) => {
      const pair = await writablePair(tx, user, q);
      const change = {
        action: 'question.create',
        entityType: 'question',
        after: ({ versionId }: { versionId: number }) => ({
          versionId,
          subjectId: pair.subjectId,
          gradeId: pair.gradeId,
          type: q.content.type,
          points: q.points,
        }),
      };
      const { id } = await audited(tx, actor, change, () => insertNew(tx, user, pair, q));
      return id;
    });
    return get(user, id);
  }

  /** An edit writes the next version; the versions before it stay as assessments and answers used them. */
  async function update(user: AuthUser, id: number, input: QuestionUpdate, actor: AuditActor) {
    const q = cleanQuestion(input);
    await db.transaction(async (tx) => {
      const before = await changeable(tx, user, id);
      const version = before.version + 1;
      const versionId = await repo.insertVersion(tx, {
        questionId: id,
        version,
        ...versionValues(q),
        createdByUserId: user.id,
      });
      await audited(
        tx,
        actor,
        {
          action: 'question.update',
          entityType: 'question',
          entityId: id,
          before: { versionId: before.versionId, version: before.version, points: before.points, type: before.type },
          after: { versionId, version, points: q.points, type: q.content.type },
        },
        () => repo.setCurrentVersion(tx, id, version, tagsOf(q.tags)),
      );
    });
    return get(user, id);
  }

  async function remove(user: AuthUser, id: number, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const before = await changeable(tx, user, id);
      await audited(
        tx,
        actor,
        {
          action: 'question.delete',
          entityType: 'question',
          entityId: id,
          before: { versionId: before.versionId, subjectId: before.subjectId, gradeId: before.gradeId },
          after: null,
        },
        () => repo.markDeleted(tx, id),
      );
    });
    return { ok: true as const };
  }

  async function versions(user: AuthUser, id: number) {
    await get(user, id);
    const rows = await repo.listVersions(db, id);
    return { items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
  }

  return { choices, list, get, create, update, remove, versions, writablePair, insertNew };
}

const versionValues = (q: QuestionUpdate) => ({
  type: q.content.type,
  stem: q.stem,
  content: q.content,
  points: q.points,
  difficulty: q.difficulty,
  cognitiveLevel: q.cognitiveLevel,
  objective: q.objective,
});

export type QuestionService = ReturnType<typeof createQuestionService>;
