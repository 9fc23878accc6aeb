import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIVISIONS, type AuthUser, type Division } from '@mms/shared';
import {
  academicYears,
  assessments,
  btqGroups,
  btqTeachers,
  classGroups,
  enrollments,
  grades,
  questions,
  students,
  subjectMaterials,
  subjects,
  teachingAssignments,
  units,
} from '../../db/schema/index.ts';
import { toActor, type Actor } from '../../lib/actor.ts';
import { syncReadCache } from '../../lib/read-cache.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { access, type AccessAction, type AccessKind } from './access.service.ts';

/**
 * The row-access matrix (issue 38, part 1): every kind and action x every demo division x an own row, a row of
 * another class and a row of another unit, plus an API token narrowed by scopes and one bound to a unit. Each
 * cell is what `access.require` answers, and `access.filter` (the list queries' condition) must agree with it.
 *
 * The fixture, all in unit SMP but the "other unit" rows (SD): TEACHER leads class 7X as homeroom teacher and
 * teaches halaqah GX; TEACHERCASHIER teaches a subject in 7X; the STUDENT is the student of 7X. The other class is
 * 7Y (its student, halaqah GY of another ustadz), the other unit's are 1Z, its student and halaqah GZ.
 */

const ROLES = DIVISIONS;
/** TEACHER with an API token of two scopes; ADMIN with a token bound to unit SMP and scoped to reading. */
type Who = (typeof ROLES)[number] | 'TEACHER_TOKEN' | 'ADMIN_SMP_TOKEN';

type Cell = 'ok' | 403 | 404;
/** own row, a row of another class of the unit, a row of another unit */
type Row = readonly [own: Cell, otherClass: Cell, otherUnit: Cell];

const ok = 'ok';
/** the unit's rows, a student only their own class's (the class's timetable, a grade's material) */
const UNIT_BUT_STUDENT_OWN: Record<Who, Row> = {
  STUDENT: [ok, 403, 403],
  TEACHER: [ok, ok, 403],
  TEACHERCASHIER: [ok, ok, 403],
  PRINCIPAL: [ok, ok, 403],
  WAKAKUR: [ok, ok, 403],
  YAYASAN: [ok, ok, ok],
  BPBK: [ok, ok, 403],
  TU: [ok, ok, 403],
  ADMIN: [ok, ok, ok],
  TEACHER_TOKEN: [ok, ok, 403],
  ADMIN_SMP_TOKEN: [ok, ok, 403],
};

/** the unit's rows, a teacher only their own class's */
const CLASS_OR_STUDENT_READ: Record<Who, Row> = {
  ...UNIT_BUT_STUDENT_OWN,
  // the route keeps students out (permissions); the row rule gives a student's division the unit
  STUDENT: [ok, ok, 403],
  TEACHER: [ok, 403, 403],
  TEACHERCASHIER: [ok, 403, 403],
  TEACHER_TOKEN: [ok, 403, 403],
};

/** every caller refused */
const NONE = Object.fromEntries(
  Object.keys(UNIT_BUT_STUDENT_OWN).map((who): [string, Row] => [who, [403, 403, 403]]),
) as Record<Who, Row>;
const LEADS = {
  TEACHERCASHIER: [ok, ok, 403],
  WAKAKUR: [ok, ok, 403],
  TU: [ok, ok, 403],
  ADMIN: [ok, ok, ok],
} satisfies Partial<Record<Who, Row>>;

