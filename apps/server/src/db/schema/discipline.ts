import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { employees, students, units } from './school.ts';
import { clockStamp } from './columns.ts';

const timestamps = {
  createdAt: clockStamp(),
  updatedAt: clockStamp(),
};

/** An uploaded evidence file (stored under uploads/discipline by a random name). */
export interface EvidenceFile {
  name: string;
  path: string;
  mime: string;
  size: number;
}

/** Per unit: whether achievements take points off the violation balance, and how many per level. */
export const disciplineSettings = pgTable('discipline_settings', {
  unitId: integer()
    .primaryKey()
    .references(() => units.id, { onDelete: 'cascade' }),
  achievementsOffset: boolean().notNull().default(false),
  /** points per achievement level (SEKOLAH, KECAMATAN, ...) */
  pointsByLevel: jsonb().$type<Record<string, number>>().notNull().default({}),
  updatedAt: clockStamp(),
});

/** Tata tertib: the catalogue of violations of a unit with their points. */
export const violationRules = pgTable(
  'violation_rules',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    name: text().notNull(),
    category: text({ enum: ['RINGAN', 'SEDANG', 'BERAT'] }).notNull(),
    points: integer().notNull(),
    isActive: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('violation_rules_unit_code_uq').on(t.unitId, t.code)],
);

/** Ambang poin: a balance at which a sanction of the kind is proposed. */
export const disciplineThresholds = pgTable(
  'discipline_thresholds',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    points: integer().notNull(),
    kind: text().notNull(),
    title: text().notNull(),
    isActive: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('discipline_thresholds_unit_points_uq').on(t.unitId, t.points)],
);

/** A reported violation; its points count only once verified (then a ledger line holds them). */
export const violations = pgTable(
  'violations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    ruleId: integer()
      .notNull()
      .references(() => violationRules.id),
    occurredOn: date({ mode: 'string' }).notNull(),
    /** HH:MM on the school's clock, when known */
    occurredTime: text(),
    place: text(),
    witness: text(),
    notes: text(),
    evidence: jsonb().$type<EvidenceFile>(),
    status: text({ enum: ['REPORTED', 'VERIFIED', 'REJECTED'] })
      .notNull()
      .default('REPORTED'),
    /** the rule's points when reported (a later change of the catalogue does not rewrite history) */
    points: integer().notNull(),
    /** tahun pelajaran of the date, e.g. 2026/2027 */
    schoolYear: text().notNull(),
    reporterUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    decidedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    rejectReason: text(),
    ...timestamps,
  },
  (t) => [
    index('violations_unit_date_idx').on(t.unitId, t.occurredOn),
    index('violations_student_idx').on(t.studentId, t.schoolYear),
    index('violations_reporter_idx').on(t.reporterUserId),
  ],
);

/** Prestasi: a student's achievement. */
export const achievements = pgTable(
  'achievements',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    title: text().notNull(),
    field: text({ enum: ['AKADEMIK', 'OLAHRAGA', 'SENI', 'KEAGAMAAN', 'LAINNYA'] }).notNull(),
    level: text({ enum: ['SEKOLAH', 'KECAMATAN', 'KABUPATEN', 'PROVINSI', 'NASIONAL', 'INTERNASIONAL'] }).notNull(),
    rank: text().notNull(),
    organiser: text(),
    notes: text(),
    evidence: jsonb().$type<EvidenceFile>(),
    schoolYear: text().notNull(),
    recordedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('achievements_unit_date_idx').on(t.unitId, t.date), index('achievements_student_idx').on(t.studentId)],
);

/**
 * The point ledger: every change of a student's balance, signed, with its source and reference. The balance of a
 * school year is the sum of its lines; lines are never edited. One line per referenced record of a source.
 */
export const pointLedger = pgTable(
  'point_ledger',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    schoolYear: text().notNull(),
    date: date({ mode: 'string' }).notNull(),
    /** violation, remission, achievement, adjustment, or another module's source (e.g. prayer) */
    source: text().notNull(),
    points: integer().notNull(),
    /** the record of the source the line comes from (a violation's id, an achievement's id...) */
    refId: integer(),
    note: text(),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: clockStamp(),
  },
  (t) => [
    index('point_ledger_student_year_idx').on(t.studentId, t.schoolYear),
    uniqueIndex('point_ledger_source_ref_uq')
      .on(t.source, t.refId)
      .where(sql`${t.refId} is not null`),
  ],
);

/**
 * A sanction: proposed when the balance crosses a threshold (or entered by hand), then confirmed or rejected by
 * BPBK or the principal, then carried out. `live` is cleared when a remission takes the balance below its
 * threshold, so crossing it again proposes again; at most one live proposal per threshold and year.
 */
export const sanctions = pgTable(
  'sanctions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    schoolYear: text().notNull(),
    thresholdId: integer().references(() => disciplineThresholds.id, { onDelete: 'set null' }),
    thresholdPoints: integer(),
    kind: text().notNull(),
    title: text().notNull(),
    status: text({ enum: ['PROPOSED', 'CONFIRMED', 'REJECTED', 'COMPLETED'] })
      .notNull()
      .default('PROPOSED'),
    /** the balance when it was proposed */
    balance: integer().notNull(),
    ledgerLineId: integer().references(() => pointLedger.id, { onDelete: 'set null' }),
    live: boolean().notNull().default(true),
    startDate: date({ mode: 'string' }),
    endDate: date({ mode: 'string' }),
    supervisorEmployeeId: integer().references(() => employees.id, { onDelete: 'set null' }),
    doneDate: date({ mode: 'string' }),
    completionNotes: text(),
    decisionReason: text(),
    decidedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('sanctions_live_threshold_uq')
      .on(t.studentId, t.schoolYear, t.thresholdId)
      .where(sql`${t.live} and ${t.thresholdId} is not null`),
    index('sanctions_unit_status_idx').on(t.unitId, t.status),
  ],
);
