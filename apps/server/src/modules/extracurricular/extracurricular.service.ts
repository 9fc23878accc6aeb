import type {
  AuthUser,
  Extracurricular,
  ExtracurricularGradesInput,
  ExtracurricularInput,
  ExtracurricularMembers,
  ExtracurricularMembersInput,
  ExtracurricularMembersQuery,
  ExtracurricularPredicate,
  ExtracurricularQuery,
  ExtracurricularUpdate,
  Semester,
} from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import { actorOfUser, type Actor } from '../../lib/actor.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { clock } from '../../lib/clock.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { access } from '../access/access.service.ts';
import { assertRaporEditable } from '../rapor/rapor-lock.ts';
import * as school from '../school/school.service.ts';
import * as repo from './extracurricular.repo.ts';

/** A student's graded activity of a semester as the rapor prints it. */
export interface StudentExtracurricular {
  name: string;
  predicate: ExtracurricularPredicate;
  note: string;
}

/**
 * The graded activities of some students (a class) in a school year's semester, by activity name: one query for the
 * whole class. The rapor reads its extracurricular part from here; an activity without a saved predicate is left out.
 */
export async function extracurricularsOfStudents(
  exec: Executor,
  studentIds: readonly number[],
  academicYearId: number,
  semester: Semester,
): Promise<Map<number, StudentExtracurricular[]>> {
  const out = new Map<number, StudentExtracurricular[]>();
  for (const r of await repo.gradesOfStudents(exec, studentIds, academicYearId, semester)) {
    const list = out.get(r.studentId) ?? [];
    list.push({ name: r.name, predicate: r.predicate, note: r.note });
    out.set(r.studentId, list);
  }
  return out;
}

/**
 * Ekstrakurikuler (issue 40 §2; docs/extracurricular.md): the activities of a unit in a school year, their members,
 * and the semester's predicate and note of each member. Who may do what is the extracurricular rule of the access
 * service (extracurricular.access.ts): WAKAKUR and ADMIN manage the activities; the coach grades only their own
 * activity's members. Grading is refused once the student's class rapor of the semester is locked (rapor-lock.ts).
 * Every write is checked inside its transaction and audited.
 */
