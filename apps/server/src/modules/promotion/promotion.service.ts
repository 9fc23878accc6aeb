import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type {
  AuthUser,
  PromotionApplyInput,
  PromotionApplyResult,
  PromotionCreateInput,
  PromotionDecideInput,
  PromotionDecision,
  PromotionInternalOfferInput,
  PromotionInternalOfferResult,
  PromotionInternalWaves,
  PromotionQuery,
  PromotionRun,
} from '@mms/shared';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { promotionDecisions, promotionRuns } from '../../db/schema/index.ts';
import { actorOfUser } from '../../lib/actor.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { clock } from '../../lib/clock.ts';
import { guarded } from '../../lib/db-errors.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { unitScope, userCan } from '../../lib/scope.ts';
import { access } from '../access/access.service.ts';
import { internalWavesFor, offerInternalPath } from '../admission/internal-path.ts';
import { firstRegisterDate } from '../attendance/first-register.ts';
import { lockedClassIds } from '../rapor/rapor-lock.ts';
import * as school from '../school/school.service.ts';
import { requireUnit } from '../school/unit-access.ts';
import * as years from '../school/year-transition.service.ts';

/** The class name carried over to another grade: "7A" -> "8A", "7 Putra" -> "8 Putra"; else the level before it. */
export function carriedName(name: string, fromLevel: number, toLevel: number): string {
  const m = /^(\d+)(.*)$/.exec(name.trim());
  if (m && Number(m[1]) === fromLevel) return `${toLevel}${m[2]}`;
  return `${toLevel} ${name.trim()}`;
}

const END_REASON: Record<PromotionDecision, string> = {
  PROMOTE: 'PROMOTED',
  RETAIN: 'RETAINED',
  GRADUATE: 'GRADUATED',
};

/**
 * The year-end promotion (issue 40 §4; docs/promotion.md). `propose` makes a draft run of a unit from its classes of
 * the source year: every student with an open enrolment there is proposed up a grade into the carried-over class
 * (7A -> 8A), the highest grade (6 in SD, 9 in SMP) to graduate. `decide` changes single students (tinggal kelas,
 * another class), by the class's homeroom teacher or the unit's leaders (`promotionClass` rule, in the write's
 * transaction). `apply` moves everyone at once into the new year: classes made where missing (with the old class's
 * homeroom and teaching assignments when asked), one enrolment each, graduates become alumni (status GRADUATED with
 * the run's graduation date); the old year's rows stay as they are, only marked with why the year ended for the
 * student (`end_reason` PROMOTED / RETAINED / GRADUATED, the enrolment stays open so its rapors and recaps read the
 * same). `undo` reverses an apply while no register (attendance) of the new year has been taken in the unit and no
 * graduate has re-registered into another unit (the internal path carries the student row over).
 */
