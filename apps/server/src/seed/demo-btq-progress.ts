import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import { addDays, btqGradeOf } from '@mms/shared';
import type { Transaction } from '../db/client.ts';
import {
  btqGroupMembers,
  btqGroups,
  btqLevels,
  btqMethods,
  btqProgress,
  btqPromotions,
  btqStudentLevels,
  btqTeachers,
  employees,
  students,
} from '../db/schema/index.ts';

interface Options {
  unitId: number;
  schoolYear: string;
  today: string;
  /** the demo ustadz who enters progress and proposes (the TEACHER account) */
  ustadzUserId: number;
  /** another ustadz of the unit who records munaqosyah (the TEACHERCASHIER account) */
  testerUserId: number;
  demoStudentUserId: number;
}

async function employeeOfUser(tx: Transaction, userId: number) {
  const [row] = await tx
    .select({ id: employees.id, name: employees.name })
    .from(employees)
    .where(eq(employees.userId, userId));
  return row ?? null;
}

/** The ustadz row of a demo account's employee in the unit, made when the set-up seed has none. */
async function ensureUstadz(tx: Transaction, unitId: number, userId: number) {
  const employee = await employeeOfUser(tx, userId);
  if (!employee) return null;
  const [found] = await tx
    .select({ id: btqTeachers.id })
    .from(btqTeachers)
    .where(and(eq(btqTeachers.unitId, unitId), eq(btqTeachers.employeeId, employee.id)));
  if (found) return found.id;
  const [row] = await tx
    .insert(btqTeachers)
    .values({ unitId, employeeId: employee.id, name: employee.name })
    .returning({ id: btqTeachers.id });
  return row!.id;
}

const PROGRESS_GROUP = 'Halaqah Al-Ikhlas';

/**
 * The demo's BTQ progress (issue 16), after the set-up seed: a halaqah of the demo ustadz with eight students on a reading level, two weeks of entries, one student at the level's last
 * page ready to be proposed, and one promotion already tested by another ustadz waiting for the principal.
 * Returns early when the unit has no reading method with two levels.
 */
