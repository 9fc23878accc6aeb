import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, employees, examSlots, students, units, users } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';

type Method = Parameters<TestContext['call']>[1];
import { attendanceFixture } from '../attendance/test-fixtures.ts';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let wakakur: Session;
let student: Session;
let outsider: Session;
let username: string;
const exam = { pts: 0, pas: 0, draft: 0 };
const room = { r1: 0, r2: 0, small: 0 };
const session = { s1: 0, s2: 0, late: 0 };
const API = '/api/v1/exam-schedule';
const DATE = '2026-12-01';

const slotCount = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(examSlots))[0]!.n;
const ok = async <T = Record<string, unknown>>(s: Session, method: Method, url: string, body?: unknown) => {
  const res = await ctx.call(s, method, url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx);
  wakakur = await ctx.as('WAKAKUR');
  student = await ctx.as('STUDENT');
  // the curriculum deputy of another unit
  const [sd] = await ctx.db.insert(units).values({ code: 'SD', name: 'SD Uji' }).returning();
  const u = await ctx.createUser({ division: 'WAKAKUR' });
  await ctx.db.update(users).set({ unitId: sd!.id }).where(eq(users.id, u.id));
  await ctx.db.update(employees).set({ unitId: sd!.id }).where(eq(employees.userId, u.id));
  outsider = await ctx.signIn(u.username);
  // the first student of 7A gets an account: the username their card's QR code carries
  const account = await ctx.createUser({ division: 'STUDENT' });
  username = account.username;
  await ctx.db.update(students).set({ userId: null }).where(eq(students.userId, account.id));
  await ctx.db.update(students).set({ userId: account.id }).where(eq(students.id, f.studentsA[0]!.id));

  const question = await ok<{ id: number }>(f.subjectTeacher, 'POST', '/api/v1/questions', {
    subjectId: f.subject.id,
    gradeId: f.classA.gradeId,
    stem: '<p>2 + 2 = ...</p>',
    content: {
      type: 'SINGLE',
      options: [
        { id: 'a', text: '4' },
        { id: 'b', text: '5' },
      ],
      key: 'a',
    },
    points: 1,
  });
  const summative = async (title: string, approve: boolean) => {
    const { id } = await ok<{ id: number }>(f.subjectTeacher, 'POST', '/api/v1/assessments', {
      kind: 'SUMMATIVE',
      title,
      subjectId: f.subject.id,
      gradeId: f.classA.gradeId,
      durationMinutes: 90,
      passingMark: 75,
      classIds: [f.classA.id, f.classB.id],
    });
    await ok(f.subjectTeacher, 'PUT', `/api/v1/assessments/${id}/items`, { items: [{ questionId: question.id }] });
    if (approve) {
      await ok(f.subjectTeacher, 'POST', `/api/v1/assessments/${id}/submit`, {});
      await ok(wakakur, 'POST', `/api/v1/assessments/${id}/approve`, {});
    }
    return id;
  };
  exam.pts = await summative('PTS Matematika', true);
  exam.pas = await summative('PAS Matematika', true);
  exam.draft = await summative('Draf Matematika', false);
});
afterAll(() => ctx.close());

