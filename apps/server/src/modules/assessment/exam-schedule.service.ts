import type {
  AuthUser,
  ExamCards,
  ExamRoomInput,
  ExamRoomSheet,
  ExamScheduleQuery,
  ExamSessionInput,
  ExamSlotInput,
  ExamUnitQuery,
} from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import { audited, type AuditActor } from '../../lib/audit.ts';
import { guarded } from '../../lib/db-errors.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { assertUnit, seesAllUnits, unitScope } from '../../lib/scope.ts';
import { findClass, findEmployeeRef } from '../school/school.service.ts';
import { notifyExamScheduled } from '../notifications/outbox.ts';
import * as repo from './exam-schedule.repo.ts';

/** The states in which an exam may be placed in the schedule: checked and approved, or already scheduled. */
const SCHEDULABLE_STATES = new Set(['APPROVED', 'SCHEDULED']);

const when = (s: repo.SlotRow) => `${s.sessionName}, ${s.date} pukul ${s.startsAt}-${s.endsAt}`;

type Clashes = Awaited<ReturnType<typeof repo.clashesOf>>;

/** Each clash named in Indonesian, with the field of the form it belongs to (as the timetable's 409). */
function clashMessages(found: Clashes): { field: string; message: string }[] {
  return [
    ...found.byClass.map((s) => ({
      field: 'classGroupId',
      message: `Kelas ${s.className} sudah ujian ${s.assessmentTitle} di ${s.roomName} pada ${when(s)}`,
    })),
    ...found.byRoom.map((s) => ({
      field: 'roomId',
      message: `Ruang ${s.roomName} sudah dipakai kelas ${s.className} untuk ${s.assessmentTitle} pada ${when(s)}`,
    })),
    ...found.byProctor.map((s) => ({
      field: 'proctorEmployeeId',
      message: `${s.proctorName} sudah mengawas ${s.assessmentTitle} di ${s.roomName} pada ${when(s)}`,
    })),
  ];
}

