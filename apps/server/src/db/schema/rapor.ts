import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { classGroups, students, subjects } from './school.ts';
import { clockStamp } from './columns.ts';

/**
 * The rapor workflow (issue 40 §3). A class group belongs to one academic year, so a class and a semester name one
 * rapor round. A subject teacher submits their subject of the class (one row per class, subject and semester).
 */
export const raporSubmissions = pgTable(
  'rapor_submissions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    classGroupId: integer()
      .notNull()
      .references(() => classGroups.id, { onDelete: 'cascade' }),
    subjectId: integer()
      .notNull()
      .references(() => subjects.id, { onDelete: 'restrict' }),
    semester: text({ enum: ['GANJIL', 'GENAP'] }).notNull(),
    submittedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    submittedAt: clockStamp(),
  },
  (t) => [
    uniqueIndex('rapor_submissions_uq').on(t.classGroupId, t.subjectId, t.semester),
    check('rapor_submissions_semester_ck', sql`${t.semester} in ('GANJIL', 'GENAP')`),
  ],
);

/** The homeroom's note (catatan wali kelas) on one student's rapor of a semester. */
export const raporHomeroomNotes = pgTable(
  'rapor_homeroom_notes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    classGroupId: integer()
      .notNull()
      .references(() => classGroups.id, { onDelete: 'cascade' }),
    semester: text({ enum: ['GANJIL', 'GENAP'] }).notNull(),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    text: text().notNull(),
    /** the note on akhlak (character), printed on the pesantren page; null: none */
    akhlak: text(),
    updatedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: clockStamp(),
  },
  (t) => [
    uniqueIndex('rapor_homeroom_notes_uq').on(t.classGroupId, t.semester, t.studentId),
    index('rapor_homeroom_notes_student_idx').on(t.studentId),
    check('rapor_homeroom_notes_text_ck', sql`length(${t.text}) between 1 and 1000`),
    check('rapor_homeroom_notes_akhlak_ck', sql`length(${t.akhlak}) between 1 and 1000`),
    check('rapor_homeroom_notes_semester_ck', sql`${t.semester} in ('GANJIL', 'GENAP')`),
  ],
);

/** The state of a class's rapors in a semester: no row is a draft; LOCKED by the principal or WAKAKUR; PUBLISHED. */
export const raporStates = pgTable(
  'rapor_states',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    classGroupId: integer()
      .notNull()
      .references(() => classGroups.id, { onDelete: 'cascade' }),
    semester: text({ enum: ['GANJIL', 'GENAP'] }).notNull(),
    status: text({ enum: ['DRAFT', 'LOCKED', 'PUBLISHED'] }).notNull(),
    lockedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    lockedAt: timestamp({ withTimezone: true }),
    publishedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('rapor_states_uq').on(t.classGroupId, t.semester),
    check('rapor_states_semester_ck', sql`${t.semester} in ('GANJIL', 'GENAP')`),
    check('rapor_states_status_ck', sql`${t.status} in ('DRAFT', 'LOCKED', 'PUBLISHED')`),
  ],
);

/**
 * An audited reopen of one student's subject on a locked rapor: the final score and description as they were
 * (null where there was none), the reason, who and when. While `closedAt` is null the subject teacher may edit
 * that student's score and description; publishing closes every open reopen of the class.
 */
export const raporReopens = pgTable(
  'rapor_reopens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    classGroupId: integer()
      .notNull()
      .references(() => classGroups.id, { onDelete: 'cascade' }),
    semester: text({ enum: ['GANJIL', 'GENAP'] }).notNull(),
    subjectId: integer()
      .notNull()
      .references(() => subjects.id, { onDelete: 'restrict' }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    previousHundredths: integer(),
    previousDescription: text(),
    reason: text().notNull(),
    openedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    openedAt: clockStamp(),
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('rapor_reopens_sheet_idx').on(t.classGroupId, t.semester, t.subjectId, t.studentId),
    check('rapor_reopens_reason_ck', sql`length(${t.reason}) between 1 and 500`),
    check('rapor_reopens_semester_ck', sql`${t.semester} in ('GANJIL', 'GENAP')`),
  ],
);

/** When a student first opened their published rapor of a class and semester (the "seen" mark). */
export const raporSeen = pgTable(
  'rapor_seen',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    classGroupId: integer()
      .notNull()
      .references(() => classGroups.id, { onDelete: 'cascade' }),
    semester: text({ enum: ['GANJIL', 'GENAP'] }).notNull(),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    firstSeenAt: clockStamp(),
  },
  (t) => [
    uniqueIndex('rapor_seen_uq').on(t.classGroupId, t.semester, t.studentId),
    check('rapor_seen_semester_ck', sql`${t.semester} in ('GANJIL', 'GENAP')`),
  ],
);
