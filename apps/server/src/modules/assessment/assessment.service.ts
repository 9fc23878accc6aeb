import {
  allowedActions,
  EDITABLE_STATES,
  effectiveState,
  transition,
  type AssessmentAction,
  type AssessmentInput,
  type AssessmentItemsInput,
  type AssessmentRole,
  type AssessmentsQuery,
  type AssessmentUpdate,
  type AuthUser,
  type DrawRulesInput,
  type ScheduleInput,
  type ShareInput,
} from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import { audited, type AuditActor } from '../../lib/audit.ts';
import { clock } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { assertUnit, seesAllUnits, unitScope, userCan } from '../../lib/scope.ts';
import * as school from '../school/school.service.ts';
import * as repo from './assessment.repo.ts';
import { actorOfUser } from '../../lib/actor.ts';
import { access } from '../access/access.service.ts';
import { leadsAssessments } from './assessment.access.ts';
import * as distribution from './distribution.repo.ts';

/**
 * An assessment with its names, unchecked (`lock` holds it for the transaction): the exam engine's scoring
 * (exam/scoring/results.service.ts) reads it inside its own writing transaction and applies its marking rule.
 */
export const findAssessment = repo.findAssessment;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const instant = (s: string | null | undefined) => (s ? new Date(s) : null);

/**
 * Assessments and their workflow (issue 12). Who may do what is one table (`@mms/shared` assessment-states.ts);
 * this service works out the caller's roles on an assessment from the signed-in user and the database, inside
 * the transaction that writes:
 *
 * - author: the teacher who wrote it, while they still teach its subject in its grade (or lead the unit);
 * - checker: the curriculum deputy of its unit (`assessment.check`);
 * - scheduler: the unit's exam staff (`assessment.schedule`).
 *
 * A teacher reads the assessments of the subject and grade pairs they teach and those shared with them; the
 * leaders of a unit (check, schedule, control) read every assessment of it.
 */
