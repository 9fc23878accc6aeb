import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { QuestionContent } from '@mms/shared';
import { users } from './auth.ts';
import { employees, grades, subjects, units } from './school.ts';

/**
 * The question bank (bank soal): a question belongs to a subject and grade of a unit and is shared with the
 * teachers who teach that subject in that grade. What it says lives in its versions: every edit writes a new
 * version and never changes an old one, so an assessment (and every answer given to it) keeps the version it
 * was built with. Deleting a question hides it from the bank; its versions stay for what used them.
 */
export const questions = pgTable(
  'questions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    subjectId: integer()
      .notNull()
      .references(() => subjects.id, { onDelete: 'restrict' }),
    gradeId: integer()
      .notNull()
      .references(() => grades.id, { onDelete: 'restrict' }),
    authorEmployeeId: integer().references(() => employees.id, { onDelete: 'set null' }),
    /** the number of the newest version (1, 2, ...) */
    currentVersion: integer().notNull().default(1),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('questions_subject_grade_idx').on(t.subjectId, t.gradeId),
    index('questions_unit_idx').on(t.unitId),
    index('questions_tags_idx').using('gin', t.tags),
  ],
);

export const questionVersions = pgTable(
  'question_versions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    questionId: integer()
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    type: text({ enum: ['SINGLE', 'MULTIPLE', 'TRUE_FALSE', 'MATCHING', 'SHORT', 'ESSAY'] }).notNull(),
    /** sanitised HTML */
    stem: text().notNull(),
    /** options, statements or pairs (sanitised HTML) and the key, as the contract's QuestionContent */
    content: jsonb().$type<QuestionContent>().notNull(),
    points: integer().notNull(),
    difficulty: text({ enum: ['MUDAH', 'SEDANG', 'SUKAR'] }).notNull(),
    cognitiveLevel: text({ enum: ['C1', 'C2', 'C3', 'C4', 'C5', 'C6'] }),
    /** tujuan pembelajaran (TP) */
    objective: text(),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('question_versions_question_version_uq').on(t.questionId, t.version),
    check('question_versions_points_ck', sql`${t.points} between 1 and 100`),
    check('question_versions_type_ck', sql`${t.content}->>'type' = ${t.type}`),
  ],
);
