import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { academicYears, classGroups, students, subjects } from './school.ts';
import { clockStamp } from './columns.ts';

/**
 * The rapor's achievement description (capaian kompetensi, issue 40 §2) of a student in a subject and semester of a
 * class, as the subject teacher saved it: the drafted text accepted as it is (`DRAFT`) or edited (`EDITED`), with
 * who saved it and when. The rapor reads it; the draft itself is computed, never stored.
 */
export const subjectDescriptions = pgTable(
  'subject_descriptions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    classGroupId: integer()
      .notNull()
      .references(() => classGroups.id, { onDelete: 'cascade' }),
    academicYearId: integer()
      .notNull()
      .references(() => academicYears.id, { onDelete: 'restrict' }),
    subjectId: integer()
      .notNull()
      .references(() => subjects.id, { onDelete: 'restrict' }),
    semester: text({ enum: ['GANJIL', 'GENAP'] }).notNull(),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    text: text().notNull(),
    source: text({ enum: ['DRAFT', 'EDITED'] }).notNull(),
    updatedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: clockStamp(),
  },
  (t) => [
    uniqueIndex('subject_descriptions_uq').on(t.classGroupId, t.subjectId, t.semester, t.studentId),
    index('subject_descriptions_student_idx').on(t.studentId, t.semester),
    check('subject_descriptions_text_ck', sql`length(${t.text}) between 1 and 1000`),
    check('subject_descriptions_semester_ck', sql`${t.semester} in ('GANJIL', 'GENAP')`),
    check('subject_descriptions_source_ck', sql`${t.source} in ('DRAFT', 'EDITED')`),
  ],
);
