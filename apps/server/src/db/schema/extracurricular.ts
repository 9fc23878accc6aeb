import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { academicYears, employees, students, units } from './school.ts';
import { clockStamp } from './columns.ts';

/**
 * Ekstrakurikuler (issue 40 §2): an activity of a unit in one school year (Pramuka, Futsal, Tahfidz...), with its
 * coach (pembina, an employee) and an optional schedule text. Its members are students; each member gets per
 * semester a predicate (SB/B/C/K) and a short note, which the rapor prints.
 */
export const extracurriculars = pgTable(
  'extracurriculars',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    academicYearId: integer()
      .notNull()
      .references(() => academicYears.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    coachEmployeeId: integer()
      .notNull()
      .references(() => employees.id, { onDelete: 'restrict' }),
    schedule: text(),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: clockStamp(),
    updatedAt: clockStamp(),
  },
  (t) => [
    uniqueIndex('extracurriculars_name_uq').on(t.unitId, t.academicYearId, sql`lower(${t.name})`),
    index('extracurriculars_coach_idx').on(t.coachEmployeeId),
    check('extracurriculars_name_ck', sql`length(${t.name}) between 1 and 100`),
    check('extracurriculars_schedule_ck', sql`${t.schedule} is null or length(${t.schedule}) <= 200`),
  ],
);

/** A student taking part in an activity. */
export const extracurricularMembers = pgTable(
  'extracurricular_members',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    extracurricularId: integer()
      .notNull()
      .references(() => extracurriculars.id, { onDelete: 'cascade' }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    createdAt: clockStamp(),
  },
  (t) => [
    uniqueIndex('extracurricular_members_uq').on(t.extracurricularId, t.studentId),
    index('extracurricular_members_student_idx').on(t.studentId),
  ],
);

/** A member's predicate (Sangat Baik, Baik, Cukup, Kurang) and note of a semester, as the coach saved it. */
export const extracurricularGrades = pgTable(
  'extracurricular_grades',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer()
      .notNull()
      .references(() => extracurricularMembers.id, { onDelete: 'cascade' }),
    semester: text({ enum: ['GANJIL', 'GENAP'] }).notNull(),
    predicate: text({ enum: ['SB', 'B', 'C', 'K'] }).notNull(),
    note: text().notNull().default(''),
    updatedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: clockStamp(),
  },
  (t) => [
    uniqueIndex('extracurricular_grades_uq').on(t.memberId, t.semester),
    check('extracurricular_grades_semester_ck', sql`${t.semester} in ('GANJIL', 'GENAP')`),
    check('extracurricular_grades_predicate_ck', sql`${t.predicate} in ('SB', 'B', 'C', 'K')`),
    check('extracurricular_grades_note_ck', sql`length(${t.note}) <= 500`),
  ],
);