export function createExamScheduleService(db: Database) {
  /** The unit a new room or session belongs to: the caller's own, or the one ADMIN and YAYASAN name. */
  function unitForWrite(user: AuthUser, requested: number | undefined): number {
    if (seesAllUnits(user)) {
      const unitId = requested ?? user.unit?.id;
      if (!unitId) throw badRequest('Pilih unit', { unitId: 'Unit wajib diisi' });
      return unitId;
    }
    return unitScope(user, requested)!;
  }

  // ---------- rooms ----------

  const rooms = async (user: AuthUser, q: ExamUnitQuery) => ({
    items: await repo.listRooms(db, unitScope(user, q.unitId)),
  });

  async function roomForWrite(user: AuthUser, id: number) {
    const room = await repo.findRoom(db, id);
    if (!room) throw notFound('Ruang');
    assertUnit(user, room.unitId);
    return room;
  }

  const roomMessages = { unique: 'Nama ruang sudah dipakai di unit ini', inUse: 'Ruang masih dipakai jadwal ujian' };

  async function createRoom(user: AuthUser, input: ExamRoomInput, actor: AuditActor) {
    const values = { unitId: unitForWrite(user, input.unitId), name: input.name, capacity: input.capacity };
    const id = await guarded(
      () =>
        db.transaction(async (tx) => {
          return audited(tx, actor, { action: 'exam.room.create', entityType: 'exam_room', after: values }, () =>
            repo.insertRoom(tx, values),
          );
        }),
      roomMessages,
    );
    return (await repo.findRoom(db, id))!;
  }

  async function updateRoom(user: AuthUser, id: number, input: ExamRoomInput, actor: AuditActor) {
    const before = await roomForWrite(user, id);
    const values = { name: input.name, capacity: input.capacity };
    await guarded(
      () =>
        db.transaction(async (tx) => {
          await audited(
            tx,
            actor,
            { action: 'exam.room.update', entityType: 'exam_room', entityId: id, before, after: values },
            () => repo.updateRoom(tx, id, values),
          );
        }),
      roomMessages,
    );
    return (await repo.findRoom(db, id))!;
  }

  async function removeRoom(user: AuthUser, id: number, actor: AuditActor) {
    const before = await roomForWrite(user, id);
    await guarded(
      () =>
        db.transaction(async (tx) => {
          await audited(
            tx,
            actor,
            { action: 'exam.room.delete', entityType: 'exam_room', entityId: id, before, after: null },
            () => repo.deleteRoom(tx, id),
          );
        }),
      roomMessages,
    );
    return { ok: true as const };
  }

  // ---------- sessions ----------

  const sessions = async (user: AuthUser, q: ExamUnitQuery) => ({
    items: await repo.listSessions(db, unitScope(user, q.unitId)),
  });

  async function sessionForWrite(user: AuthUser, id: number) {
    const session = await repo.findSession(db, id);
    if (!session) throw notFound('Sesi');
    assertUnit(user, session.unitId);
    return session;
  }

  const sessionMessages = {
    unique: 'Nomor sesi ini sudah ada pada tanggal itu',
    inUse: 'Sesi masih dipakai jadwal ujian',
  };

  const sessionValues = (input: ExamSessionInput) => ({
    date: input.date,
    number: input.number,
    name: input.name,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
  });

  async function createSession(user: AuthUser, input: ExamSessionInput, actor: AuditActor) {
    const values = { unitId: unitForWrite(user, input.unitId), ...sessionValues(input) };
    const id = await guarded(
      () =>
        db.transaction(async (tx) => {
          return audited(tx, actor, { action: 'exam.session.create', entityType: 'exam_session', after: values }, () =>
            repo.insertSession(tx, values),
          );
        }),
      sessionMessages,
    );
    return (await repo.findSession(db, id))!;
  }

  async function updateSession(user: AuthUser, id: number, input: ExamSessionInput, actor: AuditActor) {
    const before = await sessionForWrite(user, id);
    const values = sessionValues(input);
    await guarded(
      () =>
        db.transaction(async (tx) => {
          await repo.lockSlotWrites(tx);
          const change = { action: 'exam.session.update', entityType: 'exam_session', entityId: id, before };
          await audited(tx, actor, { ...change, after: values }, async () => {
            await repo.updateSession(tx, id, values);
            // new times must not make the session's slots clash with others
            for (const slot of await repo.listSlots(tx, { unitId: before.unitId })) {
              if (slot.sessionId !== id) continue;
              const problems = clashMessages(await repo.clashesOf(tx, { ...slot, ...values }, slot.id));
              if (problems.length) throw conflict(problems.map((p) => p.message).join('; '));
            }
          });
        }),
      sessionMessages,
    );
    return (await repo.findSession(db, id))!;
  }

  async function removeSession(user: AuthUser, id: number, actor: AuditActor) {
    const before = await sessionForWrite(user, id);
    await guarded(
      () =>
        db.transaction(async (tx) => {
          await audited(
            tx,
            actor,
            { action: 'exam.session.delete', entityType: 'exam_session', entityId: id, before, after: null },
            () => repo.deleteSession(tx, id),
          );
        }),
      sessionMessages,
    );
    return { ok: true as const };
  }

  // ---------- slots ----------

  async function schedule(user: AuthUser, q: ExamScheduleQuery) {
    const unitId = unitScope(user, q.unitId);
    return { items: await repo.listSlots(db, { ...q, unitId }) };
  }

  async function exams(user: AuthUser, q: ExamUnitQuery) {
    return { items: await repo.schedulableExams(db, unitScope(user, q.unitId)) };
  }

  /** Checks a proposed slot's references and returns what the clash check and the save need. */
  async function resolve(exec: Executor, user: AuthUser, input: ExamSlotInput) {
    const exam = await repo.findExam(exec, input.assessmentId);
    if (!exam || exam.deletedAt) throw badRequest('Ujian tidak ada', { assessmentId: 'Ujian tidak ditemukan' });
    assertUnit(user, exam.unitId);
    // one after another: inside a transaction the queries share one connection
    const cls = await findClass(exec, input.classGroupId);
    const room = await repo.findRoom(exec, input.roomId);
    const session = await repo.findSession(exec, input.sessionId);
    const proctor = await findEmployeeRef(exec, input.proctorEmployeeId);
    const listed = await repo.isAssessmentClass(exec, exam.id, input.classGroupId);
    const fields: Record<string, string> = {};
    if (!SCHEDULABLE_STATES.has(exam.state)) fields.assessmentId = 'Ujian belum disetujui untuk dijadwalkan';
    if (!cls || cls.unitId !== exam.unitId || (!listed && cls.gradeId !== exam.gradeId)) {
      fields.classGroupId = 'Kelas bukan peserta ujian ini';
    }
    if (!room || room.unitId !== exam.unitId) fields.roomId = 'Ruang tidak ditemukan di unit ujian ini';
    if (!session || session.unitId !== exam.unitId) fields.sessionId = 'Sesi tidak ditemukan di unit ujian ini';
    if (!proctor || !proctor.isActive) fields.proctorEmployeeId = 'Pengawas tidak ditemukan atau tidak aktif';
    if (Object.keys(fields).length) throw badRequest('Jadwal ujian tidak valid', fields);
    return { exam, cls: cls!, room: room!, session: session! };
  }

  /** Refuses, under the slot lock, a slot that clashes or does not fit its room. */
  async function assertFits(tx: Executor, user: AuthUser, input: ExamSlotInput, exceptId?: number) {
    await repo.lockSlotWrites(tx);
    const { exam, cls, room, session } = await resolve(tx, user, input);
    const problems = clashMessages(
      await repo.clashesOf(
        tx,
        { ...input, date: session.date, startsAt: session.startsAt, endsAt: session.endsAt },
        exceptId,
      ),
    );
    const taken = (await repo.listSlots(tx, { unitId: exam.unitId, classGroupId: cls.id })).find(
      (s) => s.assessmentId === exam.id && s.id !== exceptId,
    );
    if (taken) {
      problems.push({
        field: 'assessmentId',
        message: `Kelas ${cls.name} sudah dijadwalkan ujian ${exam.title} pada ${when(taken)}`,
      });
    }
    const seated = (await repo.studentsOfClasses(tx, [cls.id])).length;
    if (seated > room.capacity) {
      problems.push({
        field: 'roomId',
        message: `Ruang ${room.name} hanya muat ${room.capacity} peserta; kelas ${cls.name} berisi ${seated} siswa`,
      });
    }
    if (problems.length) {
      throw conflict(
        problems.map((p) => p.message).join('; '),
        Object.fromEntries(problems.map((p) => [p.field, p.message])),
      );
    }
    return exam.unitId;
  }

  async function slotForWrite(user: AuthUser, id: number) {
    const slot = await repo.findSlot(db, id);
    if (!slot) throw notFound('Jadwal ujian');
    assertUnit(user, slot.unitId);
    return slot;
  }

  const slotMessages = { unique: 'Jadwal ujian bentrok dengan jadwal lain yang baru disimpan' };

  async function createSlot(user: AuthUser, input: ExamSlotInput, actor: AuditActor) {
    const id = await guarded(
      () =>
        db.transaction(async (tx) => {
          const unitId = await assertFits(tx, user, input);
          const values = { ...input, unitId };
          const id = await audited(
            tx,
            actor,
            { action: 'exam.slot.create', entityType: 'exam_slot', after: values },
            () => repo.insertSlot(tx, values),
          );
          // the class's students hear of it (notification outbox, issue 18), with the slot or not at all
          await notifyExamScheduled(tx, id);
          return id;
        }),
      slotMessages,
    );
    return (await repo.findSlot(db, id))!;
  }

  async function updateSlot(user: AuthUser, id: number, input: ExamSlotInput, actor: AuditActor) {
    const before = await slotForWrite(user, id);
    await guarded(
      () =>
        db.transaction(async (tx) => {
          const unitId = await assertFits(tx, user, input, id);
          const values = { ...input, unitId };
          await audited(
            tx,
            actor,
            { action: 'exam.slot.update', entityType: 'exam_slot', entityId: id, before, after: values },
            () => repo.updateSlot(tx, id, values),
          );
        }),
      slotMessages,
    );
    return (await repo.findSlot(db, id))!;
  }

  async function removeSlot(user: AuthUser, id: number, actor: AuditActor) {
    const before = await slotForWrite(user, id);
    await db.transaction(async (tx) => {
      await audited(
        tx,
        actor,
        { action: 'exam.slot.delete', entityType: 'exam_slot', entityId: id, before, after: null },
        () => repo.deleteSlot(tx, id),
      );
    });
    return { ok: true as const };
  }

  // ---------- printed sheets ----------

  /** The exam cards (kartu peserta) of a class: every student with their username and the class's exams. */
  async function cards(user: AuthUser, classGroupId: number): Promise<ExamCards> {
    const cls = await findClass(db, classGroupId);
    if (!cls) throw notFound('Kelas');
    assertUnit(user, cls.unitId);
    const [students, slots] = await Promise.all([
      repo.studentsOfClasses(db, [cls.id]),
      repo.listSlots(db, { unitId: cls.unitId, classGroupId: cls.id }),
    ]);
    const exams = slots.map((s) => ({
      title: s.assessmentTitle,
      subjectName: s.subjectName,
      date: s.date,
      sessionName: s.sessionName,
      startsAt: s.startsAt,
      endsAt: s.endsAt,
      roomName: s.roomName,
    }));
    return {
      className: cls.name,
      unitId: cls.unitId,
      cards: students.map((s) => ({
        studentId: s.studentId,
        name: s.name,
        nis: s.nis,
        className: s.className,
        username: s.username,
        exams,
      })),
    };
  }

  /** A room in a session: its exams and the students expected (daftar hadir, berita acara). */
  async function roomSheet(user: AuthUser, roomId: number, sessionId: number): Promise<ExamRoomSheet> {
    const [room, session] = await Promise.all([repo.findRoom(db, roomId), repo.findSession(db, sessionId)]);
    if (!room) throw notFound('Ruang');
    if (!session) throw notFound('Sesi');
    assertUnit(user, room.unitId);
    assertUnit(user, session.unitId);
    const slots = await repo.slotsInRoomSession(db, roomId, sessionId);
    const students = await repo.studentsOfClasses(
      db,
      slots.map((s) => s.classGroupId),
    );
    return {
      unitId: room.unitId,
      roomName: room.name,
      sessionName: session.name,
      date: session.date,
      startsAt: session.startsAt,
      endsAt: session.endsAt,
      exams: slots.map((s) => ({
        title: s.assessmentTitle,
        subjectName: s.subjectName,
        className: s.className,
        proctorName: s.proctorName,
        proctorNip: s.proctorNip,
      })),
      students: students.map(({ studentId, nis, name, className }) => ({ studentId, nis, name, className })),
      expected: students.length,
    };
  }

  return {
    rooms,
    createRoom,
    updateRoom,
    removeRoom,
    sessions,
    createSession,
    updateSession,
    removeSession,
    schedule,
    exams,
    createSlot,
    updateSlot,
    removeSlot,
    cards,
    roomSheet,
  };
}

export type ExamScheduleService = ReturnType<typeof createExamScheduleService>;
