import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIVISIONS, type Division } from '@mms/shared';
import { auditLog, counsellingNotes, employees, psychotests, students, units, users } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { postFile } from '../../test/multipart.ts';
import { attendanceFixture } from '../attendance/test-fixtures.ts';

type Method = Parameters<TestContext['call']>[1];
type Response = Awaited<ReturnType<TestContext['call']>>;

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let bpbk: Session;
let principal: Session;
let admin: Session;
/** a student with an account, in class 7A (led by f.homeroomA) */
let student: Session;
/** another student with an account, in class 7B */
let otherStudent: Session;
/** the BPBK of another unit */
let outsider: Session;
/** a student of the other unit */
let sdStudentId: number;
const API = '/api/v1/counselling';
const SECRET = 'Rahasia: masalah keluarga di rumah';

const ok = async <T = Record<string, unknown>>(s: Session, method: Method, url: string, body?: unknown) => {
  const res = await ctx.call(s, method, url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

const noteInput = (studentIds: number[], extra: Record<string, unknown> = {}) => ({
  studentIds,
  date: '2026-11-10',
  kind: studentIds.length > 1 ? 'GROUP' : 'INDIVIDUAL',
  topic: 'PERSONAL',
  discussion: SECRET,
  agreement: 'Bertemu lagi minggu depan',
  followUpDate: '2026-11-17',
  status: 'OPEN',
  sharedWithStudent: false,
  studentSummary: null,
  ...extra,
});

const testInput = (studentId: number, extra: Record<string, unknown> = {}) => ({
  studentId,
  date: '2026-11-05',
  instrument: 'IQ',
  testName: 'CFIT skala 2',
  provider: 'Biro Psikologi Harapan',
  scores: [{ scale: 'IQ', score: 112, category: 'Di atas rata-rata' }],
  interpretation: 'Kemampuan umum di atas rata-rata',
  recommendation: 'Program pengayaan',
  sharedWithStudent: false,
  ...extra,
});

const auditCount = async (action: string, entityId?: number) =>
  (
    await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(
        entityId === undefined
          ? eq(auditLog.action, action)
          : and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))),
      )
  )[0]!.n;
const noteCount = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(counsellingNotes))[0]!.n;
const testCount = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(psychotests))[0]!.n;

/** A hand-built multipart/form-data upload of one file. */
function upload(session: Session, id: number, name: string, data: Buffer) {
  return postFile(ctx, session, `${API}/psychotests/${id}/attachment`, 'file', { name, data });
}

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 10, b: 10 } } })
    .png()
    .toBuffer();

beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx);
  bpbk = await ctx.as('BPBK');
  principal = await ctx.as('PRINCIPAL');
  admin = await ctx.as('ADMIN');
  student = await ctx.as('STUDENT');
  const other = await ctx.createUser({ division: 'STUDENT' });
  otherStudent = await ctx.signIn(other.username);
  await ctx.db.execute(
    sql`insert into enrollments (student_id, class_group_id, academic_year_id) values
        (${student.user.studentId}, ${f.classA.id}, ${f.year.id}),
        (${otherStudent.user.studentId}, ${f.classB.id}, ${f.year.id})`,
  );
  // the counsellor of another unit
  const [sd] = await ctx.db.insert(units).values({ code: 'SD', name: 'SD Uji' }).returning();
  const u = await ctx.createUser({ division: 'BPBK' });
  await ctx.db.update(users).set({ unitId: sd!.id }).where(eq(users.id, u.id));
  await ctx.db.update(employees).set({ unitId: sd!.id }).where(eq(employees.userId, u.id));
  outsider = await ctx.signIn(u.username);
  const [sdStudent] = await ctx.db
    .insert(students)
    .values({ unitId: sd!.id, nis: 'SD1', name: 'Siswa SD' })
    .returning();
  sdStudentId = sdStudent!.id;
});
afterAll(() => ctx.close());

