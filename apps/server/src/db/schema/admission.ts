import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { APPLICANT_DOCUMENT_KINDS, APPLICANT_STATES, DOCUMENT_CHECKS } from '@mms/shared';
import { users } from './auth.ts';
import { academicYears, classGroups, grades, students, units } from './school.ts';
import { paymentComponents } from './finance.ts';
import { clockStamp } from './columns.ts';

/**
 * An admission wave (gelombang) of a unit for the year the new students enter: when registration is open, the
 * quota, the registration fee and the entry fee (uang pangkal) its accepted applicants are billed at
 * re-registration, and the selection test's window and size.
 */
export const admissionWaves = pgTable(
  'admission_waves',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    /** the year the applicants enter */
    academicYearId: integer()
      .notNull()
      .references(() => academicYears.id, { onDelete: 'restrict' }),
    /** the grade they enter (1 in SD, 7 in SMP; a transfer wave may name another) */
    gradeId: integer()
      .notNull()
      .references(() => grades.id, { onDelete: 'restrict' }),
    /** "Gelombang 1" */
    name: text().notNull(),
    opensOn: date({ mode: 'string' }).notNull(),
    closesOn: date({ mode: 'string' }).notNull(),
    quota: integer().notNull(),
    /** biaya pendaftaran, integer rupiah */
    registrationFee: integer().notNull().default(0),
    /** uang pangkal of this wave, integer rupiah, billed at re-registration under entryFeeComponentId */
    entryFee: integer().notNull().default(0),
    entryFeeComponentId: integer().references(() => paymentComponents.id, { onDelete: 'set null' }),
    /** the selection test: when applicants may take it, how long, how many questions each draws */
    testOpensAt: timestamp({ withTimezone: true }),
    testClosesAt: timestamp({ withTimezone: true }),
    testDurationMinutes: integer().notNull().default(60),
    testQuestionCount: integer().notNull().default(20),
    /** announcement of results shown to applicants from this time */
    announceAt: timestamp({ withTimezone: true }),
    isActive: boolean().notNull().default(true),
    /**
     * the internal path (jalur internal, issue 40 §4): the foundation's own graduates (SD -> SMP) offered a place by
     * the year-end promotion, accepted without the selection test; not offered on the public form
     */
    internal: boolean().notNull().default(false),
    createdAt: clockStamp(),
    updatedAt: clockStamp(),
  },
  (t) => [
    uniqueIndex('admission_waves_unit_year_name_uq').on(t.unitId, t.academicYearId, sql`lower(${t.name})`),
    check('admission_waves_dates_ck', sql`${t.opensOn} <= ${t.closesOn}`),
    check('admission_waves_quota_ck', sql`${t.quota} between 1 and 10000`),
    check('admission_waves_fees_ck', sql`${t.registrationFee} >= 0 and ${t.entryFee} >= 0`),
    check(
      'admission_waves_test_window_ck',
      sql`${t.testOpensAt} is null or ${t.testClosesAt} is null or ${t.testClosesAt} > ${t.testOpensAt}`,
    ),
    check('admission_waves_test_duration_ck', sql`${t.testDurationMinutes} between 1 and 600`),
    check('admission_waves_test_count_ck', sql`${t.testQuestionCount} between 1 and 200`),
  ],
);

/**
 * An applicant (calon siswa) of a wave. Registration number `SPMB/<unit>/<YYYY>/<0001>` gapless per unit and
 * year from admission_counters; the PIN is stored as argon2id. Parents start it from the public form (no
 * account; createdByUserId null) or the staff enter it. At re-registration it gets its student row.
 */
