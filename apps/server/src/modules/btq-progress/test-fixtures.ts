import { and, eq, isNull } from 'drizzle-orm';
import {
  btqGroupMembers,
  btqGroups,
  btqLevels,
  btqMethods,
  btqStudentLevels,
  btqTeachers,
  students,
} from '../../db/schema/index.ts';
import type { AuthUser, Division } from '@mms/shared';
import type { Database } from '../../db/client.ts';

// Test-only, typed structurally so the build does not pull in the test harness.
interface Session {
  cookie: string;
  csrfToken: string;
  user: AuthUser;
}
interface TestContext {
  db: Database;
  as: (division: Division) => Promise<Session>;
  createUser: (v: { division: Division }) => Promise<{ id: number; username: string }>;
  signIn: (username: string) => Promise<Session>;
}

/** The clock of the BTQ progress tests: a Friday in November 2026. */
export const BTQ_TEST_NOW = '2026-11-20T10:00:00+07:00';
export const BTQ_TODAY = '2026-11-20';

/**
 * The rows BTQ progress needs, inserted directly (the set-up screens are another module's): a reading method with two
 * levels of 40 pages, a tahfidz method, three ustadz (A, B and coordinator C), a reading group of A with three
 * students (one the signed-in STUDENT) and a tahfidz group of B with one student.
 */
export async function btqFixture(ctx: TestContext) {
  const unitId = (await ctx.as('PRINCIPAL')).user.unit!.id;
  const teacher = async () => {
    const u = await ctx.createUser({ division: 'TEACHER' });
    return ctx.signIn(u.username);
  };
  const ustadzA = await teacher();
  const ustadzB = await teacher();
  const coordinator = await teacher();
  const outsider = await teacher();
  const principal = await ctx.as('PRINCIPAL');
  const student = await ctx.as('STUDENT');
  const yayasan = await ctx.as('YAYASAN');

  const [iqro] = await ctx.db.insert(btqMethods).values({ unitId, name: 'Iqro', kind: 'READING' }).returning();
  const [jilid1, jilid2] = await ctx.db
    .insert(btqLevels)
    .values([
      { methodId: iqro!.id, name: 'Jilid 1', sortOrder: 1, pages: 40 },
      { methodId: iqro!.id, name: 'Jilid 2', sortOrder: 2, pages: 40 },
    ])
    .returning();
  const [tahfidz] = await ctx.db.insert(btqMethods).values({ unitId, name: 'Tahfidz', kind: 'TAHFIDZ' }).returning();
  const [juz30] = await ctx.db
    .insert(btqLevels)
    .values({ methodId: tahfidz!.id, name: 'Juz 30', sortOrder: 1, pages: null })
    .returning();

  const ustadz = async (s: Session, name: string, isCoordinator = false) =>
    (
      await ctx.db
        .insert(btqTeachers)
        .values({ unitId, employeeId: s.user.employeeId, name, isCoordinator })
        .returning()
    )[0]!;
  const tA = await ustadz(ustadzA, 'Ustadz Ahmad');
  const tB = await ustadz(ustadzB, 'Ustadzah Bilqis');
  const tC = await ustadz(coordinator, 'Ustadz Coordinator', true);

  const group = async (name: string, teacherId: number, levelId: number) =>
    (
      await ctx.db
        .insert(btqGroups)
        .values({ unitId, schoolYear: '2026/2027', name, teacherId, levelId, days: [1, 3, 5] })
        .returning()
    )[0]!;
  const g1 = await group('Halaqah Iqro A', tA.id, jilid1!.id);
  const g2 = await group('Halaqah Tahfidz B', tB.id, juz30!.id);

  const newStudent = async (nis: string, name: string) =>
    (await ctx.db.insert(students).values({ unitId, nis, name }).returning())[0]!.id;
  const s1 = await newStudent('BTQ1', 'Aisyah');
  const s2 = await newStudent('BTQ2', 'Bagus');
  const s3 = await newStudent('BTQ3', 'Cahya');
  const me = student.user.studentId!;

  const place = async (studentId: number, groupId: number, levelId: number, fromDate = '2026-08-01') => {
    await ctx.db.insert(btqGroupMembers).values({ groupId, studentId, fromDate });
    await ctx.db.insert(btqStudentLevels).values({ studentId, levelId, fromDate, via: 'PLACEMENT' });
  };
  await place(s1, g1.id, jilid1!.id);
  await place(s2, g1.id, jilid1!.id);
  await place(me, g1.id, jilid1!.id);
  await place(s3, g2.id, juz30!.id);

  const openLevel = async (studentId: number) =>
    (
      await ctx.db
        .select()
        .from(btqStudentLevels)
        .where(and(eq(btqStudentLevels.studentId, studentId), isNull(btqStudentLevels.toDate)))
    ).map((r) => r.levelId);

  return {
    unitId,
    ustadzA,
    ustadzB,
    coordinator,
    outsider,
    principal,
    student,
    yayasan,
    levels: { jilid1: jilid1!, jilid2: jilid2!, juz30: juz30! },
    teachers: { tA, tB, tC },
    groups: { g1, g2 },
    students: { s1, s2, s3, me },
    openLevel,
  };
}
