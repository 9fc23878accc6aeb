import {
  academicPeriodOfDate,
  type AcademicYearInput,
  type AuthUser,
  type BellScheduleInput,
  type ClassGroupInput,
  type ClassGroupsQuery,
  type ClassGroupUpdate,
  type GradeInput,
  type SchoolPageQuery,
  type SubjectInput,
  type SubjectUpdate,
  type UnitInput,
  type UnitUpdate,
} from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { assertUnit, unitScope } from '../../lib/scope.ts';
import { guarded } from '../../lib/db-errors.ts';
import { actorOfUser } from '../../lib/actor.ts';
import { access } from '../access/access.service.ts';
import * as repo from './structure.repo.ts';
import { clock } from '../../lib/clock.ts';
import { requireUnit } from './unit-access.ts';

export function createStructureService(db: Database) {
  // ---------- units ----------

  const listUnits = (user: AuthUser, q: SchoolPageQuery) => repo.listUnits(db, unitScope(user, q.unitId), q);

  async function getUnit(user: AuthUser, id: number) {
    const unit = await repo.findUnit(db, id);
    if (!unit) throw notFound('Unit');
    await requireUnit(db, user, unit.id);
    return unit;
  }

  async function createUnit(input: UnitInput, actor: AuditActor) {
    const same = await repo.findUnitByCode(db, input.code);
    if (same)
      throw conflict(`Kode unit ${input.code} sudah dipakai oleh ${same.name}`, {
        code: 'Sudah dipakai',
      });
    return guarded(() =>
      db.transaction(async (tx) => {
        const unit = await repo.insertUnit(tx, input);
        await audit(tx, actor, { action: 'school.unit.create', entityType: 'unit', entityId: unit.id, after: unit });
        return unit;
      }),
    );
  }

  async function updateUnit(id: number, input: UnitUpdate, actor: AuditActor) {
    const before = await repo.findUnit(db, id);
    if (!before) throw notFound('Unit');
    if (input.code && input.code !== before.code) {
      const same = await repo.findUnitByCode(db, input.code);
      if (same)
        throw conflict(`Kode unit ${input.code} sudah dipakai oleh ${same.name}`, {
          code: 'Sudah dipakai',
        });
    }
    return guarded(() =>
      db.transaction(async (tx) => {
        const after = await repo.updateUnit(tx, id, input);
        await audit(tx, actor, { action: 'school.unit.update', entityType: 'unit', entityId: id, before, after });
        return after;
      }),
    );
  }

  async function getBellSchedule(user: AuthUser, unitId: number) {
    await getUnit(user, unitId);
    return { unitId, periods: await repo.listBellPeriods(db, unitId) };
  }

  async function setBellSchedule(user: AuthUser, unitId: number, input: BellScheduleInput, actor: AuditActor) {
    await getUnit(user, unitId);
    return db.transaction(async (tx) => {
      const before = await repo.listBellPeriods(tx, unitId);
      await repo.replaceBellPeriods(tx, unitId, input.periods);
      await audit(tx, actor, {
        action: 'school.unit.bell.update',
        entityType: 'unit',
        entityId: unitId,
        before,
        after: input.periods,
      });
      return { unitId, periods: await repo.listBellPeriods(tx, unitId) };
    });
  }

  // ---------- academic years ----------

  const listYears = (q: SchoolPageQuery) => repo.listYears(db, q);

  async function getYear(id: number) {
    const year = await repo.findYear(db, id);
    if (!year) throw notFound('Tahun pelajaran');
    return year;
  }

  /** The active year, or failing that the one today falls in by the July rule. */
  async function currentYear(exec: Executor = db) {
    const active = await repo.findActiveYear(exec);
    if (active) return active;
    return repo.findYearByName(exec, academicPeriodOfDate(clock.today()).tapel);
  }

  async function createYear(input: AcademicYearInput, actor: AuditActor) {
    const same = await repo.findYearByName(db, input.name);
    if (same) throw conflict(`Tahun pelajaran ${input.name} sudah ada`, { name: 'Sudah ada' });
    return guarded(() =>
      db.transaction(async (tx) => {
        if (input.isActive) await repo.deactivateYears(tx);
        const year = await repo.insertYear(tx, input);
        await audit(tx, actor, {
          action: 'school.year.create',
          entityType: 'academic_year',
          entityId: year.id,
          after: year,
        });
        return year;
      }),
    );
  }

  async function updateYear(id: number, input: Partial<AcademicYearInput>, actor: AuditActor) {
    const before = await getYear(id);
    const merged = { ...before, ...input };
    if (merged.startDate >= merged.endDate) {
      throw badRequest('Tanggal tidak valid', { endDate: 'Tanggal selesai harus setelah tanggal mulai' });
    }
    if (input.name && input.name !== before.name) {
      const same = await repo.findYearByName(db, input.name);
      if (same) throw conflict(`Tahun pelajaran ${input.name} sudah ada`, { name: 'Sudah ada' });
    }
    return guarded(() =>
      db.transaction(async (tx) => {
        if (input.isActive && !before.isActive) await repo.deactivateYears(tx);
        const after = await repo.updateYear(tx, id, input);
        await audit(tx, actor, {
          action: 'school.year.update',
          entityType: 'academic_year',
          entityId: id,
          before,
          after,
        });
        return after;
      }),
    );
  }

  const activateYear = (id: number, actor: AuditActor) => updateYear(id, { isActive: true }, actor);

  // ---------- grades ----------

  const listGrades = (user: AuthUser, q: SchoolPageQuery) => repo.listGrades(db, unitScope(user, q.unitId), q);

  async function getGrade(user: AuthUser, id: number) {
    const grade = await repo.findGrade(db, id);
    if (!grade) throw notFound('Tingkat');
    await requireUnit(db, user, grade.unitId);
    return grade;
  }

  async function createGrade(user: AuthUser, input: GradeInput, actor: AuditActor) {
    assertUnit(user, input.unitId);
    if (!(await repo.findUnit(db, input.unitId)))
      throw badRequest('Unit tidak ada', { unitId: 'Unit tidak ditemukan' });
    const same = await repo.findGradeByLevel(db, input.unitId, input.level);
    if (same) throw conflict(`Tingkat ${input.level} sudah ada: ${same.name}`, { level: 'Sudah ada' });
    return guarded(() =>
      db.transaction(async (tx) => {
        const grade = await repo.insertGrade(tx, input);
        await audit(tx, actor, {
          action: 'school.grade.create',
          entityType: 'grade',
          entityId: grade.id,
          after: grade,
        });
        return grade;
      }),
    );
  }

  async function updateGrade(
    user: AuthUser,
    id: number,
    input: Partial<Omit<GradeInput, 'unitId'>>,
    actor: AuditActor,
  ) {
    const before = await getGrade(user, id);
    if (input.level !== undefined && input.level !== before.level) {
      const same = await repo.findGradeByLevel(db, before.unitId, input.level);
      if (same) throw conflict(`Tingkat ${input.level} sudah ada: ${same.name}`, { level: 'Sudah ada' });
    }
    return guarded(() =>
      db.transaction(async (tx) => {
        const after = await repo.updateGrade(tx, id, input);
        await audit(tx, actor, { action: 'school.grade.update', entityType: 'grade', entityId: id, before, after });
        return after;
      }),
    );
  }

  async function deleteGrade(user: AuthUser, id: number, actor: AuditActor) {
    const before = await getGrade(user, id);
    if (await repo.gradeHasClasses(db, id)) throw conflict(`Tingkat ${before.name} masih dipakai oleh kelas`);
    await guarded(
      () =>
        db.transaction(async (tx) => {
          await repo.deleteGrade(tx, id);
          await audit(tx, actor, { action: 'school.grade.delete', entityType: 'grade', entityId: id, before });
        }),
      { inUse: `Tingkat ${before.name} masih dipakai` },
    );
  }

  // ---------- class groups ----------

  async function listClasses(user: AuthUser, q: ClassGroupsQuery) {
    const unitId = unitScope(user, q.unitId);
    return repo.listClasses(db, unitId, q);
  }

  async function getClass(user: AuthUser, id: number) {
    const cls = await repo.findClass(db, id);
    if (!cls) throw notFound('Kelas');
    await requireUnit(db, user, cls.unitId);
    return cls;
  }

  async function assertClassNameFree(unitId: number, yearId: number, name: string, exceptId?: number) {
    const same = await repo.findClassByName(db, unitId, yearId, name);
    if (same && same.id !== exceptId) {
      throw conflict(`Kelas ${name} sudah ada pada tahun pelajaran ini`, { name: 'Sudah ada' });
    }
  }

  async function createClass(user: AuthUser, input: ClassGroupInput, actor: AuditActor) {
    const grade = await repo.findGrade(db, input.gradeId);
    if (!grade) throw badRequest('Tingkat tidak ada', { gradeId: 'Tingkat tidak ditemukan' });
    await requireUnit(db, user, grade.unitId);
    if (!(await repo.findYear(db, input.academicYearId))) {
      throw badRequest('Tahun pelajaran tidak ada', { academicYearId: 'Tahun pelajaran tidak ditemukan' });
    }
    await assertClassNameFree(grade.unitId, input.academicYearId, input.name);
    const id = await guarded(
      () =>
        db.transaction(async (tx) => {
          const id = await repo.insertClass(tx, { ...input, unitId: grade.unitId });
          await audit(tx, actor, {
            action: 'school.class.create',
            entityType: 'class_group',
            entityId: id,
            after: input,
          });
          return id;
        }),
      { unique: `Kelas ${input.name} sudah ada pada tahun pelajaran ini` },
    );
    return (await repo.findClass(db, id))!;
  }

  async function updateClass(user: AuthUser, id: number, input: ClassGroupUpdate, actor: AuditActor) {
    const before = await getClass(user, id);
    if (input.gradeId !== undefined) {
      const grade = await repo.findGrade(db, input.gradeId);
      if (!grade || grade.unitId !== before.unitId) {
        throw badRequest('Tingkat tidak valid', { gradeId: 'Tingkat tidak ditemukan di unit kelas ini' });
      }
    }
    if (input.name !== undefined) await assertClassNameFree(before.unitId, before.academicYearId, input.name, id);
    await guarded(() =>
      db.transaction(async (tx) => {
        await repo.updateClass(tx, id, input);
        await audit(tx, actor, {
          action: 'school.class.update',
          entityType: 'class_group',
          entityId: id,
          before,
          after: input,
        });
      }),
    );
    return (await repo.findClass(db, id))!;
  }

  async function deleteClass(user: AuthUser, id: number, actor: AuditActor) {
    const before = await getClass(user, id);
    if (await repo.classHasEnrollments(db, id)) {
      throw conflict(`Kelas ${before.name} masih memiliki siswa atau riwayat siswa; kelas tidak dapat dihapus`);
    }
    await guarded(
      () =>
        db.transaction(async (tx) => {
          await repo.deleteClass(tx, id);
          await audit(tx, actor, { action: 'school.class.delete', entityType: 'class_group', entityId: id, before });
        }),
      { inUse: `Kelas ${before.name} masih dipakai` },
    );
  }

  async function setHomeroom(user: AuthUser, id: number, employeeId: number | null, actor: AuditActor) {
    const before = await getClass(user, id);
    if (employeeId !== null) {
      const employee = await repo.findEmployeeRef(db, employeeId);
      if (!employee || !employee.isActive) {
        throw badRequest('Wali kelas tidak valid', { employeeId: 'Pegawai tidak ditemukan atau tidak aktif' });
      }
      if (employee.unitId !== null && employee.unitId !== before.unitId) {
        throw badRequest('Wali kelas tidak valid', { employeeId: 'Pegawai bukan dari unit kelas ini' });
      }
      const other = await repo.homeroomClassOf(db, employeeId, before.academicYearId, id);
      if (other) throw conflict(`${employee.name} sudah menjadi wali kelas ${other.name} tahun ini`);
    }
    await db.transaction(async (tx) => {
      await repo.updateClass(tx, id, { homeroomEmployeeId: employeeId });
      await audit(tx, actor, {
        action: 'school.class.homeroom',
        entityType: 'class_group',
        entityId: id,
        before: { homeroomEmployeeId: before.homeroomEmployeeId },
        after: { homeroomEmployeeId: employeeId },
      });
    });
    return (await repo.findClass(db, id))!;
  }

  // ---------- subjects ----------

  const listSubjects = (user: AuthUser, q: SchoolPageQuery) => repo.listSubjects(db, unitScope(user, q.unitId), q);

  async function getSubject(user: AuthUser, id: number) {
    const subject = await repo.findSubject(db, id);
    if (!subject) throw notFound('Mapel');
    await requireUnit(db, user, subject.unitId);
    return subject;
  }

  async function checkHours(unitId: number, hours: { gradeId: number }[] | undefined) {
    if (!hours?.length) return;
    const found = await repo.gradesOfUnit(
      db,
      unitId,
      hours.map((h) => h.gradeId),
    );
    if (found.length !== hours.length)
      throw badRequest('Tingkat tidak valid', { hours: 'Ada tingkat yang bukan milik unit ini' });
  }

  async function createSubject(user: AuthUser, input: SubjectInput, actor: AuditActor) {
    assertUnit(user, input.unitId);
    if (!(await repo.findUnit(db, input.unitId)))
      throw badRequest('Unit tidak ada', { unitId: 'Unit tidak ditemukan' });
    const same = await repo.findSubjectByCode(db, input.unitId, input.code);
    if (same)
      throw conflict(`Kode mapel ${input.code} sudah dipakai oleh ${same.name}`, {
        code: 'Sudah dipakai',
      });
    await checkHours(input.unitId, input.hours);
    const { hours, ...values } = input;
    const id = await guarded(() =>
      db.transaction(async (tx) => {
        const id = await repo.insertSubject(tx, values);
        await repo.replaceSubjectHours(tx, id, hours);
        await audit(tx, actor, { action: 'school.subject.create', entityType: 'subject', entityId: id, after: input });
        return id;
      }),
    );
    return (await repo.findSubject(db, id))!;
  }

  async function updateSubject(user: AuthUser, id: number, input: SubjectUpdate, actor: AuditActor) {
    const before = await getSubject(user, id);
    if (input.code && input.code.toLowerCase() !== before.code.toLowerCase()) {
      const same = await repo.findSubjectByCode(db, before.unitId, input.code);
      if (same)
        throw conflict(`Kode mapel ${input.code} sudah dipakai oleh ${same.name}`, {
          code: 'Sudah dipakai',
        });
    }
    await checkHours(before.unitId, input.hours);
    const { hours, ...values } = input;
    await guarded(() =>
      db.transaction(async (tx) => {
        if (Object.keys(values).length) await repo.updateSubject(tx, id, values);
        if (hours) await repo.replaceSubjectHours(tx, id, hours);
        await audit(tx, actor, {
          action: 'school.subject.update',
          entityType: 'subject',
          entityId: id,
          before,
          after: input,
        });
      }),
    );
    return (await repo.findSubject(db, id))!;
  }

  async function deleteSubject(user: AuthUser, id: number, actor: AuditActor) {
    const before = await getSubject(user, id);
    if (await repo.subjectInUse(db, id)) {
      throw conflict(`Mapel ${before.name} masih dipakai di pembagian mengajar atau jadwal; nonaktifkan saja`);
    }
    await guarded(
      () =>
        db.transaction(async (tx) => {
          await repo.deleteSubject(tx, id);
          await audit(tx, actor, { action: 'school.subject.delete', entityType: 'subject', entityId: id, before });
        }),
      { inUse: `Mapel ${before.name} masih dipakai` },
    );
  }

  /** The classes a teacher may see the students of (the class rule's limit); null = no class restriction. */
  function visibleClassIds(user: AuthUser): Promise<number[] | null> {
    return access.limitedTo(db, actorOfUser(user), 'read', 'class');
  }

  return {
    listUnits,
    getUnit,
    createUnit,
    updateUnit,
    getBellSchedule,
    setBellSchedule,
    listYears,
    getYear,
    currentYear,
    createYear,
    updateYear,
    activateYear,
    listGrades,
    getGrade,
    createGrade,
    updateGrade,
    deleteGrade,
    listClasses,
    getClass,
    createClass,
    updateClass,
    deleteClass,
    setHomeroom,
    listSubjects,
    getSubject,
    createSubject,
    updateSubject,
    deleteSubject,
    visibleClassIds,
  };
}

export type StructureService = ReturnType<typeof createStructureService>;
