import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, time, uniqueIndex } from 'drizzle-orm/pg-core';
import { assessments } from './assessment.ts';
import { classGroups, employees, units } from './school.ts';
import { clockStamp } from './columns.ts';

/** A room of a unit where exams are sat (ruang ujian), with the seats it has. */
export const examRooms = pgTable(
  'exam_rooms',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    capacity: integer().notNull(),
    createdAt: clockStamp(),
    updatedAt: clockStamp(),
  },
  (t) => [
    uniqueIndex('exam_rooms_unit_name_uq').on(t.unitId, sql`lower(${t.name})`),
    check('exam_rooms_capacity_ck', sql`${t.capacity} between 1 and 1000`),
  ],
);

/** A session of an exam day (Sesi 1, Sesi 2...): a date and its times, wall-clock in Asia/Jakarta. */
export const examSessions = pgTable(
  'exam_sessions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    date: date({ mode: 'string' }).notNull(),
    number: integer().notNull(),
    name: text().notNull(),
    startsAt: time().notNull(),
    endsAt: time().notNull(),
    createdAt: clockStamp(),
    updatedAt: clockStamp(),
  },
  (t) => [
    uniqueIndex('exam_sessions_unit_date_number_uq').on(t.unitId, t.date, t.number),
    check('exam_sessions_number_ck', sql`${t.number} between 1 and 20`),
    check('exam_sessions_times_ck', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * One class sitting one exam in a room and session under a proctor (pengawas). The unique indexes refuse what
 * clashes within one session; clashes across overlapping sessions are refused by the service under a lock.
 */
export const examSlots = pgTable(
  'exam_slots',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    assessmentId: integer()
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    classGroupId: integer()
      .notNull()
      .references(() => classGroups.id, { onDelete: 'restrict' }),
    roomId: integer()
      .notNull()
      .references(() => examRooms.id, { onDelete: 'restrict' }),
    sessionId: integer()
      .notNull()
      .references(() => examSessions.id, { onDelete: 'restrict' }),
    proctorEmployeeId: integer()
      .notNull()
      .references(() => employees.id, { onDelete: 'restrict' }),
    createdAt: clockStamp(),
    updatedAt: clockStamp(),
  },
  (t) => [
    uniqueIndex('exam_slots_room_session_uq').on(t.sessionId, t.roomId),
    uniqueIndex('exam_slots_class_session_uq').on(t.sessionId, t.classGroupId),
    uniqueIndex('exam_slots_proctor_session_uq').on(t.sessionId, t.proctorEmployeeId),
    uniqueIndex('exam_slots_assessment_class_uq').on(t.assessmentId, t.classGroupId),
    index('exam_slots_unit_idx').on(t.unitId),
    index('exam_slots_proctor_idx').on(t.proctorEmployeeId),
  ],
);
