import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { clockStamp } from './columns.ts';
import { academicYears, classGroups, enrollments, students, units } from './school.ts';

const timestamps = {
  createdAt: clockStamp(),
  updatedAt: clockStamp(),
};

export const PROMOTION_RUN_STATUSES = ['DRAFT', 'APPLIED'] as const;
export const PROMOTION_DECISIONS = ['PROMOTE', 'RETAIN', 'GRADUATE'] as const;

/**
 * The year-end promotion of a unit (issue 40 §4): from one school year into the next. DRAFT while the homerooms and
 * the principal review the proposal; APPLIED once everyone moved into the new year's enrolments; an undo (allowed
 * before the new year's first register) brings it back to DRAFT. One run per unit and source year.
 */
export const promotionRuns = pgTable(
  'promotion_runs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id),
    fromYearId: integer()
      .notNull()
      .references(() => academicYears.id),
    toYearId: integer()
      .notNull()
      .references(() => academicYears.id),
    status: text({ enum: PROMOTION_RUN_STATUSES }).notNull().default('DRAFT'),
    /** the graduates' graduation date (tanggal kelulusan) */
    graduationDate: date({ mode: 'string' }).notNull(),
    /** the classes of the new year the last apply created (removed again by an undo) */
    createdClassIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    appliedAt: timestamp({ withTimezone: true }),
    appliedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    undoneAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('promotion_runs_unit_year_uq').on(t.unitId, t.fromYearId),
    check('promotion_runs_years_ck', sql`${t.fromYearId} <> ${t.toYearId}`),
  ],
);

/**
 * One student's decision in a run: up a grade, stays in the grade (tinggal kelas), or graduates, with the class of the
 * new year by name (made on apply when missing). The enrolment of the old year it came from and, once applied, the
 * one of the new year and the student's status before graduating, so that an undo restores exactly that.
 */
export const promotionDecisions = pgTable(
  'promotion_decisions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    runId: integer()
      .notNull()
      .references(() => promotionRuns.id, { onDelete: 'cascade' }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    fromEnrollmentId: integer()
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    fromClassGroupId: integer()
      .notNull()
      .references(() => classGroups.id),
    decision: text({ enum: PROMOTION_DECISIONS }).notNull(),
    /** the grade level and class name in the new year (null for a graduate) */
    targetLevel: integer(),
    targetClassName: text(),
    note: text(),
    toEnrollmentId: integer().references(() => enrollments.id, { onDelete: 'set null' }),
    /** the student's status before graduating (restored by an undo) */
    previousStatus: text(),
    updatedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('promotion_decisions_run_student_uq').on(t.runId, t.studentId),
    index('promotion_decisions_class_idx').on(t.fromClassGroupId),
    check(
      'promotion_decisions_target_ck',
      sql`(${t.decision} = 'GRADUATE') = (${t.targetClassName} is null and ${t.targetLevel} is null)`,
    ),
  ],
);
