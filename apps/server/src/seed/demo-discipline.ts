import { and, asc, eq, isNull } from 'drizzle-orm';
import { addDays, schoolYearOf, type AchievementLevel, type SanctionKind } from '@mms/shared';
import type { Transaction } from '../db/client.ts';
import {
  achievements,
  classGroups,
  disciplineSettings,
  disciplineThresholds,
  enrollments,
  students,
  violationRules,
  violations,
} from '../db/schema/index.ts';
import { addLedgerLine } from '../modules/discipline/ledger.ts';

/** The school's tata tertib: code, name, category and points (the same catalogue in both units). */
const RULES: [code: string, name: string, category: 'RINGAN' | 'SEDANG' | 'BERAT', points: number][] = [
  ['R01', 'Terlambat masuk sekolah', 'RINGAN', 5],
  ['R02', 'Seragam kurang lengkap', 'RINGAN', 10],
  ['R03', 'Meninggalkan sholat berjamaah', 'RINGAN', 10],
  ['R04', 'Rambut panjang / kurang rapi (putra)', 'RINGAN', 10],
  ['R05', 'Membuang sampah sembarangan', 'RINGAN', 5],
  ['S01', 'Membolos / meninggalkan kelas tanpa izin', 'SEDANG', 20],
  ['S02', 'Membawa HP tanpa izin', 'SEDANG', 25],
  ['S03', 'Berkata kasar / kurang sopan kepada guru', 'SEDANG', 30],
  ['S04', 'Meninggalkan asrama tanpa izin', 'SEDANG', 30],
  ['B01', 'Merokok', 'BERAT', 50],
  ['B02', 'Berkelahi', 'BERAT', 100],
  ['B03', 'Merusak fasilitas sekolah dengan sengaja', 'BERAT', 75],
  ['B04', 'Perundungan (bullying)', 'BERAT', 100],
];

const THRESHOLDS: Record<string, [points: number, kind: SanctionKind, title: string][]> = {
  SMP: [
    [50, 'PANGGILAN_1', 'Surat panggilan orang tua I'],
    [100, 'PANGGILAN_2', 'Surat panggilan orang tua II'],
    [150, 'PANGGILAN_3', 'Surat panggilan orang tua III'],
    [200, 'DIKEMBALIKAN', 'Dikembalikan kepada orang tua'],
  ],
  SD: [
    [30, 'SP1', 'Surat peringatan 1'],
    [60, 'SP2', 'Surat peringatan 2'],
    [90, 'SP3', 'Surat peringatan 3'],
  ],
};

const POINTS_BY_LEVEL: Record<AchievementLevel, number> = {
  SEKOLAH: 5,
  KECAMATAN: 10,
  KABUPATEN: 15,
  PROVINSI: 20,
  NASIONAL: 25,
  INTERNASIONAL: 30,
};

/**
 * The discipline demo (issue 14): the catalogue and thresholds of both units, achievements offsetting points in
 * SMP, and in SMP 7A a few reports: the demo student's verified lateness and one waiting report, a classmate who
 * crossed the first threshold (a proposal waiting for BPBK), a rejected report and an achievement. Dates follow
 * the seeded school year, never after `today`.
 */
