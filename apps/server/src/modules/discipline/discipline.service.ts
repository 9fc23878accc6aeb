import {
  ACHIEVEMENT_LEVELS,
  schoolYearOf,
  type AchievementInput,
  type AchievementLevel,
  type AchievementsQuery,
  type AchievementUpdate,
  type AuthUser,
  type DisciplineRecapQuery,
  type DisciplineSettingsInput,
  type DisciplineThresholdInput,
  type DisciplineThresholdUpdate,
  type LedgerEntryInput,
  type SanctionConfirmInput,
  type SanctionsQuery,
  type SanctionUpdate,
  type ViolationInput,
  type ViolationRuleInput,
  type ViolationRuleUpdate,
  type ViolationsQuery,
  type ViolationUpdate,
} from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import type { EvidenceFile } from '../../db/schema/index.ts';
import { audited, type AuditActor } from '../../lib/audit.ts';
import { clock } from '../../lib/clock.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { actorOfUser } from '../../lib/actor.ts';
import { assertSupported, fileStore, normalise } from '../../lib/uploads.ts';
import { access } from '../access/access.service.ts';
import * as school from '../school/school.service.ts';
import { notifyDisciplineLetter } from '../notifications/outbox.ts';
import * as repo from './discipline.repo.ts';
import { addLedgerLine, type LedgerLineResult } from './ledger.ts';
import { achievementCredit, reachedThreshold } from './points.ts';

/** Students' points and latest entries of a school year (the student record's and the rapor's discipline part). */
export {
  disciplineSummariesOf,
  recentDisciplineOf,
  recentStudentDiscipline,
  studentDisciplineSummary,
  type DisciplineSummaryRow,
  type RecentDisciplineRow,
} from './student-summary.repo.ts';

const BASE = '/api/v1/discipline';

type Page = { page: number; pageSize: number };

const evidenceRef = (evidence: EvidenceFile | null, url: string) =>
  evidence ? { name: evidence.name, mime: evidence.mime, size: evidence.size, url } : null;

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

const violationToApi = ({ evidence, reporterUserId: _r, decidedAt, createdAt, ...rest }: repo.ViolationRow) => ({
  ...rest,
  evidence: evidenceRef(evidence, `${BASE}/violations/${rest.id}/evidence`),
  decidedAt: iso(decidedAt),
  createdAt: iso(createdAt)!,
});

const achievementToApi = ({ evidence, createdAt, ...rest }: repo.AchievementRow) => ({
  ...rest,
  evidence: evidenceRef(evidence, `${BASE}/achievements/${rest.id}/evidence`),
  createdAt: iso(createdAt)!,
});

const sanctionToApi = ({ decidedAt, createdAt, kind, ...rest }: repo.SanctionRow) => ({
  ...rest,
  kind: kind as 'LAINNYA',
  decidedAt: iso(decidedAt),
  createdAt: iso(createdAt)!,
});

const thresholdToApi = <T extends { kind: string }>(t: T) => ({ ...t, kind: t.kind as 'LAINNYA' });

/** A file name safe to show and to put in a download header. */
const safeName = (name: string, mime: string) => {
  const cleaned = name
    .replace(/[^\p{L}\p{N}._ -]/gu, '_')
    .slice(0, 100)
    .trim();
  return cleaned || `bukti.${mime === 'application/pdf' ? 'pdf' : mime === 'image/png' ? 'png' : 'jpg'}`;
};

/** The unit a catalogue call works on (the unit rule): the caller's own, or the one ADMIN/YAYASAN name. */
export async function catalogueUnit(exec: Executor, user: AuthUser, unitId: number | undefined) {
  const unit = await access.scopeUnit(exec, actorOfUser(user), unitId);
  if (unit === null) throw badRequest('Pilih unit', { unitId: 'Wajib dipilih' });
  return unit;
}

