import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { clockStamp } from './columns.ts';

const timestamps = {
  createdAt: clockStamp(),
  updatedAt: clockStamp(),
};

/** A school of the foundation (SD, SMP, ...). */
export const units = pgTable('units', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  code: text().notNull().unique(),
  name: text().notNull(),
  npsn: text(),
  address: text(),
  headmaster: text(),
  /** the headmaster's NIP under the signature of the unit's papers */
  headmasterNip: text(),
  /** the place a paper is signed in ("Bogor, 25 November 2026") */
  city: text(),
  phone: text(),
  email: text(),
  /** the letterhead's logo: a file name under uploads/logos (a re-encoded PNG) */
  logoPath: text(),
  /** first bell of the day, HH:MM (Jakarta time); staff lateness counts from it */
  dayStartTime: text().notNull().default('07:00'),
  /** minutes of one JP (35 in SD, 40 in SMP by default) */
  periodMinutes: integer().notNull().default(40),
  /** the school week: 5 (Monday-Friday) or 6 (Monday-Saturday) */
  schoolDaysPerWeek: integer().notNull().default(6),
  /** whether a quiz (formatif) goes to the curriculum deputy's check before it is approved */
  formativeNeedsCheck: boolean().notNull().default(true),
  isActive: boolean().notNull().default(true),
  ...timestamps,
});

/**
 * The foundation (yayasan) itself: its letterhead and its chair's signature, on papers about every unit.
 * Exactly one row (id 1), made by the migration.
 */
export const foundation = pgTable(
  'foundation',
  {
    id: integer().primaryKey().default(1),
    name: text().notNull(),
    address: text(),
    city: text(),
    phone: text(),
    email: text(),
    /** the chair (ketua yayasan) signs the foundation's papers */
    chairName: text(),
    chairNip: text(),
    logoPath: text(),
    ...timestamps,
  },
  (t) => [check('foundation_one_row_ck', sql`${t.id} = 1`)],
);

/** The bell schedule of a unit: when each teaching period starts and ends (same every school day). */
export const bellPeriods = pgTable(
  'bell_periods',
  {
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    period: integer().notNull(),
    startTime: text().notNull(),
    endTime: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.unitId, t.period] })],
);

/**
 * Tahun pelajaran. One calendar for the whole foundation (both units follow it), so that a teacher
 * working in SD and SMP is checked for timetable clashes against a single year.
 */
export const academicYears = pgTable(
  'academic_years',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** "2025/2026" */
    name: text().notNull().unique(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    isActive: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('academic_years_one_active_uq')
      .on(t.isActive)
      .where(sql`${t.isActive}`),
    check('academic_years_dates_ck', sql`${t.startDate} < ${t.endDate}`),
  ],
);

/** Tingkat: 1-6 in SD, 7-9 in SMP. */
export const grades = pgTable(
  'grades',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id),
    level: integer().notNull(),
    name: text().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('grades_unit_level_uq').on(t.unitId, t.level)],
);

export const employees = pgTable(
  'employees',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer().references(() => units.id),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** NIP: the employee number, also the staff username */
    nip: text().notNull().unique(),
    nuptk: text(),
    name: text().notNull(),
    gender: text({ enum: ['L', 'P'] }),
    position: text(),
    employmentStatus: text(),
    phone: text(),
    email: text(),
    photoPath: text(),
    joinDate: date({ mode: 'string' }),
    isActive: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('employees_user_id_uq')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    index('employees_unit_name_idx').on(t.unitId, t.name),
  ],
);

/** Rombel: a class group of one academic year, e.g. "7A". */
export const classGroups = pgTable(
  'class_groups',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id),
    academicYearId: integer()
      .notNull()
      .references(() => academicYears.id),
    gradeId: integer()
      .notNull()
      .references(() => grades.id),
    name: text().notNull(),
    /** wali kelas */
    homeroomEmployeeId: integer().references(() => employees.id, { onDelete: 'set null' }),
    room: text(),
    program: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('class_groups_unit_year_name_uq').on(t.unitId, t.academicYearId, t.name),
    index('class_groups_year_idx').on(t.academicYearId, t.gradeId),
    index('class_groups_homeroom_idx').on(t.homeroomEmployeeId),
  ],
);

/** Mapel. */
export const subjects = pgTable(
  'subjects',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id),
    code: text().notNull(),
    name: text().notNull(),
    /** kelompok, e.g. "Umum", "Keislaman", "Muatan Lokal" */
    group: text(),
    /** KKM: the minimum passing mark */
    kkm: integer().notNull().default(75),
    isActive: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('subjects_unit_code_uq').on(t.unitId, t.code),
    check('subjects_kkm_ck', sql`${t.kkm} between 0 and 100`),
  ],
);

