import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { questions } from './assessment.ts';
import { users } from './auth.ts';
import { scoreColumns } from './grades.ts';
import { academicYears, grades, subjects, units } from './school.ts';
import { clockStamp } from './columns.ts';

/**
 * Tujuan pembelajaran (TP, issue 40): the learning objectives of a subject in a grade for one school year (the
 * school's rules are per year too, grade_rules), each with a short code ("TP 7.1"), its text and its place in the
 * list. Score columns and bank questions are tagged with them (the two join tables below, owned here so neither the
 * grade book's nor the bank's tables change); a student's mastery of a TP is read from what is tagged.
 */
export const learningObjectives = pgTable(
  'learning_objectives',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    academicYearId: integer()
      .notNull()
      .references(() => academicYears.id, { onDelete: 'restrict' }),
    subjectId: integer()
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    gradeId: integer()
      .notNull()
      .references(() => grades.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    description: text().notNull(),
    position: integer().notNull().default(1),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: clockStamp(),
    updatedAt: clockStamp(),
  },
  (t) => [
    uniqueIndex('learning_objectives_code_uq').on(t.academicYearId, t.subjectId, t.gradeId, t.code),
    index('learning_objectives_list_idx').on(t.subjectId, t.gradeId, t.academicYearId, t.position),
    check('learning_objectives_code_ck', sql`length(${t.code}) between 1 and 20`),
    check('learning_objectives_description_ck', sql`length(${t.description}) between 1 and 500`),
    check('learning_objectives_position_ck', sql`${t.position} between 1 and 999`),
  ],
);

/** A score column tagged with a TP of its subject and its class's grade and year. */
export const scoreColumnObjectives = pgTable(
  'score_column_objectives',
  {
    columnId: integer()
      .notNull()
      .references(() => scoreColumns.id, { onDelete: 'cascade' }),
    objectiveId: integer()
      .notNull()
      .references(() => learningObjectives.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.columnId, t.objectiveId] }),
    index('score_column_objectives_objective_idx').on(t.objectiveId),
  ],
);

/** A bank question tagged with a TP of its subject and grade. */
export const questionObjectives = pgTable(
  'question_objectives',
  {
    questionId: integer()
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    objectiveId: integer()
      .notNull()
      .references(() => learningObjectives.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.questionId, t.objectiveId] }),
    index('question_objectives_objective_idx').on(t.objectiveId),
  ],
);
