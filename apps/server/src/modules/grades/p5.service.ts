import {
  P5_DIMENSIONS,
  type AuthUser,
  type P5Dimension,
  type P5Grade,
  type P5GradesInput,
  type P5ProjectInput,
  type P5ProjectsQuery,
} from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { assertUnit, unitScope } from '../../lib/scope.ts';
import { assertRaporRoundOpen } from '../rapor/rapor-lock.ts';
import * as school from '../school/school.service.ts';
import * as repo from './p5.repo.ts';

const toApi = ({ academicYearId: _year, ...row }: repo.ProjectRow) => row;

/**
 * P5 projects and their assessment (issue 12). The route permissions decide who: WAKAKUR and the admin
 * (`assessment.check`) plan projects, those who control the unit's assessments (`assessment.control`) grade them;
 * the row rule is the unit: nobody reads or writes another unit's project. A project belongs to the active year.
 */
export function createP5Service(db: Database) {
  async function activeYearOrFail(exec: Executor) {
    const year = await school.activeYear(exec);
    if (!year) throw badRequest('Belum ada tahun pelajaran aktif');
    return year;
  }

  async function projectOf(exec: Executor, user: AuthUser, id: number, lock = false) {
    const row = await repo.findProject(exec, id, lock);
    if (!row) throw notFound('Projek P5');
    assertUnit(user, row.unitId);
    return row;
  }

  async function list(user: AuthUser, q: P5ProjectsQuery) {
    const year = await school.activeYear(db);
    if (!year) return { items: [], total: 0, page: q.page, pageSize: q.pageSize };
    const page = await repo.listProjects(db, year.id, unitScope(user, q.unitId), q);
    return { ...page, items: page.items.map(toApi) };
  }

  async function get(user: AuthUser, id: number) {
    return toApi(await projectOf(db, user, id));
  }

  async function gradeOf(exec: Executor, user: AuthUser, gradeId: number) {
    const grade = await school.findGrade(exec, gradeId);
    if (!grade) throw badRequest('Tingkat tidak ditemukan', { gradeId: 'Tidak ditemukan' });
    assertUnit(user, grade.unitId);
    return grade;
  }

  async function create(user: AuthUser, input: P5ProjectInput, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const year = await activeYearOrFail(tx);
      const grade = await gradeOf(tx, user, input.gradeId);
      await assertProjectOpen(
        tx,
        year.id,
        [input],
        'Rapor kelas tingkat ini sudah dikunci; projek P5 baru tidak dapat ditambahkan pada semester itu',
      );
      const id = await repo.insertProject(tx, {
        ...input,
        unitId: grade.unitId,
        academicYearId: year.id,
        createdByEmployeeId: user.employeeId ?? null,
      });
      const row = await repo.findProject(tx, id);
      await audit(tx, actor, { action: 'p5.project.create', entityType: 'p5_project', entityId: id, after: row });
      return toApi(row!);
    });
  }

  /**
   * A project is on the P5 page of every rapor of its grade's classes in its semester, graded or not: once one of
   * those rapors is locked (or published) the project is not changed or deleted there (issue 40 §3). `targets`: the
   * grade and semester it has, and those it moves to.
   */
  async function assertProjectOpen(
    tx: Executor,
    academicYearId: number,
    targets: { gradeId: number; semester: 'GANJIL' | 'GENAP' }[],
    message: string,
  ) {
    const seen = new Set<string>();
    for (const t of targets) {
      if (seen.has(`${t.gradeId}:${t.semester}`)) continue;
      seen.add(`${t.gradeId}:${t.semester}`);
      for (const classGroupId of await school.gradeClassIdsIn(tx, t.gradeId, academicYearId)) {
        await assertRaporRoundOpen(tx, { classGroupId, semester: t.semester }, message);
      }
    }
  }

  async function update(user: AuthUser, id: number, input: P5ProjectInput, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const before = await projectOf(tx, user, id, true);
      await gradeOf(tx, user, input.gradeId);
      // what the rapor prints of it; its description is not printed and stays editable
      const printed = (p: Pick<P5ProjectInput, 'gradeId' | 'semester' | 'theme' | 'title' | 'dimensions'>) =>
        JSON.stringify([p.gradeId, p.semester, p.theme, p.title, p.dimensions]);
      if (printed(before) !== printed(input)) {
        await assertProjectOpen(
          tx,
          before.academicYearId,
          [before, input],
          'Rapor kelas tingkat projek ini sudah dikunci; projek P5 tidak dapat diubah',
        );
      }
      if (before.graded > 0) {
        if (input.gradeId !== before.gradeId) {
          throw conflict('Tingkat projek yang sudah dinilai tidak dapat diubah', { gradeId: 'Sudah dinilai' });
        }
        const dropped = before.dimensions.filter((d) => !input.dimensions.includes(d));
        if (dropped.length) {
          throw conflict('Dimensi yang sudah dinilai tidak dapat dihapus dari projek', { dimensions: 'Sudah dinilai' });
        }
      }
      await repo.updateProject(tx, id, input);
      const after = await repo.findProject(tx, id);
      await audit(tx, actor, { action: 'p5.project.update', entityType: 'p5_project', entityId: id, before, after });
      return toApi(after!);
    });
  }

  async function remove(user: AuthUser, id: number, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const before = await projectOf(tx, user, id, true);
      if (before.graded > 0) throw conflict('Projek yang sudah dinilai tidak dapat dihapus');
      await assertProjectOpen(
        tx,
        before.academicYearId,
        [before],
        'Rapor kelas tingkat projek ini sudah dikunci; projek P5 tidak dapat dihapus',
      );
      await repo.deleteProject(tx, id);
      await audit(tx, actor, { action: 'p5.project.delete', entityType: 'p5_project', entityId: id, before });
    });
    return { ok: true as const };
  }

  /** The project's class of its grade and year, or a refusal naming the field. */
  async function classOf(exec: Executor, project: repo.ProjectRow, classGroupId: number) {
    const cls = await school.findClass(exec, classGroupId);
    if (!cls || cls.gradeId !== project.gradeId || cls.academicYearId !== project.academicYearId) {
      throw badRequest('Kelas ini bukan kelas tingkat projek tersebut', { classGroupId: 'Kelas lain' });
    }
    return cls;
  }

  async function sheet(user: AuthUser, id: number, classGroupId: number | undefined) {
    const project = await projectOf(db, user, id);
    const classes = await repo.classesOfGrade(db, project.gradeId, project.academicYearId);
    const first = classGroupId ?? classes[0]?.id;
    if (first === undefined)
      throw badRequest('Tingkat projek ini belum punya kelas', { classGroupId: 'Belum ada kelas' });
    const cls = await classOf(db, project, first);
    const students = await school.studentsEverInClass(db, cls.id);
    const ids = students.map((s) => s.id);
    const [grades, notes] = await Promise.all([repo.gradesOf(db, id, ids), repo.notesOf(db, id, ids)]);
    const noteOf = new Map(notes.map((n) => [n.studentId, n.note]));
    return {
      project: toApi(project),
      classGroup: { id: cls.id, name: cls.name },
      classes,
      rows: students.map((s) => ({
        studentId: s.id,
        nis: s.nis,
        name: s.name,
        grades: Object.fromEntries(
          project.dimensions.map((d) => [
            d,
            (grades.find((g) => g.studentId === s.id && g.dimension === d)?.grade ?? null) as P5Grade | null,
          ]),
        ) as Record<P5Dimension, P5Grade | null>,
        note: noteOf.get(s.id) ?? null,
      })),
    };
  }

  /** Saves the grades and notes of a class at once: every row checked first, nothing written unless all are good. */
  async function saveGrades(user: AuthUser, id: number, input: P5GradesInput, actor: AuditActor) {
    const classGroupId = await db.transaction(async (tx) => {
      const project = await projectOf(tx, user, id, true);
      const cls = await classOf(tx, project, input.classGroupId);
      const roster = new Set((await school.studentsEverInClass(tx, cls.id)).map((s) => s.id));
      const fields: Record<string, string> = {};
      const seen = new Set<number>();
      input.rows.forEach((r, i) => {
        if (!roster.has(r.studentId)) fields[`rows.${i}.studentId`] = 'Siswa bukan anggota kelas ini';
        else if (seen.has(r.studentId)) fields[`rows.${i}.studentId`] = 'Siswa tercantum dua kali';
        seen.add(r.studentId);
        for (const d of Object.keys(r.grades)) {
          if (!project.dimensions.includes(d as P5Dimension)) {
            fields[`rows.${i}.grades.${d}`] = 'Dimensi ini tidak dipilih untuk projek ini';
          }
        }
      });
      if (Object.keys(fields).length) throw badRequest('Periksa nilai yang ditandai; belum ada yang disimpan', fields);

      // the class's locked rapor holds these grades (its P5 page): they change only while it is a draft
      await assertRaporRoundOpen(
        tx,
        { classGroupId: cls.id, semester: project.semester },
        'Rapor kelas ini sudah dikunci; nilai P5 tidak dapat diubah',
      );
      const ids = input.rows.map((r) => r.studentId);
      const [beforeGrades, beforeNotes] = await Promise.all([repo.gradesOf(tx, id, ids), repo.notesOf(tx, id, ids)]);
      const put: { studentId: number; dimension: P5Dimension; grade: P5Grade }[] = [];
      const clear: { studentId: number; dimension: P5Dimension }[] = [];
      for (const r of input.rows) {
        for (const d of P5_DIMENSIONS) {
          if (!(d in r.grades)) continue;
          const grade = r.grades[d] ?? null;
          if (grade === null) clear.push({ studentId: r.studentId, dimension: d });
          else put.push({ studentId: r.studentId, dimension: d, grade });
        }
      }
      await repo.writeGrades(tx, id, put, clear, user.id);
      for (const r of input.rows) {
        const note = r.note?.trim() ? r.note.trim() : null;
        const was = beforeNotes.find((n) => n.studentId === r.studentId)?.note ?? null;
        if (note !== was) await repo.writeNote(tx, id, r.studentId, note, user.id);
      }
      await audit(tx, actor, {
        action: 'p5.grades.save',
        entityType: 'p5_project',
        entityId: id,
        before: { classGroupId: cls.id, grades: beforeGrades, notes: beforeNotes },
        after: { classGroupId: cls.id, rows: input.rows },
      });
      return cls.id;
    });
    return sheet(user, id, classGroupId);
  }

  /** The signed-in student's P5 projects of the active year, with their grades and note. */
  async function mine(user: AuthUser) {
    if (!user.studentId) throw forbidden('Akun ini bukan akun siswa');
    const cls = await school.classOfStudent(db, user.studentId);
    if (!cls) return { projects: [] };
    const year = await school.activeYear(db);
    if (!year) return { projects: [] };
    const rows = await repo.projectsOfStudent(db, user.studentId, cls.gradeId, year.id);
    return {
      projects: rows.map((p) => ({
        id: p.id,
        semester: p.semester,
        theme: p.theme,
        title: p.title,
        note: p.note,
        grades: Object.fromEntries(
          p.dimensions.map((d) => [d, p.grades?.find((g) => g.dimension === d)?.grade ?? null]),
        ) as Record<P5Dimension, P5Grade | null>,
      })),
    };
  }

  /**
   * Some students' P5 projects of a semester in a grade and school year, with their grades and note, by student:
   * the read other modules use (the rapor, a whole class at once) after their own access check of the students'
   * rows; no access check here.
   */
  function ofStudentsSemester(
    studentIds: readonly number[],
    gradeId: number,
    yearId: number,
    semester: 'GANJIL' | 'GENAP',
  ) {
    return repo.projectsOfStudents(db, studentIds, gradeId, yearId, semester);
  }

  /** One student's P5 projects of a semester (ofStudentsSemester of one student). */
  async function ofStudentSemester(studentId: number, gradeId: number, yearId: number, semester: 'GANJIL' | 'GENAP') {
    return (await ofStudentsSemester([studentId], gradeId, yearId, semester)).get(studentId) ?? [];
  }

  return { list, get, create, update, remove, sheet, saveGrades, mine, ofStudentSemester, ofStudentsSemester };
}