export function createPromotionService(db: Database) {
  async function yearOf(exec: Executor, id: number, label: string) {
    const y = await school.findYear(exec, id);
    if (!y) throw notFound(label);
    return y;
  }

  const gradeLevels = years.gradeLevels;
  const finalLevelOf = async (exec: Executor, unitId: number) =>
    Math.max(0, ...(await gradeLevels(exec, unitId)).keys());

  async function loadRun(exec: Executor, id: number, lock = false) {
    const q = exec.select().from(promotionRuns).where(eq(promotionRuns.id, id));
    const [run] = lock ? await q.for('update') : await q;
    if (!run) throw notFound('Kenaikan kelas');
    return run;
  }

  async function view(user: AuthUser, runId: number): Promise<PromotionRun> {
    const run = await loadRun(db, runId);
    await requireUnit(db, user, run.unitId);
    const [fromYear, toYear, finalLevel] = await Promise.all([
      yearOf(db, run.fromYearId, 'Tahun pelajaran asal'),
      yearOf(db, run.toYearId, 'Tahun pelajaran tujuan'),
      finalLevelOf(db, run.unitId),
    ]);
    const decisions = await db
      .select()
      .from(promotionDecisions)
      .where(eq(promotionDecisions.runId, run.id))
      .orderBy(asc(promotionDecisions.id));
    const [classOf, studentOf] = await Promise.all([
      years.classLevels(db, [...new Set(decisions.map((d) => d.fromClassGroupId))]),
      years.studentsByIds(
        db,
        decisions.map((d) => d.studentId),
      ),
    ]);
    const rows = decisions
      .map((d) => {
        const cls = classOf.get(d.fromClassGroupId)!;
        const st = studentOf.get(d.studentId)!;
        return {
          ...d,
          className: cls.name,
          gradeLevel: cls.level,
          nis: st.nis,
          name: st.name,
        };
      })
      .sort(
        (a, b) =>
          a.gradeLevel - b.gradeLevel ||
          a.className.localeCompare(b.className, 'id') ||
          a.name.localeCompare(b.name, 'id'),
      );
    const classIds = [...classOf.keys()];
    const decidable = await access.allowed(db, actorOfUser(user), 'decide', 'promotionClass', classIds);
    const classes: PromotionRun['classes'] = [];
    for (const r of rows) {
      let cls = classes.at(-1);
      if (cls?.classGroupId !== r.fromClassGroupId) {
        cls = {
          classGroupId: r.fromClassGroupId,
          name: r.className,
          gradeLevel: r.gradeLevel,
          canDecide: run.status === 'DRAFT' && decidable.has(r.fromClassGroupId),
          students: [],
        };
        classes.push(cls);
      }
      cls.students.push({
        studentId: r.studentId,
        nis: r.nis,
        name: r.name,
        decision: r.decision,
        targetLevel: r.targetLevel,
        targetClassName: r.targetClassName,
        note: r.note,
      });
    }
    const count = (d: PromotionDecision) => rows.filter((r) => r.decision === d).length;
    return {
      id: run.id,
      unitId: run.unitId,
      fromYear: { id: fromYear.id, name: fromYear.name },
      toYear: { id: toYear.id, name: toYear.name },
      status: run.status,
      graduationDate: run.graduationDate,
      appliedAt: run.appliedAt?.toISOString() ?? null,
      finalLevel,
      classes,
      counts: { promote: count('PROMOTE'), retain: count('RETAIN'), graduate: count('GRADUATE') },
    };
  }

  function unitOf(user: AuthUser, requested: number | undefined) {
    const unitId = unitScope(user, requested);
    if (unitId === null) throw badRequest('Pilih unit sekolah', { unitId: 'Unit wajib dipilih' });
    return unitId;
  }

  /** The run of a unit and source year, if one was proposed. */
  async function find(user: AuthUser, q: PromotionQuery): Promise<PromotionRun> {
    const unitId = unitOf(user, q.unitId);
    await requireUnit(db, user, unitId);
    const [run] = await db
      .select({ id: promotionRuns.id })
      .from(promotionRuns)
      .where(and(eq(promotionRuns.unitId, unitId), eq(promotionRuns.fromYearId, q.fromYearId)));
    if (!run) throw notFound('Kenaikan kelas tahun pelajaran ini');
    return view(user, run.id);
  }

  async function propose(user: AuthUser, input: PromotionCreateInput, by: AuditActor): Promise<PromotionRun> {
    const unitId = unitOf(user, input.unitId);
    const [fromYear, toYear] = await Promise.all([
      yearOf(db, input.fromYearId, 'Tahun pelajaran asal'),
      yearOf(db, input.toYearId, 'Tahun pelajaran tujuan'),
    ]);
    if (toYear.startDate <= fromYear.startDate) {
      throw badRequest(`Tahun tujuan harus setelah ${fromYear.name}`, { toYearId: 'Bukan tahun berikutnya' });
    }
    if (input.graduationDate < fromYear.startDate || input.graduationDate > toYear.endDate) {
      throw badRequest('Tanggal kelulusan di luar tahun pelajaran', { graduationDate: 'Di luar tahun pelajaran' });
    }
    const id = await guarded(
      () =>
        db.transaction(async (tx) => {
          await requireUnit(tx, user, unitId);
          const levels = await gradeLevels(tx, unitId);
          const finalLevel = Math.max(0, ...levels.keys());
          const members = await years.activeMembersOfYear(tx, unitId, fromYear.id);
          if (!members.length) {
            throw badRequest(`Tidak ada siswa aktif di kelas tahun ${fromYear.name}`, { fromYearId: 'Tanpa siswa' });
          }
          const [run] = await tx
            .insert(promotionRuns)
            .values({
              unitId,
              fromYearId: fromYear.id,
              toYearId: toYear.id,
              graduationDate: input.graduationDate,
              createdByUserId: user.id,
            })
            .returning({ id: promotionRuns.id });
          await tx.insert(promotionDecisions).values(
            members.map((m) => {
              const graduates = m.level >= finalLevel;
              return {
                runId: run!.id,
                studentId: m.studentId,
                fromEnrollmentId: m.enrollmentId,
                fromClassGroupId: m.classGroupId,
                decision: graduates ? ('GRADUATE' as const) : ('PROMOTE' as const),
                targetLevel: graduates ? null : m.level + 1,
                targetClassName: graduates ? null : carriedName(m.className, m.level, m.level + 1),
                updatedByUserId: user.id,
              };
            }),
          );
          await audit(tx, by, {
            action: 'promotion.propose',
            entityType: 'promotion_run',
            entityId: run!.id,
            after: { unitId, fromYear: fromYear.name, toYear: toYear.name, students: members.length },
          });
          return run!.id;
        }),
      { unique: `Kenaikan kelas tahun ${fromYear.name} untuk unit ini sudah dibuat; buka yang ada` },
    );
    return view(user, id);
  }

  async function decide(user: AuthUser, runId: number, input: PromotionDecideInput, by: AuditActor) {
    const ids = input.entries.map((e) => e.studentId);
    if (new Set(ids).size !== ids.length) throw badRequest('Seorang siswa muncul dua kali', { entries: 'Siswa ganda' });
    await db.transaction(async (tx) => {
      const run = await loadRun(tx, runId, true);
      await requireUnit(tx, user, run.unitId);
      if (run.status !== 'DRAFT') {
        throw conflict('Kenaikan kelas sudah diterapkan; batalkan dulu untuk mengubah keputusan');
      }
      const decided = await tx
        .select()
        .from(promotionDecisions)
        .where(and(eq(promotionDecisions.runId, run.id), inArray(promotionDecisions.studentId, ids)));
      const classOf = await years.classLevels(tx, [...new Set(decided.map((d) => d.fromClassGroupId))]);
      const rows = decided.map((d) => ({
        ...d,
        className: classOf.get(d.fromClassGroupId)!.name,
        level: classOf.get(d.fromClassGroupId)!.level,
      }));
      const byStudent = new Map(rows.map((r) => [r.studentId, r]));
      const stranger = ids.find((id) => !byStudent.has(id));
      if (stranger !== undefined) {
        throw badRequest('Siswa ini tidak ada dalam kenaikan kelas ini', { entries: 'Siswa lain' });
      }
      await access.require(tx, actorOfUser(user), 'decide', 'promotionClass', [
        ...new Set(rows.map((r) => r.fromClassGroupId)),
      ]);
      // a locked second-semester rapor prints the decision ("Naik ke kelas 8A"): it no longer changes
      const locked = await lockedClassIds(tx, [...new Set(rows.map((r) => r.fromClassGroupId))], 'GENAP');
      const lockedNames = [...new Set(rows.filter((r) => locked.has(r.fromClassGroupId)).map((r) => r.className))];
      if (lockedNames.length) {
        const classes = lockedNames.sort((a, b) => a.localeCompare(b, 'id', { numeric: true })).join(', ');
        throw conflict(
          `Rapor semester genap kelas ${classes} sudah dikunci; keputusan kenaikan kelasnya tidak dapat diubah`,
        );
      }
      const levels = await gradeLevels(tx, run.unitId);
      const finalLevel = Math.max(0, ...levels.keys());
      for (const e of input.entries) {
        const row = byStudent.get(e.studentId)!;
        let targetLevel: number | null = null;
        let targetClassName: string | null = null;
        if (e.decision === 'GRADUATE') {
          if (row.level < finalLevel) {
            throw badRequest(`Hanya siswa tingkat ${finalLevel} yang dapat lulus`, { entries: 'Belum tingkat akhir' });
          }
        } else {
          targetLevel = e.decision === 'PROMOTE' ? row.level + 1 : row.level;
          if (!levels.has(targetLevel)) {
            throw badRequest(`Tingkat ${targetLevel} tidak ada di unit ini`, { entries: 'Tingkat tidak ada' });
          }
          targetClassName =
            e.targetClassName ??
            (targetLevel === row.level ? row.className : carriedName(row.className, row.level, targetLevel));
        }
        await tx
          .update(promotionDecisions)
          .set({
            decision: e.decision,
            targetLevel,
            targetClassName,
            note: e.note || null,
            updatedByUserId: user.id,
            updatedAt: clock.now(),
          })
          .where(eq(promotionDecisions.id, row.id));
        await audit(tx, by, {
          action: 'promotion.decide',
          entityType: 'promotion_run',
          entityId: `${run.id}:${e.studentId}`,
          before: { decision: row.decision, targetClassName: row.targetClassName },
          after: { decision: e.decision, targetClassName, note: e.note ?? null },
        });
      }
    });
    return view(user, runId);
  }

  /** The new year's class of a target (level and name), made when missing; made ones are returned. */
  async function targetClasses(
    tx: Transaction,
    run: { unitId: number; toYearId: number },
    wanted: { level: number; name: string; sourceClassId: number }[],
    input: PromotionApplyInput,
  ) {
    const levels = await gradeLevels(tx, run.unitId);
    const existing = await years.classesOfYear(tx, run.unitId, run.toYearId);
    const byName = new Map(existing.map((c) => [c.name.toLowerCase(), c]));
    const made: { id: number; name: string }[] = [];
    const ids = new Map<string, number>();
    for (const w of wanted) {
      const key = w.name.toLowerCase();
      if (ids.has(key)) continue;
      const gradeId = levels.get(w.level);
      if (!gradeId) throw badRequest(`Tingkat ${w.level} tidak ada di unit ini`);
      const found = byName.get(key);
      if (found) {
        if (found.gradeId !== gradeId) {
          throw conflict(`Kelas ${found.name} tahun tujuan bukan tingkat ${w.level}; ubah nama kelas tujuan`);
        }
        ids.set(key, found.id);
        continue;
      }
      const cls = await years.classFrom(
        tx,
        { unitId: run.unitId, academicYearId: run.toYearId, gradeId, name: w.name },
        w.sourceClassId,
        { homeroom: input.copyHomerooms, teaching: input.copyTeaching },
      );
      ids.set(key, cls.id);
      made.push(cls);
    }
    return { ids, made };
  }

  /** The year ends after its second semester's rapors are locked (issue 40 §4): else 409 naming the classes. */
  async function requireLockedRapors(tx: Transaction, classIds: number[]) {
    const ids = [...new Set(classIds)];
    const locked = await lockedClassIds(tx, ids, 'GENAP');
    const open = ids.filter((id) => !locked.has(id));
    if (!open.length) return;
    const classOf = await years.classLevels(tx, open);
    const names = open
      .map((id) => classOf.get(id)!.name)
      .sort((a, b) => a.localeCompare(b, 'id', { numeric: true }))
      .join(', ');
    throw conflict(
      `Rapor semester genap kelas ${names} belum dikunci; kunci rapornya dulu sebelum menerapkan kenaikan kelas`,
    );
  }

  /** Each decision's new enrolment and the status it left, in one parameterised statement for the whole run. */
  async function recordApplied(
    tx: Transaction,
    rows: { id: number; toEnrollmentId: number | null; previousStatus: string | null }[],
  ) {
    if (!rows.length) return;
    await tx.execute(sql`
      update ${promotionDecisions} as d
         set to_enrollment_id = v.to_enrollment_id, previous_status = v.previous_status
        from unnest(
               ${sql.param(rows.map((r) => r.id))}::int[],
               ${sql.param(rows.map((r) => r.toEnrollmentId))}::int[],
               ${sql.param(rows.map((r) => r.previousStatus))}::text[]
             ) as v(id, to_enrollment_id, previous_status)
       where d.id = v.id`);
  }

  async function apply(
    user: AuthUser,
    runId: number,
    input: PromotionApplyInput,
    by: AuditActor,
  ): Promise<PromotionApplyResult> {
    return guarded(
      () =>
        db.transaction(async (tx) => {
          const run = await loadRun(tx, runId, true);
          await requireUnit(tx, user, run.unitId);
          if (run.status !== 'DRAFT') throw conflict('Kenaikan kelas ini sudah diterapkan');
          const toYear = await yearOf(tx, run.toYearId, 'Tahun pelajaran tujuan');
          const decisions = await tx
            .select()
            .from(promotionDecisions)
            .where(eq(promotionDecisions.runId, run.id))
            .orderBy(asc(promotionDecisions.id));
          await requireLockedRapors(
            tx,
            decisions.map((d) => d.fromClassGroupId),
          );
          const moving = decisions.filter((d) => d.decision !== 'GRADUATE');
          const clashes = await years.enrolledInYear(
            tx,
            moving.map((d) => d.studentId),
            toYear.id,
          );
          if (clashes.length) {
            throw conflict(
              `${clashes[0]!.name}${clashes.length > 1 ? ` dan ${clashes.length - 1} siswa lain` : ''} sudah terdaftar di kelas tahun ${toYear.name}`,
            );
          }
          const { ids, made } = await targetClasses(
            tx,
            run,
            moving.map((d) => ({ level: d.targetLevel!, name: d.targetClassName!, sourceClassId: d.fromClassGroupId })),
            input,
          );
          const inserted = await years.enrolForNewYear(
            tx,
            moving.map((d) => ({
              studentId: d.studentId,
              classGroupId: ids.get(d.targetClassName!.toLowerCase())!,
              academicYearId: toYear.id,
            })),
          );
          const newOf = new Map(inserted.map((e) => [e.studentId, e.id]));
          const graduates = decisions.filter((d) => d.decision === 'GRADUATE');
          const statusOf = await years.studentsByIds(
            tx,
            graduates.map((g) => g.studentId),
          );
          await recordApplied(
            tx,
            decisions.map((d) => ({
              id: d.id,
              toEnrollmentId: newOf.get(d.studentId) ?? null,
              previousStatus: statusOf.get(d.studentId)?.status ?? null,
            })),
          );
          for (const decision of ['PROMOTE', 'RETAIN', 'GRADUATE'] as const) {
            const rows = decisions.filter((d) => d.decision === decision).map((d) => d.fromEnrollmentId);
            await years.markYearEnd(tx, rows, END_REASON[decision]);
          }
          await years.setStudentStatus(
            tx,
            graduates.map((g) => g.studentId),
            'GRADUATED',
          );
          await tx
            .update(promotionRuns)
            .set({
              status: 'APPLIED',
              appliedAt: clock.now(),
              appliedByUserId: user.id,
              createdClassIds: made.map((c) => c.id),
              updatedAt: clock.now(),
            })
            .where(eq(promotionRuns.id, run.id));
          const result = {
            enrolled: inserted.length,
            graduated: graduates.length,
            createdClasses: made.map((c) => c.name),
          };
          await audit(tx, by, {
            action: 'promotion.apply',
            entityType: 'promotion_run',
            entityId: run.id,
            after: { ...result, toYear: toYear.name, graduationDate: run.graduationDate, ...input },
          });
          return result;
        }),
      { unique: 'Ada siswa yang baru saja didaftarkan ke kelas tahun tujuan; muat ulang data' },
    );
  }

  async function undo(user: AuthUser, runId: number, by: AuditActor): Promise<PromotionRun> {
    await guarded(
      () =>
        db.transaction(async (tx) => {
          const run = await loadRun(tx, runId, true);
          await requireUnit(tx, user, run.unitId);
          if (run.status !== 'APPLIED') throw conflict('Kenaikan kelas ini belum diterapkan');
          const toYear = await yearOf(tx, run.toYearId, 'Tahun pelajaran tujuan');
          const newClasses = (await years.classesOfYear(tx, run.unitId, toYear.id)).map((c) => c.id);
          const register = await firstRegisterDate(tx, newClasses, toYear.startDate);
          if (register) {
            throw conflict(
              `Kenaikan kelas tidak dapat dibatalkan: presensi tahun pelajaran ${toYear.name} sudah diisi sejak ${register}`,
            );
          }
          const decisions = await tx.select().from(promotionDecisions).where(eq(promotionDecisions.runId, run.id));
          // a graduate carried into another unit by the internal path's daftar ulang is that unit's student now
          const current = await years.studentsByIds(
            tx,
            decisions.filter((d) => d.decision === 'GRADUATE').map((d) => d.studentId),
          );
          const moved = [...current.values()].filter((s) => s.unitId !== run.unitId);
          if (moved.length) {
            throw conflict(
              `Kenaikan kelas tidak dapat dibatalkan: ${moved[0]!.name}${moved.length > 1 ? ` dan ${moved.length - 1} siswa lain` : ''} sudah daftar ulang di unit lain`,
            );
          }
          const newIds = decisions.map((d) => d.toEnrollmentId).filter((id): id is number => id !== null);
          await years.removeEnrollments(tx, newIds);
          for (const decision of ['PROMOTE', 'RETAIN', 'GRADUATE'] as const) {
            const rows = decisions.filter((d) => d.decision === decision).map((d) => d.fromEnrollmentId);
            await years.markYearEnd(tx, rows, null, END_REASON[decision]);
          }
          const back = decisions.filter((x) => x.decision === 'GRADUATE' && x.previousStatus === 'ACTIVE');
          await years.setStudentStatus(
            tx,
            back.map((d) => d.studentId),
            'ACTIVE',
            'GRADUATED',
          );
          await tx
            .update(promotionDecisions)
            .set({ toEnrollmentId: null, previousStatus: null })
            .where(eq(promotionDecisions.runId, run.id));
          // a made class still holding someone's enrolment (enrolled by hand since) stays
          await years.removeEmptyClasses(tx, run.createdClassIds);
          await tx
            .update(promotionRuns)
            .set({ status: 'DRAFT', undoneAt: clock.now(), createdClassIds: [], updatedAt: clock.now() })
            .where(eq(promotionRuns.id, run.id));
          await audit(tx, by, {
            action: 'promotion.undo',
            entityType: 'promotion_run',
            entityId: run.id,
            before: { status: 'APPLIED', enrolments: newIds.length, createdClassIds: run.createdClassIds },
            after: { status: 'DRAFT' },
          });
        }),
      { inUse: 'Kelas baru tahun tujuan sudah dipakai data lain; hapus data itu dulu' },
    );
    return view(user, runId);
  }

  /** The internal waves (jalur internal) other units opened for the year the run's graduates enter. */
  async function internalWaves(user: AuthUser, runId: number): Promise<PromotionInternalWaves> {
    const run = await loadRun(db, runId);
    await requireUnit(db, user, run.unitId);
    return { items: await internalWavesFor(db, run.toYearId, run.unitId) };
  }

  /**
   * "Tawarkan jalur internal SMP": after the apply, every graduate of the run gets an application in an internal
   * wave of another unit (the SMP), accepted without the selection test (admission's `offerInternalPath`); again
   * later only adds the graduates who have none there. Accepting is admission's decision right, so the caller needs
   * `admission.decide` beside the route's `promotion.manage`. The wave belongs to the other unit: opening it as
   * internal is that unit's consent to take the foundation's graduates, so a principal bound to the SD may fill it.
   */
  async function offerInternal(
    user: AuthUser,
    runId: number,
    input: PromotionInternalOfferInput,
    by: AuditActor,
  ): Promise<PromotionInternalOfferResult> {
    if (!userCan(user, 'admission.decide')) {
      throw forbidden('Hanya kepala sekolah atau admin yang dapat menerima siswa lewat jalur internal');
    }
    return guarded(
      () =>
        db.transaction(async (tx) => {
          const run = await loadRun(tx, runId, true);
          await requireUnit(tx, user, run.unitId);
          if (run.status !== 'APPLIED')
            throw conflict('Terapkan kenaikan kelas dulu sebelum menawarkan jalur internal');
          const graduates = await tx
            .select({ studentId: promotionDecisions.studentId })
            .from(promotionDecisions)
            .where(and(eq(promotionDecisions.runId, run.id), eq(promotionDecisions.decision, 'GRADUATE')));
          if (!graduates.length) throw conflict('Kenaikan kelas ini tidak punya lulusan');
          const [unit, fromYear] = await Promise.all([
            school.findUnit(tx, run.unitId),
            yearOf(tx, run.fromYearId, 'Tahun pelajaran asal'),
          ]);
          const candidates = await years.studentIdentities(
            tx,
            graduates.map((g) => g.studentId),
          );
          const result = await offerInternalPath(
            tx,
            by,
            {
              waveId: input.waveId,
              academicYearId: run.toYearId,
              fromUnitId: run.unitId,
              fromSchool: unit?.name ?? '',
              note: `Jalur internal: lulusan ${unit?.name ?? ''} tahun ${fromYear.name}`,
            },
            candidates,
          );
          await audit(tx, by, {
            action: 'promotion.internalOffer',
            entityType: 'promotion_run',
            entityId: run.id,
            after: { waveId: input.waveId, ...result },
          });
          return result;
        }),
      { unique: 'Ada lulusan yang baru saja didaftarkan ke gelombang ini; ulangi' },
    );
  }

  return { find, view, propose, decide, apply, undo, internalWaves, offerInternal };
}

export type PromotionService = ReturnType<typeof createPromotionService>;
