import {
  MATERIAL_MAX_ATTACHMENTS,
  type AuthUser,
  type MaterialsQuery,
  type SubjectMaterialInput,
  type SubjectMaterialUpdate,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { assertSupported, fileStore, normalise } from '../../lib/uploads.ts';
import { assertUnit, seesAllUnits, seesOnlyOwnClasses, unitScope } from '../../lib/scope.ts';
import * as repo from './material.repo.ts';

const toApi = ({ updatedAt, attachments, ...rest }: repo.MaterialRow) => ({
  ...rest,
  attachments: attachments.map(({ name, mime, size }, index) => ({
    name,
    mime,
    size,
    url: `/api/v1/materials/${rest.id}/attachments/${index}`,
  })),
  updatedAt: updatedAt.toISOString(),
});

/** A file name safe to show and to put in a download header. */
const safeName = (name: string, mime: string) => {
  const cleaned = name
    .replace(/[^\p{L}\p{N}._ -]/gu, '_')
    .slice(0, 100)
    .trim();
  return cleaned || `materi.${mime === 'application/pdf' ? 'pdf' : mime === 'image/png' ? 'png' : 'jpg'}`;
};

export function createMaterialService(db: Database, dataDir: string) {
  const files = fileStore(dataDir, 'material');

  /** Leaders manage every subject of their unit; a teacher only the subjects they teach. */
  async function assertMayManage(user: AuthUser, subjectId: number, unitId: number) {
    if (!seesAllUnits(user)) assertUnit(user, unitId);
    if (!seesOnlyOwnClasses(user)) return;
    if (!user.employeeId || !(await repo.teachesSubject(db, user.employeeId, subjectId))) {
      throw forbidden('Anda hanya dapat mengelola materi mapel yang Anda ajar');
    }
  }

  async function assertMayRead(user: AuthUser, row: repo.MaterialRow) {
    if (user.division === 'STUDENT') {
      const own = user.studentId ? await repo.gradeOfStudent(db, user.studentId) : undefined;
      if (!own || own.gradeId !== row.gradeId) throw forbidden('Materi ini bukan untuk tingkat kelas Anda');
      return;
    }
    if (!seesAllUnits(user)) assertUnit(user, row.unitId);
  }

  async function get(user: AuthUser, id: number) {
    const row = await repo.findMaterial(db, id);
    if (!row) throw notFound('Materi');
    await assertMayRead(user, row);
    return toApi(row);
  }

  async function list(user: AuthUser, q: MaterialsQuery) {
    if (user.division === 'STUDENT') {
      const own = user.studentId ? await repo.gradeOfStudent(db, user.studentId) : undefined;
      if (!own) return { items: [], total: 0, page: q.page, pageSize: q.pageSize };
      if (q.gradeId && q.gradeId !== own.gradeId) throw forbidden('Materi ini bukan untuk tingkat kelas Anda');
      const page = await repo.listMaterials(db, { ...q, unitId: own.unitId, gradeId: own.gradeId }, q);
      return { ...page, items: page.items.map(toApi) };
    }
    const page = await repo.listMaterials(db, { ...q, unitId: unitScope(user, q.unitId) }, q);
    return { ...page, items: page.items.map(toApi) };
  }

  async function create(user: AuthUser, input: SubjectMaterialInput, actor: AuditActor) {
    const { subject, grade } = await repo.findSubjectAndGrade(db, input.subjectId, input.gradeId);
    if (!subject) throw badRequest('Mapel tidak ditemukan', { subjectId: 'Tidak ditemukan' });
    if (!grade) throw badRequest('Tingkat tidak ditemukan', { gradeId: 'Tidak ditemukan' });
    if (grade.unitId !== subject.unitId) {
      throw badRequest('Tingkat dan mapel berasal dari unit yang berbeda', { gradeId: 'Unit lain' });
    }
    await assertMayManage(user, subject.id, subject.unitId);
    const id = await db.transaction(async (tx) => {
      const values = { ...input, body: input.body ?? null, authorUserId: user.id };
      const id = await repo.insertMaterial(tx, values);
      await audit(tx, actor, {
        action: 'material.create',
        entityType: 'subject_material',
        entityId: id,
        after: values,
      });
      return id;
    });
    return toApi((await repo.findMaterial(db, id))!);
  }

  async function update(user: AuthUser, id: number, input: SubjectMaterialUpdate, actor: AuditActor) {
    const before = await repo.findMaterial(db, id);
    if (!before) throw notFound('Materi');
    await assertMayManage(user, before.subjectId, before.unitId);
    await db.transaction(async (tx) => {
      await repo.updateMaterial(tx, id, input);
      await audit(tx, actor, {
        action: 'material.update',
        entityType: 'subject_material',
        entityId: id,
        before,
        after: input,
      });
    });
    return toApi((await repo.findMaterial(db, id))!);
  }

  async function remove(user: AuthUser, id: number, actor: AuditActor) {
    const before = await repo.findMaterial(db, id);
    if (!before) throw notFound('Materi');
    await assertMayManage(user, before.subjectId, before.unitId);
    await db.transaction(async (tx) => {
      await repo.deleteMaterial(tx, id);
      await audit(tx, actor, { action: 'material.delete', entityType: 'subject_material', entityId: id, before });
    });
    return { ok: true as const };
  }

  async function addAttachment(user: AuthUser, id: number, file: { name: string; data: Buffer }, actor: AuditActor) {
    const before = await repo.findMaterial(db, id);
    if (!before) throw notFound('Materi');
    await assertMayManage(user, before.subjectId, before.unitId);
    if (before.attachments.length >= MATERIAL_MAX_ATTACHMENTS) {
      throw conflict(`Satu materi paling banyak ${MATERIAL_MAX_ATTACHMENTS} lampiran`);
    }
    const mime = assertSupported(file.data);
    const data = await normalise(file.data, mime);
    const path = await files.save(data);
    try {
      const attachment = { name: safeName(file.name, mime), path, mime, size: data.length };
      await db.transaction(async (tx) => {
        await repo.setAttachments(tx, id, [...before.attachments, attachment]);
        await audit(tx, actor, {
          action: 'material.attachment.add',
          entityType: 'subject_material',
          entityId: id,
          after: attachment,
        });
      });
    } catch (err) {
      await files.remove(path);
      throw err;
    }
    return toApi((await repo.findMaterial(db, id))!);
  }

  async function removeAttachment(user: AuthUser, id: number, index: number, actor: AuditActor) {
    const before = await repo.findMaterial(db, id);
    if (!before) throw notFound('Materi');
    await assertMayManage(user, before.subjectId, before.unitId);
    const gone = before.attachments[index];
    if (!gone) throw notFound('Lampiran');
    await db.transaction(async (tx) => {
      await repo.setAttachments(
        tx,
        id,
        before.attachments.filter((_, i) => i !== index),
      );
      await audit(tx, actor, {
        action: 'material.attachment.remove',
        entityType: 'subject_material',
        entityId: id,
        before: gone,
      });
    });
    await files.remove(gone.path);
    return toApi((await repo.findMaterial(db, id))!);
  }

  async function attachment(user: AuthUser, id: number, index: number) {
    const row = await repo.findMaterial(db, id);
    if (!row) throw notFound('Materi');
    await assertMayRead(user, row);
    const file = row.attachments[index];
    if (!file) throw notFound('Lampiran');
    return { data: await files.read(file.path), mime: file.mime, name: file.name };
  }

  return { get, list, create, update, remove, addAttachment, removeAttachment, attachment };
}

export type MaterialService = ReturnType<typeof createMaterialService>;