export function createExtracurricularService(db: Database) {
  async function yearOf(exec: Executor, id: number | undefined) {
    const year = id === undefined ? await school.activeYear(exec) : await school.findYear(exec, id);
    if (!year) throw notFound('Tahun pelajaran');
    return year;
  }

  /** The rows as the contract lists them: the year's name, the coach's name and whether the caller grades it. */
  async function present(exec: Executor, actor: Actor, rows: repo.ListedActivity[]): Promise<Extracurricular[]> {
    const ids = rows.map((r) => r.id);
    const [coaches, gradable, years] = await Promise.all([
      school.employeeNamesOf(
        exec,
        rows.map((r) => r.coachEmployeeId),
      ),
      access.allowed(exec, actor, 'grade', 'extracurricular', ids),
      Promise.all([...new Set(rows.map((r) => r.academicYearId))].map((id) => school.findYear(exec, id))),
    ]);
    const yearName = new Map(years.filter((y) => y !== undefined).map((y) => [y.id, y.name]));
    return rows.map((r) => ({
      ...r,
      academicYearName: yearName.get(r.academicYearId) ?? '',
      coachName: coaches.get(r.coachEmployeeId) ?? '',
      canGrade: gradable.has(r.id),
    }));
  }

  async function listed(exec: Executor, actor: Actor, id: number) {
    const row = await repo.findListed(exec, id);
    if (!row) throw notFound('Ekstrakurikuler');
    return (await present(exec, actor, [row]))[0]!;
  }

  async function list(user: AuthUser, q: ExtracurricularQuery) {
    const actor = actorOfUser(user);
    const unitId = await access.scopeUnit(db, actor, q.unitId);
    const year = await yearOf(db, q.academicYearId);
    const coachIds = q.q ? (await school.searchEmployees(db, unitId, q.q, 50)).map((e) => e.id) : [];
    const { items, total } = await repo.listActivities(db, {
      unitId,
      academicYearId: year.id,
      reach: await access.filter(db, actor, 'read', 'extracurricular'),
      q: q.q,
      coachIds,
      page: q.page,
      pageSize: q.pageSize,
    });
    return { items: await present(db, actor, items), total, page: q.page, pageSize: q.pageSize };
  }

  /** The coach is an active employee of the activity's unit. */
  async function assertCoach(exec: Executor, employeeId: number, unitId: number) {
    const coach = await school.findEmployeeRef(exec, employeeId);
    if (!coach || !coach.isActive || coach.unitId !== unitId) {
      throw badRequest('Pembina harus pegawai aktif unit ini', { coachEmployeeId: 'Pegawai unit lain atau nonaktif' });
    }
  }

  const nameConflict = () =>
    conflict('Nama ekstrakurikuler ini sudah dipakai di unit dan tahun pelajaran ini', { name: 'Sudah dipakai' });

  async function create(user: AuthUser, input: ExtracurricularInput, by: AuditActor) {
    return db.transaction(async (tx) => {
      const actor = actorOfUser(user);
      const unitId = await access.scopeUnit(tx, actor, input.unitId);
      if (unitId === null) throw badRequest('Unit wajib diisi', { unitId: 'Wajib diisi' });
      const year = await yearOf(tx, input.academicYearId);
      const name = input.name.trim();
      await assertCoach(tx, input.coachEmployeeId, unitId);
      if (await repo.nameTaken(tx, { unitId, academicYearId: year.id, name })) throw nameConflict();
      const row = await repo.insertActivity(tx, {
        unitId,
        academicYearId: year.id,
        name,
        coachEmployeeId: input.coachEmployeeId,
        schedule: input.schedule?.trim() || null,
        createdByUserId: user.id,
      });
      await audit(tx, by, {
        action: 'extracurricular.create',
        entityType: 'extracurricular',
        entityId: row.id,
        after: row,
      });
      return listed(tx, actor, row.id);
    });
  }

  /** The activity, locked, once the caller may `action` it (the extracurricular rule, in the write's transaction). */
  async function reached(tx: Executor, actor: Actor, id: number, action: 'manage' | 'grade') {
    const row = await repo.findActivity(tx, id, true);
    if (!row) throw notFound('Ekstrakurikuler');
    await access.require(tx, actor, action, 'extracurricular', id);
    return row;
  }

  async function update(user: AuthUser, id: number, input: ExtracurricularUpdate, by: AuditActor) {
    return db.transaction(async (tx) => {
      const actor = actorOfUser(user);
      const before = await reached(tx, actor, id, 'manage');
      if (input.coachEmployeeId !== undefined) await assertCoach(tx, input.coachEmployeeId, before.unitId);
      if (input.name !== undefined && (await repo.nameTaken(tx, { ...before, name: input.name }, id))) {
        throw nameConflict();
      }
      await repo.updateActivity(tx, id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.coachEmployeeId !== undefined ? { coachEmployeeId: input.coachEmployeeId } : {}),
        ...(input.schedule !== undefined ? { schedule: input.schedule?.trim() || null } : {}),
        updatedAt: clock.now(),
      });
      const after = await listed(tx, actor, id);
      await audit(tx, by, {
        action: 'extracurricular.update',
        entityType: 'extracurricular',
        entityId: id,
        before,
        after,
      });
      return after;
    });
  }

  async function remove(user: AuthUser, id: number, by: AuditActor) {
    return db.transaction(async (tx) => {
      const actor = actorOfUser(user);
      await reached(tx, actor, id, 'manage');
      // a graded activity stays: its predicates are on rapors
      if ((await repo.gradeCount(tx, id)) > 0) {
        throw conflict('Ekstrakurikuler yang sudah dinilai tidak dapat dihapus');
      }
      const before = await listed(tx, actor, id);
      await repo.deleteActivity(tx, id);
      await audit(tx, by, { action: 'extracurricular.delete', entityType: 'extracurricular', entityId: id, before });
      return { ok: true as const };
    });
  }

  /** The members' view of the semester: the activity, and each member with their class and grade, by name. */
  async function membersView(
    exec: Executor,
    actor: Actor,
    activity: { id: number; academicYearId: number },
    semester: Semester,
  ): Promise<ExtracurricularMembers> {
    const rows = await repo.membersOf(exec, activity.id, semester);
    const ids = rows.map((r) => r.studentId);
    const [refs, classes] = await Promise.all([
      school.studentRefsOf(exec, ids),
      Promise.all(ids.map((id) => school.studentClassIn(exec, id, activity.academicYearId))),
    ]);
    const classOf = new Map(ids.map((id, i) => [id, classes[i]?.className ?? null]));
    const members = rows
      .map((r) => {
        const s = refs.get(r.studentId);
        return {
          studentId: r.studentId,
          nis: s?.nis ?? '',
          name: s?.name ?? '',
          className: classOf.get(r.studentId) ?? null,
          predicate: r.predicate,
          note: r.note ?? '',
        };
      })
      .sort((a, b) => a.name.localeCompare(b.name, 'id') || a.studentId - b.studentId);
    return { activity: await listed(exec, actor, activity.id), semester, members };
  }

  async function members(user: AuthUser, id: number, q: ExtracurricularMembersQuery) {
    const actor = actorOfUser(user);
    const activity = await repo.findActivity(db, id);
    if (!activity) throw notFound('Ekstrakurikuler');
    await access.require(db, actor, 'read', 'extracurricular', id);
    return membersView(db, actor, activity, q.semester);
  }

  async function addMembers(user: AuthUser, id: number, input: ExtracurricularMembersInput, by: AuditActor) {
    return db.transaction(async (tx) => {
      const actor = actorOfUser(user);
      const activity = await reached(tx, actor, id, 'manage');
      const students = await access.require(tx, actor, 'read', 'student', input.studentIds);
      if (students.some((s) => s.unitId !== activity.unitId)) {
        throw badRequest('Anggota harus siswa unit kegiatan ini', { studentIds: 'Siswa unit lain' });
      }
      const added = await repo.insertMembers(tx, id, [...new Set(input.studentIds)]);
      if (added.length) {
        await audit(tx, by, {
          action: 'extracurricular.addMembers',
          entityType: 'extracurricular',
          entityId: id,
          after: { studentIds: added.sort((a, b) => a - b) },
        });
      }
      return { added: added.length };
    });
  }

  /** Refuses a change of the students' grades in a semester whose class rapor is locked (by class of the year). */
  async function assertEditable(tx: Executor, academicYearId: number, semester: Semester, studentIds: number[]) {
    const byClass = new Map<number, number[]>();
    for (const studentId of studentIds) {
      const cls = await school.studentClassIn(tx, studentId, academicYearId);
      // no class this year: no rapor to keep
      if (!cls) continue;
      byClass.set(cls.classGroupId, [...(byClass.get(cls.classGroupId) ?? []), studentId]);
    }
    for (const [classGroupId, ids] of byClass) {
      await assertRaporEditable(tx, { classGroupId, subjectId: null, semester, studentIds: ids });
    }
  }

  async function removeMember(user: AuthUser, id: number, studentId: number, by: AuditActor) {
    return db.transaction(async (tx) => {
      const actor = actorOfUser(user);
      const activity = await reached(tx, actor, id, 'manage');
      // the member's grades go with them: not out of a locked rapor
      for (const semester of ['GANJIL', 'GENAP'] as const) {
        const graded = (await repo.membersOf(tx, id, semester)).some(
          (m) => m.studentId === studentId && m.predicate !== null,
        );
        if (graded) await assertEditable(tx, activity.academicYearId, semester, [studentId]);
      }
      if (!(await repo.deleteMember(tx, id, studentId))) throw notFound('Anggota ekstrakurikuler');
      await audit(tx, by, {
        action: 'extracurricular.removeMember',
        entityType: 'extracurricular',
        entityId: id,
        before: { studentId },
      });
      return { ok: true as const };
    });
  }

  /**
   * Saves the semester's predicates and notes of some members at once, or nothing: every student is a member, the
   * caller grades the activity (its coach; WAKAKUR, ADMIN), and no changed student's class rapor of the semester is
   * locked. Rows that change nothing are not written (a whole sheet saved again after the lock passes).
   */
  async function saveGrades(user: AuthUser, id: number, input: ExtracurricularGradesInput, by: AuditActor) {
    return db.transaction(async (tx) => {
      const actor = actorOfUser(user);
      const activity = await reached(tx, actor, id, 'grade');
      const current = new Map((await repo.membersOf(tx, id, input.semester)).map((m) => [m.studentId, m]));
      const changed = input.grades.filter((g) => {
        const now = current.get(g.studentId);
        if (!now) throw badRequest('Siswa ini bukan anggota kegiatan ini', { grades: 'Bukan anggota' });
        return now.predicate !== g.predicate || (now.note ?? '') !== (g.predicate === null ? '' : g.note);
      });
      if (changed.length) {
        await assertEditable(
          tx,
          activity.academicYearId,
          input.semester,
          changed.map((g) => g.studentId),
        );
        const memberOf = (studentId: number) => current.get(studentId)!.memberId;
        const saved = changed.filter((g) => g.predicate !== null);
        await repo.upsertGrades(
          tx,
          input.semester,
          saved.map((g) => ({ memberId: memberOf(g.studentId), predicate: g.predicate!, note: g.note })),
          user.id,
          clock.now(),
        );
        await repo.deleteGrades(
          tx,
          input.semester,
          changed.filter((g) => g.predicate === null).map((g) => memberOf(g.studentId)),
        );
        await audit(tx, by, {
          action: 'extracurricular.grade',
          entityType: 'extracurricular',
          entityId: id,
          before: {
            semester: input.semester,
            grades: changed.map((g) => {
              const was = current.get(g.studentId)!;
              return { studentId: g.studentId, predicate: was.predicate, note: was.note ?? '' };
            }),
          },
          after: { semester: input.semester, grades: changed },
        });
      }
      return membersView(tx, actor, activity, input.semester);
    });
  }

  return { list, create, update, remove, members, addMembers, removeMember, saveGrades };
}
