import { afterAll, beforeAll, expect, it } from 'vitest';
import { DIVISIONS, type AuthUser, type Division } from '@mms/shared';
import {
  academicYears,
  classGroups,
  enrollments,
  grades,
  students,
  subjects,
  teachingAssignments,
  units,
} from '../../db/schema/index.ts';
import { toActor, type Actor } from '../../lib/actor.ts';
import { syncReadCache } from '../../lib/read-cache.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { access, type AccessAction, type AccessKind } from './access.service.ts';

/**
 * The row-access matrix's fixture and harness (issue 38, part 1), shared by every kind's matrix file: every kind
 * and action x every demo division x an own row, a row of another class and a row of another unit, plus an API
 * token narrowed by scopes and one bound to a unit. Each cell is what `access.require` answers, and
 * `access.filter` (the list queries' condition, through `access.list`) must agree with it.
 *
 * The school, all in unit SMP but the "other unit" rows (SD): TEACHER leads class 7X as homeroom teacher;
 * TEACHERCASHIER teaches IPA in 7X; the STUDENT is the student of 7X. The other class is 7Y (its student), the
 * other unit's are 1Z and its student. A kind's matrix file adds its own three rows in its own `beforeAll`.
 */

export const ROLES = DIVISIONS;
/** TEACHER with an API token of two scopes; ADMIN with a token bound to unit SMP and scoped to reading. */
export type Who = (typeof ROLES)[number] | 'TEACHER_TOKEN' | 'ADMIN_SMP_TOKEN';

export type Cell = 'ok' | 403 | 404;
/** own row, a row of another class of the unit, a row of another unit */
export type Row = readonly [own: Cell, otherClass: Cell, otherUnit: Cell];

export const ok = 'ok';
/** the unit's rows, a student only their own class's (the class's timetable, a grade's material) */
export const UNIT_BUT_STUDENT_OWN: Record<Who, Row> = {
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
export const CLASS_OR_STUDENT_READ: Record<Who, Row> = {
  ...UNIT_BUT_STUDENT_OWN,
  // the route keeps students out (permissions); the row rule gives a student's division the unit
  STUDENT: [ok, ok, 403],
  TEACHER: [ok, 403, 403],
  TEACHERCASHIER: [ok, 403, 403],
  TEACHER_TOKEN: [ok, 403, 403],
};

/** every caller refused */
export const NONE = Object.fromEntries(
  Object.keys(UNIT_BUT_STUDENT_OWN).map((who): [string, Row] => [who, [403, 403, 403]]),
) as Record<Who, Row>;
export const LEADS = {
  TEACHERCASHIER: [ok, ok, 403],
  WAKAKUR: [ok, ok, 403],
  TU: [ok, ok, 403],
  ADMIN: [ok, ok, ok],
} satisfies Partial<Record<Who, Row>>;

/** What a kind's matrix file gets: the actors, and the school its rows hang off (filled in by `beforeAll`). */
export type MatrixFixture = {
  ctx: TestContext;
  actors: Map<Who, Actor>;
  signedIn: Map<Division, AuthUser>;
  /** the demo users' unit (SMP) and the other unit (SD) */
  smp: number;
  sd: number;
  yearId: number;
  schoolYear: string;
  grade7: number;
  grade8: number;
  grade1: number;
  /** IPA of SMP (TEACHERCASHIER teaches it in 7X) and of SD */
  subject: number;
  sdSubject: number;
  /** 7X (TEACHER's homeroom), 7Y, 1Z */
  classes: readonly [number, number, number];
  /** the STUDENT (of 7X), a student of 7Y, of 1Z */
  students: readonly [number, number, number];
};

/** Registers the fixture's `beforeAll`/`afterAll`; the object is filled in before the file's own hooks run. */
export function useMatrixFixture(): MatrixFixture {
  const fx = { actors: new Map(), signedIn: new Map() } as MatrixFixture;
  beforeAll(async () => {
    fx.ctx = await createTestContext();
    const db = fx.ctx.db;
    for (const role of ROLES) fx.signedIn.set(role, (await fx.ctx.as(role)).user);
    for (const [role, user] of fx.signedIn) fx.actors.set(role, toActor(user));
    const smp = fx.signedIn.get('ADMIN')!.unit!;
    fx.actors.set(
      'TEACHER_TOKEN',
      toActor(fx.signedIn.get('TEACHER')!, { scopes: ['school.student.read', 'btq.read'], unit: null }),
    );
    fx.actors.set(
      'ADMIN_SMP_TOKEN',
      toActor(fx.signedIn.get('ADMIN')!, { scopes: ['school.student.read', 'btq.read'], unit: smp }),
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
    const teacher = fx.signedIn.get('TEACHER')!;
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
      employeeId: fx.signedIn.get('TEACHERCASHIER')!.employeeId!,
      subjectId: subject!.id,
      classGroupId: x,
      academicYearId: year!.id,
      semester: 'GANJIL',
      hoursPerWeek: 2,
    });

    const sx = fx.signedIn.get('STUDENT')!.studentId!;
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
    Object.assign(fx, {
      smp: smp.id,
      sd: sd!.id,
      yearId: year!.id,
      schoolYear: '2030/2031',
      grade7: g7!.id,
      grade8: g8!.id,
      grade1: g1!.id,
      subject: subject!.id,
      sdSubject: sdSubject!.id,
      classes: [x, y, z],
      students: [sx, sy!.id, sz!.id],
    });
    await syncReadCache(db);
  });
  afterAll(() => fx.ctx?.close());
  return fx;
}

/** One cell: what `access.require` answers the actor for the row. */
export async function decide<K extends AccessKind>(
  fx: MatrixFixture,
  actor: Actor,
  action: AccessAction<K>,
  kind: K,
  id: number,
): Promise<Cell> {
  try {
    await access.require(fx.ctx.db, actor, action, kind, id);
    return ok;
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 403 || status === 404) return status;
    throw err;
  }
}

export type ExpectedTables = { [K in AccessKind]?: Partial<Record<AccessAction<K>, Record<Who, Row>>> };

/**
 * One test per kind.action: every actor x the kind's three rows (own, other class, other unit) must give the
 * expected table through `require`, and the list filter must reach exactly the rows `require` allows.
 * `rowsOf(kind)` is read when the test runs (after the file's `beforeAll` made the rows).
 */
export function matrixTables(
  fx: MatrixFixture,
  expected: ExpectedTables,
  rowsOf: (kind: AccessKind) => readonly [number, number, number],
): void {
  for (const kind of Object.keys(expected) as AccessKind[]) {
    const tables = expected[kind] as Record<string, Record<Who, Row>>;
    for (const action of Object.keys(tables)) {
      it(`${kind}.${action}: require and the list filter give the table's answer`, async () => {
        const got: Record<string, Row> = {};
        const act = action as AccessAction<typeof kind>;
        for (const [who, actor] of fx.actors) {
          const cells = [] as Cell[];
          const listed = await access.list(fx.ctx.db, actor, act, kind);
          for (const id of rowsOf(kind)) {
            const cell = await decide(fx, actor, act, kind, id);
            // the list query's filter reaches exactly the rows the single-row check allows
            expect({ who, id, listed: listed.has(id) }).toEqual({ who, id, listed: cell === ok });
            cells.push(cell);
          }
          got[who] = cells as unknown as Row;
        }
        expect(got).toEqual(tables[action]);
      });
    }
  }
}
