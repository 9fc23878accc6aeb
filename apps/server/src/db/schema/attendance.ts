import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { classGroups, employees, students, timetableSlots, units } from './school.ts';
import { clockStamp } from './columns.ts';

const timestamps = {
  createdAt: clockStamp(),
  updatedAt: clockStamp(),
};

/**
 * Presensi siswa. A daily row (the homeroom register) has no slot; a lesson row (filled from the
 * class journal) carries its timetable slot. Entering a day again edits the row, so the unique
 * indexes hold one daily row per student per date and one lesson row per student per date per slot.
 */
export const studentAttendance = pgTable(
  'student_attendance',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    date: date({ mode: 'string' }).notNull(),
    classGroupId: integer()
      .notNull()
      .references(() => classGroups.id, { onDelete: 'cascade' }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** H hadir, S sakit, I izin, A alpa */
    code: text({ enum: ['H', 'S', 'I', 'A'] }).notNull(),
    lateMinutes: integer().notNull().default(0),
    note: text(),
    source: text({ enum: ['daily', 'lesson'] }).notNull(),
    timetableSlotId: integer().references(() => timetableSlots.id, { onDelete: 'cascade' }),
    /** the approved leave request that wrote the row, if any */
    leaveRequestId: integer(),
    recordedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('student_attendance_daily_uq')
      .on(t.studentId, t.date)
      .where(sql`${t.source} = 'daily'`),
    uniqueIndex('student_attendance_lesson_uq')
      .on(t.studentId, t.date, t.timetableSlotId)
      .where(sql`${t.source} = 'lesson'`),
    index('student_attendance_class_date_idx').on(t.classGroupId, t.date),
    index('student_attendance_date_code_idx').on(t.date, t.code),
    check(
      'student_attendance_slot_ck',
      sql`(${t.source} = 'daily' and ${t.timetableSlotId} is null) or (${t.source} = 'lesson' and ${t.timetableSlotId} is not null)`,
    ),
    check('student_attendance_late_ck', sql`${t.lateMinutes} between 0 and 600`),
  ],
);

/** Presensi pegawai: one row per employee per date, check-in/out at server time. */
export const staffAttendance = pgTable(
  'staff_attendance',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    employeeId: integer()
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    unitId: integer().references(() => units.id),
    date: date({ mode: 'string' }).notNull(),
    checkInAt: timestamp({ withTimezone: true }),
    checkOutAt: timestamp({ withTimezone: true }),
    /** DINAS_LUAR = DL, away on duty */
    status: text({ enum: ['HADIR', 'SAKIT', 'IZIN', 'DINAS_LUAR', 'ALPA'] }).notNull(),
    lateMinutes: integer().notNull().default(0),
    note: text(),
    leaveRequestId: integer(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('staff_attendance_employee_date_uq').on(t.employeeId, t.date),
    index('staff_attendance_date_idx').on(t.date, t.unitId),
  ],
);

/** Surat izin/sakit of a student or an employee: pending -> approved | rejected. */
export const leaveRequests = pgTable(
  'leave_requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer().references(() => units.id),
    studentId: integer().references(() => students.id, { onDelete: 'cascade' }),
    employeeId: integer().references(() => employees.id, { onDelete: 'cascade' }),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    kind: text({ enum: ['SAKIT', 'IZIN'] }).notNull(),
    reason: text().notNull(),
    attachmentPath: text(),
    attachmentMime: text(),
    attachmentSize: integer(),
    status: text({ enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    requestedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    decidedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    decisionNote: text(),
    ...timestamps,
  },
  (t) => [
    check('leave_requests_subject_ck', sql`(${t.studentId} is null) <> (${t.employeeId} is null)`),
    check('leave_requests_dates_ck', sql`${t.startDate} <= ${t.endDate}`),
    index('leave_requests_status_idx').on(t.unitId, t.status, t.startDate),
    index('leave_requests_student_idx').on(t.studentId),
    index('leave_requests_employee_idx').on(t.employeeId),
  ],
);
