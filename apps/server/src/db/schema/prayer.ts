import { boolean, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { PRAYERS, PRAYER_STATUSES, UDZUR_REASONS } from '@mms/shared';
import { users } from './auth.ts';
import { classGroups, students, units } from './school.ts';
import { pointLedger } from './discipline.ts';
import { clockStamp } from './columns.ts';

/** One student's dzuhur or ashar on one school day: unique per (student, date, prayer); saving again updates it. */
export const prayerRecords = pgTable(
  'prayer_records',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** the class the student was in when recorded */
    classGroupId: integer()
      .notNull()
      .references(() => classGroups.id),
    date: date({ mode: 'string' }).notNull(),
    prayer: text({ enum: PRAYERS }).notNull(),
    status: text({ enum: PRAYER_STATUSES }).notNull(),
    /** only for UDZUR: HAID (girls), SAKIT, IZIN */
    reason: text({ enum: UDZUR_REASONS }),
    recordedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    recordedAt: clockStamp(),
  },
  (t) => [
    uniqueIndex('prayer_records_student_date_prayer_uq').on(t.studentId, t.date, t.prayer),
    index('prayer_records_class_date_idx').on(t.classGroupId, t.date),
    index('prayer_records_unit_date_idx').on(t.unitId, t.date),
  ],
);

/** Per unit: more than `threshold` absences (TIDAK_SALAT) in a month add `points` discipline points, once. */
export const prayerRules = pgTable('prayer_rules', {
  unitId: integer()
    .primaryKey()
    .references(() => units.id, { onDelete: 'cascade' }),
  threshold: integer().notNull(),
  points: integer().notNull(),
  isActive: boolean().notNull().default(true),
  updatedAt: clockStamp(),
});

/**
 * A threshold applied: one row per student and month (unique), the reference (refId) of its ledger line
 * (source 'prayer'). Never deleted when records change back: a BPBK remission takes points off.
 */
export const prayerPenalties = pgTable(
  'prayer_penalties',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** YYYY-MM */
    month: text().notNull(),
    absences: integer().notNull(),
    threshold: integer().notNull(),
    points: integer().notNull(),
    ledgerLineId: integer().references(() => pointLedger.id, { onDelete: 'set null' }),
    createdAt: clockStamp(),
  },
  (t) => [uniqueIndex('prayer_penalties_student_month_uq').on(t.studentId, t.month)],
);