describe('access matrix', () => {
  it('allows each counselling route to exactly the divisions it names, and refuses the rest with 403', async () => {
    const sid = student.user.studentId!;
    const note = await ok<{ id: number }>(bpbk, 'POST', `${API}/notes`, noteInput([sid]));
    const test = await ok<{ id: number }>(bpbk, 'POST', `${API}/psychotests`, testInput(sid));
    expect((await upload(bpbk, test.id, 'hasil.png', await png())).statusCode).toBe(200);
    const fresh = async () => (await ok<{ id: number }>(bpbk, 'POST', `${API}/notes`, noteInput([sid]))).id;
    const freshTest = async () => (await ok<{ id: number }>(bpbk, 'POST', `${API}/psychotests`, testInput(sid))).id;

    const READ: Division[] = ['BPBK', 'PRINCIPAL', 'ADMIN'];
    const CONTENT: Division[] = ['BPBK', 'PRINCIPAL'];
    const WRITE: Division[] = ['BPBK'];
    const SELF: Division[] = ['STUDENT'];
    const routes: { method: Method; url: string; allowed: Division[]; run: (s: Session) => Promise<Response> }[] = [
      { method: 'GET', url: '/notes', allowed: READ, run: (s) => ctx.call(s, 'GET', `${API}/notes`) },
      { method: 'GET', url: '/notes/export', allowed: READ, run: (s) => ctx.call(s, 'GET', `${API}/notes/export`) },
      {
        method: 'GET',
        url: '/notes/:id',
        allowed: CONTENT,
        run: (s) => ctx.call(s, 'GET', `${API}/notes/${note.id}`),
      },
      {
        method: 'POST',
        url: '/notes',
        allowed: WRITE,
        run: (s) => ctx.call(s, 'POST', `${API}/notes`, noteInput([sid])),
      },
      {
        method: 'PUT',
        url: '/notes/:id',
        allowed: WRITE,
        run: (s) => ctx.call(s, 'PUT', `${API}/notes/${note.id}`, noteInput([sid])),
      },
      {
        method: 'DELETE',
        url: '/notes/:id',
        allowed: WRITE,
        run: async (s) => ctx.call(s, 'DELETE', `${API}/notes/${await fresh()}`),
      },
      {
        method: 'GET',
        url: '/status',
        allowed: READ,
        run: (s) => ctx.call(s, 'GET', `${API}/status?studentId=${otherStudent.user.studentId}`),
      },
      { method: 'GET', url: '/me/notes', allowed: SELF, run: (s) => ctx.call(s, 'GET', `${API}/me/notes`) },
      {
        method: 'GET',
        url: '/report',
        allowed: READ,
        run: (s) => ctx.call(s, 'GET', `${API}/report?fromMonth=2026-07&toMonth=2026-12`),
      },
      { method: 'GET', url: '/psychotests', allowed: READ, run: (s) => ctx.call(s, 'GET', `${API}/psychotests`) },
      {
        method: 'GET',
        url: '/psychotests/export',
        allowed: READ,
        run: (s) => ctx.call(s, 'GET', `${API}/psychotests/export`),
      },
      {
        method: 'GET',
        url: '/psychotests/:id',
        allowed: CONTENT,
        run: (s) => ctx.call(s, 'GET', `${API}/psychotests/${test.id}`),
      },
      {
        method: 'POST',
        url: '/psychotests',
        allowed: WRITE,
        run: (s) => ctx.call(s, 'POST', `${API}/psychotests`, testInput(sid)),
      },
      {
        method: 'PUT',
        url: '/psychotests/:id',
        allowed: WRITE,
        run: (s) => ctx.call(s, 'PUT', `${API}/psychotests/${test.id}`, testInput(sid)),
      },
      {
        method: 'DELETE',
        url: '/psychotests/:id',
        allowed: WRITE,
        run: async (s) => ctx.call(s, 'DELETE', `${API}/psychotests/${await freshTest()}`),
      },
      {
        method: 'POST',
        url: '/psychotests/:id/attachment',
        allowed: WRITE,
        run: async (s) => upload(s, test.id, 'hasil.png', await png()),
      },
      {
        method: 'GET',
        url: '/psychotests/:id/attachment',
        allowed: CONTENT,
        run: (s) => ctx.call(s, 'GET', `${API}/psychotests/${test.id}/attachment`),
      },
      {
        method: 'DELETE',
        url: '/psychotests/:id/attachment',
        allowed: WRITE,
        run: async (s) => {
          const id = await freshTest();
          expect((await upload(bpbk, id, 'hasil.png', await png())).statusCode).toBe(200);
          return ctx.call(s, 'DELETE', `${API}/psychotests/${id}/attachment`);
        },
      },
      {
        method: 'GET',
        url: '/me/psychotests',
        allowed: SELF,
        run: (s) => ctx.call(s, 'GET', `${API}/me/psychotests`),
      },
    ];

    // every route of the module is in the matrix
    const registered = ctx.app
      .registeredRoutes()
      .filter((r) => r.method !== 'HEAD' && r.url.startsWith(API))
      .map((r) => `${r.method} ${r.url.slice(API.length)}`)
      .sort();
    expect(registered).toEqual(routes.map((r) => `${r.method} ${r.url}`).sort());

    const wrong: string[] = [];
    for (const route of routes) {
      for (const division of DIVISIONS) {
        const res = await route.run(await ctx.as(division));
        const expected = route.allowed.includes(division) ? 200 : 403;
        if (res.statusCode !== expected) {
          wrong.push(`${route.method} ${route.url} as ${division}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // without a session: 401
    expect((await ctx.call(null, 'GET', `${API}/notes`)).statusCode).toBe(401);
  });

  it('never answers 500 to probes with unknown ids', async () => {
    const failures: string[] = [];
    for (const route of ctx.app.registeredRoutes().filter((r) => r.method !== 'HEAD' && r.url.startsWith(API))) {
      const url = route.url.replace(/:[A-Za-z]+/g, '999999');
      for (const division of DIVISIONS) {
        const method = route.method as Method;
        const res = await ctx.call(await ctx.as(division), method, url, method === 'GET' ? undefined : {});
        if (res.statusCode >= 500) failures.push(`${route.method} ${route.url} as ${division} → ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('counselling notes', () => {
  let noteId: number;

  it('lets BPBK write a group note with its students’ classes, audited without its content', async () => {
    const before = await auditCount('counselling.note.create');
    const created = await ok<{ id: number; students: { name: string; className: string | null }[] }>(
      bpbk,
      'POST',
      `${API}/notes`,
      noteInput([student.user.studentId!, f.studentsA[0]!.id], { kind: 'GROUP', topic: 'LEARNING' }),
    );
    noteId = created.id;
    expect(created).toMatchObject({
      kind: 'GROUP',
      topic: 'LEARNING',
      status: 'OPEN',
      counsellorName: expect.any(String),
    });
    expect(created.students.map((s) => s.className)).toEqual(['7A', '7A']);
    expect(created).not.toHaveProperty('discussion');
    expect(await auditCount('counselling.note.create')).toBe(before + 1);
    // the audit log (which ADMIN reads) never holds the content
    const leaks = await ctx.db.execute(
      sql`select id from audit_log where before::text like ${`%${SECRET}%`} or after::text like ${`%${SECRET}%`}`,
    );
    expect(leaks.rows).toEqual([]);
  });

  it('writes one audit row per content read (who, which note, which students), none for a refused read', async () => {
    const before = await auditCount('counselling.note.read', noteId);
    const note = await ok<{ discussion: string; agreement: string }>(bpbk, 'GET', `${API}/notes/${noteId}`);
    expect(note.discussion).toBe(SECRET);
    expect(await auditCount('counselling.note.read', noteId)).toBe(before + 1);
    await ok(principal, 'GET', `${API}/notes/${noteId}`);
    expect(await auditCount('counselling.note.read', noteId)).toBe(before + 2);
    const [row] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'counselling.note.read'), eq(auditLog.entityId, String(noteId))))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(row).toMatchObject({
      actorUserId: principal.user.id,
      entityType: 'counselling_note',
      after: { studentIds: expect.arrayContaining([student.user.studentId, f.studentsA[0]!.id]) },
    });
    // refused reads write nothing
    expect((await ctx.call(admin, 'GET', `${API}/notes/${noteId}`)).statusCode).toBe(403);
    expect((await ctx.call(outsider, 'GET', `${API}/notes/${noteId}`)).statusCode).toBe(403);
    expect((await ctx.call(f.homeroomA, 'GET', `${API}/notes/${noteId}`)).statusCode).toBe(403);
    expect(await auditCount('counselling.note.read', noteId)).toBe(before + 2);
  });

  it('lists metadata only, filters by class, kind, status, dates and student, and exports no content', async () => {
    const list = await ok<{ items: Record<string, unknown>[]; total: number }>(
      admin,
      'GET',
      `${API}/notes?classGroupId=${f.classA.id}&kind=GROUP`,
    );
    expect(list.items.map((n) => n.id)).toContain(noteId);
    for (const n of list.items) {
      expect(n).not.toHaveProperty('discussion');
      expect(n).not.toHaveProperty('agreement');
    }
    const byName = await ok<{ items: { id: number }[] }>(
      bpbk,
      'GET',
      `${API}/notes?q=${encodeURIComponent('Siswa 01')}`,
    );
    expect(byName.items.map((n) => n.id)).toEqual([noteId]);
    const otherClass = await ok<{ items: unknown[] }>(bpbk, 'GET', `${API}/notes?classGroupId=${f.classB.id}`);
    expect(otherClass.items).toEqual([]);
    const later = await ok<{ items: unknown[] }>(bpbk, 'GET', `${API}/notes?from=2026-11-11`);
    expect(later.items).toEqual([]);
    expect((await ok<{ items: unknown[] }>(bpbk, 'GET', `${API}/notes?status=CLOSED`)).items).toEqual([]);

    const file = await ctx.call(bpbk, 'GET', `${API}/notes/export`);
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    book.worksheets[0]!.eachRow((row) => row.eachCell((c) => cells.push(String(c.value))));
    expect(cells).toContain('Kelompok');
    expect(cells.join(' ')).not.toContain(SECRET);
    expect(cells.join(' ')).not.toContain('Bertemu lagi');
  });

  it('refuses bad input with 400 in Indonesian and writes nothing', async () => {
    const sid = student.user.studentId!;
    const count = await noteCount();
    const bad = async (body: unknown, field: string) => {
      const res = await ctx.call(bpbk, 'POST', `${API}/notes`, body);
      expect(res.statusCode, res.body).toBe(400);
      const error = res.json().error;
      expect(error.code).toBe('VALIDATION_FAILED');
      return error.fields?.[field] ?? error.message;
    };
    expect(await bad(noteInput([]), 'studentIds')).toBe('Pilih minimal satu siswa');
    expect(await bad(noteInput([sid], { discussion: '  ' }), 'discussion')).toBe('Hal yang dibahas wajib diisi');
    expect(await bad(noteInput([sid, f.studentsA[1]!.id], { kind: 'INDIVIDUAL' }), 'studentIds')).toBe(
      'Konseling individual hanya untuk satu siswa',
    );
    expect(await bad(noteInput([sid], { followUpDate: '2026-11-01' }), 'followUpDate')).toBe(
      'Tanggal tindak lanjut tidak boleh sebelum tanggal konseling',
    );
    expect(await bad(noteInput([sid], { sharedWithStudent: true }), 'studentSummary')).toBe(
      'Ringkasan untuk siswa wajib diisi bila dibagikan',
    );
    expect(await bad(noteInput([sid], { date: '2026-12-01', followUpDate: null }), 'date')).toBe(
      'Tanggal konseling tidak boleh setelah hari ini',
    );
    expect(await bad(noteInput([sid], { kind: 'CHAT' }), 'kind')).toBe('Jenis layanan wajib dipilih');
    expect(await bad(noteInput([sid, sid], { kind: 'GROUP' }), 'studentIds')).toBe(
      'Siswa tidak boleh dipilih dua kali',
    );
    expect(await bad(noteInput([2_147_483_648]), 'studentIds.0')).toBe('Siswa tidak valid');
    expect(await bad(noteInput([999_999]), 'studentIds')).toBe('Siswa tidak ditemukan di unit Anda');
    expect(await bad(noteInput([sdStudentId]), 'studentIds')).toBe('Siswa tidak ditemukan di unit Anda');
    await bad(noteInput([sid], { discussion: 'a\u0000b' }), 'discussion');
    expect(await noteCount()).toBe(count);
  });

  it('moves the status forward only, and soft-deletes with an audit row', async () => {
    const sid = student.user.studentId!;
    const id = (await ok<{ id: number }>(bpbk, 'POST', `${API}/notes`, noteInput([sid]))).id;
    await ok(bpbk, 'PUT', `${API}/notes/${id}`, noteInput([sid], { status: 'FOLLOWED_UP' }));
    const back = await ctx.call(bpbk, 'PUT', `${API}/notes/${id}`, noteInput([sid], { status: 'OPEN' }));
    expect(back.statusCode).toBe(400);
    expect(back.json().error.fields.status).toBe(
      'Status kasus hanya dapat maju: terbuka, ditindaklanjuti, lalu selesai',
    );
    await ok(bpbk, 'PUT', `${API}/notes/${id}`, noteInput([sid], { status: 'CLOSED', discussion: 'Sudah selesai' }));
    expect((await ok<{ discussion: string; status: string }>(bpbk, 'GET', `${API}/notes/${id}`)).status).toBe('CLOSED');

    await ok(bpbk, 'DELETE', `${API}/notes/${id}`);
    expect(await auditCount('counselling.note.delete', id)).toBe(1);
    expect((await ctx.call(bpbk, 'GET', `${API}/notes/${id}`)).statusCode).toBe(404);
    const list = await ok<{ items: { id: number }[] }>(bpbk, 'GET', `${API}/notes?pageSize=200`);
    expect(list.items.map((n) => n.id)).not.toContain(id);
    // the row is kept for the audit trail
    const [row] = await ctx.db.select().from(counsellingNotes).where(eq(counsellingNotes.id, id));
    expect(row!.deletedAt).not.toBeNull();
  });
});

describe('who sees what', () => {
  let shared: number;
  let hidden: number;

  beforeAll(async () => {
    shared = (
      await ok<{ id: number }>(
        bpbk,
        'POST',
        `${API}/notes`,
        noteInput([student.user.studentId!], {
          topic: 'CAREER',
          sharedWithStudent: true,
          studentSummary: 'Kamu akan mencoba jadwal belajar baru.',
        }),
      )
    ).id;
    hidden = (await ok<{ id: number }>(bpbk, 'POST', `${API}/notes`, noteInput([student.user.studentId!]))).id;
    // shared with the other student only
    await ok(
      bpbk,
      'POST',
      `${API}/notes`,
      noteInput([otherStudent.user.studentId!], { sharedWithStudent: true, studentSummary: 'Untuk siswa lain' }),
    );
  });

  it('shows a student only the notes shared with them, and only the summary', async () => {
    const mine = await ok<{ items: Record<string, unknown>[] }>(student, 'GET', `${API}/me/notes`);
    expect(mine.items.map((n) => n.id)).toEqual([shared]);
    expect(mine.items[0]).toMatchObject({ summary: 'Kamu akan mencoba jadwal belajar baru.', topic: 'CAREER' });
    expect(JSON.stringify(mine)).not.toContain(SECRET);
    expect(mine.items[0]).not.toHaveProperty('discussion');
    expect(mine.items.map((n) => n.id)).not.toContain(hidden);
    const theirs = await ok<{ items: { summary: string }[] }>(otherStudent, 'GET', `${API}/me/notes`);
    expect(theirs.items.map((n) => n.summary)).toEqual(['Untuk siswa lain']);
    // a student reads no note directly
    expect((await ctx.call(student, 'GET', `${API}/notes/${shared}`)).statusCode).toBe(403);
  });

  it('shows the homeroom teacher only that a case exists, its date, kind and status, for their class only', async () => {
    const status = await ok<{ items: Record<string, unknown>[] }>(
      f.homeroomA,
      'GET',
      `${API}/status?studentId=${student.user.studentId}`,
    );
    expect(status.items.length).toBeGreaterThanOrEqual(2);
    for (const item of status.items) expect(Object.keys(item).sort()).toEqual(['date', 'id', 'kind', 'status']);
    expect(JSON.stringify(status)).not.toContain(SECRET);
    // another class's student, and a teacher who leads no class
    const other = await ctx.call(f.homeroomA, 'GET', `${API}/status?studentId=${otherStudent.user.studentId}`);
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe('Anda hanya dapat melihat status konseling siswa kelas perwalian Anda');
    expect(
      (await ctx.call(f.homeroomB, 'GET', `${API}/status?studentId=${otherStudent.user.studentId}`)).statusCode,
    ).toBe(200);
    expect(
      (await ctx.call(f.subjectTeacher, 'GET', `${API}/status?studentId=${student.user.studentId}`)).statusCode,
    ).toBe(403);
    // nor the lists
    expect((await ctx.call(f.homeroomA, 'GET', `${API}/notes`)).statusCode).toBe(403);
  });

  it('shows the BPBK of another unit nothing of this unit', async () => {
    expect((await ok<{ items: unknown[]; total: number }>(outsider, 'GET', `${API}/notes`)).total).toBe(0);
    expect((await ok<{ total: number }>(outsider, 'GET', `${API}/psychotests`)).total).toBe(0);
    expect((await ctx.call(outsider, 'GET', `${API}/notes?unitId=${f.unitId}`)).statusCode).toBe(403);
    expect((await ctx.call(outsider, 'GET', `${API}/notes/${shared}`)).statusCode).toBe(403);
    expect(
      (await ctx.call(outsider, 'PUT', `${API}/notes/${shared}`, noteInput([student.user.studentId!]))).statusCode,
    ).toBe(403);
    expect((await ctx.call(outsider, 'DELETE', `${API}/notes/${shared}`)).statusCode).toBe(403);
    expect((await ctx.call(outsider, 'GET', `${API}/status?studentId=${student.user.studentId}`)).statusCode).toBe(403);
    const res = await ctx.call(outsider, 'POST', `${API}/notes`, noteInput([student.user.studentId!]));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.studentIds).toBe('Siswa tidak ditemukan di unit Anda');
    const report = await ok<{ sections: { key: string; total: number }[] }>(
      outsider,
      'GET',
      `${API}/report?fromMonth=2026-07&toMonth=2026-12`,
    );
    expect(report.sections.map((s) => s.total)).toEqual([0, 0, 0, 0]);
  });
});

describe('psychological tests', () => {
  let id: number;

  it('records a result by scale, reads its detail audited, and shows the student only shared results', async () => {
    const sid = student.user.studentId!;
    const created = await ok<{ id: number; className: string; hasAttachment: boolean }>(
      bpbk,
      'POST',
      `${API}/psychotests`,
      testInput(sid, {
        instrument: 'INTEREST',
        testName: 'RIASEC',
        scores: [
          { scale: 'Realistic', score: 12.5, category: null },
          { scale: 'Social', score: 30 },
        ],
        sharedWithStudent: true,
      }),
    );
    id = created.id;
    expect(created).toMatchObject({ className: '7A', hasAttachment: false });
    const before = await auditCount('counselling.psychotest.read', id);
    const detail = await ok<{ scores: unknown[]; interpretation: string }>(
      principal,
      'GET',
      `${API}/psychotests/${id}`,
    );
    expect(detail.scores).toEqual([
      { scale: 'Realistic', score: 12.5, category: null },
      { scale: 'Social', score: 30, category: null },
    ]);
    expect(await auditCount('counselling.psychotest.read', id)).toBe(before + 1);
    expect((await ctx.call(admin, 'GET', `${API}/psychotests/${id}`)).statusCode).toBe(403);
    expect(await auditCount('counselling.psychotest.read', id)).toBe(before + 1);

    const hidden = await ok<{ id: number }>(bpbk, 'POST', `${API}/psychotests`, testInput(sid));
    const mine = await ok<{ items: { id: number; testName: string }[] }>(student, 'GET', `${API}/me/psychotests`);
    expect(mine.items.map((t) => t.id)).toEqual([id]);
    expect(mine.items.map((t) => t.id)).not.toContain(hidden.id);
    expect((await ok<{ items: unknown[] }>(otherStudent, 'GET', `${API}/me/psychotests`)).items).toEqual([]);

    const list = await ok<{ items: Record<string, unknown>[] }>(admin, 'GET', `${API}/psychotests?instrument=INTEREST`);
    expect(list.items.map((t) => t.id)).toEqual([id]);
    expect(list.items[0]).not.toHaveProperty('scores');
    expect(list.items[0]).not.toHaveProperty('interpretation');
  });

  it('refuses bad input with 400 in Indonesian and writes nothing', async () => {
    const sid = student.user.studentId!;
    const count = await testCount();
    const bad = async (body: unknown) => {
      const res = await ctx.call(bpbk, 'POST', `${API}/psychotests`, body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().error;
    };
    expect((await bad(testInput(sid, { testName: '' }))).fields.testName).toBe('Nama tes wajib diisi');
    expect((await bad(testInput(sid, { instrument: 'X' }))).fields.instrument).toBe('Jenis tes wajib dipilih');
    expect((await bad(testInput(sid, { scores: [{ scale: 'IQ', score: 'tinggi' }] }))).fields['scores.0.score']).toBe(
      'Skor harus berupa angka',
    );
    expect((await bad(testInput(sid, { scores: [{ scale: '', score: 1 }] }))).fields['scores.0.scale']).toBe(
      'Nama skala wajib diisi',
    );
    expect((await bad(testInput(sid, { date: '2027-01-01' }))).fields.date).toBe(
      'Tanggal tes tidak boleh setelah hari ini',
    );
    expect((await bad(testInput(sdStudentId))).fields.studentId).toBe('Siswa tidak ditemukan di unit Anda');
    expect(await testCount()).toBe(count);
  });

  it('takes a PDF or an image, re-encoded; refuses other files and files too big', async () => {
    const count = await auditCount('counselling.psychotest.attach', id);
    const text = await upload(bpbk, id, 'catatan.txt', Buffer.from('bukan gambar'));
    expect(text.statusCode).toBe(400);
    expect(text.json().error.message).toBe('Jenis berkas tidak didukung: hanya JPG, PNG atau PDF');
    const html = await upload(bpbk, id, 'hasil.pdf', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.statusCode).toBe(400);
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5 * 1024 * 1024 + 10, 32)]);
    const tooBig = await upload(bpbk, id, 'besar.pdf', big);
    expect(tooBig.statusCode).toBe(413);
    expect(await auditCount('counselling.psychotest.attach', id)).toBe(count);
    expect((await ok<{ hasAttachment: boolean }>(bpbk, 'GET', `${API}/psychotests/${id}`)).hasAttachment).toBe(false);

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
    const res = await upload(bpbk, id, 'laporan psikolog.pdf', pdf);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().hasAttachment).toBe(true);
    const before = await auditCount('counselling.psychotest.download', id);
    const file = await ctx.call(principal, 'GET', `${API}/psychotests/${id}/attachment`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect(await auditCount('counselling.psychotest.download', id)).toBe(before + 1);

    // an image is re-encoded (its metadata dropped) and replaces the PDF
    const image = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'rahasia-exif' } } })
      .toBuffer();
    expect((await upload(bpbk, id, 'foto.jpg', image)).statusCode).toBe(200);
    const photo = await ctx.call(bpbk, 'GET', `${API}/psychotests/${id}/attachment`);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.rawPayload.includes(Buffer.from('rahasia-exif'))).toBe(false);
  });
});