export function createDisciplineService(db: Database, dataDir: string) {
  const files = fileStore(dataDir, 'discipline');

  // ---------- shared checks ----------

  /** The student, refused when missing (400: it is the input that is wrong) or of another unit (403). */
  async function studentFor(exec: Executor, user: AuthUser, studentId: number) {
    const student = await repo.findStudent(exec, studentId);
    if (!student) throw badRequest('Siswa tidak ditemukan', { studentId: 'Tidak ditemukan' });
    await inUnit(exec, user, student.unitId);
    return student;
  }

  function assertNotFuture(date: string, field: string) {
    if (date > clock.today()) throw badRequest('Tanggal tidak boleh setelah hari ini', { [field]: 'Setelah hari ini' });
  }

  async function ownStudentId(user: AuthUser) {
    // the student rule's `self`: the one student the account is
    const [id] = await access.list(db, actorOfUser(user), 'self', 'student');
    return id;
  }

  /** A row of the unit `unitId` (a catalogue entry, a student written about): the unit rule refuses another's. */
  async function inUnit(exec: Executor, user: AuthUser, unitId: number) {
    await access.require(exec, actorOfUser(user), 'read', 'unit', unitId);
  }

  async function saveEvidence(file: { name: string; data: Buffer }, uploadedBy: number) {
    const mime = assertSupported(file.data);
    const data = await normalise(file.data, mime);
    const path = await files.save(data, { uploadedBy, purpose: 'discipline-evidence' });
    return { name: safeName(file.name, mime), path, mime, size: data.length } satisfies EvidenceFile;
  }

  /**
   * Replaces a violation's or achievement's evidence: stores the new file, then in one transaction reads the row
   * again (`lock` refuses when it may no longer change), writes the file's reference and audits it; the old file is
   * removed afterwards, the new one if anything failed.
   */
  async function replaceEvidence(
    file: { name: string; data: Buffer },
    uploadedBy: number,
    actor: AuditActor,
    row: {
      entityType: 'violation' | 'achievement';
      id: number;
      lock: (tx: Executor) => Promise<{ evidence: EvidenceFile | null }>;
      update: (tx: Executor, id: number, values: { evidence: EvidenceFile }) => Promise<void>;
    },
  ) {
    const evidence = await saveEvidence(file, uploadedBy);
    try {
      const old = await db.transaction(async (tx) => {
        const before = await row.lock(tx);
        const change = {
          action: `discipline.${row.entityType}.evidence`,
          entityType: row.entityType,
          entityId: row.id,
        };
        await audited(tx, actor, { ...change, after: evidence }, () => row.update(tx, row.id, { evidence }));
        return before.evidence;
      });
      if (old) await files.remove(old.path);
    } catch (err) {
      await files.remove(evidence.path);
      throw err;
    }
  }

  async function readEvidence(evidence: EvidenceFile | null) {
    if (!evidence) throw notFound('Berkas bukti');
    return { data: await files.read(evidence.path), mime: evidence.mime, name: evidence.name };
  }

  // ---------- rules, thresholds, settings ----------

  async function settingsOf(exec: Executor, unitId: number) {
    const row = await repo.findSettings(exec, unitId);
    const pointsByLevel = Object.fromEntries(ACHIEVEMENT_LEVELS.map((l) => [l, row?.pointsByLevel[l] ?? 0])) as Record<
      AchievementLevel,
      number
    >;
    return { unitId, achievementsOffset: row?.achievementsOffset ?? false, pointsByLevel };
  }

  /** The unit a list runs on (the unit rule): the requested one, else the caller's own; null for every unit. */
  const scope = (user: AuthUser, unitId: number | undefined) => access.scopeUnit(db, actorOfUser(user), unitId);

  async function catalogue(user: AuthUser, q: { unitId?: number | undefined; active?: 'true' | 'false' | undefined }) {
    const unitId = await catalogueUnit(db, user, q.unitId);
    const onlyActive = q.active === 'true';
    const [rules, thresholds, settings] = await Promise.all([
      repo.listRules(db, unitId, onlyActive),
      repo.listThresholds(db, unitId, onlyActive),
      settingsOf(db, unitId),
    ]);
    return { rules, thresholds: thresholds.map(thresholdToApi), settings };
  }

  async function createRule(user: AuthUser, input: ViolationRuleInput, actor: AuditActor) {
    const unitId = await catalogueUnit(db, user, input.unitId);
    return db.transaction(async (tx) => {
      if (await repo.findRuleByCode(tx, unitId, input.code)) {
        throw conflict(`Kode ${input.code} sudah dipakai`, { code: 'Sudah dipakai' });
      }
      const change = { action: 'discipline.rule.create', entityType: 'violation_rule' };
      return audited(tx, actor, change, () => repo.insertRule(tx, { ...input, unitId }));
    });
  }

  async function updateRule(user: AuthUser, id: number, input: ViolationRuleUpdate, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const before = await repo.findRule(tx, id);
      if (!before) throw notFound('Jenis pelanggaran');
      await inUnit(tx, user, before.unitId);
      if (input.code && input.code.toLowerCase() !== before.code.toLowerCase()) {
        if (await repo.findRuleByCode(tx, before.unitId, input.code)) {
          throw conflict(`Kode ${input.code} sudah dipakai`, { code: 'Sudah dipakai' });
        }
      }
      const change = { action: 'discipline.rule.update', entityType: 'violation_rule', entityId: id, before };
      return audited(tx, actor, change, () => repo.updateRule(tx, id, input));
    });
  }

  async function createThreshold(user: AuthUser, input: DisciplineThresholdInput, actor: AuditActor) {
    const unitId = await catalogueUnit(db, user, input.unitId);
    return db.transaction(async (tx) => {
      if (await repo.findThresholdByPoints(tx, unitId, input.points)) {
        throw conflict(`Ambang ${input.points} poin sudah ada`, { points: 'Sudah ada' });
      }
      const change = { action: 'discipline.threshold.create', entityType: 'discipline_threshold' };
      return thresholdToApi(await audited(tx, actor, change, () => repo.insertThreshold(tx, { ...input, unitId })));
    });
  }

  async function updateThreshold(user: AuthUser, id: number, input: DisciplineThresholdUpdate, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const before = await repo.findThreshold(tx, id);
      if (!before) throw notFound('Ambang poin');
      await inUnit(tx, user, before.unitId);
      if (input.points !== undefined && input.points !== before.points) {
        if (await repo.findThresholdByPoints(tx, before.unitId, input.points)) {
          throw conflict(`Ambang ${input.points} poin sudah ada`, { points: 'Sudah ada' });
        }
      }
      const change = {
        action: 'discipline.threshold.update',
        entityType: 'discipline_threshold',
        entityId: id,
        before,
      };
      return thresholdToApi(await audited(tx, actor, change, () => repo.updateThreshold(tx, id, input)));
    });
  }

  async function removeThreshold(user: AuthUser, id: number, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const before = await repo.findThreshold(tx, id);
      if (!before) throw notFound('Ambang poin');
      await inUnit(tx, user, before.unitId);
      const change = {
        action: 'discipline.threshold.delete',
        entityType: 'discipline_threshold',
        entityId: id,
        before,
      };
      await audited(tx, actor, { ...change, after: null }, () => repo.deleteThreshold(tx, id));
    });
    return { ok: true as const };
  }

  async function saveSettings(user: AuthUser, input: DisciplineSettingsInput, actor: AuditActor) {
    const unitId = await catalogueUnit(db, user, input.unitId);
    return db.transaction(async (tx) => {
      const before = await settingsOf(tx, unitId);
      const pointsByLevel = Object.fromEntries(ACHIEVEMENT_LEVELS.map((l) => [l, input.pointsByLevel[l] ?? 0]));
      return audited(
        tx,
        actor,
        { action: 'discipline.settings.update', entityType: 'unit', entityId: unitId, before },
        async () => {
          await repo.upsertSettings(tx, { unitId, achievementsOffset: input.achievementsOffset, pointsByLevel });
          return settingsOf(tx, unitId);
        },
      );
    });
  }

  // ---------- violations ----------

  /** The violation the caller may read (the violation rule: discipline.access.ts). */
  async function readableViolation(user: AuthUser, id: number) {
    await access.require(db, actorOfUser(user), 'read', 'violation', id);
    const row = await repo.findViolation(db, id);
    if (!row) throw notFound('Pelanggaran');
    return row;
  }

  const getViolation = async (user: AuthUser, id: number) => violationToApi(await readableViolation(user, id));

  /** Teachers see what they reported; BPBK, the principal, WAKAKUR and YAYASAN every record of their scope. */
  async function listViolations(user: AuthUser, q: ViolationsQuery & Page) {
    const unitId = await scope(user, q.unitId);
    const reach = await access.filter(db, actorOfUser(user), 'read', 'violation');
    const page = await repo.listViolations(
      db,
      { ...q, unitId, reach, ...(q.mine === 'true' ? { reporterUserId: user.id } : {}) },
      q,
    );
    return { ...page, items: page.items.map(violationToApi) };
  }

  async function reportViolation(user: AuthUser, input: ViolationInput, actor: AuditActor) {
    assertNotFuture(input.occurredOn, 'occurredOn');
    const id = await db.transaction(async (tx) => {
      const student = await studentFor(tx, user, input.studentId);
      const rule = await repo.findRule(tx, input.ruleId);
      if (!rule || rule.unitId !== student.unitId || !rule.isActive) {
        throw badRequest('Jenis pelanggaran tidak berlaku untuk unit siswa ini', { ruleId: 'Tidak berlaku' });
      }
      // the same violation (student, rule, day) twice is usually one incident entered twice: say so, naming the
      // earlier report, and save it only when the reporter confirms a second incident
      await repo.lockStudentLedger(tx, student.id); // two reports of one student at once: one sees the other
      const earlier = await repo.sameDayViolation(tx, student.id, rule.id, input.occurredOn);
      if (earlier && input.confirmDuplicate !== true) {
        const fields = { confirmDuplicate: 'Sudah dicatat' };
        throw conflict(
          earlier.reporterName
            ? `Pelanggaran ${rule.name} untuk ${student.name} pada ${input.occurredOn} sudah dicatat oleh ${earlier.reporterName}. Simpan lagi hanya bila ini memang kejadian kedua.`
            : `Pelanggaran ${rule.name} untuk ${student.name} pada ${input.occurredOn} sudah dicatat. Simpan lagi hanya bila ini memang kejadian kedua.`,
          fields,
        );
      }
      const values = {
        unitId: student.unitId,
        studentId: student.id,
        ruleId: rule.id,
        occurredOn: input.occurredOn,
        occurredTime: input.occurredTime ?? null,
        place: input.place ?? null,
        witness: input.witness ?? null,
        notes: input.notes ?? null,
        points: rule.points,
        schoolYear: schoolYearOf(input.occurredOn).tapel,
        reporterUserId: user.id,
      };
      const after = earlier ? { ...values, confirmedDuplicateOf: earlier.id } : values;
      const change = { action: 'discipline.violation.report', entityType: 'violation', after };
      return audited(tx, actor, change, () => repo.insertViolation(tx, values));
    });
    return getViolation(user, id);
  }

  /** A report may be changed while it waits for verification, by its reporter or by BPBK/the principal. */
  async function editableViolation(tx: Executor, user: AuthUser, id: number) {
    const locked = await repo.lockViolation(tx, id);
    if (!locked) throw notFound('Pelanggaran');
    await access.require(tx, actorOfUser(user), 'change', 'violation', id);
    const row = (await repo.findViolation(tx, id))!;
    if (locked.status !== 'REPORTED') throw conflict('Pelanggaran ini sudah diverifikasi atau ditolak');
    return row;
  }

  async function updateViolation(user: AuthUser, id: number, input: ViolationUpdate, actor: AuditActor) {
    if (input.occurredOn) assertNotFuture(input.occurredOn, 'occurredOn');
    await db.transaction(async (tx) => {
      const before = await editableViolation(tx, user, id);
      const values: Parameters<typeof repo.updateViolation>[2] = { ...input };
      if (input.ruleId !== undefined) {
        const rule = await repo.findRule(tx, input.ruleId);
        if (!rule || rule.unitId !== before.unitId || !rule.isActive) {
          throw badRequest('Jenis pelanggaran tidak berlaku untuk unit siswa ini', { ruleId: 'Tidak berlaku' });
        }
        values.points = rule.points;
      }
      if (input.occurredOn) values.schoolYear = schoolYearOf(input.occurredOn).tapel;
      const change = { action: 'discipline.violation.update', entityType: 'violation', entityId: id, before };
      await audited(tx, actor, { ...change, after: input }, () => repo.updateViolation(tx, id, values));
    });
    return getViolation(user, id);
  }

  async function attachViolationEvidence(
    user: AuthUser,
    id: number,
    file: { name: string; data: Buffer },
    actor: AuditActor,
  ) {
    await db.transaction((tx) => editableViolation(tx, user, id)); // refuse before decoding the file
    await replaceEvidence(file, user.id, actor, {
      entityType: 'violation',
      id,
      lock: (tx) => editableViolation(tx, user, id),
      update: repo.updateViolation,
    });
    return getViolation(user, id);
  }

  async function violationEvidence(user: AuthUser, id: number) {
    return readEvidence((await readableViolation(user, id)).evidence);
  }

  /**
   * Verifies a report: its points enter the ledger and every threshold crossed gets a proposal, all in one
   * transaction. The row lock makes a second, concurrent verification wait and then find it decided (409).
   */
  async function verifyViolation(user: AuthUser, id: number, actor: AuditActor) {
    const result = await db.transaction(async (tx) => {
      const locked = await repo.lockViolation(tx, id);
      if (!locked) throw notFound('Pelanggaran');
      await access.require(tx, actorOfUser(user), 'decide', 'violation', id);
      if (locked.status !== 'REPORTED') throw conflict('Pelanggaran ini sudah diverifikasi atau ditolak');
      const row = (await repo.findViolation(tx, id))!;
      const change = {
        action: 'discipline.violation.verify',
        entityType: 'violation',
        entityId: id,
        before: { status: 'REPORTED' },
        after: (line: LedgerLineResult) => ({
          status: 'VERIFIED',
          points: row.points,
          balance: line.balance,
          proposed: line.proposedSanctionIds,
        }),
      };
      return audited(tx, actor, change, async () => {
        await repo.updateViolation(tx, id, { status: 'VERIFIED', decidedByUserId: user.id, decidedAt: clock.now() });
        return addLedgerLine(tx, {
          unitId: row.unitId,
          studentId: row.studentId,
          date: row.occurredOn,
          source: 'violation',
          points: row.points,
          refId: id,
          note: `${row.ruleCode} ${row.ruleName}`,
          createdByUserId: user.id,
        });
      });
    });
    return {
      violation: await getViolation(user, id),
      balance: result.balance,
      proposedSanctionIds: result.proposedSanctionIds,
    };
  }

  async function rejectViolation(user: AuthUser, id: number, reason: string, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const locked = await repo.lockViolation(tx, id);
      if (!locked) throw notFound('Pelanggaran');
      await access.require(tx, actorOfUser(user), 'decide', 'violation', id);
      if (locked.status !== 'REPORTED') throw conflict('Pelanggaran ini sudah diverifikasi atau ditolak');
      const change = {
        action: 'discipline.violation.reject',
        entityType: 'violation',
        entityId: id,
        before: { status: 'REPORTED' },
        after: { status: 'REJECTED', reason },
      };
      await audited(tx, actor, change, () =>
        repo.updateViolation(tx, id, {
          status: 'REJECTED',
          rejectReason: reason,
          decidedByUserId: user.id,
          decidedAt: clock.now(),
        }),
      );
    });
    return getViolation(user, id);
  }

  // ---------- achievements ----------

  /** The achievement the caller may read (the achievement rule: discipline.access.ts). */
  async function readableAchievement(user: AuthUser, id: number) {
    await access.require(db, actorOfUser(user), 'read', 'achievement', id);
    const row = await repo.findAchievement(db, id);
    if (!row) throw notFound('Prestasi');
    return row;
  }

  const getAchievement = async (user: AuthUser, id: number) => achievementToApi(await readableAchievement(user, id));

  async function listAchievements(user: AuthUser, q: AchievementsQuery & Page) {
    const page = await repo.listAchievements(db, { ...q, unitId: await scope(user, q.unitId) }, q);
    return { ...page, items: page.items.map(achievementToApi) };
  }

  /** A homeroom teacher's view: the achievements of the students of the classes they lead this year. */
  async function listHomeroomAchievements(user: AuthUser, q: AchievementsQuery & Page) {
    const classIds = user.employeeId ? (await school.homeroomClasses(db, user.employeeId)).map((c) => c.id) : [];
    if (!classIds.length) return { items: [], total: 0, page: q.page, pageSize: q.pageSize };
    const page = await repo.listAchievements(db, { ...q, unitId: await scope(user, q.unitId), classIds }, q);
    return { ...page, items: page.items.map(achievementToApi) };
  }

  /** Records an achievement; when the unit's setting says so, its level's points come off the balance. */
  async function createAchievement(user: AuthUser, input: AchievementInput, actor: AuditActor) {
    assertNotFuture(input.date, 'date');
    const { id } = await db.transaction(async (tx) => {
      const student = await studentFor(tx, user, input.studentId);
      const values = {
        ...input,
        organiser: input.organiser ?? null,
        notes: input.notes ?? null,
        unitId: student.unitId,
        schoolYear: schoolYearOf(input.date).tapel,
        recordedByUserId: user.id,
      };
      const change = {
        action: 'discipline.achievement.create',
        entityType: 'achievement',
        after: ({ credited }: { credited: number }) => ({ ...values, credit: credited }),
      };
      return audited(tx, actor, change, async () => {
        const id = await repo.insertAchievement(tx, values);
        const credit = achievementCredit(await settingsOf(tx, student.unitId), input.level);
        let line = null;
        if (credit > 0) {
          line = await addLedgerLine(tx, {
            unitId: student.unitId,
            studentId: student.id,
            date: input.date,
            source: 'achievement',
            points: -credit,
            refId: id,
            note: `${input.title} (${input.rank})`,
            createdByUserId: user.id,
          });
        }
        return { id, credited: line?.points ?? 0 };
      });
    });
    return getAchievement(user, id);
  }

  /** Changes the record only: the ledger line written when it was recorded stays (ledger lines are never edited). */
  async function updateAchievement(user: AuthUser, id: number, input: AchievementUpdate, actor: AuditActor) {
    if (input.date) assertNotFuture(input.date, 'date');
    await db.transaction(async (tx) => {
      const before = await repo.findAchievement(tx, id);
      if (!before) throw notFound('Prestasi');
      await access.require(tx, actorOfUser(user), 'change', 'achievement', id);
      const change = { action: 'discipline.achievement.update', entityType: 'achievement', entityId: id, before };
      await audited(tx, actor, { ...change, after: input }, () =>
        repo.updateAchievement(tx, id, {
          ...input,
          ...(input.date ? { schoolYear: schoolYearOf(input.date).tapel } : {}),
        }),
      );
    });
    return getAchievement(user, id);
  }

  async function attachAchievementEvidence(
    user: AuthUser,
    id: number,
    file: { name: string; data: Buffer },
    actor: AuditActor,
  ) {
    await access.require(db, actorOfUser(user), 'change', 'achievement', id);
    await replaceEvidence(file, user.id, actor, {
      entityType: 'achievement',
      id,
      lock: async (tx) => {
        const before = await repo.findAchievement(tx, id);
        if (!before) throw notFound('Prestasi');
        return before;
      },
      update: repo.updateAchievement,
    });
    return getAchievement(user, id);
  }

  async function achievementEvidence(user: AuthUser, id: number) {
    return readEvidence((await readableAchievement(user, id)).evidence);
  }

  // ---------- ledger ----------

  async function buildLedger(exec: Executor, studentId: number, schoolYear: string) {
    const student = (await repo.findStudent(exec, studentId))!;
    const [lines, thresholds, cls] = await Promise.all([
      repo.ledgerLines(exec, studentId, schoolYear),
      repo.listThresholds(exec, student.unitId, true),
      repo.studentClass(exec, studentId),
    ]);
    let balance = 0;
    const withBalance = lines.map((l) => ({ ...l, createdAt: iso(l.createdAt)!, balance: (balance += l.points) }));
    const reached = reachedThreshold(thresholds, balance);
    return {
      studentId,
      studentName: student.name,
      nis: student.nis,
      className: cls.name,
      schoolYear,
      balance,
      lines: withBalance,
      reached: reached ? thresholdToApi(reached) : null,
      thresholds: thresholds.map(thresholdToApi),
    };
  }

  /** A student's ledger of a school year (default: the year of today). */
  async function ledger(user: AuthUser, studentId: number, schoolYear: string | undefined) {
    await access.require(db, actorOfUser(user), 'read', 'pointLedger', studentId);
    return buildLedger(db, studentId, schoolYear ?? schoolYearOf(clock.today()).tapel);
  }

  /** Pemutihan (points taken off, never below zero) or a manual adjustment, with its reason; audited. */
  async function addEntry(user: AuthUser, studentId: number, input: LedgerEntryInput, actor: AuditActor) {
    if (input.kind === 'remission' && input.points < 0) {
      throw badRequest('Isi jumlah poin yang diputihkan sebagai angka positif', { points: 'Harus positif' });
    }
    assertNotFuture(input.date, 'date');
    const schoolYear = schoolYearOf(input.date).tapel;
    await db.transaction(async (tx) => {
      const student = await studentFor(tx, user, studentId);
      const change = {
        action: `discipline.ledger.${input.kind}`,
        entityType: 'student',
        entityId: studentId,
        after: (line: LedgerLineResult) => ({
          ...input,
          carried: line.points,
          balance: line.balance,
          proposed: line.proposedSanctionIds,
        }),
      };
      await audited(tx, actor, change, () =>
        addLedgerLine(tx, {
          unitId: student.unitId,
          studentId,
          date: input.date,
          source: input.kind,
          points: input.kind === 'remission' ? -input.points : input.points,
          note: input.reason,
          createdByUserId: user.id,
        }),
      );
    });
    return buildLedger(db, studentId, schoolYear);
  }

  // ---------- sanctions ----------

  /** The sanction the caller may read (the sanction rule: discipline.access.ts). */
  async function readableSanction(user: AuthUser, id: number) {
    await access.require(db, actorOfUser(user), 'read', 'sanction', id);
    const row = await repo.findSanction(db, id);
    if (!row) throw notFound('Sanksi');
    return row;
  }

  const getSanction = async (user: AuthUser, id: number) => sanctionToApi(await readableSanction(user, id));

  async function listSanctions(user: AuthUser, q: SanctionsQuery & Page) {
    const unitId = await scope(user, q.unitId);
    const reach = await access.filter(db, actorOfUser(user), 'read', 'sanction');
    const page = await repo.listSanctions(db, { ...q, unitId, reach }, q);
    return { ...page, items: page.items.map(sanctionToApi) };
  }

  async function assertSupervisor(exec: Executor, unitId: number, employeeId: number | null | undefined) {
    if (employeeId === null || employeeId === undefined) return;
    const employee = await repo.findEmployee(exec, employeeId);
    if (!employee || !employee.isActive || employee.unitId !== unitId) {
      throw badRequest('Pembina tidak valid', { supervisorEmployeeId: 'Pegawai unit ini yang aktif' });
    }
  }

  function assertDates(input: { startDate?: string | null | undefined; endDate?: string | null | undefined }) {
    if (input.startDate && input.endDate && input.endDate < input.startDate) {
      throw badRequest('Tanggal selesai sebelum tanggal mulai', { endDate: 'Sebelum tanggal mulai' });
    }
  }

  async function decidable(tx: Executor, user: AuthUser, id: number, status: string[]) {
    const locked = await repo.lockSanction(tx, id);
    if (!locked) throw notFound('Sanksi');
    await access.require(tx, actorOfUser(user), 'decide', 'sanction', id);
    if (!status.includes(locked.status)) throw conflict('Status sanksi tidak memungkinkan tindakan ini');
    return locked;
  }

  async function confirmSanction(user: AuthUser, id: number, input: SanctionConfirmInput, actor: AuditActor) {
    assertDates(input);
    await db.transaction(async (tx) => {
      const locked = await decidable(tx, user, id, ['PROPOSED']);
      await assertSupervisor(tx, locked.unitId, input.supervisorEmployeeId);
      const values = {
        status: 'CONFIRMED' as const,
        startDate: input.startDate ?? null,
        endDate: input.endDate ?? null,
        supervisorEmployeeId: input.supervisorEmployeeId ?? null,
        decisionReason: input.reason ?? null,
        decidedByUserId: user.id,
        decidedAt: clock.now(),
      };
      const change = { action: 'discipline.sanction.confirm', entityType: 'sanction', entityId: id };
      await audited(tx, actor, { ...change, before: { status: 'PROPOSED' }, after: values }, () =>
        repo.updateSanction(tx, id, values),
      );
      // confirming issues the letter: the parent is told (notification outbox, issue 18), in the same transaction
      await notifyDisciplineLetter(tx, id);
    });
    return getSanction(user, id);
  }

  async function rejectSanction(user: AuthUser, id: number, reason: string, actor: AuditActor) {
    await db.transaction(async (tx) => {
      await decidable(tx, user, id, ['PROPOSED']);
      const values = {
        status: 'REJECTED' as const,
        decisionReason: reason,
        decidedByUserId: user.id,
        decidedAt: clock.now(),
      };
      const change = { action: 'discipline.sanction.reject', entityType: 'sanction', entityId: id };
      await audited(tx, actor, { ...change, before: { status: 'PROPOSED' }, after: values }, () =>
        repo.updateSanction(tx, id, values),
      );
    });
    return getSanction(user, id);
  }

  /** Dates, supervisor and completion of a confirmed sanction; a done date marks it carried out. */
  async function updateSanction(user: AuthUser, id: number, input: SanctionUpdate, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const locked = await decidable(tx, user, id, ['CONFIRMED', 'COMPLETED']);
      const before = (await repo.findSanction(tx, id))!;
      await assertSupervisor(tx, locked.unitId, input.supervisorEmployeeId);
      assertDates({ startDate: input.startDate ?? before.startDate, endDate: input.endDate ?? before.endDate });
      if (input.doneDate) assertNotFuture(input.doneDate, 'doneDate');
      const doneDate = input.doneDate === undefined ? before.doneDate : input.doneDate;
      const values = { ...input, status: doneDate ? ('COMPLETED' as const) : ('CONFIRMED' as const) };
      const change = { action: 'discipline.sanction.update', entityType: 'sanction', entityId: id, before };
      await audited(tx, actor, { ...change, after: values }, () => repo.updateSanction(tx, id, values));
    });
    return getSanction(user, id);
  }

  async function letter(user: AuthUser, id: number) {
    const row = await readableSanction(user, id);
    const student = (await repo.findStudent(db, row.studentId))!;
    return {
      sanction: sanctionToApi(row),
      unitName: (await repo.findUnitName(db, row.unitId)) ?? '',
      parentName: student.fatherName ?? student.motherName ?? student.guardianName ?? null,
      address: student.address,
      violations: await repo.verifiedViolationsOf(db, row.studentId, row.schoolYear),
    };
  }

  // ---------- recap ----------

  async function recap(user: AuthUser, q: DisciplineRecapQuery) {
    if (q.to < q.from) throw badRequest('Sampai tanggal sebelum dari tanggal', { to: 'Sebelum dari tanggal' });
    const rows = await repo.recapRows(db, await scope(user, q.unitId), q.from, q.to);
    const zero = () => ({ violations: 0, points: 0, sanctions: 0 });
    const add = (into: ReturnType<typeof zero>, r: repo.RecapRow) => {
      into.violations += r.violations;
      into.points += r.points;
      into.sanctions += r.sanctions;
    };
    const byClass = new Map<string, { classGroupId: number | null; className: string } & ReturnType<typeof zero>>();
    const byGrade = new Map<string, { gradeName: string } & ReturnType<typeof zero>>();
    const byMonth = new Map<string, { month: string } & ReturnType<typeof zero>>();
    const total = zero();
    for (const r of rows) {
      const className = r.className ?? '-';
      const c = byClass.get(className) ?? { classGroupId: r.classGroupId, className, ...zero() };
      byClass.set(className, c);
      add(c, r);
      const gradeName = r.gradeName ?? '-';
      const g = byGrade.get(gradeName) ?? { gradeName, ...zero() };
      byGrade.set(gradeName, g);
      add(g, r);
      const m = byMonth.get(r.month) ?? { month: r.month, ...zero() };
      byMonth.set(r.month, m);
      add(m, r);
      add(total, r);
    }
    return {
      byClass: [...byClass.values()],
      byGrade: [...byGrade.values()].sort((a, b) => a.gradeName.localeCompare(b.gradeName, 'id', { numeric: true })),
      byMonth: [...byMonth.values()].sort((a, b) => a.month.localeCompare(b.month)),
      total,
    };
  }

  // ---------- the student's own ----------

  async function own(user: AuthUser) {
    const studentId = await ownStudentId(user);
    if (!studentId) return { ledger: null, violations: [], achievements: [] };
    const all = { page: 1, pageSize: 200 };
    const [violations, achievements] = await Promise.all([
      repo.listViolations(db, { unitId: null, studentId, status: 'VERIFIED' }, all),
      repo.listAchievements(db, { unitId: null, studentId }, all),
    ]);
    return {
      ledger: await buildLedger(db, studentId, schoolYearOf(clock.today()).tapel),
      violations: violations.items.map(violationToApi),
      achievements: achievements.items.map(achievementToApi),
    };
  }

  return {
    catalogue,
    createRule,
    updateRule,
    createThreshold,
    updateThreshold,
    removeThreshold,
    saveSettings,
    getViolation,
    listViolations,
    reportViolation,
    updateViolation,
    attachViolationEvidence,
    violationEvidence,
    verifyViolation,
    rejectViolation,
    getAchievement,
    listAchievements,
    listHomeroomAchievements,
    createAchievement,
    updateAchievement,
    attachAchievementEvidence,
    achievementEvidence,
    ledger,
    addEntry,
    getSanction,
    listSanctions,
    confirmSanction,
    rejectSanction,
    updateSanction,
    letter,
    recap,
    own,
  };
}

export type DisciplineService = ReturnType<typeof createDisciplineService>;
