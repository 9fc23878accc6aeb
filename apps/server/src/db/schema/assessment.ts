import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { QuestionContent, QuestionResponse } from '@mms/shared';
import { users } from './auth.ts';
import { classGroups, employees, grades, students, subjects, units } from './school.ts';
import { admissionWaves, applicants } from './admission.ts';
import { clockStamp } from './columns.ts';

/**
 * The question bank (bank soal): a question belongs to a subject and grade of a unit and is shared with the
 * teachers who teach that subject in that grade. What it says lives in its versions: every edit writes a new
 * version and never changes an old one, so an assessment (and every answer given to it) keeps the version it
 * was built with. Deleting a question hides it from the bank; its versions stay for what used them.
 */
export const questions = pgTable(
  'questions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    /**
     * Whose bank: a subject and grade of the unit (SUBJECT), or the unit's admission committee (ADMISSION: the
     * selection test's questions, no subject or grade).
     */
    bank: text({ enum: ['SUBJECT', 'ADMISSION'] })
      .notNull()
      .default('SUBJECT'),
    subjectId: integer().references(() => subjects.id, { onDelete: 'restrict' }),
    gradeId: integer().references(() => grades.id, { onDelete: 'restrict' }),
    authorEmployeeId: integer().references(() => employees.id, { onDelete: 'set null' }),
    /** the number of the newest version (1, 2, ...) */
    currentVersion: integer().notNull().default(1),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: clockStamp(),
    updatedAt: clockStamp(),
  },
  (t) => [
    index('questions_subject_grade_idx').on(t.subjectId, t.gradeId),
    index('questions_unit_idx').on(t.unitId),
    index('questions_tags_idx').using('gin', t.tags),
    check('questions_bank_ck', sql`${t.bank} in ('SUBJECT', 'ADMISSION')`),
    check(
      'questions_bank_owner_ck',
      sql`case when ${t.bank} = 'SUBJECT' then ${t.subjectId} is not null and ${t.gradeId} is not null else ${t.subjectId} is null and ${t.gradeId} is null end`,
    ),
  ],
);

export const questionVersions = pgTable(
  'question_versions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    questionId: integer()
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    type: text({ enum: ['SINGLE', 'MULTIPLE', 'TRUE_FALSE', 'MATCHING', 'SHORT', 'ESSAY'] }).notNull(),
    /** sanitised HTML */
    stem: text().notNull(),
    /** options, statements or pairs (sanitised HTML) and the key, as the contract's QuestionContent */
    content: jsonb().$type<QuestionContent>().notNull(),
    points: integer().notNull(),
    difficulty: text({ enum: ['MUDAH', 'SEDANG', 'SUKAR'] }).notNull(),
    cognitiveLevel: text({ enum: ['C1', 'C2', 'C3', 'C4', 'C5', 'C6'] }),
    /** tujuan pembelajaran (TP) */
    objective: text(),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: clockStamp(),
  },
  (t) => [
    uniqueIndex('question_versions_question_version_uq').on(t.questionId, t.version),
    check('question_versions_points_ck', sql`${t.points} between 1 and 100`),
    check('question_versions_type_ck', sql`${t.content}->>'type' = ${t.type}`),
  ],
);

/**
 * An assessment (issue 12): a task (tugas), a quiz (formatif), a summative or a selection test of one subject
 * and grade, written by a teacher and taken by class groups. Its workflow state follows
 * `@mms/shared` assessment-states.ts; SCHEDULED and OPEN also move by themselves with the window (read time).
 */