export async function seedDemoDiscipline(
  tx: Transaction,
  v: {
    units: { id: number; code: string }[];
    year: { startDate: string };
    today: string;
    demoStudentUserId: number;
    reporterUserId: number;
    verifierUserId: number;
  },
) {
  const ruleIds = new Map<string, Map<string, { id: number; points: number }>>();
  for (const unit of v.units) {
    const rows = await tx
      .insert(violationRules)
      .values(RULES.map(([code, name, category, points]) => ({ unitId: unit.id, code, name, category, points })))
      .returning({ id: violationRules.id, code: violationRules.code, points: violationRules.points });
    ruleIds.set(unit.code, new Map(rows.map((r) => [r.code, r])));
    await tx
      .insert(disciplineThresholds)
      .values((THRESHOLDS[unit.code] ?? []).map(([points, kind, title]) => ({ unitId: unit.id, points, kind, title })));
    await tx.insert(disciplineSettings).values({
      unitId: unit.id,
      achievementsOffset: unit.code === 'SMP',
      pointsByLevel: POINTS_BY_LEVEL,
    });
  }

  const smp = v.units.find((u) => u.code === 'SMP');
  if (!smp) return;
  const rules = ruleIds.get('SMP')!;
  const [demo] = await tx.select({ id: students.id }).from(students).where(eq(students.userId, v.demoStudentUserId));
  if (!demo) return;
  const demoStudentId = demo.id;
  const [cls] = await tx
    .select({ id: classGroups.id })
    .from(enrollments)
    .innerJoin(classGroups, eq(classGroups.id, enrollments.classGroupId))
    .where(and(eq(enrollments.studentId, demoStudentId), isNull(enrollments.endedAt)));
  const mates = await tx
    .select({ id: students.id })
    .from(enrollments)
    .innerJoin(students, eq(students.id, enrollments.studentId))
    .where(and(eq(enrollments.classGroupId, cls!.id), isNull(enrollments.endedAt)))
    .orderBy(asc(students.id));
  const others = mates.filter((m) => m.id !== demoStudentId);
  const day = (n: number) => {
    const d = addDays(v.year.startDate, n);
    return d > v.today ? v.today : d;
  };
  const schoolYear = (date: string) => schoolYearOf(date).tapel;

  async function violation(
    studentId: number,
    code: string,
    date: string,
    status: 'REPORTED' | 'VERIFIED' | 'REJECTED',
    extra: { place?: string; notes?: string; rejectReason?: string } = {},
  ) {
    const rule = rules.get(code)!;
    const [row] = await tx
      .insert(violations)
      .values({
        unitId: smp!.id,
        studentId,
        ruleId: rule.id,
        occurredOn: date,
        occurredTime: '07:10',
        place: extra.place ?? 'Gerbang sekolah',
        notes: extra.notes ?? null,
        status,
        points: rule.points,
        schoolYear: schoolYear(date),
        reporterUserId: v.reporterUserId,
        decidedByUserId: status === 'REPORTED' ? null : v.verifierUserId,
        decidedAt: status === 'REPORTED' ? null : new Date(`${date}T10:00:00+07:00`),
        rejectReason: extra.rejectReason ?? null,
      })
      .returning({ id: violations.id });
    if (status === 'VERIFIED') {
      await addLedgerLine(tx, {
        unitId: smp!.id,
        studentId,
        date,
        source: 'violation',
        points: rule.points,
        refId: row!.id,
        note: code,
        createdByUserId: v.verifierUserId,
      });
    }
  }

  await violation(demoStudentId, 'R01', day(20), 'VERIFIED');
  await violation(demoStudentId, 'R02', day(34), 'VERIFIED', { place: 'Lapangan upacara' });
  await violation(demoStudentId, 'R01', day(48), 'REPORTED');
  if (others[0]) {
    // a classmate whose third verified report crossed 50 points: a proposal waits for BPBK
    await violation(others[0].id, 'S01', day(15), 'VERIFIED', {
      place: 'Kantin',
      notes: 'Meninggalkan kelas saat jam pelajaran',
    });
    await violation(others[0].id, 'S02', day(29), 'VERIFIED', { place: 'Kelas 7A' });
    await violation(others[0].id, 'R01', day(43), 'VERIFIED');
  }
  if (others[1]) {
    await violation(others[1].id, 'R02', day(22), 'REJECTED', {
      rejectReason: 'Hari itu jadwal seragam olahraga',
    });
    await violation(others[1].id, 'R05', day(40), 'REPORTED', { place: 'Taman sekolah' });
  }

  const date = day(38);
  const [ach] = await tx
    .insert(achievements)
    .values({
      unitId: smp.id,
      studentId: demoStudentId,
      date,
      title: 'Musabaqah Tilawatil Quran tingkat kabupaten',
      field: 'KEAGAMAAN',
      level: 'KABUPATEN',
      rank: 'Juara 2',
      organiser: 'Kementerian Agama Kabupaten Bogor',
      schoolYear: schoolYear(date),
      recordedByUserId: v.verifierUserId,
    })
    .returning({ id: achievements.id });
  await addLedgerLine(tx, {
    unitId: smp.id,
    studentId: demoStudentId,
    date,
    source: 'achievement',
    points: -POINTS_BY_LEVEL.KABUPATEN,
    refId: ach!.id,
    note: 'Musabaqah Tilawatil Quran tingkat kabupaten (Juara 2)',
    createdByUserId: v.verifierUserId,
  });
}
