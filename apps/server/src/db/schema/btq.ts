import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { employees, students, units } from './school.ts';
import { clockStamp } from './columns.ts';

const timestamps = {
  createdAt: clockStamp(),
  updatedAt: clockStamp(),
};

/**
 * BTQ (baca tulis Al-Quran, issue 16). A method (Iqro, Ummi, Tilawati, Qiroati, Wafa, or the school's own) is an
 * ordered list of levels; a TAHFIDZ method tracks memorisation by juz, surah and ayat instead of pages.
 * `unitId` null: a foundation-wide method every unit may use.
 */
export const btqMethods = pgTable(
  'btq_methods',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer().references(() => units.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    kind: text({ enum: ['READING', 'TAHFIDZ'] })
      .notNull()
      .default('READING'),
    isActive: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('btq_methods_unit_name_uq').on(sql`coalesce(${t.unitId}, 0)`, sql`lower(${t.name})`)],
);

/** A level (jilid) of a method, in order; `pages` null for an open-ended level such as Al-Quran or tahfidz juz. */
export const btqLevels = pgTable(
  'btq_levels',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    methodId: integer()
      .notNull()
      .references(() => btqMethods.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    sortOrder: integer().notNull(),
    pages: integer(),
    isActive: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('btq_levels_method_order_uq').on(t.methodId, t.sortOrder),
    uniqueIndex('btq_levels_method_name_uq').on(t.methodId, sql`lower(${t.name})`),
    check('btq_levels_pages_ck', sql`${t.pages} is null or ${t.pages} between 1 and 1000`),
  ],
);

/**
 * The grade scale of a unit's progress entries: the lowest score (0-100) of each grade. A score maps to the
 * highest grade whose `minScore` it reaches (mumtaz, jayyid jiddan, jayyid, maqbul, rasib).
 */
export const btqGradeCutoffs = pgTable(
  'btq_grade_cutoffs',
  {
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    grade: text({ enum: ['MUMTAZ', 'JAYYID_JIDDAN', 'JAYYID', 'MAQBUL', 'RASIB'] }).notNull(),
    minScore: integer().notNull(),
    updatedAt: clockStamp(),
  },
  (t) => [
    uniqueIndex('btq_grade_cutoffs_uq').on(t.unitId, t.grade),
    check('btq_grade_cutoffs_score_ck', sql`${t.minScore} between 0 and 100`),
  ],
);

/** An ustadz/ustadzah of a unit: an employee, or an outside teacher (no employee; signs in only if given an account). */
export const btqTeachers = pgTable(
  'btq_teachers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    employeeId: integer().references(() => employees.id, { onDelete: 'set null' }),
    /** the sign-in account of an outside ustadz (no employee), made by the principal from the btq-teacher screen */
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    name: text().notNull(),
    phone: text(),
    /** the coordinator approves promotions of the unit */
    isCoordinator: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('btq_teachers_unit_employee_uq').on(t.unitId, t.employeeId),
    uniqueIndex('btq_teachers_user_uq')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
  ],
);

/** A halaqah: an ustadz, a level, students and a schedule, in a school year. */
export const btqGroups = pgTable(
  'btq_groups',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    /** the tapel, e.g. 2026/2027 */
    schoolYear: text().notNull(),
    name: text().notNull(),
    teacherId: integer()
      .notNull()
      .references(() => btqTeachers.id, { onDelete: 'restrict' }),
    levelId: integer().references(() => btqLevels.id, { onDelete: 'set null' }),
    /** ISO weekdays 1..7 the group meets */
    days: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    startTime: text(),
    endTime: text(),
    place: text(),
    isActive: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('btq_groups_unit_year_name_uq').on(t.unitId, t.schoolYear, sql`lower(${t.name})`),
    index('btq_groups_teacher_idx').on(t.teacherId),
  ],
);

/** Membership with history: moving a student closes the old row (`toDate`) and opens a new one. */
export const btqGroupMembers = pgTable(
  'btq_group_members',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer()
      .notNull()
      .references(() => btqGroups.id, { onDelete: 'cascade' }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    fromDate: date({ mode: 'string' }).notNull(),
    toDate: date({ mode: 'string' }),
    movedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    // one open membership per student at a time
    uniqueIndex('btq_group_members_open_uq')
      .on(t.studentId)
      .where(sql`${t.toDate} is null`),
    index('btq_group_members_group_idx').on(t.groupId),
    check('btq_group_members_dates_ck', sql`${t.toDate} is null or ${t.toDate} >= ${t.fromDate}`),
  ],
);

/**
 * A student's level history: the open row (`toDate` null) is the current level and page. It changes only by a
 * placement (leveling by the coordinator or principal) or an approved promotion.
 */
