import { clock } from '../../lib/clock.ts';
import { addDays } from '@mms/shared';
import type { AuthUser, Student, StudentInput, StudentSelfUpdate, StudentsQuery, StudentUpdate } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { assertUnit, unitScope } from '../../lib/scope.ts';
import { guarded } from '../../lib/db-errors.ts';
import { actorOfUser } from '../../lib/actor.ts';
import { access } from '../access/access.service.ts';
import * as repo from './students.repo.ts';
import { findUnit } from './structure.repo.ts';
import type { StructureService } from './structure.service.ts';
import { requireUnit } from './unit-access.ts';

type StudentRow = NonNullable<Awaited<ReturnType<typeof repo.findStudent>>>;

function toStudent(row: StudentRow): Student {
  const { photoPath, ...rest } = row;
  return { ...rest, photoUrl: photoPath ? `/api/v1/files/photos/${photoPath}` : null };
}

/**
 * The dates of a student that the calendar rules out (one rule for the form, the update and the import): a
 * birth date in the future or more than 100 years ago. Null when they are plausible.
 */
export function studentDateProblems(input: { birthDate?: string | null }): Record<string, string> | null {
  const today = clock.today();
  if (input.birthDate && input.birthDate > today) return { birthDate: 'Tanggal lahir tidak boleh di masa depan' };
  if (input.birthDate && input.birthDate < addDays(today, -36525)) {
    return { birthDate: 'Tanggal lahir lebih dari 100 tahun yang lalu' };
  }
  return null;
}

function assertDates(input: { birthDate?: string | null }) {
  const problems = studentDateProblems(input);
  if (problems) throw badRequest(Object.values(problems)[0]!, problems);
}

export function createStudentsService(db: Database, structure: StructureService) {
  async function list(user: AuthUser, q: StudentsQuery) {
    return repo.listStudents(db, unitScope(user, q.unitId), q, await structure.visibleClassIds(user));
  }

  async function get(user: AuthUser, id: number) {
    const row = await repo.findStudent(db, id);
    if (!row) throw notFound('Siswa');
    // row rule: the unit, and for teachers the classes they teach or lead
    await access.require(db, actorOfUser(user), 'read', 'student', row.id);
    return toStudent(row);
  }

  async function getByNis(user: AuthUser, nis: string, unitId: number | undefined) {
    const rows = await repo.findStudentByNis(db, unitScope(user, unitId), nis);
    if (!rows.length) throw notFound('Siswa');
    if (rows.length > 1) throw badRequest('NIS ini ada di lebih dari satu unit', { unitId: 'Pilih unit' });
    await access.require(db, actorOfUser(user), 'read', 'student', rows[0]!.id);
    return toStudent(rows[0]!);
  }

  async function self(user: AuthUser) {
    if (!user.studentId) throw notFound('Data siswa Anda');
    const row = await repo.findStudent(db, user.studentId);
    if (!row) throw notFound('Data siswa Anda');
    return toStudent(row);
  }

  /** NIS unique per unit, NISN unique overall: a duplicate names the other record. */
  async function assertNumbersFree(
    unitId: number,
    nis: string | undefined,
    nisn: string | null | undefined,
    selfId?: number,
  ) {
    if (nis) {
      const other = await repo.findByNis(db, unitId, nis);
      if (other && other.id !== selfId) {
        throw conflict(`NIS ${nis} sudah dipakai oleh ${other.name}`, { nis: 'Sudah dipakai' });
      }
    }
    if (nisn) {
      const other = await repo.findByNisn(db, nisn);
      if (other && other.id !== selfId) {
        throw conflict(`NISN ${nisn} sudah dipakai oleh ${other.name} (${other.unitCode})`, {
          nisn: 'Sudah dipakai',
        });
      }
    }
  }

  async function create(user: AuthUser, input: StudentInput, actor: AuditActor) {
    assertUnit(user, input.unitId);
    assertDates(input);
    if (!(await findUnit(db, input.unitId))) throw badRequest('Unit tidak ada', { unitId: 'Unit tidak ditemukan' });
    await assertNumbersFree(input.unitId, input.nis, input.nisn);
    const id = await guarded(
      () =>
        db.transaction(async (tx) => {
          const id = await repo.insertStudent(tx, input);
          await audit(tx, actor, {
            action: 'school.student.create',
            entityType: 'student',
            entityId: id,
            after: input,
          });
          return id;
        }),
      { unique: `NIS ${input.nis} atau NISN sudah dipakai` },
    );
    return toStudent((await repo.findStudent(db, id))!);
  }

  async function update(user: AuthUser, id: number, input: StudentUpdate, actor: AuditActor) {
    const before = await repo.findStudent(db, id);
    if (!before) throw notFound('Siswa');
    await requireUnit(db, user, before.unitId);
    assertDates(input);
    await assertNumbersFree(before.unitId, input.nis, input.nisn, id);
    await guarded(
      () =>
        db.transaction(async (tx) => {
          await repo.updateStudent(tx, id, input);
          await audit(tx, actor, {
            action: 'school.student.update',
            entityType: 'student',
            entityId: id,
            before,
            after: input,
          });
        }),
      { unique: 'NIS atau NISN sudah dipakai' },
    );
    return toStudent((await repo.findStudent(db, id))!);
  }

  async function updateSelf(user: AuthUser, input: StudentSelfUpdate, actor: AuditActor) {
    const before = await self(user);
    await db.transaction(async (tx) => {
      await repo.updateStudent(tx, before.id, input);
      await audit(tx, actor, {
        action: 'school.student.self.update',
        entityType: 'student',
        entityId: before.id,
        before: { phone: before.phone, parentPhone: before.parentPhone, address: before.address },
        after: input,
      });
    });
    return toStudent((await repo.findStudent(db, before.id))!);
  }

  return { list, get, getByNis, self, create, update, updateSelf };
}

export type StudentsService = ReturnType<typeof createStudentsService>;
