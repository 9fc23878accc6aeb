import { clock } from '../../lib/clock.ts';
import type { AuthUser, EnrollInput, EnrollmentResult, EnrollmentsQuery, MoveInput, PromoteInput } from '@mms/shared';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import type { AppError } from '../../lib/errors.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { billNewEnrolment } from '../finance/finance.service.ts';
import * as repo from './enrollments.repo.ts';
import { unitScope } from '../../lib/scope.ts';
import { guarded } from '../../lib/db-errors.ts';
import { findYear } from './structure.repo.ts';
import type { StructureService } from './structure.service.ts';
import { requireUnit } from './unit-access.ts';

const STATUS_ID: Record<string, string> = {
  ACTIVE: 'aktif',
  GRADUATED: 'lulus',
  MOVED: 'pindah',
  DROPPED: 'keluar',
};

/** Several students' problems at once: 400 when any id is unusable, else 409 naming the clashes. */
function problemsError(invalid: Map<number, string>, clashes: Map<number, string>): AppError {
  const fields: Record<string, string> = {};
  for (const [id, reason] of [...invalid, ...clashes]) fields[`studentIds.${id}`] = reason;
  const list = [...invalid.values(), ...clashes.values()];
  const message = list.length > 1 ? `${list[0]} (dan ${list.length - 1} masalah lain)` : list[0]!;
  return invalid.size ? badRequest(message, fields) : conflict(message, fields);
}

/**
 * Enrols checked students in a class inside the caller's transaction: the enrolments, this year's bills (a student
 * joining a class of the active year gets them up to now, finance issue 15) and the audit entry. Used by `enrol`
 * and by admission's re-registration, which makes the student in the same transaction.
 */
export async function enrolInTransaction(
  tx: Transaction,
  cls: { id: number; unitId: number; academicYearId: number },
  ids: number[],
  actor: AuditActor,
) {
  const rows = await repo.insertEnrollments(
    tx,
    ids.map((studentId) => ({ studentId, classGroupId: cls.id, academicYearId: cls.academicYearId })),
  );
  const bills = await billNewEnrolment(tx, { unitId: cls.unitId, studentIds: ids }, actor);
  await audit(tx, actor, {
    action: 'school.enrollment.create',
    entityType: 'class_group',
    entityId: cls.id,
    after: { classGroupId: cls.id, studentIds: ids },
  });
  return { count: rows.length, bills };
}

/** A class group with its grade level, for a caller that checks it itself. */
export const findClassForEnrolment = (exec: Executor, id: number) => repo.findClassRef(exec, id);

