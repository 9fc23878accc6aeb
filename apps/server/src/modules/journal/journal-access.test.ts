import { beforeAll, describe } from 'vitest';
import { employees, subjectMaterials, timetableSlots } from '../../db/schema/index.ts';
import {
  matrixTables,
  NONE,
  ok,
  CLASS_OR_STUDENT_READ,
  useMatrixFixture,
  type Row,
  type Who,
} from '../access/test-fixtures.ts';

/**
 * The journal's write rules in the row-access matrix (issue 38, part 1), on the fixture of
 * `access/test-fixtures.ts`. Material: IPA of grade 7 (TEACHERCASHIER teaches IPA in 7X), IPA of grade 8, SD's IPA
 * of grade 1. Lessons: IPA in 7X and in 7Y (both TEACHERCASHIER's slots), and a lesson of SD's 1Z.
 */

// a teacher only the material of a subject they teach in that grade (TEACHER teaches none); everyone else the
// unit's (the routes keep those without material.manage out)
const MANAGE = { ...CLASS_OR_STUDENT_READ, TEACHER: NONE.TEACHER, TEACHER_TOKEN: NONE.TEACHER_TOKEN };

// the unit's leaders (PRINCIPAL, WAKAKUR, ADMIN); the lesson's teacher and substitute are let in by the journal
// service, not by the rule
const WRITE_JOURNAL: Record<Who, Row> = {
  ...NONE,
  PRINCIPAL: [ok, ok, 403],
  WAKAKUR: [ok, ok, 403],
  ADMIN: [ok, ok, ok],
  ADMIN_SMP_TOKEN: [ok, ok, 403],
};

const fx = useMatrixFixture();
let material: [number, number, number];
let lessons: [number, number, number];

beforeAll(async () => {
  const db = fx.ctx.db;
  const materialOf = async (subjectId: number, gradeId: number) =>
    (
      await db
        .insert(subjectMaterials)
        .values({ subjectId, gradeId, semester: 'GANJIL', title: 'Materi' })
        .returning({ id: subjectMaterials.id })
    )[0]!.id;
  material = [
    await materialOf(fx.subject, fx.grade7),
    await materialOf(fx.subject, fx.grade8),
    await materialOf(fx.sdSubject, fx.grade1),
  ];
  const [sdTeacher] = await db.insert(employees).values({ unitId: fx.sd, nip: 'M-SD-1', name: 'Guru SD' }).returning();
  const teacher = fx.signedIn.get('TEACHERCASHIER')!.employeeId!;
  // one period each: a teacher is in one place at a time
  const slot = async (unitId: number, classGroupId: number, subjectId: number, employeeId: number, period: number) =>
    (
      await db
        .insert(timetableSlots)
        .values({
          unitId,
          academicYearId: fx.yearId,
          semester: 'GANJIL',
          classGroupId,
          day: 1,
          period,
          subjectId,
          employeeId,
        })
        .returning({ id: timetableSlots.id })
    )[0]!.id;
  lessons = [
    await slot(fx.smp, fx.classes[0], fx.subject, teacher, 1),
    await slot(fx.smp, fx.classes[1], fx.subject, teacher, 2),
    await slot(fx.sd, fx.classes[2], fx.sdSubject, sdTeacher!.id, 1),
  ];
});

describe('the material and lesson rules: manage and writeJournal x every division x own, other class, other unit', () => {
  matrixTables(fx, { material: { manage: MANAGE }, lesson: { writeJournal: WRITE_JOURNAL } }, (kind) =>
    kind === 'material' ? material : lessons,
  );
});
