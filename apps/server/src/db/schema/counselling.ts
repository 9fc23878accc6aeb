import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { COUNSELLING_KINDS, COUNSELLING_STATUSES, COUNSELLING_TOPICS, PSYCHOTEST_INSTRUMENTS } from '@mms/shared';
import { users } from './auth.ts';
import { classGroups, employees, students, units } from './school.ts';
import { clockStamp } from './columns.ts';

const timestamps = {
  createdAt: clockStamp(),
  updatedAt: clockStamp(),
};

/**
 * Catatan konseling: one counselling session of the BPBK (individual, group, class, home visit, case
 * conference or referral). Confidential: `discussion` and `agreement` are read only by BPBK and the
 * principal of the unit, every read audited; the student reads `studentSummary` when `sharedWithStudent`.
 * Soft-deleted (`deletedAt`) so the audit trail keeps pointing at a row.
 */
export const counsellingNotes = pgTable(
  'counselling_notes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id),
    date: date({ mode: 'string' }).notNull(),
    kind: text({ enum: COUNSELLING_KINDS }).notNull(),
    topic: text({ enum: COUNSELLING_TOPICS }).notNull(),
    discussion: text().notNull(),
    agreement: text(),
    followUpDate: date({ mode: 'string' }),
    status: text({ enum: COUNSELLING_STATUSES }).notNull().default('OPEN'),
    /** the BPBK employee who wrote it */
    counsellorEmployeeId: integer()
      .notNull()
      .references(() => employees.id),
    sharedWithStudent: boolean().notNull().default(false),
    studentSummary: text(),
    deletedAt: timestamp({ withTimezone: true }),
    deletedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('counselling_notes_unit_date_idx')
      .on(t.unitId, t.date)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** The students a note names (one for an individual session, several for a group or class), with their class then. */
export const counsellingNoteStudents = pgTable(
  'counselling_note_students',
  {
    noteId: integer()
      .notNull()
      .references(() => counsellingNotes.id, { onDelete: 'cascade' }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** the student's class in the active year when the note was written */
    classGroupId: integer().references(() => classGroups.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.noteId, t.studentId] }),
    index('counselling_note_students_student_idx').on(t.studentId),
  ],
);

export interface PsychotestScoreRow {
  scale: string;
  score: number;
  category: string | null;
}

export interface PsychotestFile {
  /** a random name under uploads/psychotest */
  path: string;
  name: string;
  mime: string;
  size: number;
}

/** Hasil tes psikologi: an IQ, aptitude, personality or interest test, scored by scale; confidential like a note. */
export const psychotests = pgTable(
  'psychotests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** the student's class in the active year when the result was entered */
    classGroupId: integer().references(() => classGroups.id, { onDelete: 'set null' }),
    date: date({ mode: 'string' }).notNull(),
    instrument: text({ enum: PSYCHOTEST_INSTRUMENTS }).notNull(),
    testName: text().notNull(),
    provider: text(),
    scores: jsonb().$type<PsychotestScoreRow[]>().notNull().default([]),
    interpretation: text(),
    recommendation: text(),
    attachment: jsonb().$type<PsychotestFile>(),
    sharedWithStudent: boolean().notNull().default(false),
    recordedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp({ withTimezone: true }),
    deletedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('psychotests_unit_date_idx')
      .on(t.unitId, t.date)
      .where(sql`${t.deletedAt} is null`),
    index('psychotests_student_idx').on(t.studentId),
  ],
);
