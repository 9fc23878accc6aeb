import {
  classMeanOf,
  DEFAULT_SCORE_POLICY,
  recapOfStudent,
  SCORE_KINDS,
  toHundredths,
  type AuthUser,
  type ScoreCellsInput,
  type ScoreColumnInput,
  type ScoreColumnUpdate,
  type ScoreKind,
  type ScorePolicyInput,
  type ScoreSheetQuery,
  type Semester,
} from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import { actorOfUser } from '../../lib/actor.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { assertUnit, seesOnlyOwnClasses, unitScope } from '../../lib/scope.ts';
import { access } from '../access/access.service.ts';
import * as school from '../school/school.service.ts';
import { sheetKey } from './grades.access.ts';
import * as repo from './grades.repo.ts';

/** The (class, subject) pairs of a year with score columns in a semester (the leaders' scoring report). */
export { scoredClassSubjects } from './scored-pairs.repo.ts';

/**
 * Scores typed by hand and their recap (issue 12). Who opens and who types in a class's sheet of a subject is the
 * score sheet rule of the access service (`grades.access.ts`): the subject's teacher of the class reads and types,
 * the class's homeroom teacher reads, the leaders of the unit read, and WAKAKUR and ADMIN (`assessment.check`)
 * also type, for corrections. Every write checks that rule inside its transaction, before it writes, and is audited.
 */
