import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Division } from '@mms/shared';
import {
  academicYears,
  classGroups,
  employees,
  grades,
  subjects,
  teachingAssignments,
  timetableSlots,
  units,
  users,
} from '../../db/schema/index.ts';
import { seesAllUnits, seesOnlyOwnClasses, unitScope } from '../../lib/scope.ts';
import { assertClassAccess } from '../attendance/class-access.ts';
import { prepareSaveDailyRegister } from '../attendance/attendance.repo.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createStructureService } from './structure.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('which classes a user may act on: one rule, every path', () => {
  it('gives the same decision in the row check, the class list scope and the register-save SQL', async () => {
    const db = ctx.db;
    const smp = (await ctx.as('WAKAKUR')).user.unit!.id;
    const [sd] = await db.insert(units).values({ code: 'SD', name: 'SD Uji' }).returning();
    await db.update(academicYears).set({ isActive: false });
    const [year] = await db
      .insert(academicYears)
      .values({ name: '2030/2031', startDate: '2030-07-13', endDate: '2031-06-20', isActive: true })
      .returning();
    const [g7] = await db.insert(grades).values({ unitId: smp, level: 7, name: 'Kelas 7' }).returning();
    const [g1] = await db.insert(grades).values({ unitId: sd!.id, level: 1, name: 'Kelas 1' }).returning();
    const [subject] = await db.insert(subjects).values({ unitId: smp, code: 'IPA', name: 'IPA' }).returning();

    const person = async (division: Division, unitId = smp) => {
      const u = await ctx.createUser({ division });
      await db.update(users).set({ unitId }).where(eq(users.id, u.id));
      await db.update(employees).set({ unitId }).where(eq(employees.userId, u.id));
      return (await ctx.signIn(u.username)).user;
    };
    const people = {
      subjectTeacher: await person('TEACHER'),
      homeroomTeacher: await person('TEACHER'),
      slotOnlyTeacher: await person('TEACHER'),
      otherClassTeacher: await person('TEACHER'),
      principal: await person('PRINCIPAL'),
      otherUnitPrincipal: await person('PRINCIPAL', sd!.id),
      wakakur: await person('WAKAKUR'),
      admin: await person('ADMIN'),
      yayasan: await person('YAYASAN'),
      student: await person('STUDENT'),
    };
    const cls = async (name: string, unitId: number, gradeId: number, homeroomEmployeeId: number | null) => {
      const [row] = await db
        .insert(classGroups)
        .values({ unitId, academicYearId: year!.id, gradeId, name, homeroomEmployeeId })
        .returning();
      return row!;
    };
    const x = await cls('7X', smp, g7!.id, people.homeroomTeacher.employeeId!);
    const y = await cls('7Y', smp, g7!.id, people.otherClassTeacher.employeeId!);
    const z = await cls('1Z', sd!.id, g1!.id, null);
    await db.insert(teachingAssignments).values({
      employeeId: people.subjectTeacher.employeeId!,
      subjectId: subject!.id,
      classGroupId: x.id,
      academicYearId: year!.id,
      semester: 'GANJIL',
      hoursPerWeek: 2,
    });
    await db.insert(timetableSlots).values({
      unitId: smp,
      academicYearId: year!.id,
      semester: 'GANJIL',
      classGroupId: x.id,
      day: 1,
      period: 1,
      subjectId: subject!.id,
      employeeId: people.slotOnlyTeacher.employeeId!,
    });

    const structure = createStructureService(db);
    const save = prepareSaveDailyRegister(db);
    const decisions: Record<string, Record<string, boolean>> = {};
    for (const [who, user] of Object.entries(people)) {
      for (const c of [x, y, z]) {
        const rowCheck = await assertClassAccess(db, user, c).then(
          () => true,
          () => false,
        );
        // The student and enrolment lists: unit scope plus the visible classes.
        const scope = unitScope(user, undefined);
        const visible = await structure.visibleClassIds(user);
        const listScope = (scope === null || scope === c.unitId) && (visible === null || visible.includes(c.id));
        // The register save decides inside its one statement (no entries: only the guard matters).
        const allUnits = seesAllUnits(user);
        const saved = await save({
          classGroupId: c.id,
          date: '2030-07-15',
          allUnits,
          unitId: user.unit?.id ?? null,
          ownClassesOnly: !allUnits && seesOnlyOwnClasses(user),
          employeeId: user.employeeId ?? null,
          entries: [],
          recordedByUserId: user.id,
          actor: { userId: user.id, username: user.username, ip: '127.0.0.1', requestId: 'class-access-test' },
        });
        expect({ who, cls: c.name, listScope, sql: saved.ok }).toEqual({
          who,
          cls: c.name,
          listScope: rowCheck,
          sql: rowCheck,
        });
        (decisions[who] ??= {})[c.name] = rowCheck;
      }
    }
    // Students are kept out by their permissions (routes), not by this row rule.
    expect(decisions).toEqual({
      subjectTeacher: { '7X': true, '7Y': false, '1Z': false },
      homeroomTeacher: { '7X': true, '7Y': false, '1Z': false },
      slotOnlyTeacher: { '7X': true, '7Y': false, '1Z': false },
      otherClassTeacher: { '7X': false, '7Y': true, '1Z': false },
      principal: { '7X': true, '7Y': true, '1Z': false },
      otherUnitPrincipal: { '7X': false, '7Y': false, '1Z': true },
      wakakur: { '7X': true, '7Y': true, '1Z': false },
      admin: { '7X': true, '7Y': true, '1Z': true },
      yayasan: { '7X': true, '7Y': true, '1Z': true },
      student: { '7X': true, '7Y': true, '1Z': false },
    });
  });
});