export const btqStudentLevels = pgTable(
  'btq_student_levels',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    levelId: integer()
      .notNull()
      .references(() => btqLevels.id, { onDelete: 'restrict' }),
    fromDate: date({ mode: 'string' }).notNull(),
    toDate: date({ mode: 'string' }),
    via: text({ enum: ['PLACEMENT', 'PROMOTION'] }).notNull(),
    promotionId: integer(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('btq_student_levels_open_uq')
      .on(t.studentId)
      .where(sql`${t.toDate} is null`),
    index('btq_student_levels_level_idx').on(t.levelId),
  ],
);

/** One meeting of a group on a school day: presence of each member is recorded under it. */
export const btqSessions = pgTable(
  'btq_sessions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer()
      .notNull()
      .references(() => btqGroups.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    teacherId: integer().references(() => btqTeachers.id, { onDelete: 'set null' }),
    note: text(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('btq_sessions_group_date_uq').on(t.groupId, t.date)],
);

export const btqPresence = pgTable(
  'btq_presence',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer()
      .notNull()
      .references(() => btqSessions.id, { onDelete: 'cascade' }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    status: text({ enum: ['HADIR', 'IZIN', 'SAKIT', 'ALPA'] }).notNull(),
    note: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('btq_presence_session_student_uq').on(t.sessionId, t.studentId),
    index('btq_presence_student_idx').on(t.studentId),
  ],
);

/**
 * A progress entry: a page range of a reading level, or surah and ayat from-to for tahfidz (ziyadah = new
 * memorisation, murojaah = review), with a score and the grade it maps to on the unit's scale at entry time.
 */
export const btqProgress = pgTable(
  'btq_progress',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    groupId: integer().references(() => btqGroups.id, { onDelete: 'set null' }),
    sessionId: integer().references(() => btqSessions.id, { onDelete: 'set null' }),
    date: date({ mode: 'string' }).notNull(),
    levelId: integer()
      .notNull()
      .references(() => btqLevels.id, { onDelete: 'restrict' }),
    kind: text({ enum: ['READING', 'ZIYADAH', 'MUROJAAH'] }).notNull(),
    pageFrom: integer(),
    pageTo: integer(),
    juz: integer(),
    /** surah number 1..114 */
    surah: integer(),
    ayatFrom: integer(),
    ayatTo: integer(),
    score: integer(),
    grade: text({ enum: ['MUMTAZ', 'JAYYID_JIDDAN', 'JAYYID', 'MAQBUL', 'RASIB'] }),
    note: text(),
    teacherId: integer().references(() => btqTeachers.id, { onDelete: 'set null' }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('btq_progress_student_date_idx').on(t.studentId, t.date),
    index('btq_progress_group_date_idx').on(t.groupId, t.date),
    check('btq_progress_pages_ck', sql`${t.pageFrom} is null or (${t.pageFrom} >= 1 and ${t.pageTo} >= ${t.pageFrom})`),
    check('btq_progress_surah_ck', sql`${t.surah} is null or ${t.surah} between 1 and 114`),
    check('btq_progress_juz_ck', sql`${t.juz} is null or ${t.juz} between 1 and 30`),
    check('btq_progress_ayat_ck', sql`${t.ayatFrom} is null or (${t.ayatFrom} >= 1 and ${t.ayatTo} >= ${t.ayatFrom})`),
    check('btq_progress_score_ck', sql`${t.score} is null or ${t.score} between 0 and 100`),
  ],
);

/**
 * Promotion (kenaikan jilid): PROPOSED by the group's ustadz when the level's last page is reached -> TESTED by
 * another ustadz (munaqosyah or tashih: result LULUS/TIDAK_LULUS, score, note) -> APPROVED or REJECTED by the
 * coordinator (or the principal). Only approval changes the student's level (a new `btq_student_levels` row).
 */
export const btqPromotions = pgTable(
  'btq_promotions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    fromLevelId: integer()
      .notNull()
      .references(() => btqLevels.id, { onDelete: 'restrict' }),
    toLevelId: integer()
      .notNull()
      .references(() => btqLevels.id, { onDelete: 'restrict' }),
    status: text({ enum: ['PROPOSED', 'TESTED', 'APPROVED', 'REJECTED'] })
      .notNull()
      .default('PROPOSED'),
    proposedByTeacherId: integer().references(() => btqTeachers.id, { onDelete: 'set null' }),
    proposedAt: clockStamp(),
    testKind: text({ enum: ['MUNAQOSYAH', 'TASHIH'] }),
    testerTeacherId: integer().references(() => btqTeachers.id, { onDelete: 'set null' }),
    testResult: text({ enum: ['LULUS', 'TIDAK_LULUS'] }),
    testScore: integer(),
    testNote: text(),
    testedAt: timestamp({ withTimezone: true }),
    decidedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    decisionNote: text(),
    ...timestamps,
  },
  (t) => [
    // one open promotion per student
    uniqueIndex('btq_promotions_open_uq')
      .on(t.studentId)
      .where(sql`${t.status} in ('PROPOSED', 'TESTED')`),
    index('btq_promotions_unit_status_idx').on(t.unitId, t.status),
    check('btq_promotions_score_ck', sql`${t.testScore} is null or ${t.testScore} between 0 and 100`),
  ],
);
