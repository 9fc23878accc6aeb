import { and, asc, eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import {
  users,
  btqGradeCutoffs,
  btqGroupMembers,
  btqGroups,
  btqLevels,
  btqMethods,
  btqPresence,
  btqSessions,
  btqStudentLevels,
  btqTeachers,
  employees,
  students,
} from '../db/schema/index.ts';
import { addDays, DEFAULT_BTQ_CUTOFFS } from '@mms/shared';
import { schoolDays } from '../modules/school/calendar.service.ts';

/** Foundation-wide methods: Ummi, Iqro and Tahfidz (juz 30 down to juz 1). */
const METHODS: { name: string; kind: 'READING' | 'TAHFIDZ'; levels: [name: string, pages: number | null][] }[] = [
  {
    name: 'Ummi',
    kind: 'READING',
    levels: [
      ['Pra-Ummi', 20],
      ...Array.from({ length: 6 }, (_, i) => [`Jilid ${i + 1}`, 40] as [string, number]),
      ['Ghorib', 40],
      ['Tajwid Dasar', 40],
      ['Al-Quran', null],
    ],
  },
  {
    name: 'Iqro',
    kind: 'READING',
    levels: Array.from({ length: 6 }, (_, i) => [`Jilid ${i + 1}`, 32] as [string, number]),
  },
  {
    name: 'Tahfidz',
    kind: 'TAHFIDZ',
    levels: Array.from({ length: 30 }, (_, i) => [`Juz ${30 - i}`, null] as [string, null]),
  },
];

const STATUSES = ['HADIR', 'HADIR', 'HADIR', 'HADIR', 'HADIR', 'HADIR', 'HADIR', 'IZIN', 'SAKIT', 'ALPA'] as const;

/**
 * The BTQ set-up demo (issue 16): the three foundation methods, default cut-offs per unit, ustadz (in SMP the
 * demo TEACHER account "teacher" and the TEACHERCASHIER as coordinator, plus an outside ustadzah with her own
 * TEACHER account "ustadzah"; in SD two of its
 * teachers), groups of the active year with members and placed levels since the start of the year, and the last
 * two weeks of presence of each group. A part of each unit's students stays without a group and a level, for the
 * screens to fill.
 */
export async function seedDemoBtq(
  tx: Transaction,
  v: {
    units: { id: number; code: string }[];
    year: { tapel: string; startDate: string };
    today: string;
    teacherUserId: number;
    coordinatorUserId: number;
    /** the hash of the demo password, for the outside ustadzah's own account "ustadzah" */
    outsideUstadzPasswordHash?: string;
  },
) {
  const levelIds = new Map<string, number[]>();
  for (const m of METHODS) {
    const [method] = await tx.insert(btqMethods).values({ unitId: null, name: m.name, kind: m.kind }).returning();
    const rows = await tx
      .insert(btqLevels)
      .values(m.levels.map(([name, pages], i) => ({ methodId: method!.id, name, pages, sortOrder: i + 1 })))
      .returning({ id: btqLevels.id });
    levelIds.set(
      m.name,
      rows.map((r) => r.id),
    );
  }
  const ummi = levelIds.get('Ummi')!;
  const iqro = levelIds.get('Iqro')!;

  const employeeOfUser = async (userId: number) =>
    (
      await tx.select({ id: employees.id, name: employees.name }).from(employees).where(eq(employees.userId, userId))
    )[0]!;

  for (const unit of v.units) {
    await tx.insert(btqGradeCutoffs).values(
      Object.entries(DEFAULT_BTQ_CUTOFFS).map(([grade, minScore]) => ({
        unitId: unit.id,
        grade: grade as 'MUMTAZ',
        minScore,
      })),
    );

    const teacherRows: {
      employeeId: number | null;
      userId?: number | null;
      name: string;
      isCoordinator: boolean;
      phone?: string;
    }[] = [];
    if (unit.code === 'SMP') {
      for (const [userId, isCoordinator] of [
        [v.teacherUserId, false],
        [v.coordinatorUserId, true],
      ] as const) {
        const e = await employeeOfUser(userId);
        teacherRows.push({ employeeId: e.id, name: e.name, isCoordinator });
      }
      // the outside ustadzah (no employee) signs in with the account the principal made for her: "ustadzah"
      const [own] = v.outsideUstadzPasswordHash
        ? await tx
            .insert(users)
            .values({
              username: 'ustadzah',
              displayName: 'Ustadzah Fatimah Az-Zahra, S.Q.',
              passwordHash: v.outsideUstadzPasswordHash,
              division: 'TEACHER',
              unitId: unit.id,
            })
            .returning({ id: users.id })
        : [];
      teacherRows.push({
        employeeId: null,
        userId: own?.id ?? null,
        name: 'Ustadzah Fatimah Az-Zahra, S.Q.',
        isCoordinator: false,
        phone: '0812-1111-2222',
      });
    } else {
      const staff = await tx
        .select({ id: employees.id, name: employees.name })
        .from(employees)
        .where(and(eq(employees.unitId, unit.id), eq(employees.isActive, true)))
        .orderBy(asc(employees.id))
        .limit(2);
      staff.forEach((e, i) => teacherRows.push({ employeeId: e.id, name: e.name, isCoordinator: i === 0 }));
    }
    const teachers = await tx
      .insert(btqTeachers)
      .values(teacherRows.map((t) => ({ unitId: unit.id, ...t })))
      .returning({ id: btqTeachers.id });

    const pupils = await tx
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.unitId, unit.id), eq(students.status, 'ACTIVE')))
      .orderBy(asc(students.id))
      .limit(teachers.length * 8);
    const levels = unit.code === 'SMP' ? ummi : iqro;
    const names =
      unit.code === 'SMP'
        ? ['Halaqah Al-Fatih', 'Halaqah An-Nur', 'Halaqah Ar-Rahman']
        : ['Kelompok Iqro A', 'Kelompok Iqro B'];
    const groups = await tx
      .insert(btqGroups)
      .values(
        teachers.map((t, i) => ({
          unitId: unit.id,
          schoolYear: v.year.tapel,
          name: names[i] ?? `Kelompok ${i + 1}`,
          teacherId: t.id,
          levelId: levels[Math.min(i * 2 + 1, levels.length - 1)]!,
          days: [1, 2, 3, 4, 5],
          startTime: '07:00',
          endTime: '07:45',
          place: i === 0 ? 'Masjid' : `Ruang ${i + 1}`,
        })),
      )
      .returning({ id: btqGroups.id, levelId: btqGroups.levelId, teacherId: btqGroups.teacherId });

    // six members per group from the first students; the rest of the unit stays ungrouped and unplaced
    const members: { groupId: number; studentId: number }[] = [];
    groups.forEach((g, gi) => {
      for (const s of pupils.slice(gi * 6, gi * 6 + 6)) members.push({ groupId: g.id, studentId: s.id });
    });
    if (members.length === 0) continue;
    await tx.insert(btqGroupMembers).values(members.map((m) => ({ ...m, fromDate: v.year.startDate })));
    await tx.insert(btqStudentLevels).values(
      members.map((m) => ({
        studentId: m.studentId,
        levelId: groups.find((g) => g.id === m.groupId)!.levelId!,
        fromDate: v.year.startDate,
        via: 'PLACEMENT' as const,
      })),
    );

    // presence of the last two weeks' school days (never after today)
    const from = addDays(v.today, -14) < v.year.startDate ? v.year.startDate : addDays(v.today, -14);
    const days = await schoolDays(tx, unit.id, from, addDays(v.today, -1));
    let k = 0;
    for (const g of groups) {
      const ids = members.filter((m) => m.groupId === g.id).map((m) => m.studentId);
      for (const date of days) {
        const [session] = await tx
          .insert(btqSessions)
          .values({ groupId: g.id, date, teacherId: g.teacherId })
          .returning({ id: btqSessions.id });
        await tx
          .insert(btqPresence)
          .values(
            ids.map((studentId) => ({ sessionId: session!.id, studentId, status: STATUSES[k++ % STATUSES.length]! })),
          );
      }
    }
  }
}
