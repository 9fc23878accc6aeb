import { beforeAll, describe, expect, it } from 'vitest';
import { effectivePermissions, type PermissionTable } from '@mms/shared';
import {
  assessments,
  btqGroups,
  btqTeachers,
  permissionOverrides,
  questions,
  subjectMaterials,
} from '../../db/schema/index.ts';
import { toActor, type Actor } from '../../lib/actor.ts';
import { syncReadCache } from '../../lib/read-cache.ts';
import type { AccessAction, AccessKind } from './access.service.ts';
import { access } from './access.service.ts';
import {
  CLASS_OR_STUDENT_READ,
  LEADS,
  NONE,
  type Cell,
  UNIT_BUT_STUDENT_OWN,
  decide,
  matrixTables,
  ok,
  useMatrixFixture,
  type Row,
  type Who,
} from './test-fixtures.ts';

/**
 * The row-access matrix of the school's kinds (issue 38, part 1); the fixture and harness are in
 * `test-fixtures.ts`, other kinds' matrices beside their rules (e.g. `admission/applicant-access.test.ts`). Here,
 * besides the fixture's school: TEACHER teaches halaqah GX; the other class's halaqah GY has another ustadz, the
 * other unit's is GZ.
 */

// the actions of a kind whose matrix lives beside its rule (material.manage, question.change) are not listed here
const EXPECTED: { [K in AccessKind]?: Partial<Record<AccessAction<K>, Record<Who, Row>>> } = {
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
    // the finance counter (a student's bills and credit, a payment for them): the unit's students, no class limit
    counter: { ...UNIT_BUT_STUDENT_OWN, STUDENT: [ok, ok, 403] },
    // a student's own receipts and charges: only the student the account is; anyone else's is "not found"
    self: {
      ...(Object.fromEntries(Object.keys(NONE).map((who): [string, Row] => [who, [404, 404, 404]])) as Record<
        Who,
        Row
      >),
      STUDENT: [ok, 404, 404],
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

const fx = useMatrixFixture();
const rows = {} as Record<AccessKind, readonly [number, number, number]>;

beforeAll(async () => {
  const db = fx.ctx.db;
  const teacher = fx.signedIn.get('TEACHER')!;
  const material = async (subjectId: number, gradeId: number) =>
    (
      await db
        .insert(subjectMaterials)
        .values({ subjectId, gradeId, semester: 'GANJIL', title: 'Materi' })
        .returning({ id: subjectMaterials.id })
    )[0]!.id;
  const [ustadz, other, sdUstadz] = await db
    .insert(btqTeachers)
    .values([
      { unitId: fx.smp, employeeId: teacher.employeeId, name: 'Ustadz guru' },
      { unitId: fx.smp, name: 'Ustadz lain' },
      { unitId: fx.sd, name: 'Ustadz SD' },
    ])
    .returning();
  const [gx, gy, gz] = await db
    .insert(btqGroups)
    .values([
      { unitId: fx.smp, schoolYear: fx.schoolYear, name: 'GX', teacherId: ustadz!.id },
      { unitId: fx.smp, schoolYear: fx.schoolYear, name: 'GY', teacherId: other!.id },
      { unitId: fx.sd, schoolYear: fx.schoolYear, name: 'GZ', teacherId: sdUstadz!.id },
    ])
    .returning();

  rows.unit = [fx.smp, fx.smp, fx.sd];
  rows.class = fx.classes;
  rows.student = fx.students;
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
    await assessment(fx.smp, fx.subject, fx.grade7, teacher.employeeId),
    await assessment(fx.smp, fx.subject, fx.grade8, null),
    await assessment(fx.sd, fx.sdSubject, fx.grade1, null),
  ];
  rows.question = [
    await question(fx.smp, fx.subject, fx.grade7),
    await question(fx.smp, fx.subject, fx.grade8),
    await question(fx.sd, fx.sdSubject, fx.grade1),
  ];
  rows.material = [
    await material(fx.subject, fx.grade7),
    await material(fx.subject, fx.grade8),
    await material(fx.sdSubject, fx.grade1),
  ];
  await syncReadCache(db);
});

describe('the row-access matrix: every kind and action x every division x own, other class, other unit', () => {
  matrixTables(fx, EXPECTED, (kind) => rows[kind]);

  it('refuses an id that does not exist with 404, whoever asks', async () => {
    for (const [who, actor] of fx.actors) {
      expect({ who, cell: await decide(fx, actor, 'read', 'class', 2_000_000_000) }).toEqual({ who, cell: 404 });
    }
  });

  it('checks every id of a batch: one out of reach refuses the whole call', async () => {
    const teacher = fx.actors.get('TEACHER')!;
    const [x, y] = rows.class;
    await expect(access.require(fx.ctx.db, teacher, 'read', 'class', [x])).resolves.toEqual([
      { id: x, unitId: rows.unit[0], label: '7X' },
    ]);
    await expect(access.require(fx.ctx.db, teacher, 'read', 'class', [x, y])).rejects.toMatchObject({
      statusCode: 403,
      message: 'Anda tidak mengajar atau menjadi wali kelas 7Y',
    });
    expect([...(await access.allowed(fx.ctx.db, teacher, 'read', 'class', [x, y]))]).toEqual([x]);
  });

  it('limitedTo: the classes the rule limits a teacher to, null for who sees the unit', async () => {
    const [x, y, z] = rows.class;
    for (const who of ['TEACHER', 'TEACHERCASHIER', 'TEACHER_TOKEN'] as const) {
      const ids = await access.limitedTo(fx.ctx.db, fx.actors.get(who)!, 'read', 'class');
      expect({ who, x: ids?.includes(x), y: ids?.includes(y), z: ids?.includes(z) }).toEqual({
        who,
        x: true,
        y: false,
        z: false,
      });
    }
    for (const who of ['STUDENT', 'PRINCIPAL', 'WAKAKUR', 'YAYASAN', 'ADMIN', 'ADMIN_SMP_TOKEN'] as const) {
      expect({ who, ids: await access.limitedTo(fx.ctx.db, fx.actors.get(who)!, 'read', 'class') }).toEqual({
        who,
        ids: null,
      });
    }
  });

  it('runs with the table as the ADMIN changed it: a grant and a withdrawal move the cells, undone they are back', async () => {
    const admin = await fx.ctx.as('ADMIN');
    const put = (body: object) => fx.ctx.call(admin, 'PUT', '/api/v1/permissions/overrides', body);
    // the actor the access hook builds: the code's table with the override rows of its division and unit
    const actorOf = async (who: 'TEACHERCASHIER' | 'PRINCIPAL') => {
      const user = fx.signedIn.get(who)!;
      const changes = await fx.ctx.db.select().from(permissionOverrides);
      return { ...toActor(user), granted: effectivePermissions(user.division, user.unit?.id ?? null, changes) };
    };
    const cells = async (actor: Actor) => {
      const got: Cell[] = [];
      for (const id of rows.student) got.push(await decide(fx, actor, 'readCounselling', 'student', id));
      return got;
    };
    expect(await cells(await actorOf('TEACHERCASHIER'))).toEqual([403, 403, 403]);
    expect(await cells(await actorOf('PRINCIPAL'))).toEqual([ok, ok, 403]);

    // counselling.read granted to TEACHERCASHIER: the unit's students; withdrawn from PRINCIPAL: none
    expect(
      (await put({ division: 'TEACHERCASHIER', unitId: null, permission: 'counselling.read', granted: true }))
        .statusCode,
    ).toBe(200);
    expect(
      (await put({ division: 'PRINCIPAL', unitId: null, permission: 'counselling.read', granted: false })).statusCode,
    ).toBe(200);
    expect(await cells(await actorOf('TEACHERCASHIER'))).toEqual([ok, ok, 403]);
    expect(await cells(await actorOf('PRINCIPAL'))).toEqual([403, 403, 403]);

    // withdrawn overrides: the code's table again
    for (const o of (await fx.ctx.call(admin, 'GET', '/api/v1/permissions')).json<PermissionTable>().overrides) {
      expect((await fx.ctx.call(admin, 'DELETE', `/api/v1/permissions/overrides/${o.id}`)).statusCode).toBe(200);
    }
    expect(await cells(await actorOf('TEACHERCASHIER'))).toEqual([403, 403, 403]);
    expect(await cells(await actorOf('PRINCIPAL'))).toEqual([ok, ok, 403]);
  });
});