/** JP per week of a subject in a grade. */
export const subjectGradeHours = pgTable(
  'subject_grade_hours',
  {
    subjectId: integer()
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    gradeId: integer()
      .notNull()
      .references(() => grades.id, { onDelete: 'cascade' }),
    hoursPerWeek: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.subjectId, t.gradeId] })],
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
    nik: text(),
    name: text().notNull(),
    gender: text({ enum: ['L', 'P'] }),
    birthPlace: text(),
    birthDate: date({ mode: 'string' }),
    religion: text(),
    address: text(),
    fatherName: text(),
    motherName: text(),
    guardianName: text(),
    phone: text(),
    parentPhone: text(),
    boarding: text({ enum: ['MUKIM', 'NON_MUKIM'] }),
    program: text(),
    entryDate: date({ mode: 'string' }),
    status: text({ enum: ['ACTIVE', 'GRADUATED', 'MOVED', 'DROPPED'] })
      .notNull()
      .default('ACTIVE'),
    photoPath: text(),
    ...timestamps,
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
    index('students_unit_status_idx').on(t.unitId, t.status),
  ],
);

/**
 * A student's place in a class group for a year. A class mutation ends the open row and opens
 * another, so the history stays; at most one open row per student per year.
 */
export const enrollments = pgTable(
  'enrollments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    classGroupId: integer()
      .notNull()
      .references(() => classGroups.id),
    academicYearId: integer()
      .notNull()
      .references(() => academicYears.id),
    /** when the student joined the class, on MMS's clock (MMS_NOW applies) */
    startedAt: clockStamp(),
    endedAt: timestamp({ withTimezone: true }),
    /** why the row ended: MOVED (class mutation), PROMOTED, REMOVED */
    endReason: text(),
    /**
     * MOVED when the row began with a class mutation during the year: attendance recaps count the
     * student in this class from that day; otherwise from the year's start (or the entry date).
     */
    startReason: text(),
    note: text(),
  },
  (t) => [
    uniqueIndex('enrollments_open_per_year_uq')
      .on(t.studentId, t.academicYearId)
      .where(sql`${t.endedAt} is null`),
    index('enrollments_class_idx').on(t.classGroupId),
  ],
);

/** Who teaches which subject in which class group in a semester, and how many JP a week. */
export const teachingAssignments = pgTable(
  'teaching_assignments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    employeeId: integer()
      .notNull()
      .references(() => employees.id),
    subjectId: integer()
      .notNull()
      .references(() => subjects.id),
    classGroupId: integer()
      .notNull()
      .references(() => classGroups.id, { onDelete: 'cascade' }),
    academicYearId: integer()
      .notNull()
      .references(() => academicYears.id),
    semester: text({ enum: ['GANJIL', 'GENAP'] }).notNull(),
    hoursPerWeek: integer().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('teaching_assignments_class_subject_uq').on(t.classGroupId, t.subjectId, t.semester),
    index('teaching_assignments_employee_idx').on(t.employeeId, t.academicYearId, t.semester),
  ],
);

/**
 * One lesson in the weekly timetable. The unique indexes are the last guard behind the service's
 * clash check: no class and no teacher in two places in one period.
 */
export const timetableSlots = pgTable(
  'timetable_slots',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id),
    academicYearId: integer()
      .notNull()
      .references(() => academicYears.id),
    semester: text({ enum: ['GANJIL', 'GENAP'] }).notNull(),
    classGroupId: integer()
      .notNull()
      .references(() => classGroups.id, { onDelete: 'cascade' }),
    /** 1 Monday ... 6 Saturday */
    day: integer().notNull(),
    period: integer().notNull(),
    subjectId: integer()
      .notNull()
      .references(() => subjects.id),
    employeeId: integer()
      .notNull()
      .references(() => employees.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('timetable_class_slot_uq').on(t.classGroupId, t.semester, t.day, t.period),
    uniqueIndex('timetable_teacher_slot_uq').on(t.employeeId, t.academicYearId, t.semester, t.day, t.period),
    check('timetable_day_ck', sql`${t.day} between 1 and 6`),
    check('timetable_period_ck', sql`${t.period} between 1 and 16`),
  ],
);

/**
 * The school calendar: non-school days (national holidays, cuti bersama, Islamic holidays,
 * semester breaks, local days off) and marked periods that stay school days (exam weeks, PAS/PAT,
 * MPLS), each a date range with a name. An entry with no unit is the foundation's: every unit
 * inherits it. The school week itself is a column of the unit (`units.school_days_per_week`).
 */
export const calendarEntries = pgTable(
  'calendar_entries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** null: the whole foundation */
    unitId: integer().references(() => units.id, { onDelete: 'cascade' }),
    /** NATIONAL_HOLIDAY, CUTI_BERSAMA, ISLAMIC_HOLIDAY, SEMESTER_BREAK, LOCAL_DAY_OFF (non-school); EXAM_WEEK, PAS_PAT, MPLS, OTHER (school days) */
    kind: text().notNull(),
    name: text().notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    ...timestamps,
  },
  (t) => [
    index('calendar_entries_range_idx').on(t.startDate, t.endDate),
    check('calendar_entries_dates_ck', sql`${t.startDate} <= ${t.endDate}`),
  ],
);
