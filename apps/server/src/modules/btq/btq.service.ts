/**
 * BTQ set-up (issue 16): methods and levels, grade cut-offs, ustadz, groups (halaqah) with membership history,
 * leveling (placement) with level history, and group presence.
 * `currentLevelsOf` and `groupsOfTeacherUser` are the functions other modules (BTQ progress) call.
 */
import {
  BTQ_PRESENCE_STATUSES,
  DEFAULT_BTQ_CUTOFFS,
  schoolYearOf,
  type AuthUser,
  type BtqAddMembersInput,
  type BtqCutoffsInput,
  type BtqGroupInput,
  type BtqGroupsQuery,
  type BtqGroupUpdate,
  type BtqLevelInput,
  type BtqLevelOrder,
  type BtqLevelUpdate,
  type BtqMethodInput,
  type BtqMethodUpdate,
  type BtqMoveInput,
  type BtqPlacementInput,
  type BtqPresenceInput,
  type BtqPresenceQuery,
  type BtqPresenceRecapQuery,
  type BtqStudentsQuery,
  type BtqTeacherAccountInput,
  type BtqTeacherInput,
  type BtqTeachersQuery,
  type BtqTeacherUpdate,
} from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import { actorOfUser } from '../../lib/actor.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { clock } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { assertUnit, seesAllUnits, unitScope } from '../../lib/scope.ts';
import { access } from '../access/access.service.ts';
import { assertSchoolDay, isSchoolDay } from '../school/calendar.service.ts';
import { currentLevelsOf, groupsOfTeacherUser, seesAllGroups, teacherRowsOfUser } from './btq.access.ts';
import { createTeacherAccount, followTeacherActive } from './btq-account.ts';
import * as repo from './btq.repo.ts';

/** Students' level, group and latest entries (the student record's and the rapor's BTQ part). */
export { btqSummariesOf, studentBtqSummary, type BtqSummaryRow } from './student-summary.repo.ts';

export {
  currentLevelsOf,
  groupsOfTeacherUser,
  seesAllGroups,
  teacherRowOfUserInUnit,
  teacherRowsOfUser,
  type CurrentLevel,
} from './btq.access.ts';

type Page = { page: number; pageSize: number };

/** The unit a set-up call works on: the caller's own, or the one ADMIN names (required for ADMIN). */
function unitFor(user: AuthUser, unitId: number | undefined) {
  const unit = unitScope(user, unitId);
  if (unit === null) throw badRequest('Pilih unit', { unitId: 'Wajib dipilih' });
  return unit;
}

const lastDayOf = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

