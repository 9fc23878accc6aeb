import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { classGroups, employees, grades, subjects, timetableSlots } from './school.ts';
import { clockStamp } from './columns.ts';

const timestamps = {
  createdAt: clockStamp(),
  updatedAt: clockStamp(),
};

/**
 * Jurnal kelas: the log of one lesson. The absent students live in `student_attendance` as
 * lesson rows of the same slot and date, so the journal and the lesson register never disagree.
 */
export const classJournals = pgTable(
  'class_journals',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    timetableSlotId: integer()
      .notNull()
      .references(() => timetableSlots.id, { onDelete: 'cascade' }),
    /** copied from the slot so lists per class need no join through the timetable */
    classGroupId: integer()
      .notNull()
      .references(() => classGroups.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    topic: text().notNull(),
    objective: text(),
    notes: text(),
    substituteEmployeeId: integer().references(() => employees.id, { onDelete: 'set null' }),
    authorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('class_journals_slot_date_uq').on(t.timetableSlotId, t.date),
    index('class_journals_class_date_idx').on(t.classGroupId, t.date),
  ],
);

/**
 * Guru pengganti: the school (the principal, WAKAKUR or admin) names who stands in for the
 * scheduled teacher of one lesson on one date. Only this assignment lets another teacher write
 * that lesson's journal and absences; the journal keeps who stood in when it was written.
 */
export const lessonSubstitutes = pgTable(
  'lesson_substitutes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    timetableSlotId: integer()
      .notNull()
      .references(() => timetableSlots.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    employeeId: integer()
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    note: text(),
    assignedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('lesson_substitutes_slot_date_uq').on(t.timetableSlotId, t.date),
    index('lesson_substitutes_employee_date_idx').on(t.employeeId, t.date),
  ],
);

export interface MaterialAttachment {
  name: string;
  path: string;
  mime: string;
  size: number;
}

/** Materi pelajaran of a subject for a grade and semester. */
export const subjectMaterials = pgTable(
  'subject_materials',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    subjectId: integer()
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    gradeId: integer()
      .notNull()
      .references(() => grades.id, { onDelete: 'cascade' }),
    semester: text({ enum: ['GANJIL', 'GENAP'] }).notNull(),
    title: text().notNull(),
    body: text(),
    sortOrder: integer().notNull().default(0),
    attachments: jsonb()
      .$type<MaterialAttachment[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    authorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('subject_materials_subject_grade_idx').on(t.subjectId, t.gradeId, t.semester, t.sortOrder)],
);

/** Kontrol kelas: the principal's walk past a class in one period. */
export const classControlVisits = pgTable(
  'class_control_visits',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    classGroupId: integer()
      .notNull()
      .references(() => classGroups.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    period: integer().notNull(),
    teacherPresent: boolean().notNull(),
    notes: text(),
    principalUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('class_control_visits_class_date_idx').on(t.classGroupId, t.date)],
);
