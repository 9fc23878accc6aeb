import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ScoreKind } from '@mms/shared';
import { assessments } from './assessment.ts';
import { users } from './auth.ts';
import { academicYears, classGroups, employees, grades, students, subjects, units } from './school.ts';
import { clockStamp } from './columns.ts';

const KINDS = ['HARIAN', 'TUGAS', 'FORMATIF', 'SUMATIF', 'PTS', 'PAS'] as const;

/**
 * Scores entered by hand (issue 12): a column is one input of a class and subject in a semester (a daily test, a
 * task, the PTS...); a score is one student's value in it, in whole hundredths (8750 is 87.5) so no grade is a
 * float. A column filled by an assessment names it (`assessmentId`): the exam engine writes its scores each time a
 * student's attempt is scored (grades/assessment-feed.service.ts), one column per assessment and class group.
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
    // one column per assessment and class (typed columns have none: nulls are distinct)
    uniqueIndex('score_columns_assessment_class_uq').on(t.assessmentId, t.classGroupId),
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

/**
 * The KKTP of a subject in a grade (the column keeps its old name `kkm`: the same threshold, the Kurikulum Merdeka
 * calls it KKTP) and, optionally, the weights that subject weighs by; weights null: the unit's and year's
 * (grade_rules), and none there: DEFAULT_SCORE_POLICY.
 */
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
    weights: jsonb().$type<Record<ScoreKind, number>>(),
    updatedAt: clockStamp(),
  },
  (t) => [
    uniqueIndex('score_policies_subject_grade_uq').on(t.subjectId, t.gradeId),
    check('score_policies_kkm_ck', sql`${t.kkm} between 0 and 100`),
  ],
);

/**
 * The grade rules a unit keeps for a school year (issue 40): the weights of the kinds every subject weighs by unless
 * its score_policies row sets its own, the KKTP of a subject that has none, how a remedial score counts
 * (CAP: the higher of the original and the remedial capped at the KKTP; HIGHER: the higher of the two), and how many
 * decimals the rapor prints its scores with (0: whole numbers, issue 40 §2).
 */
export const gradeRules = pgTable(
  'grade_rules',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    academicYearId: integer()
      .notNull()
      .references(() => academicYears.id, { onDelete: 'restrict' }),
    weights: jsonb().$type<Record<ScoreKind, number>>().notNull(),
    kktp: integer().notNull(),
    remedialRule: text({ enum: ['CAP', 'HIGHER'] }).notNull(),
    raporDecimals: integer().notNull().default(0),
    updatedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: clockStamp(),
  },
  (t) => [
    uniqueIndex('grade_rules_unit_year_uq').on(t.unitId, t.academicYearId),
    check('grade_rules_kktp_ck', sql`${t.kktp} between 0 and 100`),
    check('grade_rules_remedial_ck', sql`${t.remedialRule} in ('CAP', 'HIGHER')`),
    check('grade_rules_rapor_decimals_ck', sql`${t.raporDecimals} between 0 and 2`),
  ],
);

/**
 * A remedial (REMEDIAL) or enrichment (PENGAYAAN) score of one student in one column, kept beside the original
 * score (scores), which is never changed; how it counts is the unit's grade_rules.remedialRule (final-score.ts).
 */
export const remedialScores = pgTable(
  'remedial_scores',
  {
    columnId: integer()
      .notNull()
      .references(() => scoreColumns.id, { onDelete: 'cascade' }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    kind: text({ enum: ['REMEDIAL', 'PENGAYAAN'] }).notNull(),
    hundredths: integer().notNull(),
    updatedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: clockStamp(),
  },
  (t) => [
    primaryKey({ columns: [t.columnId, t.studentId] }),
    index('remedial_scores_student_idx').on(t.studentId),
    check('remedial_scores_range_ck', sql`${t.hundredths} between 0 and 10000`),
    check('remedial_scores_kind_ck', sql`${t.kind} in ('REMEDIAL', 'PENGAYAAN')`),
  ],
);

/**
 * A teacher's override of one student's final score in a class, subject and semester, with the reason (audited);
 * removing the row brings back the computed score.
 */
export const finalScoreOverrides = pgTable(
  'final_score_overrides',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    classGroupId: integer()
      .notNull()
      .references(() => classGroups.id, { onDelete: 'cascade' }),
    subjectId: integer()
      .notNull()
      .references(() => subjects.id, { onDelete: 'restrict' }),
    semester: text({ enum: ['GANJIL', 'GENAP'] }).notNull(),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    hundredths: integer().notNull(),
    reason: text().notNull(),
    updatedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: clockStamp(),
  },
  (t) => [
    uniqueIndex('final_score_overrides_uq').on(t.classGroupId, t.subjectId, t.semester, t.studentId),
    index('final_score_overrides_student_idx').on(t.studentId),
    check('final_score_overrides_range_ck', sql`${t.hundredths} between 0 and 10000`),
    check('final_score_overrides_reason_ck', sql`length(${t.reason}) between 1 and 500`),
    check('final_score_overrides_semester_ck', sql`${t.semester} in ('GANJIL', 'GENAP')`),
  ],
);
