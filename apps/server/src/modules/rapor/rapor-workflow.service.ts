import {
  semesterInYear,
  type AuthUser,
  type MyRapors,
  type MyRaporSubjects,
  type RaporBoard,
  type RaporNoteInput,
  type RaporQuery,
  type RaporReopenInput,
  type RaporSemesterInput,
  type RaporSubmitInput,
  type Semester,
} from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import { actorOfUser } from '../../lib/actor.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { clock } from '../../lib/clock.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { userCan } from '../../lib/scope.ts';
import { access } from '../access/access.service.ts';
import { accountNames } from '../auth/auth.service.ts';
import { savedDescriptionsOf, savedDescriptionsOfClass } from '../descriptions/descriptions.service.ts';
import { createGradesService } from '../grades/grades.service.ts';
import { raporReminderText } from '../notifications/notice-template.ts';
import { notify, userContact } from '../notifications/outbox.ts';
import * as school from '../school/school.service.ts';
import { requireTeachesSubject } from './rapor.access.ts';
import { createRaporService } from './rapor.service.ts';
import * as repo from './rapor-workflow.repo.ts';

type ClassRow = NonNullable<Awaited<ReturnType<typeof school.findClass>>>;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * The rapor workflow of a class and semester (issue 40 §3): the subject teacher submits their subject; the
 * completeness board (per subject: teacher, submitted, which students lack a final score or a description); the
 * homeroom reminds a teacher (notification outbox) and writes notes; the principal or WAKAKUR locks (only a complete
 * board), reopens one student's subject keeping the earlier version, and publishes; the student reads their own
 * published rapor, the first read marking it seen. Row rules: rapor.access.ts, checked in each write's transaction;
 * every write audited.
 */
