import { describe, expect, it } from 'vitest';
import { adminEn } from './admin/en.ts';
import { adminId } from './admin/id.ts';
import { assessmentEn } from './assessment/en.ts';
import { assessmentId } from './assessment/id.ts';
import { attendanceEn } from './attendance/en.ts';
import { attendanceId } from './attendance/id.ts';
import { disciplineEn } from './discipline/en.ts';
import { distributionEn } from './distribution/en.ts';
import { distributionId } from './distribution/id.ts';
import { disciplineId } from './discipline/id.ts';
import { en } from './en.ts';
import { examEngineEn } from './exam-engine/en.ts';
import { examEngineId } from './exam-engine/id.ts';
import { id } from './id.ts';
import { auditLabelsEn } from './audit/en.ts';
import { auditLabelsId } from './audit/id.ts';
import { listEn } from './list/en.ts';
import { listId } from './list/id.ts';
import { printEn } from './print/en.ts';
import { printId } from './print/id.ts';
import { reportsEn } from './reports/en.ts';
import { reportsId } from './reports/id.ts';
import { schoolEn } from './school/en.ts';
import { schoolId } from './school/id.ts';

/** Every key of a nested text tree, as dotted paths. */
function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('the texts (apps/web/src/i18n/README.md)', () => {
  it.each([
    ['shell', id, en],
    ['school', schoolId, schoolEn],
    ['list', listId, listEn],
    ['audit', auditLabelsId, auditLabelsEn],
    ['attendance', attendanceId, attendanceEn],
    ['reports', reportsId, reportsEn],
    ['print', printId, printEn],
    ['assessment', assessmentId, assessmentEn],
    ['exam-engine', examEngineId, examEngineEn],
    ['discipline', disciplineId, disciplineEn],
    ['distribution', distributionId, distributionEn],
    ['admin', adminId, adminEn],
  ])('%s: Indonesian and English have the same keys', (_area, indonesian, english) => {
    expect(keys(english).sort()).toEqual(keys(indonesian).sort());
  });
});
