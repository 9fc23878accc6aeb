import { and, asc, eq, ne, sql, type Column, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  assessmentClasses,
  assessments,
  classGroups,
  employees,
  examRooms,
  examSessions,
  examSlots,
  subjects,
} from '../../db/schema/index.ts';
import { sqlNow } from '../../lib/sql.ts';

const hhmm = (column: typeof examSessions.startsAt | typeof examSessions.endsAt) =>
  sql<string>`to_char(${column}, 'HH24:MI')`;

const unitIs = (column: Column, unitId: number | null) => (unitId === null ? undefined : eq(column, unitId));

// ---------- rooms ----------

const roomColumns = {
  id: examRooms.id,
  unitId: examRooms.unitId,
  name: examRooms.name,
  capacity: examRooms.capacity,
};

export const listRooms = (db: Executor, unitId: number | null) =>
  db.select(roomColumns).from(examRooms).where(unitIs(examRooms.unitId, unitId)).orderBy(asc(examRooms.name));

export async function findRoom(db: Executor, id: number) {
  const [row] = await db.select(roomColumns).from(examRooms).where(eq(examRooms.id, id));
  return row;
}

export async function insertRoom(db: Executor, values: typeof examRooms.$inferInsert) {
  const [row] = await db.insert(examRooms).values(values).returning({ id: examRooms.id });
  return row!.id;
}

export async function updateRoom(db: Executor, id: number, values: { name: string; capacity: number }) {
  await db
    .update(examRooms)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(examRooms.id, id));
}

export async function deleteRoom(db: Executor, id: number) {
  await db.delete(examRooms).where(eq(examRooms.id, id));
}

// ---------- sessions ----------

const sessionColumns = {
  id: examSessions.id,
  unitId: examSessions.unitId,
  date: examSessions.date,
  number: examSessions.number,
  name: examSessions.name,
  startsAt: hhmm(examSessions.startsAt),
  endsAt: hhmm(examSessions.endsAt),
};

export const listSessions = (db: Executor, unitId: number | null) =>
  db
    .select(sessionColumns)
    .from(examSessions)
    .where(unitIs(examSessions.unitId, unitId))
    .orderBy(asc(examSessions.date), asc(examSessions.number));

export async function findSession(db: Executor, id: number) {
  const [row] = await db.select(sessionColumns).from(examSessions).where(eq(examSessions.id, id));
  return row;
}

export async function insertSession(db: Executor, values: typeof examSessions.$inferInsert) {
  const [row] = await db.insert(examSessions).values(values).returning({ id: examSessions.id });
  return row!.id;
}

export async function updateSession(
  db: Executor,
  id: number,
  values: Omit<typeof examSessions.$inferInsert, 'unitId' | 'id'>,
) {
  await db
    .update(examSessions)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(examSessions.id, id));
}

export async function deleteSession(db: Executor, id: number) {
  await db.delete(examSessions).where(eq(examSessions.id, id));
}

// ---------- slots ----------

const slotColumns = {
  id: examSlots.id,
  unitId: examSlots.unitId,
  assessmentId: examSlots.assessmentId,
  assessmentTitle: assessments.title,
  subjectName: subjects.name,
  classGroupId: examSlots.classGroupId,
  className: classGroups.name,
  roomId: examSlots.roomId,
  roomName: examRooms.name,
  sessionId: examSlots.sessionId,
  sessionName: examSessions.name,
  date: examSessions.date,
  startsAt: hhmm(examSessions.startsAt),
  endsAt: hhmm(examSessions.endsAt),
  proctorEmployeeId: examSlots.proctorEmployeeId,
  proctorName: employees.name,
  proctorNip: employees.nip,
};

const selectSlots = (db: Executor, where: SQL | undefined) =>
  db
    .select(slotColumns)
    .from(examSlots)
    .innerJoin(assessments, eq(assessments.id, examSlots.assessmentId))
    .innerJoin(subjects, eq(subjects.id, assessments.subjectId))
    .innerJoin(classGroups, eq(classGroups.id, examSlots.classGroupId))
    .innerJoin(examRooms, eq(examRooms.id, examSlots.roomId))
    .innerJoin(examSessions, eq(examSessions.id, examSlots.sessionId))
    .innerJoin(employees, eq(employees.id, examSlots.proctorEmployeeId))
    .where(where)
    .orderBy(asc(examSessions.date), asc(examSessions.startsAt), asc(examRooms.name), asc(classGroups.name));

export type SlotRow = Awaited<ReturnType<typeof selectSlots>>[number];

export interface SlotFilter {
  unitId: number | null;
  date?: string | undefined;
  classGroupId?: number | undefined;
  proctorEmployeeId?: number | undefined;
}

export const listSlots = (db: Executor, f: SlotFilter) =>
  selectSlots(
    db,
    and(
      f.unitId === null ? undefined : eq(examSlots.unitId, f.unitId),
      f.date ? eq(examSessions.date, f.date) : undefined,
      f.classGroupId ? eq(examSlots.classGroupId, f.classGroupId) : undefined,
      f.proctorEmployeeId ? eq(examSlots.proctorEmployeeId, f.proctorEmployeeId) : undefined,
    ),
  );

