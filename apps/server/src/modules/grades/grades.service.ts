import {
  classMeanOf,
  DEFAULT_RAPOR_DECIMALS,
  DEFAULT_REMEDIAL_RULE,
  DEFAULT_SCORE_POLICY,
  finalScore,
  resolveScoreRules,
  SCORE_KINDS,
  toHundredths,
  type AuthUser,
  type FinalScoreCell,
  type FinalScoreOverrideInput,
  type FinalScoreOverrideKey,
  type FinalScoreRules,
  type MyScores,
  type GradeRulesInput,
  type GradeRulesQuery,
  type RemedialInput,
  type RemedialKey,
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
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { assertUnit, seesOnlyOwnClasses, unitScope } from '../../lib/scope.ts';
import { access } from '../access/access.service.ts';
import { assessmentsShownToStudents } from '../exam/scoring/gradebook.ts';
import { assertRaporEditable } from '../rapor/rapor-lock.ts';
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
      // two assessments of one name on one day in a sheet are usually one entered twice: warn, naming it, and
      // add the second only when the teacher confirms
      const same = (await repo.columnsOf(tx, input)).find(
        (c) => c.date === input.date && c.title.trim().toLowerCase() === input.title.trim().toLowerCase(),
      );
      if (same && input.confirmDuplicate !== true) {
        throw conflict(
          `Penilaian ${same.title} pada ${same.date} sudah ada di lembar nilai ini. Simpan lagi hanya bila ini memang penilaian yang lain.`,
          { confirmDuplicate: 'Sudah ada' },
        );
      }
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

  /** A column filled by an assessment (assessment-feed.service.ts) is the exam's: its scores are not typed here. */
  const FED = { columnId: 'Dari ujian online' };
  /** What a column an online exam fills refuses, each a whole message (the English catalog has each). */
  const fedByExam = {
    rename: (c: { title: string }) =>
      conflict(`Kolom ${c.title} diisi otomatis dari ujian online: nama dan tanggalnya mengikuti ujian tersebut`, FED),
    remove: (c: { title: string }) =>
      conflict(`Kolom ${c.title} diisi otomatis dari ujian online dan tidak dapat dihapus di lembar nilai`, FED),
    score: (c: { title: string }) =>
      conflict(
        `Kolom ${c.title} diisi otomatis dari ujian online; nilainya diubah lewat hasil dan koreksi ujian tersebut, bukan di lembar nilai.`,
        FED,
      ),
  };

  /**
   * A change of a whole column (its deletion, its kind) changes the final score of every student scored in it: on a
   * locked rapor only when each of them has the subject reopened (issue 40 §3), as a cell's save. Returns the scores.
   */
  async function assertColumnEditable(
    tx: Executor,
    column: { id: number; classGroupId: number; subjectId: number; semester: Semester },
  ) {
    const held = await repo.scoresOf(tx, [column.id]);
    await assertRaporEditable(tx, { ...column, studentIds: held.map((s) => s.studentId) });
    return held;
  }

  async function updateColumn(user: AuthUser, id: number, input: ScoreColumnUpdate, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const before = await changeableColumn(tx, user, id);
      // a fed column keeps the assessment's name and date; only its kind is the teacher's (a summative as PTS)
      if (
        before.assessmentId !== null &&
        ((input.title !== undefined && input.title !== before.title) ||
          (input.date !== undefined && input.date !== before.date))
      ) {
        throw fedByExam.rename(before);
      }
      // a column's kind weighs its scores into the final score: on a locked rapor only with the students reopened
      if (input.kind !== undefined && input.kind !== before.kind) await assertColumnEditable(tx, before);
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
      if (before.assessmentId !== null) throw fedByExam.remove(before);
      const held = await assertColumnEditable(tx, before);
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
        if (column.assessmentId !== null) throw fedByExam.score(column);
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
      // a locked rapor's scores change only through a reopen of the student's subject (issue 40 §3)
      for (const column of columns.values()) {
        const studentIds = input.cells.filter((c) => c.columnId === column.id).map((c) => c.studentId);
        await assertRaporEditable(tx, { ...column, studentIds });
      }

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

  /** The unit's grade rules of a year, or null when the unit has set none. */
  async function unitRulesOf(exec: Executor, unitId: number, academicYearId: number | undefined) {
    if (academicYearId === undefined) return null;
    return (await repo.findGradeRules(exec, unitId, academicYearId)) ?? null;
  }

  /**
   * What the final score of a subject in a grade weighs, in a year (final-score.ts `resolveScoreRules`): the
   * subject and grade's KKTP and weights, else the unit's and year's, else the subject's KKM and the defaults.
   */
  async function policyOf(
    exec: Executor,
    subject: { id: number; unitId: number; kkm: number | null },
    gradeId: number,
    academicYearId: number | undefined,
  ) {
    const [set, unitRules] = await Promise.all([
      repo.findPolicy(exec, subject.id, gradeId),
      unitRulesOf(exec, subject.unitId, academicYearId),
    ]);
    const r = resolveScoreRules({ subjectPolicy: set, unitRules, subjectKkm: subject.kkm });
    return {
      subjectId: subject.id,
      gradeId,
      kkm: r.kktp,
      weights: r.weights,
      custom: r.custom,
      ownWeights: r.ownWeights,
      remedialRule: r.remedialRule,
    };
  }
  const rulesOf = (p: Awaited<ReturnType<typeof policyOf>>): FinalScoreRules => ({
    weights: p.weights,
    kktp: p.kkm,
    remedialRule: p.remedialRule,
  });

  async function policy(user: AuthUser, subjectId: number, gradeId: number) {
    const [subject, grade] = await Promise.all([school.findSubject(db, subjectId), school.findGrade(db, gradeId)]);
    if (!subject) throw notFound('Mata pelajaran');
    if (!grade) throw notFound('Tingkat');
    assertUnit(user, subject.unitId);
    return policyOf(db, subject, gradeId, (await school.activeYear(db))?.id);
  }

  async function savePolicy(user: AuthUser, input: ScorePolicyInput, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const [subject, grade, year] = await Promise.all([
        school.findSubject(tx, input.subjectId),
        school.findGrade(tx, input.gradeId),
        school.activeYear(tx),
      ]);
      if (!subject) throw notFound('Mata pelajaran');
      if (!grade) throw notFound('Tingkat');
      if (grade.unitId !== subject.unitId) {
        throw badRequest('Tingkat dan mapel berasal dari unit yang berbeda', { gradeId: 'Unit lain' });
      }
      assertUnit(user, subject.unitId);
      const before = await policyOf(tx, subject, grade.id, year?.id);
      await repo.savePolicy(tx, {
        unitId: subject.unitId,
        subjectId: subject.id,
        gradeId: grade.id,
        kkm: input.kkm,
        weights: input.weights ?? null,
      });
      const after = await policyOf(tx, subject, grade.id, year?.id);
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

  /** The unit and year a grade-rules request is about: the caller's unit (ADMIN names one), the active year. */
  async function rulesTarget(exec: Executor, user: AuthUser, q: GradeRulesQuery) {
    const unitId = unitScope(user, q.unitId);
    if (unitId === null) throw badRequest('Pilih unit', { unitId: 'Wajib diisi' });
    const year =
      q.academicYearId === undefined ? await school.activeYear(exec) : await school.findYear(exec, q.academicYearId);
    if (!year) throw notFound('Tahun pelajaran');
    return { unitId, academicYearId: year.id };
  }

  async function gradeRulesOf(exec: Executor, unitId: number, academicYearId: number) {
    const set = await repo.findGradeRules(exec, unitId, academicYearId);
    return {
      unitId,
      academicYearId,
      weights: set?.weights ?? DEFAULT_SCORE_POLICY.weights,
      kktp: set?.kktp ?? DEFAULT_SCORE_POLICY.kkm,
      remedialRule: set?.remedialRule ?? DEFAULT_REMEDIAL_RULE,
      raporDecimals: set?.raporDecimals ?? DEFAULT_RAPOR_DECIMALS,
      custom: !!set,
    };
  }

  /** How many decimals the rapor of a unit and year prints its scores with (the grade rules'; 0 by default). */
  async function raporDecimalsOf(unitId: number, academicYearId: number): Promise<number> {
    return (await repo.findGradeRules(db, unitId, academicYearId))?.raporDecimals ?? DEFAULT_RAPOR_DECIMALS;
  }

  /** The grade rules of a unit and year (what every subject weighs unless it sets its own). */
  async function gradeRules(user: AuthUser, q: GradeRulesQuery) {
    const t = await rulesTarget(db, user, q);
    return gradeRulesOf(db, t.unitId, t.academicYearId);
  }

  /** Sets the grade rules of a unit and year (WAKAKUR: the route's `assessment.check`); audited. */
  async function saveGradeRules(user: AuthUser, input: GradeRulesInput, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const t = await rulesTarget(tx, user, input);
      const before = await gradeRulesOf(tx, t.unitId, t.academicYearId);
      await repo.saveGradeRules(tx, {
        ...t,
        weights: input.weights,
        kktp: input.kktp,
        remedialRule: input.remedialRule,
        raporDecimals: input.raporDecimals ?? before.raporDecimals,
        updatedByUserId: user.id,
      });
      const after = await gradeRulesOf(tx, t.unitId, t.academicYearId);
      await audit(tx, actor, {
        action: 'scores.rules.save',
        entityType: 'grade_rules',
        entityId: `${t.unitId}:${t.academicYearId}`,
        before,
        after,
      });
      return after;
    });
  }

  /** A student of the class (ever enrolled in it), or a 400 naming the field. */
  async function assertInClass(exec: Executor, classGroupId: number, studentId: number) {
    const roster = await school.studentsEverInClass(exec, classGroupId);
    if (!roster.some((s) => s.id === studentId)) {
      throw badRequest('Siswa bukan anggota kelas ini', { studentId: 'Bukan anggota kelas' });
    }
  }

  /**
   * Overrides a student's final score in a sheet, with a reason; only who may type in the sheet (the subject's
   * teacher of the class, or WAKAKUR/ADMIN: the score sheet rule's `edit`). Audited with the earlier override.
   */
  async function setOverride(user: AuthUser, input: FinalScoreOverrideInput, actor: AuditActor) {
    return db.transaction(async (tx) => {
      await editableSheet(tx, user, input.classGroupId, input.subjectId);
      await assertInClass(tx, input.classGroupId, input.studentId);
      await assertRaporEditable(tx, { ...input, studentIds: [input.studentId] });
      const [before] = await repo.overridesOf(tx, input, input.studentId);
      const hundredths = toHundredths(input.score);
      await repo.upsertOverride(tx, {
        classGroupId: input.classGroupId,
        subjectId: input.subjectId,
        semester: input.semester,
        studentId: input.studentId,
        hundredths,
        reason: input.reason,
        updatedByUserId: user.id,
      });
      await audit(tx, actor, {
        action: 'scores.final.override',
        entityType: 'final_score_override',
        entityId: `${input.classGroupId}:${input.subjectId}:${input.semester}:${input.studentId}`,
        before: before ?? null,
        after: { hundredths, reason: input.reason },
      });
      return { ok: true as const };
    });
  }

  /** Removes an override: the computed final score counts again. Audited with what it removed. */
  async function removeOverride(user: AuthUser, key: FinalScoreOverrideKey, actor: AuditActor) {
    return db.transaction(async (tx) => {
      await editableSheet(tx, user, key.classGroupId, key.subjectId);
      await assertRaporEditable(tx, { ...key, studentIds: [key.studentId] });
      const [before] = await repo.overridesOf(tx, key, key.studentId);
      if (!before) throw notFound('Nilai akhir yang diubah');
      await repo.deleteOverride(tx, key, key.studentId);
      await audit(tx, actor, {
        action: 'scores.final.override.remove',
        entityType: 'final_score_override',
        entityId: `${key.classGroupId}:${key.subjectId}:${key.semester}:${key.studentId}`,
        before,
      });
      return { ok: true as const };
    });
  }

  /**
   * Records a remedial or enrichment score beside a student's original score in a column (the original stays);
   * a column filled by an online exam takes one too (a remedial on paper). Needs the original score.
   */
  async function setRemedial(user: AuthUser, input: RemedialInput, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const column = await changeableColumn(tx, user, input.columnId);
      await assertInClass(tx, column.classGroupId, input.studentId);
      await assertRaporEditable(tx, { ...column, studentIds: [input.studentId] });
      const original = (await repo.scoresOfStudent(tx, input.studentId, [column.id]))[0];
      if (!original) {
        throw badRequest('Siswa ini belum punya nilai di kolom ini; isi nilai aslinya dulu', {
          studentId: 'Belum ada nilai',
        });
      }
      const [before] = await repo.remedialsOf(tx, [column.id], input.studentId);
      const hundredths = toHundredths(input.score);
      await repo.upsertRemedial(tx, {
        columnId: column.id,
        studentId: input.studentId,
        kind: input.kind,
        hundredths,
        updatedByUserId: user.id,
      });
      await audit(tx, actor, {
        action: 'scores.remedial.save',
        entityType: 'remedial_score',
        entityId: `${column.id}:${input.studentId}`,
        before: before ?? null,
        after: { kind: input.kind, hundredths, original: original.hundredths },
      });
      return { columnId: column.id, studentId: input.studentId, kind: input.kind, score: hundredths / 100 };
    });
  }

  async function removeRemedial(user: AuthUser, key: RemedialKey, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const column = await changeableColumn(tx, user, key.columnId);
      await assertRaporEditable(tx, { ...column, studentIds: [key.studentId] });
      const [before] = await repo.remedialsOf(tx, [column.id], key.studentId);
      if (!before) throw notFound('Nilai remedial');
      await repo.deleteRemedial(tx, column.id, key.studentId);
      await audit(tx, actor, {
        action: 'scores.remedial.remove',
        entityType: 'remedial_score',
        entityId: `${column.id}:${key.studentId}`,
        before,
      });
      return { ok: true as const };
    });
  }

  /** The cells of each student for final-score.ts: each score with its kind and the remedial beside it. */
  function cellsByStudent(
    columns: { id: number; kind: ScoreKind }[],
    cells: { columnId: number; studentId: number; hundredths: number }[],
    remedials: { columnId: number; studentId: number; kind: 'REMEDIAL' | 'PENGAYAAN'; hundredths: number }[],
  ) {
    const kindOf = new Map(columns.map((c) => [c.id, c.kind]));
    const remedialOf = new Map(remedials.map((r) => [`${r.columnId}:${r.studentId}`, r]));
    const out = new Map<number, FinalScoreCell[]>();
    for (const c of cells) {
      const kind = kindOf.get(c.columnId);
      if (!kind) continue;
      const r = remedialOf.get(`${c.columnId}:${c.studentId}`);
      const mine = out.get(c.studentId) ?? [];
      mine.push({ kind, hundredths: c.hundredths, remedial: r ? { kind: r.kind, hundredths: r.hundredths } : null });
      out.set(c.studentId, mine);
    }
    return out;
  }

  async function recap(user: AuthUser, q: ScoreSheetQuery) {
    const { cls, subject, actor, key } = await sheetAccess(db, user, q.classGroupId, q.subjectId);
    const [columns, students, policy, overrides, editable] = await Promise.all([
      repo.columnsOf(db, q),
      school.studentsEverInClass(db, cls.id),
      policyOf(db, subject, cls.gradeId, cls.academicYearId),
      repo.overridesOf(db, q),
      access.allowed(db, actor, 'edit', 'scoreSheet', [key]),
    ]);
    const ids = columns.map((c) => c.id);
    const [cells, remedials] = await Promise.all([repo.scoresOf(db, ids), repo.remedialsOf(db, ids)]);
    const scored = cellsByStudent(columns, cells, remedials);
    const overrideOf = new Map(overrides.map((o) => [o.studentId, o]));
    const rules = rulesOf(policy);
    const recaps = students.map((s) => ({
      s,
      o: overrideOf.get(s.id),
      r: finalScore(scored.get(s.id) ?? [], rules, overrideOf.get(s.id)),
    }));
    const rows = recaps.map(({ s, o, r }) => ({
      studentId: s.id,
      nis: s.nis,
      name: s.name,
      means: r.means,
      final: r.final,
      computed: r.computed,
      override: o ? { score: o.hundredths / 100, reason: o.reason, updatedAt: o.updatedAt.toISOString() } : null,
      belowKkm: r.reachesKktp === null ? null : !r.reachesKktp,
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
      columns: columns.map((c) => ({ id: c.id, kind: c.kind, title: c.title })),
      cells: cells.map((c) => ({ columnId: c.columnId, studentId: c.studentId, score: c.hundredths / 100 })),
      remedials: remedials.map((r) => ({
        columnId: r.columnId,
        studentId: r.studentId,
        kind: r.kind,
        score: r.hundredths / 100,
      })),
      canEdit: editable.has(key),
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
    const subjects = (await scoresOfStudents(cls, semester, [studentId])).get(studentId) ?? [];
    return { className: cls.name, semester, subjects };
  }

  /**
   * The scores of several students of one class and semester, subject by subject, in a fixed number of queries
   * (the class rapor and the unit's rapor job read a class at once, issue 40 §2); `scoresOfStudent` is this with
   * one student. Every student gets every subject the class has columns in.
   */
  async function scoresOfStudents(
    cls: { id: number; unitId: number; gradeId: number },
    semester: Semester,
    studentIds: readonly number[],
  ) {
    const all = await repo.columnsOfClass(db, cls.id, semester);
    // a column an assessment fills shows once its results are published with scores, as on the student's own page
    const shown = await assessmentsShownToStudents(
      db,
      all.flatMap((c) => (c.assessmentId === null ? [] : [c.assessmentId])),
    );
    const columns = all.filter((c) => c.assessmentId === null || shown.has(c.assessmentId));
    const columnIds = columns.map((c) => c.id);
    const wanted = new Set(studentIds);
    const subjectIds = [...new Set(columns.map((c) => c.subjectId))];
    const [own, remedials, overrides, year] = await Promise.all([
      repo.scoresOf(db, columnIds, [...studentIds]),
      studentIds.length === 1 ? repo.remedialsOf(db, columnIds, studentIds[0]) : repo.remedialsOf(db, columnIds),
      studentIds.length === 1
        ? repo
            .overridesOfStudent(db, cls.id, semester, studentIds[0]!)
            .then((rows) => rows.map((o) => ({ ...o, studentId: studentIds[0]! })))
        : repo.overridesOfClass(db, cls.id, semester),
      school.activeYear(db),
    ]);
    const policies = new Map(
      await Promise.all(
        subjectIds.map(async (subjectId) => {
          const subject = await school.findSubject(db, subjectId);
          const policy = await policyOf(
            db,
            { id: subjectId, unitId: subject?.unitId ?? cls.unitId, kkm: subject?.kkm ?? null },
            cls.gradeId,
            year?.id,
          );
          return [subjectId, policy] as const;
        }),
      ),
    );
    const mine = remedials.filter((r) => wanted.has(r.studentId));
    const scoreOf = new Map(own.map((s) => [`${s.columnId}:${s.studentId}`, s.hundredths]));
    const remedialOf = new Map(mine.map((r) => [`${r.columnId}:${r.studentId}`, r]));
    const bySubject = subjectIds.map((subjectId) => {
      const of = columns.filter((c) => c.subjectId === subjectId);
      const ids = new Set(of.map((c) => c.id));
      const cells = cellsByStudent(
        of,
        own.filter((s) => ids.has(s.columnId)),
        mine,
      );
      return { subjectId, of, cells, policy: policies.get(subjectId)! };
    });
    const out = new Map<number, MyScores['subjects']>();
    for (const studentId of studentIds) {
      out.set(
        studentId,
        bySubject.map(({ subjectId, of, cells, policy }) => {
          const override = overrides.find((o) => o.subjectId === subjectId && o.studentId === studentId);
          const r = finalScore(cells.get(studentId) ?? [], rulesOf(policy), override);
          return {
            subjectId,
            subjectName: of[0]!.subjectName,
            columns: of.map((c) => {
              const key = `${c.id}:${studentId}`;
              const rem = remedialOf.get(key);
              const score = scoreOf.get(key);
              return {
                id: c.id,
                kind: c.kind,
                title: c.title,
                date: c.date,
                score: score === undefined ? null : score / 100,
                remedial: rem ? { kind: rem.kind, score: rem.hundredths / 100 } : null,
              };
            }),
            final: r.final,
            overridden: r.overridden,
            kkm: policy.kkm,
            belowKkm: r.reachesKktp === null ? null : !r.reachesKktp,
          };
        }),
      );
    }
    return out;
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
    gradeRules,
    saveGradeRules,
    raporDecimalsOf,
    setOverride,
    removeOverride,
    setRemedial,
    removeRemedial,
    recap,
    mine,
    scoresOfStudent,
    scoresOfStudents,
  };
}
