import { describe } from 'vitest';
import { sheetKey } from './grades.access.ts';
import {
  CLASS_OR_STUDENT_READ,
  matrixTables,
  NONE,
  ok,
  useMatrixFixture,
  type Row,
  type Who,
} from '../access/test-fixtures.ts';

/**
 * The score sheet's row-access matrix (issue 38, part 1), on the fixture of `access/test-fixtures.ts`. The rows:
 * IPA of 7X (TEACHERCASHIER teaches it, TEACHER leads 7X as homeroom teacher), IPA of 7Y, IPA of SD's 1Z.
 */

// the unit's sheets for everyone but teachers (the routes keep students out); a teacher a subject they teach in
// the class, and every subject of their homeroom class
const READ = CLASS_OR_STUDENT_READ;

// the subject's teacher of the class, and who corrects (assessment.check: WAKAKUR, ADMIN) the unit's sheets; a
// token without assessment.check only what its employee teaches
const EDIT: Record<Who, Row> = {
  ...NONE,
  TEACHERCASHIER: [ok, 403, 403],
  WAKAKUR: [ok, ok, 403],
  ADMIN: [ok, ok, ok],
};

const fx = useMatrixFixture();

describe('the score sheet rule: read and edit x every division x own, other class, other unit', () => {
  matrixTables(fx, { scoreSheet: { read: READ, edit: EDIT } }, () => [
    sheetKey(fx.classes[0], fx.subject),
    sheetKey(fx.classes[1], fx.subject),
    sheetKey(fx.classes[2], fx.sdSubject),
  ]);
});
