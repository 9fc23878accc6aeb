import { eq, or } from 'drizzle-orm';
import { type AuthUser } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { employees, students, users } from '../../db/schema/index.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { assertUnit, userCan } from '../../lib/scope.ts';
import { fileStore } from '../../lib/uploads.ts';
import type { StudentPhotosService } from '../school/student-photos.service.ts';
import { cropImage } from './images.ts';
import type { ImageUpload } from './multipart.ts';

export const avatarUrl = (name: string) => `/api/v1/files/avatars/${name}`;

/** The server's square crop of the original the browser showed (a 1:1 crop is required). */
async function squareOf(upload: ImageUpload) {
  if (!upload.crop) throw badRequest('Potongan gambar belum lengkap', { crop: 'Wajib' });
  if (upload.crop.ratio !== 'AVATAR') throw badRequest('Potongan harus persegi (1:1)', { crop: 'Rasio tidak sesuai' });
  return cropImage(upload.data, upload.crop, 'AVATAR');
}

/**
 * Avatars (issue 18): a user's own (`users.avatarPath`, mirrored on their employee record), an employee's (set by
 * those who manage employees of that unit) and a student's (the student photo of the school module, with its rules).
 * Files live under `uploads/avatars/` as square JPEGs of at most 512 px.
 */
export function createAvatarsService(db: Database, dataDir: string, photos: StudentPhotosService) {
  const files = fileStore(dataDir, 'avatars');

  /** Sets (or with null removes) the avatar of a user and/or employee in one transaction, then drops the old files. */
  async function setAvatar(
    target: { userId: number | null; employeeId: number | null },
    name: string | null,
    actor: AuditActor,
    action: string,
  ) {
    const old = new Set<string>();
    await db.transaction(async (tx) => {
      if (target.userId !== null) {
        const [u] = await tx
          .select({ p: users.avatarPath })
          .from(users)
          .where(eq(users.id, target.userId))
          .for('update');
        if (u?.p) old.add(u.p);
        await tx.update(users).set({ avatarPath: name }).where(eq(users.id, target.userId));
      }
      if (target.employeeId !== null) {
        const [e] = await tx
          .select({ p: employees.photoPath })
          .from(employees)
          .where(eq(employees.id, target.employeeId))
          .for('update');
        if (e?.p) old.add(e.p);
        await tx.update(employees).set({ photoPath: name }).where(eq(employees.id, target.employeeId));
      }
      await audit(tx, actor, {
        action,
        entityType: target.employeeId !== null ? 'employee' : 'user',
        entityId: target.employeeId ?? target.userId ?? undefined,
        before: { avatarPath: [...old][0] ?? null },
        after: { avatarPath: name },
      });
    });
    for (const p of old) if (p !== name && /^[a-f0-9]{32}$/.test(p)) await files.remove(p);
  }

  async function saveAndSet(
    upload: ImageUpload,
    target: { userId: number | null; employeeId: number | null },
    actor: AuditActor,
    action: string,
  ) {
    const image = await squareOf(upload);
    const name = await files.save(image.data, { uploadedBy: actor.userId, purpose: 'avatar' });
    try {
      await setAvatar(target, name, actor, action);
    } catch (err) {
      await files.remove(name);
      throw err;
    }
    return name;
  }

  /** The signed-in user's own avatar (any division may set their own). */
  async function setOwn(user: AuthUser, upload: ImageUpload, actor: AuditActor) {
    const name = await saveAndSet(
      upload,
      { userId: user.id, employeeId: user.employeeId },
      actor,
      'user.avatar.update',
    );
    return { avatarUrl: avatarUrl(name) };
  }

  async function removeOwn(user: AuthUser, actor: AuditActor) {
    await setAvatar({ userId: user.id, employeeId: user.employeeId }, null, actor, 'user.avatar.delete');
    return { avatarUrl: null };
  }

  /** An employee of the manager's unit (foundation-wide staff: any manager): like the student-photo rules. */
  async function managedEmployee(user: AuthUser, id: number) {
    const [row] = await db
      .select({ id: employees.id, unitId: employees.unitId, userId: employees.userId })
      .from(employees)
      .where(eq(employees.id, id));
    if (!row) throw notFound('Pegawai');
    if (row.unitId !== null) assertUnit(user, row.unitId);
    return row;
  }

  async function setEmployee(user: AuthUser, id: number, upload: ImageUpload, actor: AuditActor) {
    const row = await managedEmployee(user, id);
    const name = await saveAndSet(
      upload,
      { userId: row.userId, employeeId: row.id },
      actor,
      'school.employee.photo.update',
    );
    return { avatarUrl: avatarUrl(name) };
  }

  async function removeEmployee(user: AuthUser, id: number, actor: AuditActor) {
    const row = await managedEmployee(user, id);
    await setAvatar({ userId: row.userId, employeeId: row.id }, null, actor, 'school.employee.photo.delete');
    return { avatarUrl: null };
  }

  /** A student's photo from a square crop: the school module's photo path (its access rules, audit and storage). */
  async function setStudent(user: AuthUser, id: number, upload: ImageUpload, actor: AuditActor) {
    const image = await squareOf(upload);
    return photos.upload(user, id, image.data, actor);
  }

  /**
   * An avatar by its stored name: to its owner; a staff member's to every signed-in user (they are shown in
   * headers and staff lists); a student's own avatar to those who may read students of that unit.
   */
  async function read(viewer: AuthUser, name: string) {
    if (!/^[a-f0-9]{32}$/.test(name)) throw notFound('Foto');
    const [owner] = await db
      .select({ userId: users.id, division: users.division, unitId: users.unitId, studentId: students.id })
      .from(users)
      .leftJoin(students, eq(students.userId, users.id))
      .where(eq(users.avatarPath, name))
      .limit(1);
    if (!owner) {
      const [employee] = await db
        .select({ id: employees.id })
        .from(employees)
        .where(or(eq(employees.photoPath, name)))
        .limit(1);
      if (!employee) throw notFound('Foto');
    } else if (owner.userId !== viewer.id && owner.division === 'STUDENT') {
      if (!userCan(viewer, 'school.student.read')) throw forbidden('Anda tidak boleh melihat foto siswa ini');
      assertUnit(viewer, owner.unitId);
    }
    return files.read(name);
  }

  return { setOwn, removeOwn, setEmployee, removeEmployee, setStudent, read };
}

export type AvatarsService = ReturnType<typeof createAvatarsService>;