export function createAssessmentService(db: Database) {
  const leads = leadsAssessments;

  async function teaches(exec: Executor, user: AuthUser, a: { subjectId: number; gradeId: number }) {
    return !!user.employeeId && (await school.teachesSubjectInGrade(exec, user.employeeId, a.subjectId, a.gradeId));
  }

  /**
   * The caller's roles on the assessment. `taught` is the caller's subject and grade pairs when already known (a
   * list asks once for all its rows).
   */
  async function rolesOf(
    exec: Executor,
    user: AuthUser,
    a: repo.AssessmentRow,
    taught?: readonly { subjectId: number; gradeId: number }[],
  ): Promise<AssessmentRole[]> {
    const roles: AssessmentRole[] = [];
    const ownUnit = seesAllUnits(user) || a.unitId === user.unit?.id;
    const stillTeaches = async () =>
      taught
        ? taught.some((p) => p.subjectId === a.subjectId && p.gradeId === a.gradeId)
        : await teaches(exec, user, a);
    if (
      user.employeeId &&
      a.authorEmployeeId === user.employeeId &&
      userCan(user, 'assessment.author') &&
      (leads(user) || (await stillTeaches()))
    ) {
      roles.push('author');
    }
    if (ownUnit && userCan(user, 'assessment.check')) roles.push('checker');
    if (ownUnit && userCan(user, 'assessment.schedule')) roles.push('scheduler');
    return roles;
  }

  /** Refuses an assessment the caller may not read (the rule in assessment.access.ts); answers their roles on it. */
  async function assertMayRead(exec: Executor, user: AuthUser, a: repo.AssessmentRow) {
    await access.require(exec, actorOfUser(user), 'read', 'assessment', a.id);
    return rolesOf(exec, user, a);
  }

  const stateOf = (a: repo.AssessmentRow) => effectiveState(a.state, a, clock.now());

  function toApi(a: repo.AssessmentRow, roles: AssessmentRole[], classes: { id: number; name: string }[]) {
    const { formativeNeedsCheck, dueAt, opensAt, closesAt, createdAt, updatedAt, ...rest } = a;
    const state = stateOf(a);
    return {
      ...rest,
      state,
      dueAt: iso(dueAt),
      opensAt: iso(opensAt),
      closesAt: iso(closesAt),
      classes,
      actions: allowedActions({ kind: a.kind, state, roles, formativeNeedsCheck }),
      editable: roles.includes('author') && EDITABLE_STATES.includes(state),
      createdAt: createdAt.toISOString(),
      updatedAt: updatedAt.toISOString(),
    };
  }

  async function found(exec: Executor, id: number, lock = false) {
    const row = await repo.findAssessment(exec, id, lock);
    if (!row) throw notFound('Penilaian');
    return row;
  }

  /** The assessment, locked, for its author to edit: only a draft or a returned one. */
  async function editable(tx: Executor, user: AuthUser, id: number) {
    const row = await found(tx, id, true);
    const roles = await assertMayRead(tx, user, row);
    if (!roles.includes('author')) throw forbidden('Hanya penulis penilaian yang dapat mengubahnya');
    if (!EDITABLE_STATES.includes(stateOf(row))) {
      throw conflict('Penilaian hanya dapat diubah saat berstatus Draf atau Dikembalikan');
    }
    return row;
  }

  /** The class groups, checked: of the assessment's unit and grade, in the active year. */
  async function checkClasses(exec: Executor, a: { unitId: number; gradeId: number }, classIds: readonly number[]) {
    const ids = [...new Set(classIds)];
    for (const id of ids) {
      const c = await school.findClass(exec, id);
      if (!c || c.unitId !== a.unitId || c.gradeId !== a.gradeId) {
        throw badRequest('Kelas harus dari tingkat penilaian ini', { classIds: 'Kelas tidak sesuai' });
      }
    }
    return ids;
  }

  async function get(user: AuthUser, id: number) {
    const row = await found(db, id);
    const roles = await assertMayRead(db, user, row);
    const [classes, items, drawRules, shares] = await Promise.all([
      repo.classesOf(db, [id]),
      repo.itemsOf(db, id),
      repo.drawRulesOf(db, id),
      repo.sharesOf(db, id),
    ]);
    return { ...toApi(row, roles, classes.get(id) ?? []), items, drawRules, shares };
  }

  async function list(user: AuthUser, q: AssessmentsQuery) {
    const unitId = unitScope(user, q.unitId);
    const taught = user.employeeId ? await school.subjectGradesTaught(db, user.employeeId) : [];
    const teacher = leads(user) ? null : { employeeId: user.employeeId ?? 0, pairs: taught };
    const page = await repo.listAssessments(
      db,
      {
        ...q,
        unitId,
        teacher,
        authorEmployeeId: q.mine ? (user.employeeId ?? -1) : undefined,
        sharedWithEmployeeId: q.shared ? (user.employeeId ?? -1) : undefined,
        now: clock.now(),
      },
      q,
    );
    const classes = await repo.classesOf(
      db,
      page.items.map((a) => a.id),
    );
    const items = [];
    for (const a of page.items) items.push(toApi(a, await rolesOf(db, user, a, taught), classes.get(a.id) ?? []));
    return { ...page, items };
  }

  const values = (input: AssessmentUpdate) => ({
    title: input.title,
    instructions: input.instructions,
    dueAt: instant(input.dueAt),
    durationMinutes: input.durationMinutes,
    opensAt: instant(input.opensAt),
    closesAt: instant(input.closesAt),
    shuffleQuestions: input.shuffleQuestions,
    shuffleOptions: input.shuffleOptions,
    attemptsAllowed: input.attemptsAllowed,
    passingMark: input.passingMark,
    showScore: input.showScore,
    showKey: input.showKey,
    tokenRequired: input.tokenRequired,
    isSample: input.isSample,
  });

  async function subjectAndGrade(tx: Executor, user: AuthUser, input: { subjectId: number; gradeId: number }) {
    const [subject, grade] = await Promise.all([
      school.findSubject(tx, input.subjectId),
      school.findGrade(tx, input.gradeId),
    ]);
    if (!subject) throw badRequest('Mapel tidak ditemukan', { subjectId: 'Tidak ditemukan' });
    if (!grade) throw badRequest('Tingkat tidak ditemukan', { gradeId: 'Tidak ditemukan' });
    if (grade.unitId !== subject.unitId) {
      throw badRequest('Tingkat dan mapel berasal dari unit yang berbeda', { gradeId: 'Unit lain' });
    }
    assertUnit(user, subject.unitId);
    if (!leads(user) && !(await teaches(tx, user, input))) {
      throw forbidden('Anda hanya dapat membuat penilaian mapel yang Anda ajar di tingkat ini');
    }
    return { unitId: subject.unitId, subjectId: subject.id, gradeId: grade.id };
  }

  async function create(user: AuthUser, input: AssessmentInput, actor: AuditActor) {
    const id = await db.transaction(async (tx) => {
      const where = await subjectAndGrade(tx, user, input);
      const classIds = await checkClasses(tx, where, input.classIds);
      const id = await repo.insertAssessment(tx, {
        ...values(input),
        ...where,
        kind: input.kind,
        authorEmployeeId: user.employeeId ?? null,
        state: 'DRAFT',
      });
      await audited(
        tx,
        actor,
        {
          action: 'assessment.create',
          entityType: 'assessment',
          entityId: id,
          after: { kind: input.kind, title: input.title, ...where, state: 'DRAFT' },
        },
        () => repo.setClasses(tx, id, classIds),
      );
      return id;
    });
    return get(user, id);
  }

  async function update(user: AuthUser, id: number, input: AssessmentUpdate, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const before = await editable(tx, user, id);
      const where = await subjectAndGrade(tx, user, input);
      if (where.unitId !== before.unitId) throw badRequest('Penilaian tidak dapat dipindah ke unit lain');
      const classIds = await checkClasses(tx, where, input.classIds);
      await repo.updateAssessment(tx, id, { ...values(input), subjectId: where.subjectId, gradeId: where.gradeId });
      await audited(
        tx,
        actor,
        {
          action: 'assessment.update',
          entityType: 'assessment',
          entityId: id,
          before: { title: before.title, subjectId: before.subjectId, gradeId: before.gradeId },
          after: { title: input.title, subjectId: where.subjectId, gradeId: where.gradeId },
        },
        () => repo.setClasses(tx, id, classIds),
      );
    });
    return get(user, id);
  }

  async function remove(user: AuthUser, id: number, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const before = await editable(tx, user, id);
      await audited(
        tx,
        actor,
        {
          action: 'assessment.delete',
          entityType: 'assessment',
          entityId: id,
          before: { title: before.title, state: before.state },
          after: null,
        },
        () => repo.markDeleted(tx, id),
      );
    });
    return { ok: true as const };
  }

  /** The fixed questions: of the assessment's unit, subject and grade, each pinned to its current version. */
  async function setItems(user: AuthUser, id: number, input: AssessmentItemsInput, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const a = await editable(tx, user, id);
      const ids = input.items.map((i) => i.questionId);
      const rows = ids.length ? await repo.currentQuestions(tx, ids) : [];
      const byId = new Map(rows.map((r) => [r.id, r]));
      const fields: Record<string, string> = {};
      input.items.forEach((item, i) => {
        const q = byId.get(item.questionId);
        if (!q) fields[`items.${i}.questionId`] = 'Soal tidak ditemukan';
        else if (q.unitId !== a.unitId || q.subjectId !== a.subjectId || q.gradeId !== a.gradeId) {
          fields[`items.${i}.questionId`] = 'Soal harus dari mapel dan tingkat penilaian ini';
        }
      });
      if (Object.keys(fields).length) throw badRequest('Periksa soal yang dipilih', fields);
      const items = input.items.map((item) => ({
        questionId: item.questionId,
        questionVersionId: byId.get(item.questionId)!.versionId,
        points: item.points,
      }));
      await audited(
        tx,
        actor,
        {
          action: 'assessment.items',
          entityType: 'assessment',
          entityId: id,
          after: { items: items.map((i) => ({ questionVersionId: i.questionVersionId, points: i.points })) },
        },
        () => repo.setItems(tx, id, items),
      );
    });
    return get(user, id);
  }

  async function setDrawRules(user: AuthUser, id: number, input: DrawRulesInput, actor: AuditActor) {
    await db.transaction(async (tx) => {
      await editable(tx, user, id);
      const rules = input.rules.map((r) => ({ ...r, tag: r.tag?.toLowerCase() ?? null }));
      await audited(
        tx,
        actor,
        { action: 'assessment.drawRules', entityType: 'assessment', entityId: id, after: { rules } },
        () => repo.setDrawRules(tx, id, rules),
      );
    });
    return get(user, id);
  }

  async function setClasses(user: AuthUser, id: number, classIds: readonly number[], actor: AuditActor) {
    await db.transaction(async (tx) => {
      const a = await editable(tx, user, id);
      const ids = await checkClasses(tx, a, classIds);
      await audited(
        tx,
        actor,
        { action: 'assessment.classes', entityType: 'assessment', entityId: id, after: { ids } },
        () => repo.setClasses(tx, id, ids),
      );
    });
    return get(user, id);
  }

  /**
   * One step of the workflow: the table says whether the caller's roles may take it from the state the
   * assessment is in now; an illegal step is a 409 (a state) or a 403 (a role), and nothing is written.
   */
  async function act(
    user: AuthUser,
    id: number,
    action: AssessmentAction,
    note: string | null,
    actor: AuditActor,
    schedule?: ScheduleInput,
  ) {
    await db.transaction(async (tx) => {
      const a = await found(tx, id, true);
      const roles = await assertMayRead(tx, user, a);
      const from = stateOf(a);
      const step = transition(action, { kind: a.kind, state: from, roles, formativeNeedsCheck: a.formativeNeedsCheck });
      if (!step.ok) throw step.reason === 'STATE' ? conflict(step.message) : forbidden(step.message);
      const changes: Parameters<typeof repo.updateAssessment>[2] = { state: step.to };
      if (action === 'submit') {
        const [items, rules] = await Promise.all([repo.itemsOf(tx, id), repo.drawRulesOf(tx, id)]);
        if (a.kind !== 'TASK' && !items.length && !rules.length) {
          throw conflict('Tambahkan minimal satu soal sebelum mengajukan penilaian');
        }
      }
      if (action === 'return') changes.checkNote = note;
      if (action === 'approve') changes.checkNote = null;
      if (schedule) {
        const classIds = await checkClasses(tx, a, schedule.classIds);
        changes.opensAt = new Date(schedule.opensAt);
        changes.closesAt = new Date(schedule.closesAt);
        if (schedule.dueAt !== undefined) {
          if (a.kind !== 'TASK') throw badRequest('Batas pengumpulan hanya untuk tugas', { dueAt: 'Hanya tugas' });
          changes.dueAt = schedule.dueAt ? new Date(schedule.dueAt) : null;
        }
        // a class sits one exam at a time: a summative's window may not overlap another exam of its classes
        // (sample questions, practice without a grade, are no exam)
        if ((a.kind === 'SUMMATIVE' || a.kind === 'SELECTION') && !a.isSample) {
          const clashes = await distribution.examClashes(tx, {
            id,
            classIds,
            opensAt: changes.opensAt,
            closesAt: changes.closesAt,
            now: clock.now(),
          });
          if (clashes.length) {
            const classes = [...new Set(clashes.map((c) => c.className))].join(', ');
            const titles = [...new Set(clashes.map((c) => c.title))].join(', ');
            throw conflict(`Kelas ${classes} sudah mendapat ujian lain pada waktu itu: ${titles}`);
          }
        }
        await repo.setClasses(tx, id, classIds);
      }
      if (action === 'open') changes.opensAt = clock.now();
      if (action === 'close') {
        changes.closesAt = clock.now();
        // closed before it ever opened: it has no opening time left
        if (a.opensAt && a.opensAt >= changes.closesAt) changes.opensAt = null;
      }
      await audited(
        tx,
        actor,
        {
          action: `assessment.${action}`,
          entityType: 'assessment',
          entityId: id,
          before: { state: from },
          after: {
            state: step.to,
            note,
            ...(schedule
              ? {
                  classIds: schedule.classIds,
                  opensAt: schedule.opensAt,
                  closesAt: schedule.closesAt,
                  ...(schedule.dueAt !== undefined ? { dueAt: schedule.dueAt } : {}),
                }
              : {}),
          },
        },
        () => repo.updateAssessment(tx, id, changes),
      );
    });
    return get(user, id);
  }

  /** Shares the author's assessment with another teacher of the unit who teaches its subject. */
  async function share(user: AuthUser, id: number, input: ShareInput, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const a = await found(tx, id, true);
      const roles = await assertMayRead(tx, user, a);
      if (!roles.includes('author')) throw forbidden('Hanya penulis penilaian yang dapat membagikannya');
      const target = await school.findEmployeeRef(tx, input.employeeId);
      if (!target || !target.isActive) throw notFound('Guru');
      const taught = await school.subjectGradesTaught(tx, target.id);
      if (
        target.id === user.employeeId ||
        target.unitId !== a.unitId ||
        !taught.some((p) => p.subjectId === a.subjectId)
      ) {
        throw badRequest('Penilaian hanya dapat dibagikan ke guru lain yang mengajar mapel ini di unit yang sama', {
          employeeId: 'Guru tidak sesuai',
        });
      }
      await audited(
        tx,
        actor,
        {
          action: 'assessment.share',
          entityType: 'assessment',
          entityId: id,
          after: { employeeId: target.id, mode: input.mode },
        },
        () => repo.upsertShare(tx, id, target.id, input.mode),
      );
    });
    return get(user, id);
  }

  /**
   * A copy of the assessment as a new draft of the caller's: its author, or a teacher it was shared with to copy
   * who teaches its subject in its grade (a teacher of another grade may be given it to read).
   */
  async function copy(user: AuthUser, id: number, actor: AuditActor) {
    const newId = await db.transaction(async (tx) => {
      const a = await found(tx, id, true);
      const roles = await assertMayRead(tx, user, a);
      const mode = user.employeeId ? await repo.shareFor(tx, id, user.employeeId) : null;
      if (!roles.includes('author') && mode !== 'COPY') {
        throw forbidden('Penilaian ini tidak dibagikan kepada Anda untuk disalin');
      }
      // the copy is the caller's own draft of the same subject and grade: one they teach
      if (!leads(user) && !(await teaches(tx, user, a))) {
        throw forbidden('Anda hanya dapat menyalin penilaian mapel yang Anda ajar di tingkat ini');
      }
      const src = await repo.copySource(tx, id);
      const { id: _id, createdAt: _c, updatedAt: _u, deletedAt: _d, checkNote: _n, ...fields } = src.row;
      const copyId = await repo.insertAssessment(tx, {
        ...fields,
        title: `${fields.title} (salinan)`.slice(0, 200),
        authorEmployeeId: user.employeeId ?? null,
        state: 'DRAFT',
        opensAt: null,
        closesAt: null,
      });
      await repo.setItems(tx, copyId, src.items);
      await audited(
        tx,
        actor,
        { action: 'assessment.copy', entityType: 'assessment', entityId: copyId, after: { from: id, state: 'DRAFT' } },
        () => repo.setDrawRules(tx, copyId, src.rules),
      );
      return copyId;
    });
    return get(user, newId);
  }

  return { list, get, create, update, remove, setItems, setDrawRules, setClasses, act, share, copy };
}

export type AssessmentService = ReturnType<typeof createAssessmentService>;
