import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ScoreKind } from '@mms/shared';
import { assessments } from './assessment.ts';
import { users } from './auth.ts';
import { classGroups, employees, grades, students, subjects, units } from './school.ts';
import { clockStamp } from './columns.ts';

const KINDS = ['HARIAN', 'TUGAS', 'FORMATIF', 'SUMATIF', 'PTS', 'PAS'] as const;

/**
 * Scores entered by hand (issue 12): a column is one input of a class and subject in a semester (a daily test, a
 * task, the PTS...); a score is one student's value in it, in whole hundredths (8750 is 87.5) so no grade is a
 * float. A column filled from an assessment's published results names it (the exam engine fills those).
 */
export const scoreColumns = pgTable(
  'score_columns',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    classGroupId: integer()
      .notNull()
      .references(() => classGroups.id, { onDelete: 'cascade' }),
    subjectId: integer()
      .notNull()
      .references(() => subjects.id, { onDelete: 'restrict' }),
    semester: text({ enum: ['GANJIL', 'GENAP'] }).notNull(),
    kind: text({ enum: KINDS }).notNull(),
    title: text().notNull(),
    date: date().notNull(),
    assessmentId: integer().references(() => assessments.id, { onDelete: 'set null' }),
    createdByEmployeeId: integer().references(() => employees.id, { onDelete: 'set null' }),
    createdAt: clockStamp(),
    updatedAt: clockStamp(),
  },
  (t) => [
    index('score_columns_sheet_idx').on(t.classGroupId, t.subjectId, t.semester),
    check('score_columns_title_ck', sql`length(${t.title}) between 1 and 80`),
    check('score_columns_kind_ck', sql`${t.kind} in ('HARIAN', 'TUGAS', 'FORMATIF', 'SUMATIF', 'PTS', 'PAS')`),
    check('score_columns_semester_ck', sql`${t.semester} in ('GANJIL', 'GENAP')`),
  ],
);

export const scores = pgTable(
  'scores',
  {
    columnId: integer()
      .notNull()
      .references(() => scoreColumns.id, { onDelete: 'cascade' }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    hundredths: integer().notNull(),
    updatedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: clockStamp(),
  },
  (t) => [
    primaryKey({ columns: [t.columnId, t.studentId] }),
    index('scores_student_idx').on(t.studentId),
    check('scores_range_ck', sql`${t.hundredths} between 0 and 10000`),
  ],
);

/** What the recap of a subject in a grade weighs, and its KKM; none set: DEFAULT_SCORE_POLICY. */
export const scorePolicies = pgTable(
  'score_policies',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    subjectId: integer()
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    gradeId: integer()
      .notNull()
      .references(() => grades.id, { onDelete: 'cascade' }),
    kkm: integer().notNull(),
    weights: jsonb().$type<Record<ScoreKind, number>>().notNull(),
    updatedAt: clockStamp(),
  },
  (t) => [
    uniqueIndex('score_policies_subject_grade_uq').on(t.subjectId, t.gradeId),
    check('score_policies_kkm_ck', sql`${t.kkm} between 0 and 100`),
  ],
);
