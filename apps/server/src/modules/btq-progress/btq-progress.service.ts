import { and, eq, inArray, isNull } from 'drizzle-orm';
import dayjs from 'dayjs';
import {
  ayatRangeProblem,
  btqGradeOfRows,
  nextPageFrom,
  pageRangeProblem,
  reachedLastPage,
  type AuthUser,
  type BtqBatchInput,
  type BtqBatchResult,
  type BtqDecideInput,
  type BtqHistory,
  type BtqProgressGroup,
  type BtqPromotion,
  type BtqPromotionList,
  type BtqRecap,
  type BtqRecapQuery,
  type BtqSheet,
  type BtqSheetQuery,
  type BtqTestInput,
  type MyQuran,
} from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import { btqProgress, btqPromotions, btqStudentLevels } from '../../db/schema/index.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { clock } from '../../lib/clock.ts';
import { mapDbError } from '../../lib/db-errors.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { assertUnit, unitScope, userCan } from '../../lib/scope.ts';
import * as repo from './btq-progress.repo.ts';
import { teacherRowOfUserInUnit } from '../btq/btq.service.ts';
import { groupsOfTeacherUserIds as groupsOfTeacherUser } from './teacher-groups.ts';

/** Principals and admins (btq.manage) see the whole unit; every other ustadz only the groups they teach. */
const managesUnit = (user: AuthUser) => userCan(user, 'btq.manage');

/**
 * BTQ progress (issue 16): the group entry sheet, a student's history, promotion with munaqosyah, the recap and the
 * student's own page.
 */
