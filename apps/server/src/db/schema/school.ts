import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** A school of the foundation (SD, SMP, ...). */
export const units = pgTable('units', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  code: text().notNull().unique(),
  name: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const employees = pgTable(
  'employees',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer().references(() => units.id),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** NIP: the employee number, also the staff username */
    nip: text().notNull().unique(),
    name: text().notNull(),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('employees_user_id_uq')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
  ],
);

export const students = pgTable(
  'students',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** NIS: school student number, unique per unit */
    nis: text().notNull(),
    /** NISN: national student number, unique overall */
    nisn: text(),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('students_unit_nis_uq').on(t.unitId, t.nis),
    uniqueIndex('students_nisn_uq')
      .on(t.nisn)
      .where(sql`${t.nisn} is not null`),
    uniqueIndex('students_user_id_uq')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    index('students_name_idx').on(t.name),
  ],
);