export const applicants = pgTable(
  'applicants',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    waveId: integer()
      .notNull()
      .references(() => admissionWaves.id, { onDelete: 'restrict' }),
    /** the wave's unit, kept here for the row rules and lists */
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    regNo: text().notNull().unique(),
    pinHash: text().notNull(),
    state: text({ enum: APPLICANT_STATES }).notNull().default('DRAFT'),
    // the applicant
    name: text().notNull(),
    gender: text({ enum: ['L', 'P'] }),
    nik: text(),
    nisn: text(),
    birthPlace: text(),
    birthDate: date({ mode: 'string' }),
    religion: text(),
    address: text(),
    phone: text(),
    email: text(),
    boarding: text({ enum: ['MUKIM', 'NON_MUKIM'] }),
    program: text(),
    // parents or guardian
    fatherName: text(),
    fatherPhone: text(),
    fatherJob: text(),
    motherName: text(),
    motherPhone: text(),
    motherJob: text(),
    guardianName: text(),
    guardianPhone: text(),
    guardianRelation: text(),
    // previous school
    previousSchool: text(),
    previousSchoolNpsn: text(),
    notes: text(),
    /** when the applicant (or staff) submitted the form: DRAFT -> REGISTERED */
    registeredAt: timestamp({ withTimezone: true }),
    /** the foundation's student this application was made for on the internal path (an SD graduate) */
    sourceStudentId: integer().references(() => students.id, { onDelete: 'set null' }),
    /** set at re-registration */
    studentId: integer().references(() => students.id, { onDelete: 'set null' }),
    classGroupId: integer().references(() => classGroups.id, { onDelete: 'set null' }),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: clockStamp(),
    updatedAt: clockStamp(),
  },
  (t) => [
    index('applicants_wave_state_idx').on(t.waveId, t.state),
    index('applicants_unit_state_idx').on(t.unitId, t.state),
    index('applicants_registered_idx').on(t.unitId, t.registeredAt),
    // one internal application per student and wave: the promotion's offer may run twice
    uniqueIndex('applicants_wave_source_student_uq')
      .on(t.waveId, t.sourceStudentId)
      .where(sql`${t.sourceStudentId} is not null`),
    uniqueIndex('applicants_student_uq')
      .on(t.studentId)
      .where(sql`${t.studentId} is not null`),
    check('applicants_state_ck', sql`${t.state} in (${sql.raw(APPLICANT_STATES.map((s) => `'${s}'`).join(', '))})`),
    check('applicants_nik_ck', sql`${t.nik} is null or ${t.nik} ~ '^[0-9]{16}$'`),
    check('applicants_nisn_ck', sql`${t.nisn} is null or ${t.nisn} ~ '^[0-9]{10}$'`),
  ],
);

/** Gapless registration numbers: one row per unit and calendar year, bumped inside the registering transaction. */
export const admissionCounters = pgTable(
  'admission_counters',
  {
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    year: integer().notNull(),
    lastNo: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('admission_counters_unit_year_uq').on(t.unitId, t.year)],
);

/** A document the applicant uploaded, re-encoded like other uploads, with the staff's check and note. */
export const applicantDocuments = pgTable(
  'applicant_documents',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    applicantId: integer()
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    kind: text({ enum: APPLICANT_DOCUMENT_KINDS }).notNull(),
    /** path under the data directory's admission store */
    storedPath: text().notNull(),
    mime: text().notNull(),
    size: integer().notNull(),
    originalName: text(),
    check: text({ enum: DOCUMENT_CHECKS }).notNull().default('PENDING'),
    checkNote: text(),
    checkedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    checkedAt: timestamp({ withTimezone: true }),
    uploadedAt: clockStamp(),
  },
  (t) => [
    index('applicant_documents_applicant_idx').on(t.applicantId),
    check('applicant_documents_size_ck', sql`${t.size} > 0`),
  ],
);

/** Every state change of an applicant: who (null = the applicant themselves), when, from, to, and why. */
export const applicantEvents = pgTable(
  'applicant_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    applicantId: integer()
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    at: clockStamp(),
    fromState: text({ enum: APPLICANT_STATES }),
    toState: text({ enum: APPLICANT_STATES }).notNull(),
    note: text(),
    byUserId: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('applicant_events_applicant_idx').on(t.applicantId, t.at)],
);

/** The applicant's signed-in session (registration number and PIN): cookie `mms_applicant`, hashed here. */
export const applicantSessions = pgTable(
  'applicant_sessions',
  {
    idHash: text().primaryKey(),
    applicantId: integer()
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    csrfToken: text().notNull(),
    createdAt: clockStamp(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('applicant_sessions_applicant_idx').on(t.applicantId)],
);

/**
 * Wrong PINs of an applicant, from any address (issue 38): a run of them locks the applicant's sign-in until
 * `lockedUntil`, the right PIN included. A success deletes the row.
 */
export const applicantSignInFailures = pgTable('applicant_sign_in_failures', {
  applicantId: integer()
    .primaryKey()
    .references(() => applicants.id, { onDelete: 'cascade' }),
  /** wrong PINs in the current run (a run ends at a success, a lock, or a quiet window) */
  failures: integer().notNull(),
  lastFailedAt: timestamp({ withTimezone: true }).notNull(),
  lockedUntil: timestamp({ withTimezone: true }),
});
