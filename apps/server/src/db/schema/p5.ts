import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { P5Dimension } from '@mms/shared';
import { users } from './auth.ts';
import { academicYears, employees, grades, students, units } from './school.ts';
import { clockStamp } from './columns.ts';

/**
 * P5 projects (Projek Penguatan Profil Pelajar Pancasila): a project of every class of a grade in a semester, on
 * the profile dimensions it chose; each student gets a descriptive grade per dimension and a note.
 */
export const p5Projects = pgTable(
  'p5_projects',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    academicYearId: integer()
      .notNull()
      .references(() => academicYears.id, { onDelete: 'restrict' }),
    gradeId: integer()
      .notNull()
      .references(() => grades.id, { onDelete: 'restrict' }),
    semester: text({ enum: ['GANJIL', 'GENAP'] }).notNull(),
    theme: text().notNull(),
    title: text().notNull(),
    description: text(),
    dimensions: text().array().$type<P5Dimension[]>().notNull(),
    createdByEmployeeId: integer().references(() => employees.id, { onDelete: 'set null' }),
    createdAt: clockStamp(),
    updatedAt: clockStamp(),
  },
  (t) => [
    index('p5_projects_unit_year_idx').on(t.unitId, t.academicYearId),
    check('p5_projects_semester_ck', sql`${t.semester} in ('GANJIL', 'GENAP')`),
    check('p5_projects_dimensions_ck', sql`cardinality(${t.dimensions}) between 1 and 6`),
  ],
);

export const p5Grades = pgTable(
  'p5_grades',
  {
    projectId: integer()
      .notNull()
      .references(() => p5Projects.id, { onDelete: 'cascade' }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    dimension: text().notNull(),
    grade: text({ enum: ['MB', 'SB', 'BSH', 'SAB'] }).notNull(),
    updatedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: clockStamp(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.studentId, t.dimension] }),
    index('p5_grades_student_idx').on(t.studentId),
    check('p5_grades_grade_ck', sql`${t.grade} in ('MB', 'SB', 'BSH', 'SAB')`),
  ],
);

export const p5Notes = pgTable(
  'p5_notes',
  {
    projectId: integer()
      .notNull()
      .references(() => p5Projects.id, { onDelete: 'cascade' }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    note: text().notNull(),
    updatedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: clockStamp(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.studentId] })],
);