export async function findSlot(db: Executor, id: number) {
  const [row] = await selectSlots(db, eq(examSlots.id, id));
  return row;
}

export const slotsInRoomSession = (db: Executor, roomId: number, sessionId: number) =>
  selectSlots(db, and(eq(examSlots.roomId, roomId), eq(examSlots.sessionId, sessionId)));

export interface ProposedSlot {
  classGroupId: number;
  roomId: number;
  proctorEmployeeId: number;
  date: string;
  startsAt: string;
  endsAt: string;
}

/**
 * The slots a proposed one would collide with, in any session of that date whose times overlap: the class's,
 * the room's and the proctor's (the proctor in any unit: staff are foundation-wide).
 */
export async function clashesOf(db: Executor, p: ProposedSlot, exceptId?: number) {
  const overlapping = and(
    eq(examSessions.date, p.date),
    sql`${examSessions.startsAt} < ${p.endsAt}::time and ${p.startsAt}::time < ${examSessions.endsAt}`,
    exceptId ? ne(examSlots.id, exceptId) : undefined,
  );
  // one after another: inside a transaction the queries share one connection
  const byClass = await selectSlots(db, and(overlapping, eq(examSlots.classGroupId, p.classGroupId)));
  const byRoom = await selectSlots(db, and(overlapping, eq(examSlots.roomId, p.roomId)));
  const byProctor = await selectSlots(db, and(overlapping, eq(examSlots.proctorEmployeeId, p.proctorEmployeeId)));
  return { byClass, byRoom, byProctor };
}

/** Slot writes are serialised, so two concurrent saves cannot both pass the overlap check. */
export async function lockSlotWrites(db: Executor) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('exam_slots'))`);
}

export async function insertSlot(db: Executor, values: typeof examSlots.$inferInsert) {
  const [row] = await db.insert(examSlots).values(values).returning({ id: examSlots.id });
  return row!.id;
}

export async function updateSlot(db: Executor, id: number, values: Partial<typeof examSlots.$inferInsert>) {
  await db
    .update(examSlots)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(examSlots.id, id));
}

export async function deleteSlot(db: Executor, id: number) {
  await db.delete(examSlots).where(eq(examSlots.id, id));
}

// ---------- exams, classes and students ----------

export async function findExam(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: assessments.id,
      unitId: assessments.unitId,
      gradeId: assessments.gradeId,
      title: assessments.title,
      state: assessments.state,
      deletedAt: assessments.deletedAt,
    })
    .from(assessments)
    .where(eq(assessments.id, id));
  return row;
}

export async function isAssessmentClass(db: Executor, assessmentId: number, classGroupId: number) {
  const [row] = await db
    .select({ id: assessmentClasses.classGroupId })
    .from(assessmentClasses)
    .where(and(eq(assessmentClasses.assessmentId, assessmentId), eq(assessmentClasses.classGroupId, classGroupId)));
  return row !== undefined;
}

/**
 * The unit's APPROVED and SCHEDULED assessments with the classes that may sit them: the assessment's own classes
 * and the classes of its grade in the active year.
 */
export async function schedulableExams(db: Executor, unitId: number | null) {
  const result = await db.execute<{
    id: number;
    title: string;
    subjectName: string;
    classes: { id: number; name: string }[];
  }>(sql`
    select a.id, a.title, s.name as "subjectName",
      coalesce((
        select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name)
        from class_groups c
        where c.id in (select class_group_id from assessment_classes where assessment_id = a.id)
           or (c.grade_id = a.grade_id and c.unit_id = a.unit_id
               and c.academic_year_id in (select id from academic_years where is_active))
      ), '[]'::json) as classes
    from assessments a
    join subjects s on s.id = a.subject_id
    where a.state in ('APPROVED', 'SCHEDULED') and a.deleted_at is null
      ${unitId === null ? sql`` : sql`and a.unit_id = ${unitId}`}
    order by a.title, a.id`);
  return result.rows;
}

/** The students now enrolled in some classes, with their account's username (the exam card's QR). */
export async function studentsOfClasses(db: Executor, classGroupIds: number[]) {
  if (!classGroupIds.length) return [];
  const result = await db.execute<{
    studentId: number;
    nis: string;
    name: string;
    className: string;
    classGroupId: number;
    username: string | null;
  }>(sql`
    select s.id as "studentId", s.nis, s.name, cg.name as "className", cg.id as "classGroupId", u.username
    from enrollments e
    join students s on s.id = e.student_id
    join class_groups cg on cg.id = e.class_group_id
    left join users u on u.id = s.user_id
    where e.ended_at is null and s.status = 'ACTIVE'
      and e.class_group_id in (${sql.join(
        classGroupIds.map((id) => sql`${id}`),
        sql`, `,
      )})
    order by cg.name, s.name, s.id`);
  return result.rows;
}