export function createRaporWorkflowService(db: Database, dataDir: string) {
  const grades = createGradesService(db);
  const rapor = createRaporService(db, dataDir);
  /** The names of the accounts that did something on the board, in one query; `name(id)` null for none. */
  async function namesOf(exec: Executor, userIds: readonly (number | null | undefined)[]) {
    const names = await accountNames(
      exec,
      userIds.filter((id): id is number => typeof id === 'number'),
    );
    return (id: number | null | undefined) => (id == null ? null : (names.get(id) ?? null));
  }

  async function classOf(classGroupId: number) {
    const cls = await school.findClass(db, classGroupId);
    if (!cls) throw notFound('Kelas');
    return cls;
  }

  /** The semester asked, else today's in the class's year (its last one once the year is over). */
  async function semesterOf(cls: ClassRow, q: RaporQuery): Promise<Semester> {
    if (q.semester) return q.semester;
    const year = await school.findYear(db, cls.academicYearId);
    if (!year) throw notFound('Tahun pelajaran');
    const today = clock.today();
    return semesterInYear(today, year) ?? (today > year.endDate ? 'GENAP' : 'GANJIL');
  }

  /** The board's facts, read without access checks (the callers check first). */
  async function boardOf(exec: Executor, cls: ClassRow, semester: Semester) {
    const round = { classGroupId: cls.id, semester };
    const [students, teachers, submissions, state, notes, seen, reopens] = await Promise.all([
      school.raporStudentsOfClass(exec, cls.id),
      school.classSubjectTeachers(exec, cls.id, semester),
      repo.submissionsOf(exec, round),
      repo.stateOf(exec, round),
      repo.notesOf(exec, round),
      repo.seenOf(exec, round),
      repo.reopensOf(exec, round),
    ]);
    // the class's scores and descriptions in a fixed number of queries, whatever its size (the rapor's class reads)
    const [scoresOf, descriptionsOf, name] = await Promise.all([
      grades.scoresOfStudents(
        cls,
        semester,
        students.map((s) => s.id),
      ),
      savedDescriptionsOfClass(exec, cls.id, semester),
      namesOf(
        exec,
        submissions.map((x) => x.submittedByUserId),
      ),
    ]);
    const perStudent = students.map((s) => ({
      student: s,
      scores: scoresOf.get(s.id) ?? [],
      descriptions: descriptionsOf.get(s.id) ?? new Map<number, string>(),
    }));
    const subjects = new Map<number, { name: string; teacher: (typeof teachers)[number] | null }>();
    for (const t of teachers) subjects.set(t.subjectId, { name: t.subjectName, teacher: t });
    for (const p of perStudent) {
      for (const x of p.scores)
        if (!subjects.has(x.subjectId)) subjects.set(x.subjectId, { name: x.subjectName, teacher: null });
    }
    const submittedOf = new Map(submissions.map((x) => [x.subjectId, x]));
    const rows = [...subjects].map(([subjectId, s]) => {
      const sub = submittedOf.get(subjectId);
      const ref = (x: (typeof students)[number]) => ({ id: x.id, name: x.name });
      return {
        subjectId,
        name: s.name,
        teacher: s.teacher ? { employeeId: s.teacher.employeeId, name: s.teacher.employeeName } : null,
        teacherUserId: s.teacher?.userId ?? null,
        submittedAt: iso(sub?.submittedAt),
        submittedBy: sub ? name(sub.submittedByUserId) : null,
        missingScore: perStudent
          .filter((p) => (p.scores.find((x) => x.subjectId === subjectId)?.final ?? null) === null)
          .map((p) => ref(p.student)),
        missingDescription: perStudent.filter((p) => !p.descriptions.get(subjectId)).map((p) => ref(p.student)),
      };
    });
    rows.sort((a, b) => a.name.localeCompare(b.name, 'id'));
    const complete =
      rows.length > 0 &&
      rows.every((r) => r.submittedAt !== null && r.missingScore.length === 0 && r.missingDescription.length === 0);
    return { round, students, state, notes, seen, reopens, rows, complete, perStudent };
  }

  async function board(user: AuthUser, classGroupId: number, q: RaporQuery): Promise<RaporBoard> {
    const actor = actorOfUser(user);
    const cls = await classOf(classGroupId);
    await access.require(db, actor, 'read', 'raporClass', cls.id);
    const semester = await semesterOf(cls, q);
    const b = await boardOf(db, cls, semester);
    const [mayNote, mayLock] = await Promise.all([
      access.allowed(db, actor, 'note', 'raporClass', [cls.id]),
      access.allowed(db, actor, 'lock', 'raporClass', [cls.id]),
    ]);
    const noteOf = new Map(b.notes.map((n) => [n.studentId, n]));
    const seenOf = new Map(b.seen.map((n) => [n.studentId, n.firstSeenAt]));
    const studentName = new Map(b.students.map((s) => [s.id, s.name]));
    const subjectName = new Map(b.rows.map((s) => [s.subjectId, s.name]));
    // a reopen's subject is the board's, or one that since left it (its name read once for all)
    const [otherSubjects, name] = await Promise.all([
      school.subjectNamesOf(
        db,
        b.reopens.map((r) => r.subjectId).filter((id) => !subjectName.has(id)),
      ),
      namesOf(db, [b.state?.lockedByUserId, b.state?.publishedByUserId, ...b.reopens.map((r) => r.openedByUserId)]),
    ]);
    return {
      classGroup: { id: cls.id, name: cls.name },
      semester,
      status: b.state?.status ?? 'DRAFT',
      lockedAt: iso(b.state?.lockedAt),
      lockedBy: name(b.state?.lockedByUserId),
      publishedAt: iso(b.state?.publishedAt),
      publishedBy: name(b.state?.publishedByUserId),
      complete: b.complete,
      can: {
        note: mayNote.size > 0 && userCan(user, 'rapor.note'),
        lock: mayLock.size > 0 && userCan(user, 'rapor.lock'),
        remind: true,
      },
      subjects: b.rows.map(({ teacherUserId: _u, ...r }) => ({
        ...r,
        mine: r.teacher !== null && r.teacher.employeeId === user.employeeId,
      })),
      students: b.students.map((s) => ({
        id: s.id,
        nis: s.nis,
        name: s.name,
        note: noteOf.get(s.id)?.text ?? null,
        akhlak: noteOf.get(s.id)?.akhlak ?? null,
        seenAt: iso(seenOf.get(s.id)),
      })),
      reopens: b.reopens.map((r) => ({
        id: r.id,
        subjectId: r.subjectId,
        subjectName: subjectName.get(r.subjectId) ?? otherSubjects.get(r.subjectId) ?? '-',
        studentId: r.studentId,
        studentName: studentName.get(r.studentId) ?? '-',
        previousScore: r.previousHundredths === null ? null : r.previousHundredths / 100,
        previousDescription: r.previousDescription,
        reason: r.reason,
        openedBy: name(r.openedByUserId),
        openedAt: r.openedAt.toISOString(),
        closedAt: iso(r.closedAt),
      })),
    };
  }

  const isClosed = (status: string | undefined) => status === 'LOCKED' || status === 'PUBLISHED';

  /** The subject teacher submits their subject of the class; on a locked rapor it closes the subject's reopens. */
  async function submit(user: AuthUser, classGroupId: number, input: RaporSubmitInput, by: AuditActor) {
    const cls = await classOf(classGroupId);
    return db.transaction(async (tx) => {
      await requireTeachesSubject(tx, actorOfUser(user), cls.id, input.subjectId);
      const round = { classGroupId: cls.id, semester: input.semester };
      await repo.lockRound(tx, round, 'shared');
      const state = await repo.stateOf(tx, round);
      const now = clock.now();
      let closed = 0;
      if (isClosed(state?.status)) {
        closed = (await repo.closeReopens(tx, round, now, input.subjectId)).length;
        if (closed === 0) throw conflict('Rapor kelas ini sudah dikunci; tidak ada mapel yang dibuka kembali');
      }
      await repo.upsertSubmission(tx, round, input.subjectId, user.id, now);
      await audit(tx, by, {
        action: 'rapor.submit',
        entityType: 'rapor_submission',
        entityId: `${cls.id}:${input.subjectId}:${input.semester}`,
        after: { submittedAt: now.toISOString(), closedReopens: closed },
      });
      return { ok: true as const };
    });
  }

  /** A reminder to the subject's teacher through the notification outbox, from the board's reader. */
  async function remind(user: AuthUser, classGroupId: number, input: RaporSubmitInput, by: AuditActor) {
    const cls = await classOf(classGroupId);
    return db.transaction(async (tx) => {
      await access.require(tx, actorOfUser(user), 'read', 'raporClass', cls.id);
      const teacher = (await school.classSubjectTeachers(tx, cls.id, input.semester)).find(
        (t) => t.subjectId === input.subjectId,
      );
      if (!teacher) throw notFound('Guru mapel ini di kelas ini');
      const contact = (teacher.userId ? await userContact(tx, teacher.userId) : null) ?? { name: teacher.employeeName };
      const messages = await notify(tx, [contact], {
        topic: 'rapor.reminder',
        ...raporReminderText({
          teacher: teacher.employeeName,
          subject: teacher.subjectName,
          className: cls.name,
          semester: input.semester,
          from: user.displayName,
        }),
      });
      await audit(tx, by, {
        action: 'rapor.remind',
        entityType: 'rapor_submission',
        entityId: `${cls.id}:${input.subjectId}:${input.semester}`,
        after: { teacher: teacher.employeeName, messages },
      });
      return { messages };
    });
  }

  async function assertMember(exec: Executor, classGroupId: number, studentId: number) {
    const members = await school.studentsEverInClass(exec, classGroupId);
    if (!members.some((s) => s.id === studentId)) {
      throw badRequest('Siswa bukan anggota kelas ini', { studentId: 'Bukan anggota kelas' });
    }
  }

  /** The homeroom's note on a student's rapor (the class's homeroom alone; not on a locked rapor). */
  async function saveNote(
    user: AuthUser,
    classGroupId: number,
    studentId: number,
    input: RaporNoteInput,
    by: AuditActor,
  ) {
    const cls = await classOf(classGroupId);
    return db.transaction(async (tx) => {
      await access.require(tx, actorOfUser(user), 'note', 'raporClass', cls.id);
      await assertMember(tx, cls.id, studentId);
      const round = { classGroupId: cls.id, semester: input.semester };
      await repo.lockRound(tx, round, 'shared');
      if (isClosed((await repo.stateOf(tx, round))?.status)) {
        throw conflict('Rapor kelas ini sudah dikunci; catatan wali kelas tidak dapat diubah');
      }
      const before = await repo.noteOf(tx, round, studentId);
      // left out: the saved akhlak note stays; '' or null clears it
      const akhlak = input.akhlak === undefined ? undefined : input.akhlak || null;
      await repo.upsertNote(tx, round, studentId, input.text, akhlak, user.id);
      await audit(tx, by, {
        action: 'rapor.note',
        entityType: 'rapor_homeroom_note',
        entityId: `${cls.id}:${input.semester}:${studentId}`,
        before: before ? { text: before.text, akhlak: before.akhlak } : null,
        after: { text: input.text, akhlak: akhlak === undefined ? (before?.akhlak ?? null) : akhlak },
      });
      return { ok: true as const };
    });
  }

  /** Locks the class's rapors of the semester: the principal or WAKAKUR of the unit, only once the board is complete. */
  async function lock(user: AuthUser, classGroupId: number, input: RaporSemesterInput, by: AuditActor) {
    const cls = await classOf(classGroupId);
    return db.transaction(async (tx) => {
      await access.require(tx, actorOfUser(user), 'lock', 'raporClass', cls.id);
      const round = { classGroupId: cls.id, semester: input.semester };
      await repo.lockRound(tx, round, 'exclusive');
      if (isClosed((await repo.stateOf(tx, round))?.status)) throw conflict('Rapor kelas ini sudah dikunci');
      const b = await boardOf(tx, cls, input.semester);
      if (!b.complete) {
        const unsubmitted = b.rows.filter((r) => r.submittedAt === null).length;
        const scores = b.rows.reduce((n, r) => n + r.missingScore.length, 0);
        const descriptions = b.rows.reduce((n, r) => n + r.missingDescription.length, 0);
        throw conflict(
          b.rows.length === 0
            ? `Rapor ${cls.name} belum dapat dikunci: belum ada mapel dengan nilai`
            : `Rapor ${cls.name} belum dapat dikunci: ${unsubmitted} mapel belum diserahkan, ${scores} nilai akhir dan ${descriptions} deskripsi belum ada`,
        );
      }
      const now = clock.now();
      await repo.setLocked(tx, round, user.id, now);
      await audit(tx, by, {
        action: 'rapor.lock',
        entityType: 'rapor_state',
        entityId: `${cls.id}:${input.semester}`,
        after: { status: 'LOCKED', lockedAt: now.toISOString() },
      });
      return { ok: true as const };
    });
  }

  /**
   * Reopens one student's subject on a locked (or published) rapor, keeping the final score and the description as
   * they were; the subject's teacher may then change them and submits again, which closes the reopen. Audited.
   */
  async function reopen(user: AuthUser, classGroupId: number, input: RaporReopenInput, by: AuditActor) {
    const cls = await classOf(classGroupId);
    const subject = await school.findSubject(db, input.subjectId);
    if (!subject || subject.unitId !== cls.unitId) throw notFound('Mata pelajaran');
    return db.transaction(async (tx) => {
      await access.require(tx, actorOfUser(user), 'lock', 'raporClass', cls.id);
      await assertMember(tx, cls.id, input.studentId);
      const round = { classGroupId: cls.id, semester: input.semester };
      await repo.lockRound(tx, round, 'exclusive');
      if (!isClosed((await repo.stateOf(tx, round))?.status)) {
        throw conflict('Rapor kelas ini belum dikunci; nilai dan deskripsinya masih dapat diubah langsung');
      }
      const open = await repo.openReopenStudents(tx, round, input.subjectId, [input.studentId]);
      if (open.size > 0) throw conflict('Mapel siswa ini sudah dibuka kembali');
      const [scores, descriptions] = await Promise.all([
        grades.scoresOfStudent(input.studentId, input.semester),
        savedDescriptionsOf(tx, input.studentId, cls.id, input.semester),
      ]);
      const final = scores.subjects.find((x) => x.subjectId === input.subjectId)?.final ?? null;
      const previous = {
        previousHundredths: final === null ? null : Math.round(final * 100),
        previousDescription: descriptions.get(input.subjectId) ?? null,
      };
      const id = await repo.insertReopen(tx, {
        ...round,
        subjectId: input.subjectId,
        studentId: input.studentId,
        ...previous,
        reason: input.reason,
        openedByUserId: user.id,
      });
      await audit(tx, by, {
        action: 'rapor.reopen',
        entityType: 'rapor_reopen',
        entityId: id,
        before: { final, description: previous.previousDescription },
        after: { classGroupId: cls.id, subjectId: input.subjectId, studentId: input.studentId, reason: input.reason },
      });
      return { ok: true as const };
    });
  }

  /** Publishes a locked class's rapors to its students; open reopens close. */
  async function publish(user: AuthUser, classGroupId: number, input: RaporSemesterInput, by: AuditActor) {
    const cls = await classOf(classGroupId);
    return db.transaction(async (tx) => {
      await access.require(tx, actorOfUser(user), 'lock', 'raporClass', cls.id);
      const round = { classGroupId: cls.id, semester: input.semester };
      await repo.lockRound(tx, round, 'exclusive');
      const state = await repo.stateOf(tx, round);
      if (state?.status === 'PUBLISHED') throw conflict('Rapor kelas ini sudah diterbitkan');
      if (state?.status !== 'LOCKED') throw conflict('Rapor harus dikunci sebelum diterbitkan');
      const now = clock.now();
      const closed = await repo.closeReopens(tx, round, now);
      await repo.setPublished(tx, round, user.id, now);
      await audit(tx, by, {
        action: 'rapor.publish',
        entityType: 'rapor_state',
        entityId: `${cls.id}:${input.semester}`,
        before: { status: 'LOCKED' },
        after: { status: 'PUBLISHED', publishedAt: now.toISOString(), closedReopens: closed.length },
      });
      return { ok: true as const };
    });
  }

  /** The signed-in student's class of the active year (never an id from the request). */
  async function ownClass(user: AuthUser) {
    if (!user.studentId) throw notFound('Data siswa akun ini');
    const cls = await school.classOfStudent(db, user.studentId);
    return cls ? { studentId: user.studentId, cls } : null;
  }

  /** The student's published rapors in their class of the active year, with when each was first seen. */
  async function mine(user: AuthUser): Promise<MyRapors> {
    const own = await ownClass(user);
    if (!own) return { items: [] };
    const [published, seen] = await Promise.all([
      repo.publishedOfClass(db, own.cls.id),
      repo.seenOfStudent(db, own.cls.id, own.studentId),
    ]);
    const seenOf = new Map(seen.map((s) => [s.semester, s.firstSeenAt]));
    return {
      items: published.map((p) => ({
        classGroupId: own.cls.id,
        className: own.cls.name,
        semester: p.semester,
        publishedAt: p.publishedAt!.toISOString(),
        seenAt: iso(seenOf.get(p.semester)),
      })),
    };
  }

  /** The student's own published rapor of a semester (404 until published); the first read marks it seen. */
  async function myRapor(user: AuthUser, semester: Semester) {
    const own = await ownClass(user);
    const round = own ? { classGroupId: own.cls.id, semester } : null;
    const state = round ? await repo.stateOf(db, round) : undefined;
    if (!own || !round || state?.status !== 'PUBLISHED') throw notFound('Rapor yang sudah diterbitkan');
    const { rapor: r, logo } = await rapor.ofStudent(user, own.studentId, { semester });
    await repo.markSeen(db, round, own.studentId);
    return { rapor: r, logo };
  }

  /** The caller's own class-subjects of the active year (what they may submit), with each one's submission. */
  async function mySubjects(user: AuthUser, semester: Semester): Promise<MyRaporSubjects> {
    if (!user.employeeId) return { items: [] };
    const pairs = await school.classSubjectsTaught(db, user.employeeId);
    const { submissions, states } = await repo.roundsOf(db, [...new Set(pairs.map((p) => p.classGroupId))], semester);
    return {
      items: pairs
        .map((p) => ({
          classGroupId: p.classGroupId,
          className: p.className,
          subjectId: p.subjectId,
          subjectName: p.subjectName,
          submittedAt: iso(
            submissions.find((x) => x.classGroupId === p.classGroupId && x.subjectId === p.subjectId)?.submittedAt,
          ),
          status: states.find((x) => x.classGroupId === p.classGroupId)?.status ?? 'DRAFT',
        }))
        .sort(
          (a, b) =>
            a.className.localeCompare(b.className, 'id', { numeric: true }) ||
            a.subjectName.localeCompare(b.subjectName, 'id'),
        ),
    };
  }

  return { board, submit, remind, saveNote, lock, reopen, publish, mine, myRapor, mySubjects };
}