export function createEnrollmentsService(db: Database, structure: StructureService) {
  async function list(user: AuthUser, q: EnrollmentsQuery) {
    return repo.listEnrollments(db, unitScope(user, undefined), q, await structure.visibleClassIds(user));
  }

  async function classOf(user: AuthUser, id: number, label = 'Kelas') {
    const cls = await repo.findClassRef(db, id);
    if (!cls) throw notFound(label);
    await requireUnit(db, user, cls.unitId);
    return cls;
  }

  /** Enrols one or many students in a class group for its year; all or nothing. */
  async function enrol(user: AuthUser, input: EnrollInput, actor: AuditActor): Promise<EnrollmentResult> {
    const cls = await classOf(user, input.classGroupId);
    const ids = [...new Set(input.studentIds)];
    const found = new Map((await repo.findStudentsByIds(db, ids)).map((s) => [s.id, s]));
    const invalid = new Map<number, string>();
    for (const id of ids) {
      const s = found.get(id);
      if (!s) invalid.set(id, 'Ada siswa yang tidak ditemukan');
      else if (s.unitId !== cls.unitId) invalid.set(id, `${s.name} bukan siswa unit kelas ${cls.name}`);
      else if (s.status !== 'ACTIVE') invalid.set(id, `${s.name} berstatus ${STATUS_ID[s.status]}, bukan aktif`);
    }
    const clashes = new Map<number, string>();
    for (const open of await repo.openEnrollmentsInYear(db, ids, cls.academicYearId)) {
      const name = found.get(open.studentId)?.name ?? 'Seorang siswa';
      clashes.set(open.studentId, `${name} sudah terdaftar di kelas ${open.className} tahun ini`);
    }
    if (invalid.size || clashes.size) throw problemsError(invalid, clashes);
    return guarded(
      () =>
        db.transaction(async (tx) => {
          const { count } = await enrolInTransaction(tx, cls, ids, actor);
          return { count, skipped: [] };
        }),
      { unique: 'Ada siswa yang baru saja didaftarkan ke kelas lain tahun ini; muat ulang data' },
    );
  }

  /** Class mutation: ends the open enrollment of the year and opens one in the target class. */
  async function move(user: AuthUser, input: MoveInput, actor: AuditActor): Promise<EnrollmentResult> {
    const target = await classOf(user, input.toClassGroupId, 'Kelas tujuan');
    const [student] = await repo.findStudentsByIds(db, [input.studentId]);
    if (!student) throw notFound('Siswa');
    await requireUnit(db, user, student.unitId);
    if (student.unitId !== target.unitId) {
      throw badRequest(`${student.name} bukan siswa unit kelas ${target.name}`, { toClassGroupId: 'Unit berbeda' });
    }
    const [open] = await repo.openEnrollmentsInYear(db, [student.id], target.academicYearId);
    if (!open) {
      throw badRequest(`${student.name} belum terdaftar di kelas mana pun pada tahun pelajaran kelas ${target.name}`, {
        studentId: 'Belum punya kelas tahun ini; daftarkan dulu',
      });
    }
    if (open.classGroupId === target.id) {
      throw conflict(`${student.name} sudah terdaftar di kelas ${target.name} tahun ini`);
    }
    // a move within the year stays in the grade; another grade (7C to 8D) only when the person confirmed it
    if (open.gradeLevel !== target.gradeLevel && !input.confirmGradeChange) {
      throw conflict(
        `${open.className} dan ${target.name} berbeda tingkat (${open.gradeLevel} ke ${target.gradeLevel}); pastikan memang pindah tingkat`,
        { toClassGroupId: 'Tingkat berbeda' },
      );
    }
    const today = clock.today();
    const effective = input.effectiveDate ?? today;
    if (effective > today) {
      throw badRequest('Tanggal berlaku tidak boleh di masa depan', { effectiveDate: 'Di masa depan' });
    }
    if (effective < open.startDate) {
      throw badRequest(`Tanggal berlaku sebelum ${student.name} masuk kelas ${open.className} (${open.startDate})`, {
        effectiveDate: 'Sebelum masuk kelas asal',
      });
    }
    // the day starts at midnight in Jakarta: the old class ends and the new one begins then (today: now)
    const at = effective === today ? clock.now() : new Date(`${effective}T00:00:00+07:00`);
    return guarded(() =>
      db.transaction(async (tx) => {
        await repo.endEnrollments(tx, [open.id], 'MOVED', input.note ?? null, at);
        const [row] = await repo.insertEnrollments(tx, [
          {
            studentId: student.id,
            classGroupId: target.id,
            academicYearId: target.academicYearId,
            startReason: 'MOVED',
            startedAt: at,
          },
        ]);
        await audit(tx, actor, {
          action: 'school.enrollment.move',
          entityType: 'student',
          entityId: student.id,
          before: { enrollmentId: open.id, classGroupId: open.classGroupId, className: open.className },
          after: {
            enrollmentId: row!.id,
            classGroupId: target.id,
            className: target.name,
            note: input.note,
            effectiveDate: effective,
          },
        });
        return { count: 1, skipped: [] };
      }),
    );
  }

  /**
   * Year-end promotion of a whole class to a class of the next grade in a later year. Students
   * who are not active stay behind and are reported; the rest move together or not at all.
   */
  async function promote(user: AuthUser, input: PromoteInput, actor: AuditActor): Promise<EnrollmentResult> {
    const from = await classOf(user, input.fromClassGroupId, 'Kelas asal');
    const to = await classOf(user, input.toClassGroupId, 'Kelas tujuan');
    if (from.unitId !== to.unitId) {
      throw badRequest('Kelas tujuan harus di unit yang sama', { toClassGroupId: 'Unit berbeda' });
    }
    if (to.gradeLevel !== from.gradeLevel + 1) {
      throw badRequest(`Kelas tujuan harus tingkat ${from.gradeLevel + 1}`, {
        toClassGroupId: `Kelas ${to.name} tingkat ${to.gradeLevel}, bukan ${from.gradeLevel + 1}`,
      });
    }
    const [fromYear, toYear] = await Promise.all([findYear(db, from.academicYearId), findYear(db, to.academicYearId)]);
    if (!fromYear || !toYear || toYear.startDate <= fromYear.startDate) {
      throw badRequest('Kelas tujuan harus pada tahun pelajaran berikutnya', {
        toClassGroupId: `Tahun ${toYear?.name ?? '-'} tidak setelah ${fromYear?.name ?? '-'}`,
      });
    }
    const members = await repo.openEnrollmentsOfClass(db, from.id);
    const skipped = members
      .filter((m) => m.status !== 'ACTIVE')
      .map((m) => ({ studentId: m.studentId, name: m.name, reason: `Berstatus ${STATUS_ID[m.status]}` }));
    const moving = members.filter((m) => m.status === 'ACTIVE');
    const clashes = new Map<number, string>();
    for (const open of await repo.openEnrollmentsInYear(
      db,
      moving.map((m) => m.studentId),
      to.academicYearId,
    )) {
      const name = moving.find((m) => m.studentId === open.studentId)?.name ?? 'Seorang siswa';
      clashes.set(open.studentId, `${name} sudah terdaftar di kelas ${open.className} tahun ${toYear.name}`);
    }
    if (clashes.size) throw problemsError(new Map(), clashes);
    return guarded(
      () =>
        db.transaction(async (tx) => {
          await repo.endEnrollments(
            tx,
            moving.map((m) => m.id),
            'PROMOTED',
          );
          await repo.insertEnrollments(
            tx,
            moving.map((m) => ({ studentId: m.studentId, classGroupId: to.id, academicYearId: to.academicYearId })),
          );
          await audit(tx, actor, {
            action: 'school.enrollment.promote',
            entityType: 'class_group',
            entityId: from.id,
            before: { classGroupId: from.id, className: from.name },
            after: { classGroupId: to.id, className: to.name, studentIds: moving.map((m) => m.studentId), skipped },
          });
          return { count: moving.length, skipped };
        }),
      { unique: 'Ada siswa yang baru saja didaftarkan ke kelas lain pada tahun tujuan; muat ulang data' },
    );
  }

  return { list, enrol, move, promote };
}

export type EnrollmentsService = ReturnType<typeof createEnrollmentsService>;
