import {
  MATERIAL_MAX_ATTACHMENTS,
  type AuthUser,
  type MaterialsQuery,
  type SubjectMaterialInput,
  type SubjectMaterialUpdate,
} from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import { audited, type AuditActor } from '../../lib/audit.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { assertSupported, fileStore, normalise } from '../../lib/uploads.ts';
import { seesOnlyOwnClasses, unitScope } from '../../lib/scope.ts';
import * as repo from './material.repo.ts';
import * as school from '../school/school.service.ts';
import { actorOfUser } from '../../lib/actor.ts';
import { access } from '../access/access.service.ts';
import { assertMayManageNew } from './material-access.ts';

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

  /** The material, checked for the caller inside the transaction that will change it. */
  async function manageable(exec: Executor, user: AuthUser, id: number) {
    const row = await repo.findMaterial(exec, id);
    if (!row) throw notFound('Materi');
    await access.require(exec, actorOfUser(user), 'manage', 'material', id);
    return row;
  }

  /** The material rule (material-access.ts): the unit's material, for a student that of their class's grade. */
  const assertMayRead = async (user: AuthUser, row: repo.MaterialRow) => {
    await access.require(db, actorOfUser(user), 'read', 'material', row.id);
  };

  /**
   * The subject and grade pairs the caller may write material for (the form offers only these): a teacher's
   * taught pairs (the same rule as the write check), every active subject and grade of the unit for a leader.
   */
  async function choices(user: AuthUser, unitId: number | undefined) {
    if (seesOnlyOwnClasses(user)) {
      return { items: user.employeeId ? await school.subjectGradesTaught(db, user.employeeId) : [] };
    }
    return { items: await school.unitSubjectGrades(db, unitScope(user, unitId)) };
  }

  async function get(user: AuthUser, id: number) {
    const row = await repo.findMaterial(db, id);
    if (!row) throw notFound('Materi');
    await assertMayRead(user, row);
    return toApi(row);
  }

  async function list(user: AuthUser, q: MaterialsQuery) {
    if (user.division === 'STUDENT') {
      const own = user.studentId ? await school.classOfStudent(db, user.studentId) : undefined;
      if (!own) return { items: [], total: 0, page: q.page, pageSize: q.pageSize };
      if (q.gradeId && q.gradeId !== own.gradeId) throw forbidden('Materi ini bukan untuk tingkat kelas Anda');
      const page = await repo.listMaterials(db, { ...q, unitId: own.unitId, gradeId: own.gradeId }, q);
      return { ...page, items: page.items.map(toApi) };
    }
    const page = await repo.listMaterials(db, { ...q, unitId: unitScope(user, q.unitId) }, q);
    return { ...page, items: page.items.map(toApi) };
  }

  async function create(user: AuthUser, input: SubjectMaterialInput, actor: AuditActor) {
    const id = await db.transaction(async (tx) => {
      const { subject, grade } = await repo.findSubjectAndGrade(tx, input.subjectId, input.gradeId);
      if (!subject) throw badRequest('Mapel tidak ditemukan', { subjectId: 'Tidak ditemukan' });
      if (!grade) throw badRequest('Tingkat tidak ditemukan', { gradeId: 'Tidak ditemukan' });
      if (grade.unitId !== subject.unitId) {
        throw badRequest('Tingkat dan mapel berasal dari unit yang berbeda', { gradeId: 'Unit lain' });
      }
      await assertMayManageNew(tx, actorOfUser(user), {
        subjectId: subject.id,
        gradeId: grade.id,
        unitId: subject.unitId,
      });
      const values = { ...input, body: input.body ?? null, authorUserId: user.id };
      return audited(tx, actor, { action: 'material.create', entityType: 'subject_material', after: values }, () =>
        repo.insertMaterial(tx, values),
      );
    });
    return toApi((await repo.findMaterial(db, id))!);
  }

  async function update(user: AuthUser, id: number, input: SubjectMaterialUpdate, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const before = await manageable(tx, user, id);
      await audited(
        tx,
        actor,
        { action: 'material.update', entityType: 'subject_material', entityId: id, before, after: input },
        () => repo.updateMaterial(tx, id, input),
      );
    });
    return toApi((await repo.findMaterial(db, id))!);
  }

  async function remove(user: AuthUser, id: number, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const before = await manageable(tx, user, id);
      await audited(
        tx,
        actor,
        { action: 'material.delete', entityType: 'subject_material', entityId: id, before, after: null },
        () => repo.deleteMaterial(tx, id),
      );
    });
    return { ok: true as const };
  }

  const assertRoom = (attachments: readonly unknown[]) => {
    if (attachments.length >= MATERIAL_MAX_ATTACHMENTS) {
      throw conflict(`Satu materi paling banyak ${MATERIAL_MAX_ATTACHMENTS} lampiran`);
    }
  };

  async function addAttachment(user: AuthUser, id: number, file: { name: string; data: Buffer }, actor: AuditActor) {
    // Refuse early, before decoding the file; the transaction checks again before it writes.
    assertRoom((await manageable(db, user, id)).attachments);
    const mime = assertSupported(file.data);
    const data = await normalise(file.data, mime);
    const path = await files.save(data, { uploadedBy: user.id, purpose: 'material-attachment' });
    try {
      const attachment = { name: safeName(file.name, mime), path, mime, size: data.length };
      await db.transaction(async (tx) => {
        const before = await manageable(tx, user, id);
        assertRoom(before.attachments);
        await audited(
          tx,
          actor,
          { action: 'material.attachment.add', entityType: 'subject_material', entityId: id, after: attachment },
          () => repo.setAttachments(tx, id, [...before.attachments, attachment]),
        );
      });
    } catch (err) {
      await files.remove(path);
      throw err;
    }
    return toApi((await repo.findMaterial(db, id))!);
  }

  async function removeAttachment(user: AuthUser, id: number, index: number, actor: AuditActor) {
    const gone = await db.transaction(async (tx) => {
      const before = await manageable(tx, user, id);
      const gone = before.attachments[index];
      if (!gone) throw notFound('Lampiran');
      await audited(
        tx,
        actor,
        {
          action: 'material.attachment.remove',
          entityType: 'subject_material',
          entityId: id,
          before: gone,
          after: null,
        },
        () =>
          repo.setAttachments(
            tx,
            id,
            before.attachments.filter((_, i) => i !== index),
          ),
      );
      return gone;
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

  return { choices, get, list, create, update, remove, addAttachment, removeAttachment, attachment };
}

export type MaterialService = ReturnType<typeof createMaterialService>;
