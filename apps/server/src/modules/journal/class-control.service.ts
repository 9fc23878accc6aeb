import type { AuthUser, ClassControlInput, ClassControlQuery } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { audited, type AuditActor } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { assertNotFuture } from '../../lib/school-dates.ts';
import { assertUnit, seesAllUnits, unitScope } from '../../lib/scope.ts';
import * as repo from './class-control.repo.ts';
import * as school from '../school/school.service.ts';

const toApi = ({ createdAt, ...rest }: repo.VisitRow) => ({ ...rest, createdAt: createdAt.toISOString() });

/** Kontrol kelas: the principal's record of walking past a class in a period. */
export function createClassControlService(db: Database) {
  async function create(user: AuthUser, input: ClassControlInput, actor: AuditActor) {
    const cls = await school.findClass(db, input.classGroupId);
    if (!cls) throw badRequest('Kelas tidak ditemukan', { classGroupId: 'Tidak ditemukan' });
    if (!seesAllUnits(user)) assertUnit(user, cls.unitId);
    assertNotFuture(input.date);
    const id = await db.transaction(async (tx) => {
      const values = { ...input, notes: input.notes ?? null, principalUserId: user.id };
      return audited(
        tx,
        actor,
        { action: 'classControl.create', entityType: 'class_control_visit', after: values },
        () => repo.insertVisit(tx, values),
      );
    });
    return toApi((await repo.findVisit(db, id))!);
  }

  async function list(user: AuthUser, q: ClassControlQuery) {
    const page = await repo.listVisits(db, { ...q, unitId: unitScope(user, q.unitId) }, q);
    return { ...page, items: page.items.map(toApi) };
  }

  async function remove(user: AuthUser, id: number, actor: AuditActor) {
    const before = await repo.findVisit(db, id);
    if (!before) throw notFound('Catatan kontrol kelas');
    if (!seesAllUnits(user)) assertUnit(user, before.unitId);
    await db.transaction(async (tx) => {
      await audited(
        tx,
        actor,
        { action: 'classControl.delete', entityType: 'class_control_visit', entityId: id, before, after: null },
        () => repo.deleteVisit(tx, id),
      );
    });
    return { ok: true as const };
  }

  return { create, list, remove };
}

export type ClassControlService = ReturnType<typeof createClassControlService>;