export const assessments = pgTable(
  'assessments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    /** ADMISSION: an admission wave's selection test, taken by applicants (no subject, grade or class) */
    kind: text({ enum: ['TASK', 'FORMATIVE', 'SUMMATIVE', 'SELECTION', 'ADMISSION'] }).notNull(),
    title: text().notNull(),
    subjectId: integer().references(() => subjects.id, { onDelete: 'restrict' }),
    gradeId: integer().references(() => grades.id, { onDelete: 'restrict' }),
    /** the admission wave whose selection test this is (kind ADMISSION only; one per wave) */
    admissionWaveId: integer()
      .unique()
      .references(() => admissionWaves.id, { onDelete: 'cascade' }),
    authorEmployeeId: integer().references(() => employees.id, { onDelete: 'set null' }),
    instructions: text(),
    /** a task's due time */
    dueAt: timestamp({ withTimezone: true }),
    durationMinutes: integer(),
    opensAt: timestamp({ withTimezone: true }),
    closesAt: timestamp({ withTimezone: true }),
    shuffleQuestions: boolean().notNull().default(false),
    shuffleOptions: boolean().notNull().default(false),
    attemptsAllowed: integer().notNull().default(1),
    /** KKM: the passing mark, 0-100 */
    passingMark: integer().notNull().default(75),
    showScore: boolean().notNull().default(true),
    showKey: boolean().notNull().default(false),
    tokenRequired: boolean().notNull().default(false),
    /** contoh soal: a sample for practice, not graded */
    isSample: boolean().notNull().default(false),
    /** the exam token students enter (when tokenRequired), since when it holds, and how often it rotates */
    accessToken: text(),
    accessTokenAt: timestamp({ withTimezone: true }),
    tokenRotateMinutes: integer(),
    state: text({
      enum: ['DRAFT', 'SUBMITTED', 'RETURNED', 'APPROVED', 'SCHEDULED', 'OPEN', 'CLOSED', 'GRADED', 'PUBLISHED'],
    })
      .notNull()
      .default('DRAFT'),
    /** the checker's note of the last return */
    checkNote: text(),
    createdAt: clockStamp(),
    updatedAt: clockStamp(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('assessments_unit_state_idx').on(t.unitId, t.state),
    index('assessments_subject_grade_idx').on(t.subjectId, t.gradeId),
    index('assessments_author_idx').on(t.authorEmployeeId),
    check('assessments_kind_ck', sql`${t.kind} in ('TASK', 'FORMATIVE', 'SUMMATIVE', 'SELECTION', 'ADMISSION')`),
    check(
      'assessments_owner_ck',
      sql`case when ${t.kind} = 'ADMISSION' then ${t.admissionWaveId} is not null and ${t.subjectId} is null and ${t.gradeId} is null else ${t.admissionWaveId} is null and ${t.subjectId} is not null and ${t.gradeId} is not null end`,
    ),
    check(
      'assessments_state_ck',
      sql`${t.state} in ('DRAFT', 'SUBMITTED', 'RETURNED', 'APPROVED', 'SCHEDULED', 'OPEN', 'CLOSED', 'GRADED', 'PUBLISHED')`,
    ),
    check('assessments_passing_mark_ck', sql`${t.passingMark} between 0 and 100`),
    check('assessments_duration_ck', sql`${t.durationMinutes} is null or ${t.durationMinutes} between 1 and 1440`),
    check('assessments_attempts_ck', sql`${t.attemptsAllowed} between 1 and 10`),
    check('assessments_window_ck', sql`${t.opensAt} is null or ${t.closesAt} is null or ${t.closesAt} > ${t.opensAt}`),
  ],
);

/** The class groups (rombel) that take an assessment. */
export const assessmentClasses = pgTable(
  'assessment_classes',
  {
    assessmentId: integer()
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    classGroupId: integer()
      .notNull()
      .references(() => classGroups.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.assessmentId, t.classGroupId] })],
);

/** The fixed questions of an assessment, each pinned to the version it was chosen at. */
export const assessmentItems = pgTable(
  'assessment_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    assessmentId: integer()
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    questionId: integer()
      .notNull()
      .references(() => questions.id, { onDelete: 'restrict' }),
    questionVersionId: integer()
      .notNull()
      .references(() => questionVersions.id, { onDelete: 'restrict' }),
    /** points in this assessment instead of the question's own */
    points: integer(),
  },
  (t) => [
    uniqueIndex('assessment_items_position_uq').on(t.assessmentId, t.position),
    uniqueIndex('assessment_items_question_uq').on(t.assessmentId, t.questionId),
    check('assessment_items_position_ck', sql`${t.position} >= 1`),
    check('assessment_items_points_ck', sql`${t.points} is null or ${t.points} between 1 and 100`),
  ],
);

/** The taker of an attempt or of a drawn paper: a student or an applicant, exactly one (each table's taker check). */
const takerColumns = (onStudentDelete: 'restrict' | 'cascade') => ({
  studentId: integer().references(() => students.id, { onDelete: onStudentDelete }),
  applicantId: integer().references(() => applicants.id, { onDelete: 'cascade' }),
});

