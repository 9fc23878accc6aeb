import {
  addPrayerCounts,
  congregationRate,
  emptyPrayerCounts,
  monthOf,
  prayerRecordProblem,
  prayerTotal,
  type AuthUser,
  type OwnPrayers,
  type PrayerClasses,
  type PrayerClassesQuery,
  type PrayerCounts,
  type PrayerMonitor,
  type PrayerMonitorQuery,
  type PrayerRecap,
  type PrayerRecapQuery,
  type PrayerRule,
  type PrayerRuleInput,
  type PrayerSaveInput,
  type PrayerSaveResult,
  type PrayerSheet,
  type PrayerSheetQuery,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { clock } from '../../lib/clock.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { assertUnit, unitScope } from '../../lib/scope.ts';
import { assertSchoolDay, isSchoolDay, schoolDays } from '../school/calendar.service.ts';
import { actorOfUser } from '../../lib/actor.ts';
import { access } from '../access/access.service.ts';
import * as school from '../school/school.service.ts';
import { applyPrayerThreshold } from './prayer.penalty.ts';
import * as repo from './prayer.repo.ts';

/** Students' dzuhur and ashar records by status (the student record's and the rapor's prayer part). */
export { prayerCountsOfStudents, studentPrayerCounts } from './student-summary.repo.ts';

const figures = (counts: PrayerCounts) => ({ counts, total: prayerTotal(counts), rate: congregationRate(counts) });

/** Groups aggregate rows by a key, summing their counts; keeps the first row of each key for its names. */
function groupCounts<K>(rows: repo.AggregateRow[], key: (r: repo.AggregateRow) => K) {
  const groups = new Map<K, { first: repo.AggregateRow; counts: PrayerCounts }>();
  for (const r of rows) {
    const k = key(r);
    const g = groups.get(k) ?? { first: r, counts: emptyPrayerCounts() };
    g.counts = addPrayerCounts(g.counts, { ...emptyPrayerCounts(), [r.status]: r.n });
    groups.set(k, g);
  }
  return [...groups.values()];
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/**
 * Dzuhur and ashar records. Decision (who records): every teacher of a unit (homeroom teacher, the duty teacher,
 * an ustadz who is an employee) may record any class of their unit on a school day; each record keeps who
 * recorded it and when, and every save is audited. Reading the recap is limited to a teacher's own classes.
 */
export function createPrayerService(db: Database) {
  async function classOf(user: AuthUser, classGroupId: number) {
    const cls = await repo.classById(db, classGroupId);
    if (!cls) throw notFound('Kelas');
    assertUnit(user, cls.unitId);
    return cls;
  }

  return {
    async classes(user: AuthUser, query: PrayerClassesQuery): Promise<PrayerClasses> {
      const unitId = unitScope(user, query.unitId);
      const own = new Set((await access.limitedTo(db, actorOfUser(user), 'read', 'class')) ?? []);
      const all = await repo.activeClasses(db, unitId);
      const classes = all.map((c) => ({ id: c.id, name: c.name, unitId: c.unitId, own: own.has(c.id) }));
      return { classes: [...classes.filter((c) => c.own), ...classes.filter((c) => !c.own)] };
    },

    async sheet(user: AuthUser, query: PrayerSheetQuery): Promise<PrayerSheet> {
      const cls = await classOf(user, query.classGroupId);
      await assertSchoolDay(db, cls.unitId, query.date);
      const members = await school.classMembersOn(db, cls.id, query.date);
      const records = new Map(
        (
          await repo.recordsOf(
            db,
            members.map((m) => m.studentId),
            query.date,
            query.prayer,
          )
        ).map((r) => [r.studentId, r]),
      );
      return {
        classGroupId: cls.id,
        className: cls.name,
        date: query.date,
        prayer: query.prayer,
        rows: members.map((m) => {
          const r = records.get(m.studentId);
          return {
            ...m,
            status: r?.status ?? null,
            reason: r?.reason ?? null,
            recordedBy: r?.recordedBy ?? null,
            recordedAt: r ? iso(r.recordedAt) : null,
          };
        }),
      };
    },

    /** Saves a class's prayer of a day in one transaction; adds discipline points where a threshold is crossed. */
    async save(user: AuthUser, input: PrayerSaveInput, actor: AuditActor): Promise<PrayerSaveResult> {
      if (input.date > clock.today()) throw badRequest('Tanggal belum tiba', { date: 'Tanggal belum tiba' });
      const seen = new Set<number>();
      for (const r of input.records) {
        if (seen.has(r.studentId))
          throw badRequest('Siswa tercantum dua kali', { records: 'Siswa tercantum dua kali' });
        seen.add(r.studentId);
      }
      return db.transaction(async (tx) => {
        const cls = await repo.classById(tx, input.classGroupId);
        if (!cls) throw notFound('Kelas');
        assertUnit(user, cls.unitId);
        await assertSchoolDay(tx, cls.unitId, input.date);
        const members = new Map((await school.classMembersOn(tx, cls.id, input.date)).map((m) => [m.studentId, m]));
        input.records.forEach((r) => {
          const member = members.get(r.studentId);
          if (!member) {
            throw badRequest('Siswa bukan anggota kelas ini pada tanggal tersebut', { records: 'Bukan anggota kelas' });
          }
          const problem = prayerRecordProblem(member.gender, r.status, r.reason);
          if (problem) throw badRequest(problem, { records: problem });
        });
        const ids = input.records.map((r) => r.studentId);
        await repo.lockStudents(tx, ids);
        const before = await repo.recordsOf(tx, ids, input.date, input.prayer);
        const now = clock.now();
        await repo.upsertRecords(
          tx,
          input.records.map((r) => ({
            unitId: cls.unitId,
            studentId: r.studentId,
            classGroupId: cls.id,
            date: input.date,
            prayer: input.prayer,
            status: r.status,
            reason: r.status === 'UDZUR' ? (r.reason ?? null) : null,
            recordedByUserId: user.id,
            recordedAt: now,
          })),
        );
        await audit(tx, actor, {
          action: 'prayer.record.save',
          entityType: 'class_group',
          entityId: cls.id,
          before: before.map((b) => ({ studentId: b.studentId, status: b.status, reason: b.reason })),
          after: { date: input.date, prayer: input.prayer, records: input.records },
        });

        const points: PrayerSaveResult['points'] = [];
        for (const r of input.records) {
          if (r.status !== 'TIDAK_SALAT') continue;
          const applied = await applyPrayerThreshold(tx, {
            unitId: cls.unitId,
            studentId: r.studentId,
            date: input.date,
            userId: user.id,
          });
          if (!applied) continue;
          await audit(tx, actor, {
            action: 'prayer.penalty.add',
            entityType: 'student',
            entityId: r.studentId,
            after: applied,
          });
          points.push({ studentId: r.studentId, name: members.get(r.studentId)!.name, points: applied.points });
        }
        return { saved: input.records.length, points };
      });
    },

    async recap(user: AuthUser, query: PrayerRecapQuery): Promise<PrayerRecap> {
      const unitId = unitScope(user, query.unitId);
      const classes = await access.reachableIds(db, actorOfUser(user), 'read', 'class');
      const { from, to } = monthOf(query.month);
      const rows = await repo.aggregate(db, {
        unitId,
        from,
        to,
        prayer: query.prayer,
        classes,
        classGroupId: query.classGroupId,
        gradeId: query.gradeId,
      });
      const needle = query.q?.toLowerCase();
      const students = groupCounts(rows, (r) => `${r.studentId}:${r.classGroupId}`)
        .map(({ first, counts }) => ({
          studentId: first.studentId,
          nis: first.nis,
          name: first.name,
          className: first.className,
          ...figures(counts),
        }))
        .filter(
          (s) => !needle || s.name.toLowerCase().includes(needle) || (s.nis ?? '').toLowerCase().includes(needle),
        );
      const total = students.reduce((sum, s) => addPrayerCounts(sum, s.counts), emptyPrayerCounts());
      const start = (query.page - 1) * query.pageSize;
      return {
        month: query.month,
        students: {
          items: students.slice(start, start + query.pageSize),
          total: students.length,
          page: query.page,
          pageSize: query.pageSize,
        },
        byClass: groupCounts(rows, (r) => r.classGroupId).map(({ first, counts }) => ({
          classGroupId: first.classGroupId,
          className: first.className,
          ...figures(counts),
        })),
        byGrade: groupCounts(rows, (r) => r.gradeId).map(({ first, counts }) => ({
          gradeId: first.gradeId,
          gradeName: first.gradeName,
          ...figures(counts),
        })),
        total: figures(total),
      };
    },

    async monitor(user: AuthUser, query: PrayerMonitorQuery): Promise<PrayerMonitor> {
      const unitId = unitScope(user, query.unitId);
      const date = query.date ?? clock.today();
      const classes = await repo.activeClasses(db, unitId);
      const sizes = await school.classMemberCounts(
        db,
        classes.map((c) => c.id),
        date,
      );
      const todayRows = await repo.perClassOn(db, unitId, query.prayer, date);
      const today = classes.map((c) => {
        const counts = todayRows
          .filter((r) => r.classGroupId === c.id)
          .reduce((sum, r) => addPrayerCounts(sum, { ...emptyPrayerCounts(), [r.status]: r.n }), emptyPrayerCounts());
        return {
          classGroupId: c.id,
          className: c.name,
          students: sizes.get(c.id) ?? 0,
          recorded: prayerTotal(counts),
          rate: congregationRate(counts),
        };
      });
      const from = `${date.slice(0, 7)}-01`;
      const rows = await repo.aggregate(db, { unitId, from, to: date, prayer: query.prayer });
      const month = groupCounts(rows, (r) => r.classGroupId).map(({ first, counts }) => ({
        classGroupId: first.classGroupId,
        className: first.className,
        ...figures(counts),
      }));
      const perDay = await repo.perDay(db, unitId, query.prayer, from, date);
      const days = (await schoolDays(db, unitId, from, date)).map((d) => {
        const counts = perDay
          .filter((r) => r.date === d)
          .reduce((sum, r) => addPrayerCounts(sum, { ...emptyPrayerCounts(), [r.status]: r.n }), emptyPrayerCounts());
        return { date: d, recorded: prayerTotal(counts), rate: congregationRate(counts) };
      });
      const absent = groupCounts(
        rows.filter((r) => r.status === 'TIDAK_SALAT'),
        (r) => r.studentId,
      )
        .map(({ first, counts }) => ({
          studentId: first.studentId,
          name: first.name,
          className: first.className,
          absences: counts.TIDAK_SALAT,
        }))
        .sort((a, b) => b.absences - a.absences || a.name.localeCompare(b.name))
        .slice(0, 10);
      return {
        date,
        prayer: query.prayer,
        schoolDay: await isSchoolDay(db, unitId, date),
        today,
        month,
        days,
        mostAbsent: absent,
      };
    },

    async rule(user: AuthUser, requested: number | undefined): Promise<PrayerRule> {
      const unitId = unitScope(user, requested);
      if (unitId === null) throw badRequest('Pilih unit', { unitId: 'Wajib dipilih' });
      const row = await repo.ruleOf(db, unitId);
      return row
        ? { unitId, threshold: row.threshold, points: row.points, isActive: row.isActive }
        : { unitId, threshold: 4, points: 5, isActive: false };
    },

    async saveRule(user: AuthUser, input: PrayerRuleInput, actor: AuditActor): Promise<PrayerRule> {
      const unitId = unitScope(user, input.unitId);
      if (unitId === null) throw badRequest('Pilih unit', { unitId: 'Wajib dipilih' });
      return db.transaction(async (tx) => {
        const before = await repo.ruleOf(tx, unitId);
        const row = await repo.saveRule(tx, {
          unitId,
          threshold: input.threshold,
          points: input.points,
          isActive: input.isActive,
        });
        await audit(tx, actor, {
          action: 'prayer.rule.update',
          entityType: 'unit',
          entityId: unitId,
          before,
          after: row,
        });
        return { unitId, threshold: row.threshold, points: row.points, isActive: row.isActive };
      });
    },

    async mine(user: AuthUser, requestedMonth: string | undefined): Promise<OwnPrayers> {
      if (!user.studentId) throw forbidden('Akun Anda belum terhubung ke data siswa');
      const month = requestedMonth ?? clock.today().slice(0, 7);
      const { from, to } = monthOf(month);
      const records = await repo.ownRecords(db, user.studentId, from, to);
      const counts = records.reduce(
        (sum, r) => addPrayerCounts(sum, { ...emptyPrayerCounts(), [r.status]: 1 }),
        emptyPrayerCounts(),
      );
      return { month, records, counts, rate: congregationRate(counts) };
    },
  };
}

export type PrayerService = ReturnType<typeof createPrayerService>;
