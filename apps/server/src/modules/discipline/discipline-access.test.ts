import { beforeAll, describe, expect, it } from 'vitest';
import { achievements, sanctions, violationRules, violations } from '../../db/schema/index.ts';
import { syncReadCache } from '../../lib/read-cache.ts';
import { access, type AccessKind } from '../access/access.service.ts';
import {
  CLASS_OR_STUDENT_READ,
  NONE,
  UNIT_BUT_STUDENT_OWN,
  matrixTables,
  ok,
  useMatrixFixture,
  type ExpectedTables,
  type Row,
  type Who,
} from '../access/test-fixtures.ts';

/**
 * The row-access matrix of discipline's kinds (issue 38, part 1), on the fixture of access/test-fixtures.ts. The
 * rows, one per student of the fixture (7X, 7Y, the other unit's 1Z): violations, all verified, the own one
 * reported by TEACHER and the others by BPBK; achievements; sanctions, the other class's supervised by
 * TEACHERCASHIER; the point ledger is the student's.
 */

/** discipline.manage (BPBK, PRINCIPAL, ADMIN) by unit; a token without it nothing */
const DECIDERS: Record<Who, Row> = {
  ...NONE,
  PRINCIPAL: [ok, ok, 403],
  BPBK: [ok, ok, 403],
  ADMIN: [ok, ok, ok],
};

const EXPECTED: ExpectedTables = {
  violation: {
    // a student their own verified violations, a teacher what they reported, everyone else the unit's
    read: {
      ...UNIT_BUT_STUDENT_OWN,
      TEACHER: [ok, 403, 403],
      TEACHERCASHIER: [403, 403, 403],
      TEACHER_TOKEN: [ok, 403, 403],
    },
    // the reporter, or discipline.manage by unit
    change: { ...DECIDERS, TEACHER: [ok, 403, 403], TEACHER_TOKEN: [ok, 403, 403] },
    decide: DECIDERS,
  },
  // a student only their own; everyone else the unit's
  achievement: {
    read: UNIT_BUT_STUDENT_OWN,
    // counselling.manage (BPBK, ADMIN) by unit
    change: { ...NONE, BPBK: [ok, ok, 403], ADMIN: [ok, ok, ok] },
  },
  sanction: {
    // the route keeps students out (permissions); a teacher their classes' students' and what they supervise
    read: { ...CLASS_OR_STUDENT_READ, TEACHERCASHIER: [ok, ok, 403] },
    decide: DECIDERS,
  },
  // a teacher the students of a class they teach or lead, everyone else the unit's
  pointLedger: { read: CLASS_OR_STUDENT_READ },
};

const fx = useMatrixFixture();
const rows = {} as Record<AccessKind, readonly [number, number, number]>;

beforeAll(async () => {
  const db = fx.ctx.db;
  const [x, y, z] = fx.students;
  const units = [fx.smp, fx.smp, fx.sd] as const;
  const [smpRule, sdRule] = await db
    .insert(violationRules)
    .values([
      { unitId: fx.smp, code: 'P1', name: 'Terlambat', category: 'RINGAN', points: 5 },
      { unitId: fx.sd, code: 'P1', name: 'Terlambat', category: 'RINGAN', points: 5 },
    ])
    .returning();
  const teacher = fx.signedIn.get('TEACHER')!;
  const bpbk = fx.signedIn.get('BPBK')!;
  const ids = (list: { id: number }[]) => list.map((r) => r.id) as unknown as readonly [number, number, number];
  const students = [x, y, z];
  rows.violation = ids(
    await db
      .insert(violations)
      .values(
        students.map((studentId, i) => ({
          unitId: units[i]!,
          studentId,
          ruleId: i === 2 ? sdRule!.id : smpRule!.id,
          occurredOn: '2030-08-03',
          points: 5,
          schoolYear: fx.schoolYear,
          status: 'VERIFIED' as const,
          reporterUserId: i === 0 ? teacher.id : bpbk.id,
        })),
      )
      .returning({ id: violations.id }),
  );
  rows.achievement = ids(
    await db
      .insert(achievements)
      .values(
        students.map((studentId, i) => ({
          unitId: units[i]!,
          studentId,
          date: '2030-08-03',
          title: 'Lomba',
          field: 'AKADEMIK' as const,
          level: 'SEKOLAH' as const,
          rank: 'Juara 1',
          schoolYear: fx.schoolYear,
        })),
      )
      .returning({ id: achievements.id }),
  );
  rows.sanction = ids(
    await db
      .insert(sanctions)
      .values(
        students.map((studentId, i) => ({
          unitId: units[i]!,
          studentId,
          schoolYear: fx.schoolYear,
          kind: 'TEGURAN',
          title: 'Teguran',
          balance: 50,
          supervisorEmployeeId: i === 1 ? fx.signedIn.get('TEACHERCASHIER')!.employeeId : null,
        })),
      )
      .returning({ id: sanctions.id }),
  );
  rows.pointLedger = fx.students;
  await syncReadCache(db);
});

describe("the row-access matrix of discipline's kinds: every action x every division x own, other class, other unit", () => {
  matrixTables(fx, EXPECTED, (kind) => rows[kind]);

  it('runs a list on the requested unit the unit rule allows, else the own unit, every unit for YAYASAN', async () => {
    const scope = async (who: Who, unitId?: number) => {
      try {
        return await access.scopeUnit(fx.ctx.db, fx.actors.get(who)!, unitId);
      } catch (err) {
        return (err as { statusCode: number }).statusCode;
      }
    };
    expect([await scope('BPBK'), await scope('BPBK', fx.smp), await scope('BPBK', fx.sd)]).toEqual([
      fx.smp,
      fx.smp,
      403,
    ]);
    expect([await scope('YAYASAN'), await scope('YAYASAN', fx.sd), await scope('YAYASAN', 2_000_000_000)]).toEqual([
      null,
      fx.sd,
      404,
    ]);
    expect([await scope('ADMIN_SMP_TOKEN'), await scope('ADMIN_SMP_TOKEN', fx.sd)]).toEqual([fx.smp, 403]);
  });
});
