import { beforeAll, describe } from 'vitest';
import { learningObjectives } from '../../db/schema/index.ts';
import { matrixTables, NONE, ok, useMatrixFixture, type Row, type Who } from '../access/test-fixtures.ts';

/**
 * The TP rule's row-access matrix (issue 40), on the fixture of `access/test-fixtures.ts`. The rows: a TP of IPA in
 * grade 7 (TEACHERCASHIER teaches IPA in 7X), one of IPA in grade 8 (nobody teaches it), one of SD's IPA in grade 1.
 */

// a teacher the TPs of a subject and grade they teach; everyone else of the unit every TP (the routes keep
// students out); YAYASAN and ADMIN every unit's
const READ: Record<Who, Row> = {
  STUDENT: [ok, ok, 403],
  TEACHER: [403, 403, 403],
  TEACHERCASHIER: [ok, 403, 403],
  PRINCIPAL: [ok, ok, 403],
  WAKAKUR: [ok, ok, 403],
  YAYASAN: [ok, ok, ok],
  BPBK: [ok, ok, 403],
  TU: [ok, ok, 403],
  ADMIN: [ok, ok, ok],
  TEACHER_TOKEN: [403, 403, 403],
  ADMIN_SMP_TOKEN: [ok, ok, 403],
};

// the subject's teachers of the grade, and WAKAKUR and ADMIN (learningObjectives.manage) every TP of the unit
const MANAGE: Record<Who, Row> = {
  ...NONE,
  TEACHERCASHIER: [ok, 403, 403],
  WAKAKUR: [ok, ok, 403],
  ADMIN: [ok, ok, ok],
};

const fx = useMatrixFixture();
const rows: number[] = [];

describe('the learning objective rule: read and manage x every division x own, other grade, other unit', () => {
  matrixTables(fx, { learningObjective: { read: READ, manage: MANAGE } }, () => [rows[0]!, rows[1]!, rows[2]!]);
});

// the three TPs, made once the fixture's school exists (this hook runs after the fixture's own)
beforeAll(async () => {
  const made = await fx.ctx.db
    .insert(learningObjectives)
    .values([
      {
        unitId: fx.smp,
        academicYearId: fx.yearId,
        subjectId: fx.subject,
        gradeId: fx.grade7,
        code: 'TP 7.1',
        description: 'a',
      },
      {
        unitId: fx.smp,
        academicYearId: fx.yearId,
        subjectId: fx.subject,
        gradeId: fx.grade8,
        code: 'TP 8.1',
        description: 'b',
      },
      {
        unitId: fx.sd,
        academicYearId: fx.yearId,
        subjectId: fx.sdSubject,
        gradeId: fx.grade1,
        code: 'TP 1.1',
        description: 'c',
      },
    ])
    .returning({ id: learningObjectives.id });
  rows.push(...made.map((r) => r.id));
});
