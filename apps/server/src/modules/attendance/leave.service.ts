import { type AuthUser, type LeaveDecisionInput, type LeaveRequestInput, type LeaveRequestsQuery } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { assertUnit, seesAllUnits, seesOnlyOwnClasses, unitScope, userCan } from '../../lib/scope.ts';
import * as attendanceRepo from './attendance.repo.ts';
import { actorOfUser } from '../../lib/actor.ts';
import { access } from '../access/access.service.ts';
import { schoolDays } from '../school/calendar.service.ts';
import { notifyLeaveDecided } from '../notifications/outbox.ts';
import * as repo from './leave.repo.ts';
import * as staffRepo from './staff.repo.ts';
import { assertSupported, fileStore, normalise } from '../../lib/uploads.ts';
import * as school from '../school/school.service.ts';

const toApi = (r: repo.LeaveRow) => {
  const { attachmentPath, attachmentMime, attachmentSize, decidedAt, createdAt, ...rest } = r;
  return {
    ...rest,
    attachment:
      attachmentPath && attachmentMime
        ? { url: `/api/v1/leave-requests/${r.id}/attachment`, mime: attachmentMime, size: attachmentSize ?? 0 }
        : null,
    decidedAt: decidedAt ? decidedAt.toISOString() : null,
    createdAt: createdAt.toISOString(),
  };
};