export function createGradesService(db: Database) {
  /** The class and subject of a sheet; refuses a caller who may not `action` it (`edit` also needs `read`). */
  async function sheetAccess(
    exec: Executor,
    user: AuthUser,
    classGroupId: number,
    subjectId: number,
    action: 'read' | 'edit' = 'read',
  ) {
    const [cls, subject] = await Promise.all([
      school.findClass(exec, classGroupId),
      school.findSubject(exec, subjectId),
    ]);
    if (!cls) throw notFound('Kelas');
    if (!subject) throw notFound('Mata pelajaran');
    const actor = actorOfUser(user);
    assertUnit(actor, cls.unitId);
    if (subject.unitId !== cls.unitId) {
      throw badRequest('Mata pelajaran ini bukan milik unit kelas tersebut', { subjectId: 'Unit lain' });
    }
    const key = sheetKey(cls.id, subject.id);
    await access.require(exec, actor, 'read', 'scoreSheet', key);
    if (action === 'edit') await access.require(exec, actor, 'edit', 'scoreSheet', key);
    return { cls, subject, actor, key };
  }

  async function editableSheet(exec: Executor, user: AuthUser, classGroupId: number, subjectId: number) {
    const sheet = await sheetAccess(exec, user, classGroupId, subjectId, 'edit');
    const year = await school.activeYear(exec);
    if (!year || year.id !== sheet.cls.academicYearId) {
      throw badRequest('Nilai hanya dapat diisi untuk kelas tahun pelajaran aktif', { classGroupId: 'Tahun lain' });
    }
    return sheet;
  }

  const columnToApi = (c: repo.ColumnRow) => ({
    id: c.id,
    classGroupId: c.classGroupId,
    subjectId: c.subjectId,
    semester: c.semester,
    kind: c.kind,
    title: c.title,
    date: c.date,
    assessmentId: c.assessmentId,
  });

  async function sheet(user: AuthUser, q: ScoreSheetQuery) {
    const { cls, subject, actor, key } = await sheetAccess(db, user, q.classGroupId, q.subjectId);
    const columns = await repo.columnsOf(db, q);
    const [students, cells] = await Promise.all([
      school.studentsEverInClass(db, cls.id),
      repo.scoresOf(
        db,
        columns.map((c) => c.id),
      ),
    ]);
    return {
      classGroup: { id: cls.id, name: cls.name, gradeId: cls.gradeId },
      subject: { id: subject.id, name: subject.name },
      semester: q.semester,
      columns: columns.map(columnToApi),
      students,
      cells: cells.map((c) => ({ columnId: c.columnId, studentId: c.studentId, score: c.hundredths / 100 })),
      canEdit: (await access.allowed(db, actor, 'edit', 'scoreSheet', [key])).has(key),
    };
  }

  /**
   * The sheets the caller may open, of the pairs taught this year in their unit (a teacher's own and their homeroom
   * class's, every pair for a leader), by the score sheet rule, with where they may type.
   */
  async function choices(user: AuthUser) {
    const year = await school.activeYear(db);
    const actor = actorOfUser(user);
    // a teacher without a unit opens no sheet; a leader without one is refused as before (unitScope)
    if (!year || (seesOnlyOwnClasses(actor) && !actor.unit)) return { items: [] };
    const taught = await repo.taughtPairs(db, year.id, unitScope(actor, undefined));
    const keys = taught.map((p) => sheetKey(p.classGroupId, p.subjectId));
    const [readable, editable] = await Promise.all([
      access.allowed(db, actor, 'read', 'scoreSheet', keys),
      access.allowed(db, actor, 'edit', 'scoreSheet', keys),
    ]);
    return {
      items: taught.flatMap((p, i) => (readable.has(keys[i]!) ? [{ ...p, canEdit: editable.has(keys[i]!) }] : [])),
    };
  }

  async function createColumn(user: AuthUser, input: ScoreColumnInput, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const { cls } = await editableSheet(tx, user, input.classGroupId, input.subjectId);
      const row = await repo.insertColumn(tx, {
        unitId: cls.unitId,
        classGroupId: cls.id,
        subjectId: input.subjectId,
        semester: input.semester,
        kind: input.kind,
        title: input.title,
        date: input.date,
        createdByEmployeeId: user.employeeId ?? null,
      });
      await audit(tx, actor, {
        action: 'scores.column.create',
        entityType: 'score_column',
        entityId: row.id,
        after: row,
      });
      return columnToApi(row);
    });
  }

  async function changeableColumn(tx: Executor, user: AuthUser, id: number) {
    const column = await repo.findColumn(tx, id, true);
    if (!column) throw notFound('Kolom nilai');
    await editableSheet(tx, user, column.classGroupId, column.subjectId);
    return column;
  }

  async function updateColumn(user: AuthUser, id: number, input: ScoreColumnUpdate, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const before = await changeableColumn(tx, user, id);
      const after = await repo.updateColumn(tx, id, input);
      await audit(tx, actor, {
        action: 'scores.column.update',
        entityType: 'score_column',
        entityId: id,
        before,
        after,
      });
      return columnToApi(after);
    });
  }

  /** Deletes a column and its scores; the audit keeps every score it held. */
  async function deleteColumn(user: AuthUser, id: number, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const before = await changeableColumn(tx, user, id);
      const held = await repo.scoresOf(tx, [id]);
      await repo.deleteColumn(tx, id);
      await audit(tx, actor, {
        action: 'scores.column.delete',
        entityType: 'score_column',
        entityId: id,
        before: { ...before, scores: held },
      });
    });
    return { ok: true as const };
  }

  /**
   * Saves typed or pasted cells at once: every cell is checked first (its column one the caller may type in, its
   * student one of the class), and nothing is written unless all are good; each problem is named by its cell.
   */
  async function saveCells(user: AuthUser, input: ScoreCellsInput, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const ids = [...new Set(input.cells.map((c) => c.columnId))];
      const columns = new Map((await repo.lockColumns(tx, ids)).map((c) => [c.id, c]));
      const fields: Record<string, string> = {};
      const rosters = new Map<number, Set<number>>();
      for (const column of columns.values()) {
        const key = column.classGroupId;
        await editableSheet(tx, user, column.classGroupId, column.subjectId);
        if (!rosters.has(key)) rosters.set(key, new Set((await school.studentsEverInClass(tx, key)).map((s) => s.id)));
      }
      const seen = new Set<string>();
      input.cells.forEach((c, i) => {
        const column = columns.get(c.columnId);
        const key = `${c.columnId}:${c.studentId}`;
        if (!column) fields[`cells.${i}.columnId`] = 'Kolom nilai tidak ditemukan';
        else if (!rosters.get(column.classGroupId)!.has(c.studentId)) {
          fields[`cells.${i}.studentId`] = 'Siswa bukan anggota kelas ini';
        } else if (seen.has(key)) fields[`cells.${i}.studentId`] = 'Nilai siswa ini tercantum dua kali';
        seen.add(key);
      });
      if (Object.keys(fields).length) throw badRequest('Periksa nilai yang ditandai; belum ada yang disimpan', fields);

      const before = await repo.scoresOf(tx, ids);
      const was = new Map(before.map((s) => [`${s.columnId}:${s.studentId}`, s.hundredths]));
      const put = input.cells
        .filter((c) => c.score !== null)
        .map((c) => ({ columnId: c.columnId, studentId: c.studentId, hundredths: toHundredths(c.score!) }))
        .filter((c) => was.get(`${c.columnId}:${c.studentId}`) !== c.hundredths);
      const clear = input.cells.filter((c) => c.score === null && was.has(`${c.columnId}:${c.studentId}`));
      await repo.upsertScores(tx, put, user.id);
      await repo.deleteScores(tx, clear);
      if (put.length || clear.length) {
        await audit(tx, actor, {
          action: 'scores.save',
          entityType: 'score_column',
          entityId: ids.join(','),
          before: [...put, ...clear].flatMap((c) => {
            const h = was.get(`${c.columnId}:${c.studentId}`);
            return h === undefined ? [] : [{ columnId: c.columnId, studentId: c.studentId, hundredths: h }];
          }),
          after: [...put, ...clear.map((c) => ({ columnId: c.columnId, studentId: c.studentId, hundredths: null }))],
        });
      }
      return { saved: put.length, cleared: clear.length };
    });
  }

  /** What the recap of a subject in a grade weighs: the school's setting, else the subject's KKM and the defaults. */
  async function policyOf(exec: Executor, subject: { id: number; kkm: number | null }, gradeId: number) {
    const set = await repo.findPolicy(exec, subject.id, gradeId);
    return {
      subjectId: subject.id,
      gradeId,
      kkm: set?.kkm ?? subject.kkm ?? DEFAULT_SCORE_POLICY.kkm,
      weights: set?.weights ?? DEFAULT_SCORE_POLICY.weights,
      custom: !!set,
    };
  }

  async function policy(user: AuthUser, subjectId: number, gradeId: number) {
    const [subject, grade] = await Promise.all([school.findSubject(db, subjectId), school.findGrade(db, gradeId)]);
    if (!subject) throw notFound('Mata pelajaran');
    if (!grade) throw notFound('Tingkat');
    assertUnit(user, subject.unitId);
    return policyOf(db, subject, gradeId);
  }

  async function savePolicy(user: AuthUser, input: ScorePolicyInput, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const [subject, grade] = await Promise.all([
        school.findSubject(tx, input.subjectId),
        school.findGrade(tx, input.gradeId),
      ]);
      if (!subject) throw notFound('Mata pelajaran');
      if (!grade) throw notFound('Tingkat');
      if (grade.unitId !== subject.unitId) {
        throw badRequest('Tingkat dan mapel berasal dari unit yang berbeda', { gradeId: 'Unit lain' });
      }
      assertUnit(user, subject.unitId);
      const before = await policyOf(tx, subject, grade.id);
      await repo.savePolicy(tx, {
        unitId: subject.unitId,
        subjectId: subject.id,
        gradeId: grade.id,
        kkm: input.kkm,
        weights: input.weights,
      });
      const after = await policyOf(tx, subject, grade.id);
      await audit(tx, actor, {
        action: 'scores.policy.save',
        entityType: 'score_policy',
        entityId: `${subject.id}:${grade.id}`,
        before,
        after,
      });
      return after;
    });
  }

  /** The hundredths of each student by kind, over some columns. */
  function byStudentAndKind(
    columns: { id: number; kind: ScoreKind }[],
    cells: { columnId: number; studentId: number; hundredths: number }[],
  ) {
    const kindOf = new Map(columns.map((c) => [c.id, c.kind]));
    const out = new Map<number, Partial<Record<ScoreKind, number[]>>>();
    for (const c of cells) {
      const kind = kindOf.get(c.columnId);
      if (!kind) continue;
      const mine = out.get(c.studentId) ?? {};
      (mine[kind] ??= []).push(c.hundredths);
      out.set(c.studentId, mine);
    }
    return out;
  }

  async function recap(user: AuthUser, q: ScoreSheetQuery) {
    const { cls, subject } = await sheetAccess(db, user, q.classGroupId, q.subjectId);
    const [columns, students, policy] = await Promise.all([
      repo.columnsOf(db, q),
      school.studentsEverInClass(db, cls.id),
      policyOf(db, subject, cls.gradeId),
    ]);
    const cells = await repo.scoresOf(
      db,
      columns.map((c) => c.id),
    );
    const scored = byStudentAndKind(columns, cells);
    const recaps = students.map((s) => ({ s, r: recapOfStudent(scored.get(s.id) ?? {}, policy.weights) }));
    const rows = recaps.map(({ s, r }) => ({
      studentId: s.id,
      nis: s.nis,
      name: s.name,
      means: r.means,
      final: r.final,
      belowKkm: r.final === null ? null : r.final < policy.kkm,
    }));
    const columnCounts = Object.fromEntries(
      SCORE_KINDS.map((k) => [k, columns.filter((c) => c.kind === k).length]),
    ) as Record<ScoreKind, number>;
    return {
      classGroup: { id: cls.id, name: cls.name, gradeId: cls.gradeId },
      subject: { id: subject.id, name: subject.name },
      semester: q.semester,
      policy,
      columnCounts,
      rows,
      classMean: classMeanOf(recaps.map(({ r }) => r.exactFinal)),
      belowKkm: rows.filter((r) => r.belowKkm).length,
    };
  }

  /** A student's own scores of a semester in the class of their open enrollment, subject by subject. */
  async function mine(user: AuthUser, semester: Semester) {
    if (!user.studentId) throw forbidden('Akun ini bukan akun siswa');
    return scoresOfStudent(user.studentId, semester);
  }

  /**
   * A student's scores of a semester, subject by subject (the student's own page, and the pesantren record whose
   * service has already decided the caller may see the student).
   */
  async function scoresOfStudent(studentId: number, semester: Semester) {
    const cls = await school.classOfStudent(db, studentId);
    if (!cls) return { className: null, semester, subjects: [] };
    const columns = await repo.columnsOfClass(db, cls.id, semester);
    const own = await repo.scoresOfStudent(
      db,
      studentId,
      columns.map((c) => c.id),
    );
    const scoreOf = new Map(own.map((s) => [s.columnId, s.hundredths]));
    const subjectIds = [...new Set(columns.map((c) => c.subjectId))];
    const subjects = await Promise.all(
      subjectIds.map(async (subjectId) => {
        const of = columns.filter((c) => c.subjectId === subjectId);
        const subject = await school.findSubject(db, subjectId);
        const policy = await policyOf(db, { id: subjectId, kkm: subject?.kkm ?? null }, cls.gradeId);
        const scored = byStudentAndKind(
          of,
          own.filter((s) => of.some((c) => c.id === s.columnId)).map((s) => ({ ...s, studentId: studentId })),
        );
        const r = recapOfStudent(scored.get(studentId) ?? {}, policy.weights);
        return {
          subjectId,
          subjectName: of[0]!.subjectName,
          columns: of.map((c) => ({
            id: c.id,
            kind: c.kind,
            title: c.title,
            date: c.date,
            score: scoreOf.has(c.id) ? scoreOf.get(c.id)! / 100 : null,
          })),
          final: r.final,
          kkm: policy.kkm,
          belowKkm: r.final === null ? null : r.final < policy.kkm,
        };
      }),
    );
    return { className: cls.name, semester, subjects };
  }

  return {
    sheet,
    choices,
    createColumn,
    updateColumn,
    deleteColumn,
    saveCells,
    policy,
    savePolicy,
    recap,
    mine,
    scoresOfStudent,
  };
}