describe('exam rooms and sessions', () => {
  it('adds rooms and sessions for the scheduler, audited, and refuses others', async () => {
    room.r1 = (await ok<{ id: number }>(wakakur, 'POST', `${API}/rooms`, { name: 'Ruang 1', capacity: 30 })).id;
    room.r2 = (await ok<{ id: number }>(wakakur, 'POST', `${API}/rooms`, { name: 'Ruang 2', capacity: 30 })).id;
    room.small = (await ok<{ id: number }>(wakakur, 'POST', `${API}/rooms`, { name: 'Lab', capacity: 2 })).id;
    const s1 = await ok<{ id: number; startsAt: string }>(wakakur, 'POST', `${API}/sessions`, {
      date: DATE,
      number: 1,
      name: 'Sesi 1',
      startsAt: '07:30',
      endsAt: '09:00',
    });
    expect(s1).toMatchObject({ startsAt: '07:30', endsAt: '09:00', date: DATE, unitId: f.unitId });
    session.s1 = s1.id;
    // a second session overlapping the first (08:30 < 09:00), and one after it
    session.s2 = (
      await ok<{ id: number }>(wakakur, 'POST', `${API}/sessions`, {
        date: DATE,
        number: 2,
        name: 'Sesi 2',
        startsAt: '08:30',
        endsAt: '10:00',
      })
    ).id;
    session.late = (
      await ok<{ id: number }>(wakakur, 'POST', `${API}/sessions`, {
        date: DATE,
        number: 3,
        name: 'Sesi 3',
        startsAt: '10:30',
        endsAt: '12:00',
      })
    ).id;
    const [log] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'exam.room.create'));
    expect(log).toMatchObject({ entityType: 'exam_room', after: { name: 'Ruang 1', capacity: 30 } });

    const dup = await ctx.call(wakakur, 'POST', `${API}/rooms`, { name: 'ruang 1', capacity: 10 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('Nama ruang sudah dipakai di unit ini');
    expect((await ctx.call(f.subjectTeacher, 'POST', `${API}/rooms`, { name: 'X', capacity: 1 })).statusCode).toBe(403);
    expect((await ctx.call(student, 'POST', `${API}/rooms`, { name: 'X', capacity: 1 })).statusCode).toBe(403);
    expect((await ctx.call(outsider, 'PUT', `${API}/rooms/${room.r1}`, { name: 'X', capacity: 1 })).statusCode).toBe(
      403,
    );
    expect((await ctx.call(outsider, 'DELETE', `${API}/sessions/${session.s1}`)).statusCode).toBe(403);
    // the other unit's deputy sees none of this unit's rooms
    expect((await ok<{ items: unknown[] }>(outsider, 'GET', `${API}/rooms`)).items).toEqual([]);
    expect((await ok<{ items: unknown[] }>(f.subjectTeacher, 'GET', `${API}/rooms`)).items).toHaveLength(3);
    expect((await ctx.call(student, 'GET', `${API}/rooms`)).statusCode).toBe(403);
  });

  it('refuses bad input with 400', async () => {
    const bad = async (method: Method, url: string, body?: unknown) => {
      const res = await ctx.call(wakakur, method, url, body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().error;
    };
    await bad('POST', `${API}/rooms`, { name: 'Ruang\u0000', capacity: 10 });
    await bad('POST', `${API}/rooms`, { name: 'Ruang 9', capacity: 0 });
    await bad('PUT', `${API}/rooms/2147483648`, { name: 'Ruang 9', capacity: 10 });
    await bad('GET', `${API}/cards/2147483648`);
    const times = await bad('POST', `${API}/sessions`, {
      date: DATE,
      number: 4,
      name: 'Sesi 4',
      startsAt: '10:00',
      endsAt: '09:00',
    });
    expect(times.fields).toEqual({ endsAt: 'Jam selesai harus setelah jam mulai' });
    await bad('POST', `${API}/sessions`, {
      date: '2026-13-01',
      number: 4,
      name: 'S',
      startsAt: '07:00',
      endsAt: '25:00',
    });
    await bad('POST', `${API}/slots`, {
      assessmentId: 2147483648,
      classGroupId: f.classA.id,
      roomId: room.r1,
      sessionId: session.s1,
      proctorEmployeeId: 1,
    });
  });
});

describe('exam slots', () => {
  const proctorA = () => f.homeroomA.user.employeeId!;
  const proctorB = () => f.homeroomB.user.employeeId!;
  const slot = (over: Record<string, number> = {}) => ({
    assessmentId: exam.pts,
    classGroupId: f.classA.id,
    roomId: room.r1,
    sessionId: session.s1,
    proctorEmployeeId: proctorA(),
    ...over,
  });
  const refused = async (body: unknown, status = 409) => {
    const res = await ctx.call(wakakur, 'POST', `${API}/slots`, body);
    expect(res.statusCode, res.body).toBe(status);
    return res.json().error;
  };

  it('places an approved exam and refuses each clash with 409, writing nothing', async () => {
    const placed = await ok(wakakur, 'POST', `${API}/slots`, slot());
    expect(placed).toMatchObject({
      assessmentTitle: 'PTS Matematika',
      className: '7A',
      roomName: 'Ruang 1',
      sessionName: 'Sesi 1',
      startsAt: '07:30',
      endsAt: '09:00',
    });
    const when = 'Sesi 1, 1 Desember 2026 pukul 07:30-09:00';
    // 7A again in an overlapping session
    const cls = await refused(
      slot({ assessmentId: exam.pas, roomId: room.r2, sessionId: session.s2, proctorEmployeeId: proctorB() }),
    );
    expect(cls.message).toBe(`Kelas 7A sudah ujian PTS Matematika di Ruang 1 pada ${when}`);
    // the placed exam told each student of 7A (notification outbox, issue 18); the refused one told no one
    const told = await ctx.db.execute<{ recipientName: string; subject: string }>(
      sql`select recipient_name as "recipientName", subject from outbox_messages where topic = 'exam.schedule'`,
    );
    expect(told.rows.map((r) => r.recipientName).sort()).toEqual(f.studentsA.map((s) => s.name).sort());
    expect(new Set(told.rows.map((r) => r.subject))).toEqual(new Set(['Jadwal ujian: PTS Matematika']));
    expect(cls.fields).toHaveProperty('classGroupId');
    // the same proctor in another room at the same time
    const proctor = await refused(slot({ assessmentId: exam.pas, classGroupId: f.classB.id, roomId: room.r2 }));
    expect(proctor.message).toBe(
      `${f.homeroomA.user.displayName.replace('Pengguna', 'Pegawai')} sudah mengawas PTS Matematika di Ruang 1 pada ${when}`,
    );
    // the room holding another class in an overlapping session
    const busy = await refused(
      slot({ classGroupId: f.classB.id, sessionId: session.s2, proctorEmployeeId: proctorB() }),
    );
    expect(busy.message).toBe(`Ruang Ruang 1 sudah dipakai kelas 7A untuk PTS Matematika pada ${when}`);
    // the same class and exam twice
    const twice = await refused(slot({ sessionId: session.late, roomId: room.r2 }));
    expect(twice.message).toBe(`Kelas 7A sudah dijadwalkan ujian PTS Matematika pada ${when}`);
    // three students in a room of two seats
    const full = await refused(slot({ assessmentId: exam.pas, sessionId: session.late, roomId: room.small }));
    expect(full.message).toBe('Ruang Lab hanya muat 2 peserta; kelas 7A berisi 3 siswa');
    // a draft, a room of nobody
    const draft = await refused(slot({ assessmentId: exam.draft, sessionId: session.late, roomId: room.r2 }), 400);
    expect(draft.fields).toEqual({ assessmentId: 'Ujian belum disetujui untuk dijadwalkan' });
    expect(await slotCount()).toBe(1);

    // who may not
    for (const s of [f.subjectTeacher, student, outsider]) {
      expect((await ctx.call(s, 'POST', `${API}/slots`, slot({ sessionId: session.late }))).statusCode).toBe(403);
    }
    expect(await slotCount()).toBe(1);

    // 7B with the other proctor in the other room: fine; a later session for the same proctor: fine
    await ok(
      wakakur,
      'POST',
      `${API}/slots`,
      slot({ assessmentId: exam.pts, classGroupId: f.classB.id, roomId: room.r2, proctorEmployeeId: proctorB() }),
    );
    await ok(wakakur, 'POST', `${API}/slots`, slot({ assessmentId: exam.pas, sessionId: session.late }));
    const [log] = await ctx.db.select().from(auditLog).where(like(auditLog.action, 'exam.slot.create'));
    expect(log).toMatchObject({ entityType: 'exam_slot' });
  });

  it('moves a slot only where it does not clash, and refuses moving a session onto a clash', async () => {
    const { items } = await ok<{ items: { id: number; className: string; sessionId: number }[] }>(
      wakakur,
      'GET',
      `${API}/slots?classGroupId=${f.classA.id}`,
    );
    expect(items.map((s) => s.sessionId)).toEqual([session.s1, session.late]);
    const late = items[1]!;
    // the 7A PAS slot moved into 7A's PTS session
    const res = await ctx.call(
      wakakur,
      'PUT',
      `${API}/slots/${late.id}`,
      slot({ assessmentId: exam.pas, roomId: room.r2 }),
    );
    expect(res.statusCode).toBe(409);
    // Sesi 3 moved to overlap Sesi 1: proctor A and 7A would clash
    const move = await ctx.call(wakakur, 'PUT', `${API}/sessions/${session.late}`, {
      date: DATE,
      number: 3,
      name: 'Sesi 3',
      startsAt: '08:00',
      endsAt: '09:30',
    });
    expect(move.statusCode, move.body).toBe(409);
    expect(move.json().error.message).toContain('Kelas 7A sudah ujian PTS Matematika');
    // a room still in use is not deleted
    expect((await ctx.call(wakakur, 'DELETE', `${API}/rooms/${room.r1}`)).statusCode).toBe(409);
  });

  it('lists the schedule by date, class and proctor for readers of the unit', async () => {
    const byProctor = await ok<{ items: unknown[] }>(
      f.subjectTeacher,
      'GET',
      `${API}/slots?proctorEmployeeId=${f.homeroomB.user.employeeId}`,
    );
    expect(byProctor.items).toHaveLength(1);
    expect((await ok<{ items: unknown[] }>(wakakur, 'GET', `${API}/slots?date=${DATE}`)).items).toHaveLength(3);
    expect((await ok<{ items: unknown[] }>(wakakur, 'GET', `${API}/slots?date=2026-12-02`)).items).toHaveLength(0);
    expect((await ok<{ items: unknown[] }>(outsider, 'GET', `${API}/slots`)).items).toHaveLength(0);
    expect((await ctx.call(student, 'GET', `${API}/slots`)).statusCode).toBe(403);
    const exams = await ok<{ items: { id: number; classes: { name: string }[] }[] }>(wakakur, 'GET', `${API}/exams`);
    expect(exams.items.map((e) => e.id).sort()).toEqual([exam.pts, exam.pas].sort());
    expect(exams.items[0]!.classes.map((c) => c.name)).toEqual(['7A', '7B']);
  });
});

describe('printed sheets', () => {
  it('gives the exam cards of a class with each student’s username and exams', async () => {
    const cards = await ok<{
      className: string;
      cards: { studentId: number; username: string | null; exams: unknown[] }[];
    }>(wakakur, 'GET', `${API}/cards/${f.classA.id}`);
    expect(cards.className).toBe('7A');
    expect(cards.cards).toHaveLength(3);
    const first = cards.cards.find((c) => c.studentId === f.studentsA[0]!.id)!;
    expect(first.username).toBe(username);
    expect(first.exams).toEqual([
      expect.objectContaining({
        title: 'PTS Matematika',
        roomName: 'Ruang 1',
        sessionName: 'Sesi 1',
        startsAt: '07:30',
      }),
      expect.objectContaining({ title: 'PAS Matematika', roomName: 'Ruang 1', sessionName: 'Sesi 3' }),
    ]);
    expect((await ctx.call(outsider, 'GET', `${API}/cards/${f.classA.id}`)).statusCode).toBe(403);
    expect((await ctx.call(student, 'GET', `${API}/cards/${f.classA.id}`)).statusCode).toBe(403);
  });

  it('gives a room’s session: exams, proctor and the students expected', async () => {
    const sheet = await ok(wakakur, 'GET', `${API}/rooms/${room.r1}/sessions/${session.s1}`);
    expect(sheet).toMatchObject({
      roomName: 'Ruang 1',
      sessionName: 'Sesi 1',
      date: DATE,
      startsAt: '07:30',
      endsAt: '09:00',
      expected: 3,
      exams: [{ title: 'PTS Matematika', subjectName: 'Matematika', className: '7A' }],
    });
    expect((await ctx.call(outsider, 'GET', `${API}/rooms/${room.r1}/sessions/${session.s1}`)).statusCode).toBe(403);
  });

  it('removes a slot, audited', async () => {
    const { items } = await ok<{ items: { id: number }[] }>(wakakur, 'GET', `${API}/slots?classGroupId=${f.classB.id}`);
    expect((await ctx.call(f.subjectTeacher, 'DELETE', `${API}/slots/${items[0]!.id}`)).statusCode).toBe(403);
    await ok(wakakur, 'DELETE', `${API}/slots/${items[0]!.id}`);
    expect(await slotCount()).toBe(2);
    const logs = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'exam.slot.delete'));
    expect(logs).toHaveLength(1);
  });
});