export function createBtqService(db: Database) {
  // ---------- methods and levels ----------

  async function listMethods(user: AuthUser, q: { unitId?: number | undefined }) {
    const methods = await repo.listMethods(db, unitScope(user, q.unitId));
    const levels = await repo.levelsOf(
      db,
      methods.map((m) => m.id),
    );
    return { items: methods.map((m) => ({ ...m, levels: levels.filter((l) => l.methodId === m.id) })) };
  }

  /** A method the caller may change: a foundation-wide one only ADMIN (all units), a unit's one its own unit. */
  async function methodForWrite(exec: Executor, user: AuthUser, id: number) {
    const method = await repo.findMethod(exec, id);
    if (!method) throw notFound('Metode');
    if (method.unitId === null && !seesAllUnits(user)) throw forbidden('Metode yayasan hanya dapat diubah admin');
    assertUnit(user, method.unitId);
    return method;
  }

  async function methodView(exec: Executor, id: number) {
    const method = (await repo.findMethod(exec, id))!;
    return { ...method, levels: await repo.levelsOf(exec, [id]) };
  }

  async function createMethod(user: AuthUser, input: BtqMethodInput, actor: AuditActor) {
    let unitId: number | null;
    if (input.foundationWide) {
      if (!seesAllUnits(user)) throw forbidden('Metode yayasan hanya dapat dibuat admin');
      unitId = null;
    } else unitId = unitFor(user, input.unitId);
    return db.transaction(async (tx) => {
      if (await repo.findMethodByName(tx, unitId, input.name)) {
        throw conflict(`Metode ${input.name} sudah ada`, { name: 'Sudah ada' });
      }
      const row = await repo.insertMethod(tx, { unitId, name: input.name, kind: input.kind });
      await audit(tx, actor, { action: 'btq.method.create', entityType: 'btq_method', entityId: row.id, after: row });
      return methodView(tx, row.id);
    });
  }

  async function updateMethod(user: AuthUser, id: number, input: BtqMethodUpdate, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const before = await methodForWrite(tx, user, id);
      if (input.name && input.name.toLowerCase() !== before.name.toLowerCase()) {
        if (await repo.findMethodByName(tx, before.unitId, input.name)) {
          throw conflict(`Metode ${input.name} sudah ada`, { name: 'Sudah ada' });
        }
      }
      const after = await repo.updateMethod(tx, id, input);
      await audit(tx, actor, { action: 'btq.method.update', entityType: 'btq_method', entityId: id, before, after });
      return methodView(tx, id);
    });
  }

  async function addLevel(user: AuthUser, methodId: number, input: BtqLevelInput, actor: AuditActor) {
    return db.transaction(async (tx) => {
      await methodForWrite(tx, user, methodId);
      await repo.levelIdsOf(tx, methodId); // locks the method's levels: two additions never take the same place
      if (await repo.findLevelByName(tx, methodId, input.name)) {
        throw conflict(`Jilid ${input.name} sudah ada`, { name: 'Sudah ada' });
      }
      const row = await repo.insertLevel(tx, methodId, { name: input.name, pages: input.pages ?? null });
      await audit(tx, actor, { action: 'btq.level.create', entityType: 'btq_level', entityId: row.id, after: row });
      return methodView(tx, methodId);
    });
  }

  async function levelForWrite(exec: Executor, user: AuthUser, id: number) {
    const level = await repo.findLevel(exec, id);
    if (!level) throw notFound('Jilid');
    await methodForWrite(exec, user, level.methodId);
    return level;
  }

  async function updateLevel(user: AuthUser, id: number, input: BtqLevelUpdate, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const before = await levelForWrite(tx, user, id);
      if (input.name && input.name.toLowerCase() !== before.name.toLowerCase()) {
        if (await repo.findLevelByName(tx, before.methodId, input.name)) {
          throw conflict(`Jilid ${input.name} sudah ada`, { name: 'Sudah ada' });
        }
      }
      const after = await repo.updateLevel(tx, id, input);
      await audit(tx, actor, { action: 'btq.level.update', entityType: 'btq_level', entityId: id, before, after });
      return methodView(tx, before.methodId);
    });
  }

  async function deleteLevel(user: AuthUser, id: number, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const before = await levelForWrite(tx, user, id);
      if (before.inUse) {
        throw conflict(`Jilid ${before.name} sudah dipakai; nonaktifkan saja`, { id: 'Sudah dipakai' });
      }
      await repo.deleteLevel(tx, id);
      const rest = await repo.levelIdsOf(tx, before.methodId);
      await repo.reorderLevels(tx, before.methodId, rest);
      await audit(tx, actor, { action: 'btq.level.delete', entityType: 'btq_level', entityId: id, before });
      return methodView(tx, before.methodId);
    });
  }

  async function reorderLevels(user: AuthUser, methodId: number, input: BtqLevelOrder, actor: AuditActor) {
    return db.transaction(async (tx) => {
      await methodForWrite(tx, user, methodId);
      const current = await repo.levelIdsOf(tx, methodId);
      const wanted = input.levelIds;
      if (
        new Set(wanted).size !== wanted.length ||
        wanted.length !== current.length ||
        wanted.some((id) => !current.includes(id))
      ) {
        throw badRequest('Urutan harus memuat setiap jilid metode ini tepat satu kali', { levelIds: 'Tidak lengkap' });
      }
      await repo.reorderLevels(tx, methodId, wanted);
      await audit(tx, actor, {
        action: 'btq.level.reorder',
        entityType: 'btq_method',
        entityId: methodId,
        before: current,
        after: wanted,
      });
      return methodView(tx, methodId);
    });
  }

  /** A level a unit may use: active, of an active method that is foundation-wide or the unit's own. */
  async function usableLevel(exec: Executor, unitId: number, levelId: number) {
    const level = await repo.findLevel(exec, levelId);
    if (!level || (level.unitId !== null && level.unitId !== unitId)) {
      throw badRequest('Jilid tidak ditemukan', { levelId: 'Tidak ditemukan' });
    }
    if (!level.isActive || !level.methodActive) throw badRequest('Jilid tidak aktif', { levelId: 'Tidak aktif' });
    return level;
  }

  // ---------- cut-offs ----------

  async function cutoffs(user: AuthUser, q: { unitId?: number | undefined }) {
    const unitId = unitFor(user, q.unitId);
    const saved = await repo.cutoffsOf(db, unitId);
    const values = { ...DEFAULT_BTQ_CUTOFFS };
    for (const row of saved) if (row.grade in values) values[row.grade as keyof typeof values] = row.minScore;
    return { unitId, isDefault: saved.length === 0, ...values };
  }

  async function saveCutoffs(user: AuthUser, input: BtqCutoffsInput, actor: AuditActor) {
    const { unitId: requested, ...values } = input;
    const unitId = unitFor(user, requested);
    const before = await cutoffs(user, { unitId });
    await db.transaction(async (tx) => {
      await repo.saveCutoffs(tx, unitId, { ...values, RASIB: 0 });
      await audit(tx, actor, {
        action: 'btq.cutoffs.update',
        entityType: 'unit',
        entityId: unitId,
        before,
        after: values,
      });
    });
    return cutoffs(user, { unitId });
  }

  // ---------- ustadz ----------

  async function listTeachers(user: AuthUser, q: BtqTeachersQuery) {
    return { items: await repo.listTeachers(db, unitScope(user, q.unitId), q.active === 'true') };
  }

  async function employeeOptions(user: AuthUser, q: { unitId?: number | undefined; q?: string | undefined }) {
    return { items: await repo.employeeOptions(db, unitFor(user, q.unitId), q.q) };
  }

  async function createTeacher(user: AuthUser, input: BtqTeacherInput, actor: AuditActor) {
    const unitId = unitFor(user, input.unitId);
    return db.transaction(async (tx) => {
      let name = input.name ?? '';
      if (input.employeeId) {
        const employee = await repo.findEmployee(tx, input.employeeId);
        if (!employee || employee.unitId !== unitId || !employee.isActive) {
          throw badRequest('Pegawai tidak ditemukan di unit ini', { employeeId: 'Tidak ditemukan' });
        }
        if (await repo.findTeacherByEmployee(tx, unitId, employee.id)) {
          throw conflict(`${employee.name} sudah menjadi ustadz unit ini`, { employeeId: 'Sudah ada' });
        }
        name = input.name ?? employee.name;
      }
      const row = await repo.insertTeacher(tx, {
        unitId,
        employeeId: input.employeeId ?? null,
        name,
        phone: input.phone ?? null,
        isCoordinator: input.isCoordinator,
      });
      await audit(tx, actor, { action: 'btq.teacher.create', entityType: 'btq_teacher', entityId: row.id, after: row });
      return row;
    });
  }

  async function updateTeacher(user: AuthUser, id: number, input: BtqTeacherUpdate, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const before = await repo.findTeacher(tx, id);
      if (!before) throw notFound('Ustadz');
      assertUnit(user, before.unitId);
      const after = await repo.updateTeacher(tx, id, input);
      if (input.isActive !== undefined && input.isActive !== before.isActive) {
        await followTeacherActive(tx, before.userId, input.isActive);
      }
      await audit(tx, actor, { action: 'btq.teacher.update', entityType: 'btq_teacher', entityId: id, before, after });
      return after;
    });
  }

  // ---------- groups ----------

  async function currentYear(exec: Executor) {
    return (await repo.activeYearName(exec)) ?? schoolYearOf(clock.today()).tapel;
  }

  /** The group, when the caller may see it: their unit and, for an ustadz, their own group (else 403). */
  async function visibleGroup(exec: Executor, user: AuthUser, id: number) {
    const group = await repo.findGroup(exec, id);
    if (!group) throw notFound('Kelompok');
    await access.require(exec, actorOfUser(user), 'read', 'btqGroup', id);
    return group;
  }

  async function groupForWrite(exec: Executor, user: AuthUser, id: number) {
    const group = await repo.findGroup(exec, id);
    if (!group) throw notFound('Kelompok');
    assertUnit(user, group.unitId);
    return group;
  }

  async function listGroups(user: AuthUser, q: BtqGroupsQuery) {
    const unitId = unitScope(user, q.unitId);
    const schoolYear = q.schoolYear ?? (await currentYear(db));
    const groupIds = await groupsOfTeacherUser(db, user);
    return { schoolYear, items: await repo.listGroups(db, { unitId, schoolYear, groupIds }) };
  }

  async function checkTeacher(exec: Executor, unitId: number, teacherId: number) {
    const teacher = await repo.findTeacher(exec, teacherId);
    if (!teacher || teacher.unitId !== unitId)
      throw badRequest('Ustadz tidak ditemukan di unit ini', { teacherId: 'Tidak ditemukan' });
    if (!teacher.isActive) throw badRequest('Ustadz tidak aktif', { teacherId: 'Tidak aktif' });
  }

  async function createGroup(user: AuthUser, input: BtqGroupInput, actor: AuditActor) {
    const unitId = unitFor(user, input.unitId);
    return db.transaction(async (tx) => {
      const schoolYear = await currentYear(tx);
      await checkTeacher(tx, unitId, input.teacherId);
      if (input.levelId) await usableLevel(tx, unitId, input.levelId);
      if (await repo.findGroupByName(tx, unitId, schoolYear, input.name)) {
        throw conflict(`Kelompok ${input.name} sudah ada`, { name: 'Sudah ada' });
      }
      const { unitId: _u, ...values } = input;
      const row = await repo.insertGroup(tx, { ...values, unitId, schoolYear });
      await audit(tx, actor, { action: 'btq.group.create', entityType: 'btq_group', entityId: row.id, after: row });
      return row;
    });
  }

  async function updateGroup(user: AuthUser, id: number, input: BtqGroupUpdate, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const before = await groupForWrite(tx, user, id);
      if (input.teacherId && input.teacherId !== before.teacherId)
        await checkTeacher(tx, before.unitId, input.teacherId);
      if (input.levelId && input.levelId !== before.levelId) await usableLevel(tx, before.unitId, input.levelId);
      if (input.name && input.name.toLowerCase() !== before.name.toLowerCase()) {
        if (await repo.findGroupByName(tx, before.unitId, before.schoolYear, input.name)) {
          throw conflict(`Kelompok ${input.name} sudah ada`, { name: 'Sudah ada' });
        }
      }
      const start = input.startTime === undefined ? before.startTime : input.startTime;
      const end = input.endTime === undefined ? before.endTime : input.endTime;
      if (start && end && start >= end)
        throw badRequest('Jam selesai harus setelah jam mulai', { endTime: 'Sebelum jam mulai' });
      const after = await repo.updateGroup(tx, id, input);
      await audit(tx, actor, { action: 'btq.group.update', entityType: 'btq_group', entityId: id, before, after });
      return after;
    });
  }

  async function groupMembers(user: AuthUser, id: number) {
    const group = await visibleGroup(db, user, id);
    const members = await repo.membersOn(db, id, clock.today());
    const ids = members.map((m) => m.studentId);
    const [levels, positions] = await Promise.all([currentLevelsOf(db, ids), repo.lastPositions(db, ids)]);
    return {
      group,
      items: members.map((m) => ({
        ...m,
        levelName: levels.get(m.studentId)?.levelName ?? null,
        levelPages: levels.get(m.studentId)?.pages ?? null,
        lastPage: positions.find((p) => p.studentId === m.studentId)?.lastPage ?? null,
      })),
    };
  }

  /** Students of the group's unit, active; refused (400) when any is missing or of another unit. */
  async function unitStudents(exec: Executor, unitId: number, ids: number[]) {
    const unique = [...new Set(ids)];
    const found = await repo.findStudents(exec, unique);
    const bad = unique.filter((id) => !found.some((s) => s.id === id && s.unitId === unitId && s.status === 'ACTIVE'));
    if (bad.length)
      throw badRequest(`Siswa tidak ditemukan di unit ini: ${bad.join(', ')}`, { studentIds: 'Tidak ditemukan' });
    return found;
  }

  async function addMembers(user: AuthUser, groupId: number, input: BtqAddMembersInput, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const group = await groupForWrite(tx, user, groupId);
      if (!group.isActive) throw badRequest('Kelompok tidak aktif', { id: 'Tidak aktif' });
      const students = await unitStudents(tx, group.unitId, input.studentIds);
      const today = clock.today();
      for (const student of students) {
        const open = await repo.openMembership(tx, student.id);
        if (open) {
          throw conflict(
            open.groupId === groupId
              ? `${student.name} sudah menjadi anggota kelompok ini`
              : `${student.name} sudah di kelompok ${open.groupName}; gunakan pindah kelompok`,
            { studentIds: 'Sudah berkelompok' },
          );
        }
        await repo.insertMembership(tx, { groupId, studentId: student.id, fromDate: today, movedBy: actor.userId });
      }
      await audit(tx, actor, {
        action: 'btq.member.add',
        entityType: 'btq_group',
        entityId: groupId,
        after: { studentIds: students.map((s) => s.id), fromDate: today },
      });
      return { ok: true as const };
    });
  }

  async function moveMember(user: AuthUser, input: BtqMoveInput, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const target = await groupForWrite(tx, user, input.toGroupId);
      if (!target.isActive) throw badRequest('Kelompok tujuan tidak aktif', { toGroupId: 'Tidak aktif' });
      const [student] = await unitStudents(tx, target.unitId, [input.studentId]);
      const open = await repo.openMembership(tx, student!.id);
      if (!open)
        throw badRequest(`${student!.name} belum berkelompok; tambahkan sebagai anggota`, {
          studentId: 'Belum berkelompok',
        });
      if (open.groupId === target.id)
        throw conflict(`${student!.name} sudah di kelompok ini`, { toGroupId: 'Kelompok yang sama' });
      const today = clock.today();
      await repo.closeMembership(tx, open.id, today);
      await repo.insertMembership(tx, {
        groupId: target.id,
        studentId: student!.id,
        fromDate: today,
        movedBy: actor.userId,
      });
      await audit(tx, actor, {
        action: 'btq.member.move',
        entityType: 'student',
        entityId: student!.id,
        before: { groupId: open.groupId, fromDate: open.fromDate },
        after: { groupId: target.id, fromDate: today },
      });
      return { ok: true as const };
    });
  }

  async function removeMember(user: AuthUser, groupId: number, studentId: number, actor: AuditActor) {
    return db.transaction(async (tx) => {
      await groupForWrite(tx, user, groupId);
      const open = await repo.openMembership(tx, studentId);
      if (!open || open.groupId !== groupId) throw notFound('Anggota kelompok');
      const today = clock.today();
      await repo.closeMembership(tx, open.id, today);
      await audit(tx, actor, {
        action: 'btq.member.remove',
        entityType: 'student',
        entityId: studentId,
        before: { groupId, fromDate: open.fromDate },
        after: { toDate: today },
      });
      return { ok: true as const };
    });
  }

  // ---------- students and leveling ----------

  async function listStudents(user: AuthUser, q: BtqStudentsQuery & Page) {
    const unitId = unitScope(user, q.unitId);
    const { items, total } = await repo.listStudents(
      db,
      {
        unitId,
        classId: q.classId,
        groupId: q.groupId,
        levelId: q.levelId,
        noLevel: q.noLevel === 'true',
        ungrouped: q.ungrouped === 'true',
        q: q.q,
      },
      q,
    );
    return { items, total, page: q.page, pageSize: q.pageSize };
  }

  async function place(user: AuthUser, input: BtqPlacementInput, actor: AuditActor) {
    return db.transaction(async (tx) => {
      // ADMIN places students of one unit at a time: the unit of the first student; everyone else their own unit
      const [first] = await repo.findStudents(tx, [input.studentIds[0]!]);
      const unitId = seesAllUnits(user) ? (first?.unitId ?? 0) : unitFor(user, undefined);
      const students = await unitStudents(tx, unitId, input.studentIds);
      const level = await usableLevel(tx, unitId, input.levelId);
      const ids = students.map((s) => s.id);
      const today = clock.today();
      const open = await repo.openLevelRows(tx, ids);
      const moving = open.filter((r) => r.levelId !== level.id);
      const unchanged = new Set(open.filter((r) => r.levelId === level.id).map((r) => r.studentId));
      const placed = ids.filter((id) => !unchanged.has(id));
      if (moving.length)
        await repo.closeLevelRows(
          tx,
          moving.map((r) => r.id),
          today,
        );
      if (placed.length) await repo.insertLevelRows(tx, placed, level.id, today, actor.userId);
      await audit(tx, actor, {
        action: 'btq.level.place',
        entityType: 'btq_level',
        entityId: level.id,
        before: open,
        after: { studentIds: placed, fromDate: today },
      });
      return { placed: placed.length };
    });
  }

  async function studentHistory(user: AuthUser, studentId: number) {
    const [student] = await repo.findStudents(db, [studentId]);
    if (!student) throw notFound('Siswa');
    assertUnit(user, student.unitId);
    const [levels, groups] = await Promise.all([repo.levelHistory(db, studentId), repo.groupHistory(db, studentId)]);
    return { student: { id: student.id, name: student.name, nis: student.nis }, levels, groups };
  }

  // ---------- presence ----------

  async function presenceSheet(user: AuthUser, q: BtqPresenceQuery) {
    const group = await visibleGroup(db, user, q.groupId);
    const [members, session, schoolDay] = await Promise.all([
      repo.membersOn(db, group.id, q.date),
      repo.sessionOf(db, group.id, q.date),
      isSchoolDay(db, group.unitId, q.date),
    ]);
    const marks = session ? await repo.presenceOf(db, session.id) : [];
    const byStudent = new Map(marks.map((m) => [m.studentId, m]));
    return {
      group,
      date: q.date,
      schoolDay,
      recorded: Boolean(session),
      items: members.map((m) => ({
        studentId: m.studentId,
        name: m.name,
        nis: m.nis,
        status: byStudent.get(m.studentId)?.status ?? null,
        note: byStudent.get(m.studentId)?.note ?? null,
      })),
    };
  }

  async function savePresence(user: AuthUser, input: BtqPresenceInput, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const group = await visibleGroup(tx, user, input.groupId);
      if (input.date > clock.today())
        throw badRequest('Tanggal tidak boleh setelah hari ini', { date: 'Setelah hari ini' });
      await assertSchoolDay(tx, group.unitId, input.date);
      const members = new Set((await repo.membersOn(tx, group.id, input.date)).map((m) => m.studentId));
      const ids = input.entries.map((e) => e.studentId);
      if (new Set(ids).size !== ids.length) throw badRequest('Siswa tercatat dua kali', { entries: 'Berulang' });
      const strangers = ids.filter((id) => !members.has(id));
      if (strangers.length) {
        throw badRequest(`Siswa bukan anggota kelompok pada tanggal itu: ${strangers.join(', ')}`, {
          entries: 'Bukan anggota',
        });
      }
      // the ustadz who records; the group's own when the principal records for them
      const own = (await teacherRowsOfUser(tx, user)).find((t) => t.unitId === group.unitId);
      const sessionId = await repo.upsertSession(tx, {
        groupId: group.id,
        date: input.date,
        teacherId: seesAllGroups(user) ? (own?.id ?? group.teacherId) : group.teacherId,
        by: actor.userId,
      });
      for (const e of input.entries) await repo.upsertPresence(tx, sessionId, e.studentId, e.status, e.note ?? null);
      await audit(tx, actor, {
        action: 'btq.presence.save',
        entityType: 'btq_session',
        entityId: sessionId,
        after: { groupId: group.id, date: input.date, entries: input.entries },
      });
      return { sessionId, saved: input.entries.length };
    });
  }

  async function presenceRecap(user: AuthUser, q: BtqPresenceRecapQuery) {
    const group = await visibleGroup(db, user, q.groupId);
    const from = `${q.month}-01`;
    const to = lastDayOf(q.month);
    const [members, counts, sessions, notes] = await Promise.all([
      repo.membersBetween(db, group.id, from, to),
      repo.presenceCounts(db, group.id, from, to),
      repo.sessionCount(db, group.id, from, to),
      repo.presenceNotes(db, group.id, from, to),
    ]);
    const items = members.map((m) => {
      const row = {
        studentId: m.studentId,
        name: m.name,
        nis: m.nis,
        HADIR: 0,
        IZIN: 0,
        SAKIT: 0,
        ALPA: 0,
        notes: notes
          .filter((n) => n.studentId === m.studentId)
          .map(({ date, status, note }) => ({ date, status, note })),
      };
      for (const c of counts) {
        if (c.studentId === m.studentId && (BTQ_PRESENCE_STATUSES as readonly string[]).includes(c.status)) {
          row[c.status as (typeof BTQ_PRESENCE_STATUSES)[number]] = c.n;
        }
      }
      return row;
    });
    return { group, month: q.month, sessions, items };
  }

  /** Every group of the year with its current members, for the export and the print page. */
  async function groupsWithMembers(user: AuthUser, q: BtqGroupsQuery) {
    const { items, schoolYear } = await listGroups(user, q);
    const today = clock.today();
    const out = [];
    for (const g of items) {
      for (const m of await repo.membersOn(db, g.id, today)) out.push({ group: g, member: m });
    }
    return { schoolYear, rows: out };
  }

  return {
    listMethods,
    createMethod,
    updateMethod,
    addLevel,
    updateLevel,
    deleteLevel,
    reorderLevels,
    cutoffs,
    saveCutoffs,
    listTeachers,
    employeeOptions,
    createTeacher,
    updateTeacher,
    createTeacherAccount: (user: AuthUser, id: number, input: BtqTeacherAccountInput, actor: AuditActor) =>
      createTeacherAccount(db, user, id, input, actor),
    listGroups,
    createGroup,
    updateGroup,
    groupMembers,
    addMembers,
    moveMember,
    removeMember,
    listStudents,
    place,
    studentHistory,
    presenceSheet,
    savePresence,
    presenceRecap,
    groupsWithMembers,
  };
}

export type BtqService = ReturnType<typeof createBtqService>;