export function createLeaveService(db: Database, dataDir: string) {
  const files = fileStore(dataDir, 'leave');

  /** Whom the request is for: a student files for themself; staff for themself or for a student they may see. */
  async function subjectOf(user: AuthUser, studentId: number | undefined) {
    if (user.division === 'STUDENT') {
      if (!user.studentId) throw forbidden('Akun Anda tidak terhubung ke data siswa');
      if (studentId !== undefined && studentId !== user.studentId) {
        throw forbidden('Siswa hanya dapat mengajukan izin untuk dirinya sendiri');
      }
      const s = await attendanceRepo.findStudentRef(db, user.studentId);
      if (!s) throw forbidden('Akun Anda tidak terhubung ke data siswa');
      return { studentId: s.id, unitId: s.unitId };
    }
    if (studentId !== undefined) {
      const s = await attendanceRepo.findStudentRef(db, studentId);
      if (!s) throw badRequest('Siswa tidak ditemukan', { studentId: 'Tidak ditemukan' });
      // the student rule: the unit's students, a teacher's only those of a class they teach or lead
      await access.require(db, actorOfUser(user), 'read', 'student', s.id);
      return { studentId: s.id, unitId: s.unitId };
    }
    if (!user.employeeId) throw forbidden('Akun Anda tidak terhubung ke data pegawai');
    const e = await staffRepo.findEmployeeWithUnit(db, user.employeeId);
    if (!e) throw forbidden('Akun Anda tidak terhubung ke data pegawai');
    return { employeeId: e.id, unitId: e.unitId };
  }

  async function create(user: AuthUser, input: LeaveRequestInput, attachment: Buffer | null, actor: AuditActor) {
    const who = await subjectOf(user, input.studentId);
    const mime = attachment ? assertSupported(attachment) : null;
    const overlap = await repo.findOverlap(db, who, input.startDate, input.endDate);
    if (overlap) {
      throw conflict(
        `Sudah ada pengajuan izin untuk ${overlap.startDate} s.d. ${overlap.endDate} yang beririsan dengan tanggal ini`,
      );
    }
    const stored = attachment && mime ? await normalise(attachment, mime) : null;
    const path = stored ? await files.save(stored, { uploadedBy: user.id, purpose: 'leave-attachment' }) : null;
    try {
      const id = await db.transaction(async (tx) => {
        const values = {
          unitId: who.unitId,
          studentId: who.studentId ?? null,
          employeeId: who.employeeId ?? null,
          startDate: input.startDate,
          endDate: input.endDate,
          kind: input.kind,
          reason: input.reason,
          attachmentPath: path,
          attachmentMime: mime,
          attachmentSize: stored?.length ?? null,
          requestedByUserId: user.id,
        };
        const id = await repo.insertLeave(tx, values);
        await audit(tx, actor, { action: 'leave.request', entityType: 'leave_request', entityId: id, after: values });
        return id;
      });
      return toApi((await repo.findLeave(db, id))!);
    } catch (err) {
      if (path) await files.remove(path);
      throw err;
    }
  }

  /** Who may see a request: its deciders of the unit, the person, the requester, and a teacher of the student's class. */
  async function readable(user: AuthUser, id: number) {
    const row = await repo.findLeave(db, id);
    if (!row) throw notFound('Pengajuan izin');
    if (userCan(user, 'leave.decide') && (seesAllUnits(user) || row.unitId === user.unit?.id)) return row;
    if (row.requestedByUserId === user.id) return row;
    if (row.studentId !== null && row.studentId === user.studentId) return row;
    if (row.employeeId !== null && row.employeeId === user.employeeId) return row;
    // a teacher: a student of a class they teach or lead (the student rule's read)
    if (row.studentId !== null && seesOnlyOwnClasses(user)) {
      const readable = await access.allowed(db, actorOfUser(user), 'read', 'student', [row.studentId]);
      if (readable.has(row.studentId)) return row;
    }
    throw forbidden('Anda tidak berhak melihat pengajuan izin ini');
  }

  const get = async (user: AuthUser, id: number) => toApi(await readable(user, id));

  async function attachment(user: AuthUser, id: number) {
    const row = await readable(user, id);
    if (!row.attachmentPath || !row.attachmentMime) throw notFound('Lampiran');
    return { data: await files.read(row.attachmentPath), mime: row.attachmentMime, id: row.id };
  }

  /** Deciders see their unit's requests; everyone else their own, and a teacher those of their classes. */
  async function list(user: AuthUser, q: LeaveRequestsQuery) {
    const decider = userCan(user, 'leave.decide') && !q.mine;
    const page = await repo.listLeaves(
      db,
      {
        unitId: decider ? unitScope(user, q.unitId) : null,
        status: q.status,
        // A teacher also sees the requests of the students of the classes they teach or lead.
        own: decider
          ? undefined
          : {
              userId: user.id,
              studentId: user.studentId,
              employeeId: user.employeeId,
              classIds:
                user.division === 'STUDENT' || q.mine
                  ? null
                  : await access.limitedTo(db, actorOfUser(user), 'read', 'class'),
            },
      },
      q,
    );
    return { ...page, items: page.items.map(toApi) };
  }

  /** Approval writes S or I on the school days of the range (the unit's calendar), in the same transaction. */
  async function decide(user: AuthUser, id: number, input: LeaveDecisionInput, actor: AuditActor) {
    const row = await repo.findLeave(db, id);
    if (!row) throw notFound('Pengajuan izin');
    if (!seesAllUnits(user)) assertUnit(user, row.unitId);
    if (row.status !== 'pending')
      throw conflict(row.status === 'approved' ? 'Pengajuan ini sudah disetujui' : 'Pengajuan ini sudah ditolak');
    const code = row.kind === 'SAKIT' ? 'S' : 'I';
    await db.transaction(async (tx) => {
      const decided = await repo.decide(tx, id, {
        status: input.decision,
        decidedByUserId: user.id,
        decisionNote: input.note ?? null,
      });
      if (!decided) throw conflict('Pengajuan ini sudah diputuskan');
      let written: string[] = [];
      if (input.decision === 'approved' && row.studentId !== null) {
        const [cls, year] = await Promise.all([school.classOfStudent(tx, row.studentId), school.activeYear(tx)]);
        if (cls && year) {
          // the school days of the range in the student's unit (the calendar), inside the active year
          const days = await schoolDays(tx, cls.unitId, row.startDate, row.endDate);
          written = days.filter((d) => d >= year.startDate && d <= year.endDate);
          await attendanceRepo.upsertDaily(
            tx,
            written.map((date) => ({
              studentId: row.studentId!,
              classGroupId: cls.id,
              date,
              code,
              lateMinutes: 0,
              note: `${row.kind === 'SAKIT' ? 'Sakit' : 'Izin'}: ${row.reason}`.slice(0, 500),
              recordedByUserId: user.id,
              leaveRequestId: row.id,
            })),
          );
        }
      }
      if (input.decision === 'approved' && row.employeeId !== null) {
        // the school days of the range in the employee's unit (the calendar)
        written = await schoolDays(tx, row.unitId, row.startDate, row.endDate);
        await staffRepo.upsertLeaveDays(
          tx,
          written.map((date) => ({
            employeeId: row.employeeId!,
            unitId: row.unitId,
            date,
            status: row.kind,
            leaveRequestId: row.id,
          })),
        );
      }
      await audit(tx, actor, {
        action: `leave.${input.decision === 'approved' ? 'approve' : 'reject'}`,
        entityType: 'leave_request',
        entityId: id,
        before: { status: row.status },
        after: { status: input.decision, note: input.note ?? null, attendanceDays: written, code },
      });
      // the requester hears of the decision (notification outbox, issue 18), in the same transaction
      await notifyLeaveDecided(tx, row, input.decision, input.note ?? null);
    });
    return toApi((await repo.findLeave(db, id))!);
  }

  /** The requester (or the person it is for) withdraws a request still pending. */
  async function cancel(user: AuthUser, id: number, actor: AuditActor) {
    const row = await repo.findLeave(db, id);
    if (!row) throw notFound('Pengajuan izin');
    const own =
      row.requestedByUserId === user.id ||
      (row.studentId !== null && row.studentId === user.studentId) ||
      (row.employeeId !== null && row.employeeId === user.employeeId);
    if (!own) throw forbidden('Hanya pengaju yang dapat membatalkan pengajuan ini');
    if (row.status !== 'pending') throw conflict('Pengajuan yang sudah diputuskan tidak dapat dibatalkan');
    await db.transaction(async (tx) => {
      if (!(await repo.deletePending(tx, id))) throw conflict('Pengajuan ini baru saja diputuskan');
      await audit(tx, actor, { action: 'leave.cancel', entityType: 'leave_request', entityId: id, before: row });
    });
    if (row.attachmentPath) await files.remove(row.attachmentPath);
    return { ok: true as const };
  }

  return { create, get, attachment, list, decide, cancel };
}

export type LeaveService = ReturnType<typeof createLeaveService>;