const EXPECTED: { [K in AccessKind]: Record<AccessAction<K>, Record<Who, Row>> } = {
  // a unit has no "other class": the middle case is the own unit again
  unit: { read: { ...UNIT_BUT_STUDENT_OWN, STUDENT: [ok, ok, 403] } },
  class: {
    read: CLASS_OR_STUDENT_READ,
    // a class's timetable: the unit's classes, a student only their own
    readSchedule: UNIT_BUT_STUDENT_OWN,
    // a lesson's journal (its own teacher and substitute are let in by the journal service): the class read, a
    // student only their own class of the active year
    readJournal: { ...CLASS_OR_STUDENT_READ, STUDENT: [ok, 403, 403] },
  },
  student: {
    read: CLASS_OR_STUDENT_READ,
    // the pesantren record: a teacher only their homeroom class's students; out of reach is "not found"
    readRecord: {
      STUDENT: [ok, ok, 404],
      TEACHER: [ok, 404, 404],
      TEACHERCASHIER: [404, 404, 404],
      PRINCIPAL: [ok, ok, 404],
      WAKAKUR: [ok, ok, 404],
      YAYASAN: [ok, ok, ok],
      BPBK: [ok, ok, 404],
      TU: [ok, ok, 404],
      ADMIN: [ok, ok, ok],
      TEACHER_TOKEN: [ok, 404, 404],
      ADMIN_SMP_TOKEN: [ok, ok, 404],
    },
    // that a counselling case exists: counselling.read (BPBK, PRINCIPAL, ADMIN) by unit, anyone else only as the
    // homeroom teacher; a token without counselling.read is the homeroom reach even for ADMIN
    readCounselling: {
      STUDENT: [403, 403, 403],
      TEACHER: [ok, 403, 403],
      TEACHERCASHIER: [403, 403, 403],
      PRINCIPAL: [ok, ok, 403],
      WAKAKUR: [403, 403, 403],
      YAYASAN: [403, 403, 403],
      BPBK: [ok, ok, 403],
      TU: [403, 403, 403],
      ADMIN: [ok, ok, ok],
      TEACHER_TOKEN: [ok, 403, 403],
      ADMIN_SMP_TOKEN: [403, 403, 403],
    },
  },
  // btq.manage (PRINCIPAL, ADMIN) and YAYASAN see the unit's groups; an ustadz their own; a token without
  // btq.manage is an ustadz's reach even for ADMIN
  btqGroup: {
    read: {
      STUDENT: [403, 403, 403],
      TEACHER: [ok, 403, 403],
      TEACHERCASHIER: [403, 403, 403],
      PRINCIPAL: [ok, ok, 403],
      WAKAKUR: [403, 403, 403],
      YAYASAN: [ok, ok, ok],
      BPBK: [403, 403, 403],
      TU: [403, 403, 403],
      ADMIN: [ok, ok, ok],
      TEACHER_TOKEN: [ok, 403, 403],
      ADMIN_SMP_TOKEN: [403, 403, 403],
    },
  },
  // a grade's material: the unit's, a student only their own class's grade ("other class": grade 8 of the unit)
  material: { read: UNIT_BUT_STUDENT_OWN },
  // who leads the unit's assessments (check, schedule, control: TEACHERCASHIER, WAKAKUR, TU, ADMIN) reads the
  // unit's; a teacher what they wrote (the own row is TEACHER's), taught or was shared; a token without those
  // permissions only what its employee wrote
  assessment: { read: { ...NONE, TEACHER: [ok, 403, 403], TEACHER_TOKEN: [ok, 403, 403], ...LEADS } },
  // who controls the unit's assessments (TEACHERCASHIER, WAKAKUR, ADMIN) reads the unit's questions, anyone else
  // only a subject and grade they teach (TEACHER teaches none)
  question: { read: { ...NONE, ...LEADS, TU: [403, 403, 403] } },
};

let ctx: TestContext;
const actors = new Map<Who, Actor>();
const rows = {} as Record<AccessKind, readonly [number, number, number]>;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  const signedIn = new Map<Division, AuthUser>();
  for (const role of ROLES) signedIn.set(role, (await ctx.as(role)).user);
  for (const [role, user] of signedIn) actors.set(role, toActor(user));
  const smp = signedIn.get('ADMIN')!.unit!;
  actors.set(
    'TEACHER_TOKEN',
    toActor(signedIn.get('TEACHER')!, { scopes: ['school.student.read', 'btq.read'], unit: null }),
  );
  actors.set(
    'ADMIN_SMP_TOKEN',
    toActor(signedIn.get('ADMIN')!, { scopes: ['school.student.read', 'btq.read'], unit: smp }),
  );

  const [sd] = await db.insert(units).values({ code: 'SD', name: 'SD Uji' }).returning();
  await db.update(academicYears).set({ isActive: false });
  const [year] = await db
    .insert(academicYears)
    .values({ name: '2030/2031', startDate: '2030-07-13', endDate: '2031-06-20', isActive: true })
    .returning();
  const [g7] = await db.insert(grades).values({ unitId: smp.id, level: 7, name: 'Kelas 7' }).returning();
  const [g8] = await db.insert(grades).values({ unitId: smp.id, level: 8, name: 'Kelas 8' }).returning();
  const [g1] = await db.insert(grades).values({ unitId: sd!.id, level: 1, name: 'Kelas 1' }).returning();
  const [subject] = await db.insert(subjects).values({ unitId: smp.id, code: 'IPA', name: 'IPA' }).returning();
  const [sdSubject] = await db.insert(subjects).values({ unitId: sd!.id, code: 'IPA', name: 'IPA' }).returning();
  const material = async (subjectId: number, gradeId: number) =>
    (
      await db
        .insert(subjectMaterials)
        .values({ subjectId, gradeId, semester: 'GANJIL', title: 'Materi' })
        .returning({ id: subjectMaterials.id })
    )[0]!.id;
  const teacher = signedIn.get('TEACHER')!;
  const cls = async (name: string, unitId: number, gradeId: number, homeroomEmployeeId: number | null) =>
    (
      await db
        .insert(classGroups)
        .values({ unitId, academicYearId: year!.id, gradeId, name, homeroomEmployeeId })
        .returning()
    )[0]!.id;
  const x = await cls('7X', smp.id, g7!.id, teacher.employeeId);
  const y = await cls('7Y', smp.id, g7!.id, null);
  const z = await cls('1Z', sd!.id, g1!.id, null);
  await db.insert(teachingAssignments).values({
    employeeId: signedIn.get('TEACHERCASHIER')!.employeeId!,
    subjectId: subject!.id,
    classGroupId: x,
    academicYearId: year!.id,
    semester: 'GANJIL',
    hoursPerWeek: 2,
  });

  const sx = signedIn.get('STUDENT')!.studentId!;
  const [sy, sz] = await db
    .insert(students)
    .values([
      { unitId: smp.id, nis: 'M-Y', name: 'Siswa 7Y' },
      { unitId: sd!.id, nis: 'M-Z', name: 'Siswa 1Z' },
    ])
    .returning();
  await db.insert(enrollments).values([
    { studentId: sx, classGroupId: x, academicYearId: year!.id },
    { studentId: sy!.id, classGroupId: y, academicYearId: year!.id },
    { studentId: sz!.id, classGroupId: z, academicYearId: year!.id },
  ]);

  const [ustadz, other, sdUstadz] = await db
    .insert(btqTeachers)
    .values([
      { unitId: smp.id, employeeId: teacher.employeeId, name: 'Ustadz guru' },
      { unitId: smp.id, name: 'Ustadz lain' },
      { unitId: sd!.id, name: 'Ustadz SD' },
    ])
    .returning();
  const [gx, gy, gz] = await db
    .insert(btqGroups)
    .values([
      { unitId: smp.id, schoolYear: '2030/2031', name: 'GX', teacherId: ustadz!.id },
      { unitId: smp.id, schoolYear: '2030/2031', name: 'GY', teacherId: other!.id },
      { unitId: sd!.id, schoolYear: '2030/2031', name: 'GZ', teacherId: sdUstadz!.id },
    ])
    .returning();

  rows.unit = [smp.id, smp.id, sd!.id];
  rows.class = [x, y, z];
  rows.student = [sx, sy!.id, sz!.id];
  rows.btqGroup = [gx!.id, gy!.id, gz!.id];
  const assessment = async (unitId: number, subjectId: number, gradeId: number, authorEmployeeId: number | null) =>
    (
      await db
        .insert(assessments)
        .values({ unitId, kind: 'TASK', title: 'Tugas', subjectId, gradeId, authorEmployeeId })
        .returning({ id: assessments.id })
    )[0]!.id;
  const question = async (unitId: number, subjectId: number, gradeId: number) =>
    (await db.insert(questions).values({ unitId, subjectId, gradeId }).returning({ id: questions.id }))[0]!.id;
  // the own assessment: written by TEACHER, of IPA grade 7 that TEACHERCASHIER teaches
  rows.assessment = [
    await assessment(smp.id, subject!.id, g7!.id, teacher.employeeId),
    await assessment(smp.id, subject!.id, g8!.id, null),
    await assessment(sd!.id, sdSubject!.id, g1!.id, null),
  ];
  rows.question = [
    await question(smp.id, subject!.id, g7!.id),
    await question(smp.id, subject!.id, g8!.id),
    await question(sd!.id, sdSubject!.id, g1!.id),
  ];
  rows.material = [
    await material(subject!.id, g7!.id),
    await material(subject!.id, g8!.id),
    await material(sdSubject!.id, g1!.id),
  ];
  await syncReadCache(db);
});
afterAll(() => ctx.close());