describe('the counselling report (Laporan BK)', () => {
  it('counts notes by kind, topic area, status and class, and tests by instrument, without content', async () => {
    // and the discipline records of the month: one verified and one waiting violation, one achievement
    const sid = student.user.studentId!;
    await ctx.db.execute(sql`
      with u as (select unit_id from students where id = ${sid}),
           r as (insert into violation_rules (unit_id, code, name, category, points)
                 select unit_id, 'LAP1', 'Terlambat masuk kelas', 'RINGAN', 5 from u returning id, unit_id)
      insert into violations (unit_id, student_id, rule_id, occurred_on, status, points, school_year)
      select r.unit_id, ${sid}, r.id, d::date, st, 5, '2026/2027' from r,
             (values ('2026-11-10', 'VERIFIED'), ('2026-11-12', 'REPORTED')) as x(d, st)`);
    await ctx.db.execute(sql`
      insert into achievements (unit_id, student_id, date, title, field, level, rank, school_year)
      select unit_id, ${sid}, '2026-11-15', 'Lomba pidato', 'SENI', 'KABUPATEN', 'Juara 2', '2026/2027'
        from students where id = ${sid}`);
    const report = await ok<{
      sections: {
        key: string;
        total: number;
        byKind?: { key: string; count: number }[];
        byClass?: { className: string | null; total: number }[];
        byInstrument?: { key: string; count: number }[];
      }[];
    }>(principal, 'GET', `${API}/report?fromMonth=2026-11&toMonth=2026-11`);
    const notes = report.sections.find((s) => s.key === 'notes')!;
    const live = (
      await ok<{ total: number }>(principal, 'GET', `${API}/notes?from=2026-11-01&to=2026-11-30&pageSize=1`)
    ).total;
    expect(notes.total).toBe(live);
    expect(notes.byKind!.reduce((n, k) => n + k.count, 0)).toBe(live);
    expect(notes.byClass!.find((c) => c.className === '7B')!.total).toBe(1);
    const tests = report.sections.find((s) => s.key === 'psychotests')!;
    expect(tests.byInstrument!.find((k) => k.key === 'INTEREST')!.count).toBe(1);
    const violations = report.sections.find((s) => s.key === 'violations') as unknown as {
      total: number;
      points: number;
      byStatus: { key: string; count: number }[];
      byCategory: { key: string; count: number; points: number }[];
      byClass: { className: string | null; violations: number; points: number }[];
    };
    expect(violations.total).toBe(2);
    expect(violations.points).toBe(5);
    expect(violations.byStatus).toEqual([
      { key: 'REPORTED', count: 1 },
      { key: 'VERIFIED', count: 1 },
      { key: 'REJECTED', count: 0 },
    ]);
    expect(violations.byCategory[0]).toEqual({ key: 'RINGAN', count: 1, points: 5 });
    expect(violations.byClass.map((c) => c.violations)).toEqual([1]);
    const achievements = report.sections.find((s) => s.key === 'achievements') as unknown as {
      total: number;
      byLevel: { key: string; count: number }[];
    };
    expect(achievements.total).toBe(1);
    expect(achievements.byLevel.find((l) => l.key === 'KABUPATEN')!.count).toBe(1);
    expect(JSON.stringify(report)).not.toContain(SECRET);
    // October has none
    const october = await ok<{ sections: { total: number }[] }>(
      principal,
      'GET',
      `${API}/report?fromMonth=2026-10&toMonth=2026-10`,
    );
    expect(october.sections.map((s) => s.total)).toEqual([0, 0, 0, 0]);
    const bad = await ctx.call(principal, 'GET', `${API}/report?fromMonth=2026-12&toMonth=2026-11`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.toMonth).toBe('Bulan akhir tidak boleh sebelum bulan awal');
  });
});