export async function seedDemoBtqProgress(tx: Transaction, o: Options): Promise<void> {
  const method = (
    await tx
      .select({ id: btqMethods.id })
      .from(btqMethods)
      .where(
        and(
          or(eq(btqMethods.unitId, o.unitId), isNull(btqMethods.unitId)),
          eq(btqMethods.kind, 'READING'),
          eq(btqMethods.isActive, true),
        ),
      )
      .orderBy(asc(btqMethods.id))
      .limit(1)
  )[0];
  if (!method) return;
  const levels = await tx
    .select()
    .from(btqLevels)
    .where(and(eq(btqLevels.methodId, method.id), eq(btqLevels.isActive, true)))
    .orderBy(asc(btqLevels.sortOrder));
  if (levels.length < 2 || levels[0]!.pages === null) return;
  const level = levels[0]!;
  const pages = level.pages!;

  const ustadzId = await ensureUstadz(tx, o.unitId, o.ustadzUserId);
  const testerId = await ensureUstadz(tx, o.unitId, o.testerUserId);
  if (ustadzId === null || testerId === null) return;

  // a halaqah of its own for the progress demo, beside the groups of the set-up seed
  let [group] = await tx
    .select({ id: btqGroups.id })
    .from(btqGroups)
    .where(and(eq(btqGroups.teacherId, ustadzId), eq(btqGroups.name, PROGRESS_GROUP), eq(btqGroups.isActive, true)))
    .limit(1);
  group ??= (
    await tx
      .insert(btqGroups)
      .values({
        unitId: o.unitId,
        schoolYear: o.schoolYear,
        name: PROGRESS_GROUP,
        teacherId: ustadzId,
        levelId: level.id,
        days: [1, 3, 5],
        startTime: '13:00',
        endTime: '14:00',
        place: 'Masjid sekolah',
      })
      .returning({ id: btqGroups.id })
  )[0]!;

  // members: the demo student (when in no group yet) and students without a group, up to eight
  const fromDate = addDays(o.today, -60);
  let memberIds = (
    await tx
      .select({ id: btqGroupMembers.studentId })
      .from(btqGroupMembers)
      .where(and(eq(btqGroupMembers.groupId, group.id), isNull(btqGroupMembers.toDate)))
  ).map((r) => r.id);
  if (!memberIds.length) {
    const grouped = (
      await tx.select({ id: btqGroupMembers.studentId }).from(btqGroupMembers).where(isNull(btqGroupMembers.toDate))
    ).map((r) => r.id);
    const candidates = await tx
      .select({ id: students.id, userId: students.userId })
      .from(students)
      .where(eq(students.unitId, o.unitId))
      .orderBy(asc(students.id))
      .limit(200);
    const free = candidates.filter((c) => !grouped.includes(c.id));
    const me = free.find((c) => c.userId === o.demoStudentUserId);
    memberIds = [...(me ? [me.id] : []), ...free.filter((c) => c !== me).map((c) => c.id)].slice(0, 8);
    if (!memberIds.length) return;
    await tx.insert(btqGroupMembers).values(memberIds.map((studentId) => ({ groupId: group.id, studentId, fromDate })));
  }
  const placed = (
    await tx
      .select({ studentId: btqStudentLevels.studentId, levelId: btqStudentLevels.levelId })
      .from(btqStudentLevels)
      .where(and(inArray(btqStudentLevels.studentId, memberIds), isNull(btqStudentLevels.toDate)))
  ).map((r) => r.studentId);
  const unplaced = memberIds.filter((id) => !placed.includes(id));
  if (unplaced.length) {
    await tx
      .insert(btqStudentLevels)
      .values(unplaced.map((studentId) => ({ studentId, levelId: level.id, fromDate, via: 'PLACEMENT' as const })));
  }
  const onLevel = (
    await tx
      .select({ studentId: btqStudentLevels.studentId })
      .from(btqStudentLevels)
      .where(
        and(
          inArray(btqStudentLevels.studentId, memberIds),
          eq(btqStudentLevels.levelId, level.id),
          isNull(btqStudentLevels.toDate),
        ),
      )
  ).map((r) => r.studentId);

  // two weeks of entries, every third day: each student reads a few pages a session
  const entries: (typeof btqProgress.$inferInsert)[] = [];
  onLevel.forEach((studentId, i) => {
    // the second student nears the end (the demo's "ajukan kenaikan"), the third reaches it (already proposed)
    let page = i === 1 ? pages - 14 : i === 2 ? pages - 11 : 1 + i * 2;
    for (let day = -15; day < 0; day += 3) {
      const to = Math.min(page + 2, pages - (i === 1 ? 1 : 0));
      if (to < page) break;
      const score = 65 + ((i * 7 + day * 3 + 60) % 33);
      entries.push({
        studentId,
        groupId: group.id,
        date: addDays(o.today, day),
        levelId: level.id,
        kind: 'READING',
        pageFrom: page,
        pageTo: to,
        score,
        grade: btqGradeOf(score),
        teacherId: ustadzId,
      });
      page = to + 1;
      if (page > pages) break;
    }
  });
  if (entries.length) await tx.insert(btqProgress).values(entries);

  const finished = onLevel[2];
  if (finished !== undefined) {
    await tx.insert(btqPromotions).values({
      unitId: o.unitId,
      studentId: finished,
      fromLevelId: level.id,
      toLevelId: levels[1]!.id,
      status: 'TESTED',
      proposedByTeacherId: ustadzId,
      testKind: 'MUNAQOSYAH',
      testerTeacherId: testerId,
      testResult: 'LULUS',
      testScore: 86,
      testNote: 'Makhraj dan tajwid baik',
      testedAt: new Date(`${addDays(o.today, -1)}T10:00:00+07:00`),
    });
  }
}