async function decide<K extends AccessKind>(actor: Actor, action: AccessAction<K>, kind: K, id: number): Promise<Cell> {
  try {
    await access.require(ctx.db, actor, action, kind, id);
    return ok;
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 403 || status === 404) return status;
    throw err;
  }
}

describe('the row-access matrix: every kind and action x every division x own, other class, other unit', () => {
  for (const kind of Object.keys(EXPECTED) as AccessKind[]) {
    for (const action of Object.keys(EXPECTED[kind]) as AccessAction<typeof kind>[]) {
      it(`${kind}.${action}: require and the list filter give the table's answer`, async () => {
        const expected = (EXPECTED[kind] as Record<string, Record<Who, Row>>)[action]!;
        const got: Record<string, Row> = {};
        for (const [who, actor] of actors) {
          const cells = [] as Cell[];
          const listed = await access.list(ctx.db, actor, action, kind);
          for (const id of rows[kind]) {
            const cell = await decide(actor, action, kind, id);
            // the list query's filter reaches exactly the rows the single-row check allows
            expect({ who, id, listed: listed.has(id) }).toEqual({ who, id, listed: cell === ok });
            cells.push(cell);
          }
          got[who] = cells as unknown as Row;
        }
        expect(got).toEqual(expected);
      });
    }
  }

  it('refuses an id that does not exist with 404, whoever asks', async () => {
    for (const [who, actor] of actors) {
      expect({ who, cell: await decide(actor, 'read', 'class', 2_000_000_000) }).toEqual({ who, cell: 404 });
    }
  });

  it('checks every id of a batch: one out of reach refuses the whole call', async () => {
    const teacher = actors.get('TEACHER')!;
    const [x, y] = rows.class;
    await expect(access.require(ctx.db, teacher, 'read', 'class', [x])).resolves.toEqual([
      { id: x, unitId: rows.unit[0], label: '7X' },
    ]);
    await expect(access.require(ctx.db, teacher, 'read', 'class', [x, y])).rejects.toMatchObject({
      statusCode: 403,
      message: 'Anda tidak mengajar atau menjadi wali kelas 7Y',
    });
    expect([...(await access.allowed(ctx.db, teacher, 'read', 'class', [x, y]))]).toEqual([x]);
  });
});
