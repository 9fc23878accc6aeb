import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ChoiceOption, InstrumentProfile, ScaleBand } from '@mms/shared';
import { academicYears, classGroups, students, units } from './school.ts';
import { clock } from '../../lib/clock.ts';
import { clockStamp } from './columns.ts';

const timestamps = {
  createdAt: clockStamp(),
  updatedAt: clockStamp(),
};

/**
 * A counselling instrument (tes minat & kepribadian) of a unit: one per kind (the six menu entries). BPBK edits
 * its scales and items; every save of them is a new version.
 */
export const counsellingInstruments = pgTable(
  'counselling_instruments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    kind: text().notNull(),
    name: text().notNull(),
    description: text().notNull().default(''),
    instructions: text().notNull().default(''),
    /** where the items come from, and the terms they may be used on (shown on the input screen) */
    source: text().notNull().default(''),
    licence: text().notNull().default(''),
    version: integer().notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('counselling_instruments_unit_kind_uq').on(t.unitId, t.kind)],
);

/** A scale of an instrument (e.g. RIASEC's R, I, A, S, E, C), its scoring and its bands (from-to -> label). */
export const counsellingInstrumentScales = pgTable(
  'counselling_instrument_scales',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    instrumentId: integer()
      .notNull()
      .references(() => counsellingInstruments.id, { onDelete: 'cascade' }),
    sortOrder: integer().notNull(),
    code: text().notNull(),
    name: text().notNull(),
    description: text().notNull().default(''),
    scoring: text({ enum: ['SUM', 'MEAN', 'PERCENT'] }).notNull(),
    bands: jsonb().$type<ScaleBand[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('counselling_instrument_scales_code_uq').on(t.instrumentId, t.code)],
);

/** A statement or question of an instrument. */
export const counsellingInstrumentItems = pgTable(
  'counselling_instrument_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    instrumentId: integer()
      .notNull()
      .references(() => counsellingInstruments.id, { onDelete: 'cascade' }),
    number: integer().notNull(),
    text: text().notNull(),
    type: text({ enum: ['LIKERT5', 'YES_NO', 'CHOICE'] }).notNull(),
    /** the scale of a Likert or yes/no item; a choice item's options name theirs */
    scaleCode: text(),
    reversed: boolean().notNull().default(false),
    weight: integer().notNull().default(1),
    options: jsonb().$type<ChoiceOption[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('counselling_instrument_items_number_uq').on(t.instrumentId, t.number),
    check('counselling_instrument_items_weight_ck', sql`${t.weight} between 1 and 10`),
  ],
);

/** A period in which classes or grades of the instrument's unit may answer it. */
export const counsellingInstrumentWindows = pgTable(
  'counselling_instrument_windows',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    instrumentId: integer()
      .notNull()
      .references(() => counsellingInstruments.id, { onDelete: 'cascade' }),
    academicYearId: integer()
      .notNull()
      .references(() => academicYears.id, { onDelete: 'restrict' }),
    opensOn: date({ mode: 'string' }).notNull(),
    closesOn: date({ mode: 'string' }).notNull(),
    classGroupIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    gradeIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    ...timestamps,
  },
  (t) => [
    index('counselling_instrument_windows_instrument_idx').on(t.instrumentId),
    check('counselling_instrument_windows_dates_ck', sql`${t.opensOn} <= ${t.closesOn}`),
  ],
);

/**
 * A student's answering of a window. One per window, unless BPBK reopens it for the student (a new attempt with the
 * next number). A submitted attempt keeps its profile, so later edits of the items never change a result.
 */
export const counsellingInstrumentAttempts = pgTable(
  'counselling_instrument_attempts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    windowId: integer()
      .notNull()
      .references(() => counsellingInstrumentWindows.id, { onDelete: 'restrict' }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    academicYearId: integer()
      .notNull()
      .references(() => academicYears.id, { onDelete: 'restrict' }),
    /** the student's class when they started */
    classGroupId: integer()
      .notNull()
      .references(() => classGroups.id, { onDelete: 'restrict' }),
    attemptNumber: integer().notNull().default(1),
    status: text({ enum: ['IN_PROGRESS', 'SUBMITTED'] })
      .notNull()
      .default('IN_PROGRESS'),
    instrumentVersion: integer().notNull(),
    startedAt: timestamp({ withTimezone: true })
      .notNull()
      .$defaultFn(() => clock.now()),
    submittedAt: timestamp({ withTimezone: true }),
    profile: jsonb().$type<InstrumentProfile>(),
  },
  (t) => [
    uniqueIndex('counselling_instrument_attempts_number_uq').on(t.windowId, t.studentId, t.attemptNumber),
    uniqueIndex('counselling_instrument_attempts_open_uq')
      .on(t.windowId, t.studentId)
      .where(sql`${t.status} = 'IN_PROGRESS'`),
    index('counselling_instrument_attempts_student_idx').on(t.studentId),
    check(
      'counselling_instrument_attempts_submitted_ck',
      sql`(${t.status} = 'SUBMITTED') = (${t.submittedAt} is not null and ${t.profile} is not null)`,
    ),
  ],
);

/** One saved answer of an attempt (autosaved: saving the same answer again changes nothing). */
export const counsellingInstrumentAnswers = pgTable(
  'counselling_instrument_answers',
  {
    attemptId: integer()
      .notNull()
      .references(() => counsellingInstrumentAttempts.id, { onDelete: 'cascade' }),
    itemId: integer()
      .notNull()
      .references(() => counsellingInstrumentItems.id, { onDelete: 'cascade' }),
    value: integer().notNull(),
    savedAt: timestamp({ withTimezone: true })
      .notNull()
      .$defaultFn(() => clock.now()),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.itemId] })],
);
