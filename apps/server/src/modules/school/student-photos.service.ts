import sharp from 'sharp';
import { type AuthUser } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOfUser } from '../../lib/actor.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { assertSupported, fileStore } from '../../lib/uploads.ts';
import { userCan } from '../../lib/scope.ts';
import * as repo from './students.repo.ts';
import { access } from '../access/access.service.ts';
import type { StructureService } from './structure.service.ts';
import type { StudentsService } from './students.service.ts';
import { requireUnit } from './unit-access.ts';

/** A passport-like portrait: at most 600×800, JPEG, upright, without metadata. */
const PHOTO = { width: 600, height: 800 };

async function toPortrait(data: Buffer): Promise<Buffer> {
  const mime = assertSupported(data);
  if (mime !== 'image/jpeg' && mime !== 'image/png') {
    throw new AppError('VALIDATION_FAILED', 'Foto harus berupa JPG atau PNG', { file: 'Hanya JPG atau PNG' });
  }
  try {
    return await sharp(data, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ ...PHOTO, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    throw new AppError('VALIDATION_FAILED', 'Berkas gambar rusak atau tidak dapat dibaca', { file: 'Gambar rusak' });
  }
}

/** Student photos: stored under `uploads/photos/` by random id, served to those who may read the student. */
export function createStudentPhotosService(
  db: Database,
  structure: StructureService,
  students: StudentsService,
  dataDir: string,
) {
  const files = fileStore(dataDir, 'photos');

  async function managed(user: AuthUser, id: number) {
    const row = await repo.findStudent(db, id);
    if (!row) throw notFound('Siswa');
    await requireUnit(db, user, row.unitId);
    return row;
  }

  async function setPath(id: number, before: string | null, after: string | null, actor: AuditActor) {
    await db.transaction(async (tx) => {
      await repo.updateStudent(tx, id, { photoPath: after });
      await audit(tx, actor, {
        action: after ? 'school.student.photo.update' : 'school.student.photo.delete',
        entityType: 'student',
        entityId: id,
        before: { photoPath: before },
        after: { photoPath: after },
      });
    });
  }

  async function upload(user: AuthUser, id: number, data: Buffer, actor: AuditActor) {
    const row = await managed(user, id);
    const name = await files.save(await toPortrait(data), { uploadedBy: user.id, purpose: 'student-photo' });
    try {
      await setPath(id, row.photoPath, name, actor);
    } catch (err) {
      await files.remove(name);
      throw err;
    }
    if (row.photoPath) await files.remove(row.photoPath);
    return students.get(user, id);
  }

  async function remove(user: AuthUser, id: number, actor: AuditActor) {
    const row = await managed(user, id);
    if (row.photoPath) {
      await setPath(id, row.photoPath, null, actor);
      await files.remove(row.photoPath);
    }
    return students.get(user, id);
  }

  /** The photo by its stored name: to the student themself, or to a reader of that student (unit and class rules). */
  async function read(user: AuthUser, name: string) {
    if (!/^[a-f0-9]{32}$/.test(name)) throw notFound('Foto');
    const owner = await repo.studentOfPhoto(db, name);
    if (!owner) throw notFound('Foto');
    if (user.studentId !== owner.id) {
      if (!userCan(user, 'school.student.read')) throw forbidden('Anda tidak boleh melihat foto siswa ini');
      const row = await repo.findStudent(db, owner.id);
      if (!row) throw notFound('Foto');
      await access.require(db, actorOfUser(user), 'read', 'student', row.id);
    }
    return files.read(name);
  }

  return { upload, remove, read };
}

export type StudentPhotosService = ReturnType<typeof createStudentPhotosService>;