export function createBtqProgressService(db: Database) {
  /** The group ids the caller may work on (null: every group of `unitId`, or of every unit when that is null too). */
  async function scopedGroupIds(exec: Executor, user: AuthUser, unitId?: number): Promise<number[]> {
    if (managesUnit(user) || user.division === 'YAYASAN') {
      const unit = unitScope(user, unitId);
      return (await repo.listGroups(exec, { unitId: unit })).map((g) => g.id);
    }
    return groupsOfTeacherUser(exec, user);
  }

  /** A group the caller may enter progress for (an ustadz: only their own groups). */
  async function accessibleGroup(exec: Executor, user: AuthUser, groupId: number) {
    const group = await repo.groupById(exec, groupId);
    if (!group) throw notFound('Kelompok BTQ');
    if (managesUnit(user)) assertUnit(user, group.unitId);
    else if (!(await groupsOfTeacherUser(exec, user)).includes(groupId)) {
      throw forbidden('Anda hanya dapat membuka kelompok BTQ yang Anda ampu');
    }
    return group;
  }

  const groupOut = (g: NonNullable<Awaited<ReturnType<typeof repo.groupById>>>): BtqProgressGroup => ({
    id: g.id,
    unitId: g.unitId,
    name: g.name,
    schoolYear: g.schoolYear,
    teacherName: g.teacherName,
  });

  async function listGroups(user: AuthUser): Promise<BtqProgressGroup[]> {
    if (managesUnit(user)) return repo.listGroups(db, { unitId: unitScope(user, undefined) });
    return repo.listGroups(db, { ids: await groupsOfTeacherUser(db, user) });
  }

  async function sheet(user: AuthUser, query: BtqSheetQuery): Promise<BtqSheet> {
    const group = await accessibleGroup(db, user, query.groupId);
    const date = query.date ?? clock.today();
    const members = await repo.membersOn(db, group.id, date);
    const ids = members.map((m) => m.studentId);
    const levels = await repo.currentLevels(db, ids);
    const last = await repo.lastEntries(
      db,
      [...levels].map(([studentId, level]) => ({ studentId, levelId: level.id })),
    );
    const todays = await repo.entries(db, { studentIds: ids, groupId: group.id, date });
    const open = await repo.openPromotions(db, ids);
    return {
      group: groupOut(group),
      date,
      cutoffs: await repo.cutoffsOf(db, group.unitId),
      rows: members.map((m) => {
        const level = levels.get(m.studentId) ?? null;
        const lastEntry = last.get(m.studentId) ?? null;
        const reading = level?.methodKind === 'READING';
        const lastPage = lastEntry?.pageTo ?? null;
        return {
          studentId: m.studentId,
          nis: m.nis,
          name: m.name,
          level: level && {
            id: level.id,
            name: level.name,
            methodName: level.methodName,
            methodKind: level.methodKind,
            pages: level.pages,
          },
          suggestedPageFrom: reading ? nextPageFrom(lastPage, level.pages) : null,
          lastEntry,
          entries: todays.filter((e) => e.studentId === m.studentId),
          canPropose: !!level && !open.has(m.studentId) && reachedLastPage(lastPage, level.pages),
          openPromotionStatus: open.get(m.studentId) ?? null,
        };
      }),
    };
  }

  async function saveBatch(user: AuthUser, input: BtqBatchInput, actor: AuditActor): Promise<BtqBatchResult> {
    if (input.date > clock.today())
      throw badRequest('Tanggal tidak boleh setelah hari ini', { date: 'Setelah hari ini' });
    return db.transaction(async (tx) => {
      const group = await accessibleGroup(tx, user, input.groupId);
      const members = new Set((await repo.membersOn(tx, group.id, input.date)).map((m) => m.studentId));
      const levels = await repo.currentLevels(tx, [...members]);
      const cutoffs = await repo.cutoffsOf(tx, group.unitId);
      const teacher = await teacherRowOfUserInUnit(tx, user, group.unitId);
      const fields: Record<string, string> = {};
      const rows = input.entries.map((e, i) => {
        const at = (name: string) => `entries.${i}.${name}`;
        const base = {
          studentId: e.studentId,
          groupId: group.id,
          date: input.date,
          kind: e.kind,
          score: e.score ?? null,
          grade: e.score === null || e.score === undefined ? null : btqGradeOfRows(e.score, cutoffs),
          note: e.note || null,
          teacherId: teacher?.id ?? null,
          createdBy: user.id,
        };
        const level = levels.get(e.studentId);
        if (!members.has(e.studentId)) {
          fields[at('studentId')] = 'Siswa bukan anggota kelompok ini pada tanggal tersebut';
          return null;
        }
        if (!level) {
          fields[at('studentId')] = 'Siswa belum ditempatkan pada jilid';
          return null;
        }
        if (level.methodKind === 'READING') {
          if (e.kind !== 'READING') fields[at('kind')] = 'Jilid bacaan hanya menerima setoran halaman';
          if (e.pageFrom == null || e.pageTo == null) {
            fields[at('pageFrom')] = 'Isi halaman dari dan sampai';
            return null;
          }
          const problem = pageRangeProblem(level.pages, e.pageFrom, e.pageTo);
          if (problem) fields[at('pageTo')] = problem;
          return { ...base, levelId: level.id, pageFrom: e.pageFrom, pageTo: e.pageTo };
        }
        if (e.kind === 'READING') fields[at('kind')] = 'Pilih ziyadah atau murojaah';
        if (e.surah == null || e.ayatFrom == null || e.ayatTo == null) {
          fields[at('surah')] = 'Isi surah, ayat dari dan ayat sampai';
          return null;
        }
        const problem = ayatRangeProblem(e.surah, e.ayatFrom, e.ayatTo);
        if (problem) fields[at('ayatTo')] = problem;
        return {
          ...base,
          levelId: level.id,
          juz: e.juz ?? null,
          surah: e.surah,
          ayatFrom: e.ayatFrom,
          ayatTo: e.ayatTo,
        };
      });
      const problems = Object.values(fields);
      if (problems.length) throw badRequest(problems[0]!, fields);
      const valid = rows.filter((r) => r !== null);
      const studentIds = [...new Set(valid.map((r) => r.studentId))];
      if (studentIds.length) {
        // a second save of the same day replaces the student's entries of that day in this group
        await tx
          .delete(btqProgress)
          .where(
            and(
              eq(btqProgress.groupId, group.id),
              eq(btqProgress.date, input.date),
              inArray(btqProgress.studentId, studentIds),
            ),
          );
        await tx.insert(btqProgress).values(valid);
      }
      await audit(tx, actor, {
        action: 'btq.progress.save',
        entityType: 'btq_group',
        entityId: group.id,
        after: { date: input.date, entries: valid.length },
      });
      return { saved: valid.length };
    });
  }

  /** May the caller open this student's BTQ records? The unit for a principal, own groups' members for an ustadz. */
  async function assertStudentAccess(exec: Executor, user: AuthUser, studentId: number) {
    const student = await repo.studentById(exec, studentId);
    if (!student) throw notFound('Siswa');
    if (managesUnit(user)) {
      assertUnit(user, student.unitId);
      return student;
    }
    const membership = await repo.openMembership(exec, studentId);
    if (!membership || !(await groupsOfTeacherUser(exec, user)).includes(membership.groupId)) {
      throw forbidden('Anda hanya dapat membuka siswa kelompok BTQ yang Anda ampu');
    }
    return student;
  }

  async function history(user: AuthUser, studentId: number): Promise<BtqHistory> {
    const student = await assertStudentAccess(db, user, studentId);
    return {
      studentId,
      name: student.name,
      entries: await repo.entries(db, { studentIds: [studentId], limit: 200 }),
    };
  }

  // ---------- promotions ----------

  async function canDecide(exec: Executor, user: AuthUser, unitId: number) {
    if (managesUnit(user)) {
      try {
        assertUnit(user, unitId);
        return true;
      } catch {
        return false;
      }
    }
    return (await teacherRowOfUserInUnit(exec, user, unitId))?.isCoordinator ?? false;
  }

  async function listPromotions(user: AuthUser, status?: BtqPromotion['status']): Promise<BtqPromotionList> {
    const unitId = unitScope(user, undefined);
    const items = await repo.promotions(db, { unitId, status });
    return { items, canDecide: unitId !== null && (await canDecide(db, user, unitId)) };
  }

  async function promotionOf(exec: Executor, id: number) {
    const [row] = await exec.select().from(btqPromotions).where(eq(btqPromotions.id, id)).for('update');
    if (!row) throw notFound('Pengajuan kenaikan');
    return row;
  }

  const promotionOut = async (exec: Executor, id: number) => (await repo.promotions(exec, { id }))[0]!;

  async function propose(user: AuthUser, studentId: number, actor: AuditActor): Promise<BtqPromotion> {
    return db.transaction(async (tx) => {
      const student = await repo.studentById(tx, studentId);
      if (!student) throw notFound('Siswa');
      const membership = await repo.openMembership(tx, studentId);
      const group = membership && (await repo.groupById(tx, membership.groupId));
      const own = group && (await teacherRowOfUserInUnit(tx, user, group.unitId));
      if (!group || !own || group.teacherId !== own.id) {
        throw forbidden('Hanya ustadz kelompok siswa ini yang dapat mengajukan kenaikan');
      }
      const level = (await repo.currentLevels(tx, [studentId])).get(studentId);
      if (!level) throw conflict('Siswa belum ditempatkan pada jilid');
      const last = (await repo.lastEntries(tx, [{ studentId, levelId: level.id }])).get(studentId);
      if (level.pages !== null && !reachedLastPage(last?.pageTo ?? null, level.pages)) {
        throw conflict('Siswa belum mencapai halaman terakhir jilid ini');
      }
      const next = await repo.nextLevel(tx, level.methodId, level.sortOrder);
      if (!next) throw conflict('Tidak ada jilid berikutnya pada metode ini');
      const [row] = await tx
        .insert(btqPromotions)
        .values({
          unitId: student.unitId,
          studentId,
          fromLevelId: level.id,
          toLevelId: next.id,
          proposedByTeacherId: group.teacherId,
          proposedAt: clock.now(),
        })
        .returning()
        .catch((err: unknown) => mapDbError(err, { unique: 'Siswa ini sudah punya pengajuan kenaikan yang berjalan' }));
      await audit(tx, actor, {
        action: 'btq.promotion.propose',
        entityType: 'btq_promotion',
        entityId: row!.id,
        after: row,
      });
      return promotionOut(tx, row!.id);
    });
  }

  async function recordTest(user: AuthUser, id: number, input: BtqTestInput, actor: AuditActor): Promise<BtqPromotion> {
    return db.transaction(async (tx) => {
      const promotion = await promotionOf(tx, id);
      const tester = await teacherRowOfUserInUnit(tx, user, promotion.unitId);
      if (!tester) throw forbidden('Hanya ustadz unit ini yang dapat mencatat munaqosyah');
      if (tester.id === promotion.proposedByTeacherId) {
        throw forbidden('Pengusul tidak boleh menguji sendiri; munaqosyah dicatat ustadz lain');
      }
      if (promotion.status !== 'PROPOSED') throw conflict('Pengajuan ini sudah diuji atau diputuskan');
      const [after] = await tx
        .update(btqPromotions)
        .set({
          status: 'TESTED',
          testKind: input.testKind,
          testerTeacherId: tester.id,
          testResult: input.result,
          testScore: input.score,
          testNote: input.note || null,
          testedAt: clock.now(),
          updatedAt: clock.now(),
        })
        .where(eq(btqPromotions.id, id))
        .returning();
      await audit(tx, actor, {
        action: 'btq.promotion.test',
        entityType: 'btq_promotion',
        entityId: id,
        before: promotion,
        after,
      });
      return promotionOut(tx, id);
    });
  }

  async function decide(user: AuthUser, id: number, input: BtqDecideInput, actor: AuditActor): Promise<BtqPromotion> {
    return db.transaction(async (tx) => {
      // no row lock before the status check: a second concurrent approval waits on the update below and then
      // finds the status changed (0 rows), so only one of them changes the level
      const [promotion] = await tx.select().from(btqPromotions).where(eq(btqPromotions.id, id));
      if (!promotion) throw notFound('Pengajuan kenaikan');
      if (!(await canDecide(tx, user, promotion.unitId))) {
        throw forbidden('Hanya koordinator BTQ atau kepala sekolah yang dapat memutuskan kenaikan');
      }
      if (input.decision === 'APPROVED' && promotion.testResult !== 'LULUS' && promotion.status === 'TESTED') {
        throw conflict('Hasil tes tidak lulus: pengajuan hanya dapat ditolak');
      }
      const today = clock.today();
      const [after] = await tx
        .update(btqPromotions)
        .set({
          status: input.decision,
          decidedBy: user.id,
          decidedAt: clock.now(),
          decisionNote: input.note || null,
          updatedAt: clock.now(),
        })
        .where(and(eq(btqPromotions.id, id), eq(btqPromotions.status, 'TESTED')))
        .returning();
      if (!after) throw conflict('Pengajuan ini belum diuji atau sudah diputuskan');
      if (input.decision === 'APPROVED') {
        const closed = await tx
          .update(btqStudentLevels)
          .set({ toDate: today, updatedAt: clock.now() })
          .where(
            and(
              eq(btqStudentLevels.studentId, promotion.studentId),
              eq(btqStudentLevels.levelId, promotion.fromLevelId),
              isNull(btqStudentLevels.toDate),
            ),
          )
          .returning({ id: btqStudentLevels.id });
        if (!closed.length) throw conflict('Jilid siswa sudah berubah sejak pengajuan');
        await tx.insert(btqStudentLevels).values({
          studentId: promotion.studentId,
          levelId: promotion.toLevelId,
          fromDate: today,
          via: 'PROMOTION',
          promotionId: id,
          createdBy: user.id,
        });
      }
      await audit(tx, actor, {
        action: input.decision === 'APPROVED' ? 'btq.promotion.approve' : 'btq.promotion.reject',
        entityType: 'btq_promotion',
        entityId: id,
        before: promotion,
        after,
      });
      return promotionOut(tx, id);
    });
  }

  // ---------- recap ----------

  async function recap(user: AuthUser, query: BtqRecapQuery): Promise<BtqRecap> {
    let groupIds = await scopedGroupIds(db, user, query.unitId);
    if (query.groupId !== undefined) {
      if (!groupIds.includes(query.groupId)) throw forbidden('Anda hanya dapat membuka kelompok BTQ yang Anda ampu');
      groupIds = [query.groupId];
    }
    const start = dayjs(`${query.month}-01`);
    const from = start.format('YYYY-MM-DD');
    const to = start.endOf('month').format('YYYY-MM-DD');
    return {
      month: query.month,
      rows: await repo.recapProgress(db, groupIds, from, to),
      levelTimes: await repo.recapLevelTimes(db, groupIds, from, to),
      presence: await repo.recapPresence(db, groupIds, from, to),
      students: await repo.recapStudents(db, groupIds),
    };
  }

  // ---------- the student's own page ----------

  async function mine(user: AuthUser): Promise<MyQuran> {
    if (user.studentId === null) throw forbidden('Akun Anda belum terhubung ke data siswa');
    const studentId = user.studentId;
    const student = await repo.studentById(db, studentId);
    if (!student) throw notFound('Siswa');
    const level = (await repo.currentLevels(db, [studentId])).get(studentId) ?? null;
    const membership = await repo.openMembership(db, studentId);
    const group = membership && (await repo.groupById(db, membership.groupId));
    return {
      studentId,
      name: student.name,
      level: level && {
        id: level.id,
        name: level.name,
        methodName: level.methodName,
        methodKind: level.methodKind,
        pages: level.pages,
      },
      levelSince: level?.fromDate ?? null,
      group: group?.name ?? null,
      teacher: group?.teacherName ?? null,
      entries: await repo.entries(db, { studentIds: [studentId], limit: 200 }),
      promotions: await repo.promotions(db, { studentId }),
    };
  }

  return { listGroups, sheet, saveBatch, history, listPromotions, propose, recordTest, decide, recap, mine };
}