/**
 * A taker's own paper, drawn for them before they start (an applicant's random set, "acak soal"): the questions in
 * their order, each pinned to a version. A taker with rows here takes these instead of the assessment's items.
 * The taker is a student or an applicant, exactly one (as in attempts).
 */
export const assessmentTakerItems = pgTable(
  'assessment_taker_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    assessmentId: integer()
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    ...takerColumns('cascade'),
    position: integer().notNull(),
    questionId: integer()
      .notNull()
      .references(() => questions.id, { onDelete: 'restrict' }),
    questionVersionId: integer()
      .notNull()
      .references(() => questionVersions.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('assessment_taker_items_student_position_uq').on(t.assessmentId, t.studentId, t.position),
    uniqueIndex('assessment_taker_items_student_question_uq').on(t.assessmentId, t.studentId, t.questionId),
    uniqueIndex('assessment_taker_items_applicant_position_uq').on(t.assessmentId, t.applicantId, t.position),
    uniqueIndex('assessment_taker_items_applicant_question_uq').on(t.assessmentId, t.applicantId, t.questionId),
    index('assessment_taker_items_question_idx').on(t.questionId),
    check('assessment_taker_items_taker_ck', sql`num_nonnulls(${t.studentId}, ${t.applicantId}) = 1`),
    check('assessment_taker_items_position_ck', sql`${t.position} >= 1`),
  ],
);

/** "Drawn per student": each rule draws `count` questions of the bank matching its tag, difficulty and type. */
export const assessmentDrawRules = pgTable(
  'assessment_draw_rules',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    assessmentId: integer()
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    tag: text(),
    difficulty: text({ enum: ['MUDAH', 'SEDANG', 'SUKAR'] }),
    type: text({ enum: ['SINGLE', 'MULTIPLE', 'TRUE_FALSE', 'MATCHING', 'SHORT', 'ESSAY'] }),
    count: integer().notNull(),
  },
  (t) => [
    index('assessment_draw_rules_assessment_idx').on(t.assessmentId),
    check('assessment_draw_rules_count_ck', sql`${t.count} between 1 and 200`),
    check(
      'assessment_draw_rules_difficulty_ck',
      sql`${t.difficulty} is null or ${t.difficulty} in ('MUDAH', 'SEDANG', 'SUKAR')`,
    ),
    check(
      'assessment_draw_rules_type_ck',
      sql`${t.type} is null or ${t.type} in ('SINGLE', 'MULTIPLE', 'TRUE_FALSE', 'MATCHING', 'SHORT', 'ESSAY')`,
    ),
  ],
);

/** An assessment shared with another teacher of the unit and subject: to read, or to copy as their own draft. */
export const assessmentShares = pgTable(
  'assessment_shares',
  {
    assessmentId: integer()
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    employeeId: integer()
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    mode: text({ enum: ['READ', 'COPY'] }).notNull(),
    createdAt: clockStamp(),
  },
  (t) => [
    primaryKey({ columns: [t.assessmentId, t.employeeId] }),
    index('assessment_shares_employee_idx').on(t.employeeId),
    check('assessment_shares_mode_ck', sql`${t.mode} in ('READ', 'COPY')`),
  ],
);

/**
 * A taker's attempt at an assessment: a student's (quizzes, exams) or an applicant's (the admission selection
 * test), exactly one of the two (attempts_taker_ck). The server holds the deadline: min(start + duration, close
 * time). The score is the points earned, exact, as domain/scoring.ts keeps it: a fraction of integers.
 */
