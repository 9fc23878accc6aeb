import type {
  AuthUser,
  TeachingAssignmentInput,
  TeachingAssignmentsQuery,
  TeachingAssignmentUpdate,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { audited, type AuditActor } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { unitScope } from '../../lib/scope.ts';
import { guarded } from '../../lib/db-errors.ts';
import { findClass, findEmployeeRef, findSubject } from './structure.repo.ts';
import * as repo from './teaching-assignments.repo.ts';
import { requireUnit } from './unit-access.ts';

type AssignmentRow = NonNullable<Awaited<ReturnType<typeof repo.findAssignment>>>;
const toAssignment = ({ unitId: _unit, ...rest }: AssignmentRow) => rest;

const clashMessage = (a: AssignmentRow) =>
  `Kelas ${a.className} sudah punya guru ${a.subjectName} semester ${a.semester}: ${a.teacherName}`;

export function createTeachingAssignmentsService(db: Database) {
  async function list(user: AuthUser, q: TeachingAssignmentsQuery) {
    const page = await repo.listAssignments(db, unitScope(user, q.unitId), q);
    return { ...page, items: page.items.map(toAssignment) };
  }

  async function get(user: AuthUser, id: number) {
    const row = await repo.findAssignment(db, id);
    if (!row) throw notFound('Pembagian mengajar');
    await requireUnit(db, user, row.unitId);
    return row;
  }

  /** A teacher must be an active employee; years are foundation-wide, so any unit's teacher may teach. */
  async function assertTeacher(employeeId: number) {
    const employee = await findEmployeeRef(db, employeeId);
    if (!employee || !employee.isActive) {
      throw badRequest('Guru tidak valid', { employeeId: 'Pegawai tidak ditemukan atau tidak aktif' });
    }
  }

  async function create(user: AuthUser, input: TeachingAssignmentInput, actor: AuditActor) {
    const cls = await findClass(db, input.classGroupId);
    if (!cls) throw badRequest('Kelas tidak ada', { classGroupId: 'Kelas tidak ditemukan' });
    await requireUnit(db, user, cls.unitId);
    const subject = await findSubject(db, input.subjectId);
    if (!subject || subject.unitId !== cls.unitId) {
      throw badRequest('Mapel tidak valid', { subjectId: 'Mapel tidak ditemukan di unit kelas ini' });
    }
    await assertTeacher(input.employeeId);
    const same = await repo.findByClassSubject(db, cls.id, subject.id, input.semester);
    if (same) throw conflict(clashMessage(same), { subjectId: 'Sudah ada gurunya' });
    const id = await guarded(
      () =>
        db.transaction(async (tx) => {
          return audited(
            tx,
            actor,
            {
              action: 'school.teaching.create',
              entityType: 'teaching_assignment',
              after: { ...input, academicYearId: cls.academicYearId },
            },
            () => repo.insertAssignment(tx, { ...input, academicYearId: cls.academicYearId }),
          );
        }),
      { unique: `Kelas ${cls.name} sudah punya guru ${subject.name} semester ${input.semester}` },
    );
    return toAssignment((await repo.findAssignment(db, id))!);
  }

  async function update(user: AuthUser, id: number, input: TeachingAssignmentUpdate, actor: AuditActor) {
    const before = await get(user, id);
    if (input.employeeId !== undefined) await assertTeacher(input.employeeId);
    await db.transaction(async (tx) => {
      await audited(
        tx,
        actor,
        { action: 'school.teaching.update', entityType: 'teaching_assignment', entityId: id, before, after: input },
        () => repo.updateAssignment(tx, id, input),
      );
    });
    return toAssignment((await repo.findAssignment(db, id))!);
  }

  async function remove(user: AuthUser, id: number, actor: AuditActor) {
    const before = await get(user, id);
    await db.transaction(async (tx) => {
      await audited(
        tx,
        actor,
        { action: 'school.teaching.delete', entityType: 'teaching_assignment', entityId: id, before, after: null },
        () => repo.deleteAssignment(tx, id),
      );
    });
  }

  return { list, get: async (user: AuthUser, id: number) => toAssignment(await get(user, id)), create, update, remove };
}

export type TeachingAssignmentsService = ReturnType<typeof createTeachingAssignmentsService>;