export const attempts = pgTable(
  'attempts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    assessmentId: integer()
      .notNull()
      .references(() => assessments.id, { onDelete: 'restrict' }),
    ...takerColumns('restrict'),
    attemptNo: integer().notNull(),
    startedAt: clockStamp(),
    deadlineAt: timestamp({ withTimezone: true }).notNull(),
    submittedAt: timestamp({ withTimezone: true }),
    status: text({ enum: ['IN_PROGRESS', 'SUBMITTED', 'GRADED'] })
      .notNull()
      .default('IN_PROGRESS'),
    scoreNum: integer(),
    scoreDen: integer(),
    /** the device that holds the attempt (the exam page's random id); another must be let in to take over */
    deviceId: text(),
    /** seconds the proctors added; the deadline that counts is deadlineAt plus this */
    extensionSeconds: integer().notNull().default(0),
    /** when the server last heard from the attempt's device */
    lastSeenAt: timestamp({ withTimezone: true }),
    deviceChanges: integer().notNull().default(0),
    /** a second device asked to take over and waits for the proctor */
    takeoverRequestedAt: timestamp({ withTimezone: true }),
    /** the proctor let the next device in (until then), with or without the PIN */
    takeoverAllowedUntil: timestamp({ withTimezone: true }),
    /** sha256 of the proctor's one-time PIN */
    takeoverPinHash: text(),
    submittedBy: text({ enum: ['STUDENT', 'DEADLINE', 'PROCTOR'] }),
  },
  (t) => [
    uniqueIndex('attempts_student_no_uq').on(t.assessmentId, t.studentId, t.attemptNo),
    uniqueIndex('attempts_applicant_no_uq').on(t.assessmentId, t.applicantId, t.attemptNo),
    check('attempts_taker_ck', sql`num_nonnulls(${t.studentId}, ${t.applicantId}) = 1`),
    index('attempts_open_deadline_idx')
      .on(t.deadlineAt)
      .where(sql`${t.status} = 'IN_PROGRESS'`),
    check('attempts_extension_ck', sql`${t.extensionSeconds} between 0 and 86400`),
    check(
      'attempts_submitted_by_ck',
      sql`${t.submittedBy} is null or ${t.submittedBy} in ('STUDENT', 'DEADLINE', 'PROCTOR')`,
    ),
    check('attempts_no_ck', sql`${t.attemptNo} >= 1`),
    check('attempts_status_ck', sql`${t.status} in ('IN_PROGRESS', 'SUBMITTED', 'GRADED')`),
    check('attempts_deadline_ck', sql`${t.deadlineAt} >= ${t.startedAt}`),
    check(
      'attempts_score_ck',
      sql`(${t.scoreNum} is null and ${t.scoreDen} is null) or (${t.scoreNum} >= 0 and ${t.scoreDen} > 0)`,
    ),
  ],
);

/** One answer of an attempt, saved idempotently by its client sequence number. */
export const answers = pgTable(
  'answers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    attemptId: integer()
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    questionId: integer()
      .notNull()
      .references(() => questions.id, { onDelete: 'restrict' }),
    questionVersionId: integer()
      .notNull()
      .references(() => questionVersions.id, { onDelete: 'restrict' }),
    response: jsonb().$type<QuestionResponse>().notNull(),
    clientSeq: integer().notNull(),
    /** "ragu-ragu": the student marked the question to come back to */
    flagged: boolean().notNull().default(false),
    savedAt: clockStamp(),
    scoreNum: integer(),
    scoreDen: integer(),
    markedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** a correction (the admission test's principal): the stored score replaces the key's, by markedByUserId */
    correctedAt: timestamp({ withTimezone: true }),
    correctionNote: text(),
  },
  (t) => [
    uniqueIndex('answers_attempt_question_uq').on(t.attemptId, t.questionId),
    check('answers_client_seq_ck', sql`${t.clientSeq} >= 0`),
    check(
      'answers_score_ck',
      sql`(${t.scoreNum} is null and ${t.scoreDen} is null) or (${t.scoreNum} >= 0 and ${t.scoreDen} > 0)`,
    ),
  ],
);

/**
 * What happened to an attempt besides its answers (issue 13): start, resume on a device, a device change or a
 * takeover request, time added, forced submission, reopening, an answer file. The control screen lists them and the
 * student sees the ones that concern them; proctors' actions are audited as well.
 */
export const attemptEvents = pgTable(
  'attempt_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    attemptId: integer()
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    at: clockStamp(),
    kind: text({
      enum: [
        'START',
        'DEVICE_CHANGE',
        'TAKEOVER_REQUEST',
        'DEVICE_ALLOWED',
        'EXTEND',
        'SUBMIT',
        'AUTO_SUBMIT',
        'FORCE_SUBMIT',
        'REOPEN',
        'ANSWER_FILE',
      ],
    }).notNull(),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    byUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** shown to the student on the exam page */
    notice: text(),
  },
  (t) => [index('attempt_events_attempt_idx').on(t.attemptId, t.at)],
);
