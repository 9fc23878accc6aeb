import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CSRF_HEADER, addDays } from '@mms/shared';
import { leaveRequests, staffAttendance, studentAttendance } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { schoolDays } from '../school/calendar.service.ts';
import { attendanceFixture, previousSchoolDay } from './test-fixtures.ts';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let student: Session;
beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx);
  student = await ctx.as('STUDENT');
  PNG = await sharp({ create: { width: 3000, height: 20, channels: 3, background: '#ffffff' } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: 'rahasia' } } })
    .toBuffer();
  // The signed-in student sits in 7A.
  await ctx.db.execute(
    sql`insert into enrollments (student_id, class_group_id, academic_year_id) values (${student.user.studentId}, ${f.classA.id}, ${f.year.id})`,
  );
});
afterAll(() => ctx.close());

let PNG: Buffer;
const BROKEN_PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
const PDF = Buffer.from('%PDF-1.4\n%fake but typed\n');

/** A hand-built multipart/form-data request. */
function multipart(
  session: Session,
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Buffer },
) {
  const boundary = `----mms${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/leave-requests',
    payload: Buffer.concat(parts),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: session.cookie,
      [CSRF_HEADER]: session.csrfToken,
    },
  });
}

const leaveCount = async () => (await ctx.db.select().from(leaveRequests)).length;

describe('leave requests', () => {
  let withFile: number;

  it('lets a student file for themself with a PNG attachment, checked by content', async () => {
    const day = previousSchoolDay(f.day);
    const res = await multipart(
      student,
      { startDate: day, endDate: f.day, kind: 'SAKIT', reason: 'Demam' },
      { name: 'surat.png', type: 'image/png', data: PNG },
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'pending', kind: 'SAKIT', studentId: student.user.studentId });
    expect(body.attachment).toMatchObject({ mime: 'image/png' });
    withFile = body.id;

    // Stored re-encoded: at most 2000 px wide, without the metadata that came with it.
    const file = await ctx.call(student, 'GET', body.attachment.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.length).toBe(body.attachment.size);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 2000 });
    expect(meta.exif).toBeUndefined();
  });

  it('refuses a broken image that only looks like a PNG', async () => {
    const res = await multipart(
      student,
      { startDate: addDays(f.day, 30), endDate: addDays(f.day, 30), kind: 'IZIN', reason: 'x' },
      { name: 'rusak.png', type: 'image/png', data: BROKEN_PNG },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Berkas gambar rusak atau tidak dapat dibaca');
  });

  it('refuses a file whose content is not JPG, PNG or PDF, whatever its name says, and writes nothing', async () => {
    const before = await leaveCount();
    const res = await multipart(
      student,
      { startDate: addDays(f.day, 10), endDate: addDays(f.day, 10), kind: 'IZIN', reason: 'Acara keluarga' },
      { name: 'surat.pdf', type: 'application/pdf', data: Buffer.from('<html>bukan pdf</html>') },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Jenis berkas tidak didukung: hanya JPG, PNG atau PDF');
    expect(await leaveCount()).toBe(before);
  });

  it('refuses a file over 2 MB with 413', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const res = await multipart(
      student,
      { startDate: addDays(f.day, 20), endDate: addDays(f.day, 20), kind: 'IZIN', reason: 'x' },
      { name: 'besar.pdf', type: 'application/pdf', data: big },
    );
    expect(res.statusCode).toBe(413);
  });

  it('validates the fields, the range and overlaps', async () => {
    let res = await ctx.call(student, 'POST', '/api/v1/leave-requests', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('startDate');
    res = await ctx.call(student, 'POST', '/api/v1/leave-requests', {
      startDate: f.day,
      endDate: addDays(f.day, -3),
      kind: 'IZIN',
      reason: 'x',
    });
    expect(res.statusCode).toBe(400);
    res = await ctx.call(student, 'POST', '/api/v1/leave-requests', {
      startDate: f.day,
      endDate: f.day,
      kind: 'IZIN',
      reason: 'lagi',
    });
    expect(res.statusCode).toBe(409);
    res = await ctx.call(student, 'POST', '/api/v1/leave-requests', {
      studentId: f.studentsA[0]!.id,
      startDate: addDays(f.day, 5),
      endDate: addDays(f.day, 5),
      kind: 'IZIN',
      reason: 'untuk teman',
    });
    expect(res.statusCode).toBe(403);
  });

  it('hides a request from other people but shows it to the deciders and the student’s teachers', async () => {
    const other = await ctx.createUser({ division: 'STUDENT' });
    const otherSession = await ctx.signIn(other.username);
    expect((await ctx.call(otherSession, 'GET', `/api/v1/leave-requests/${withFile}`)).statusCode).toBe(403);
    expect((await ctx.call(otherSession, 'GET', `/api/v1/leave-requests/${withFile}/attachment`)).statusCode).toBe(403);
    expect((await ctx.call(f.homeroomA, 'GET', `/api/v1/leave-requests/${withFile}`)).statusCode).toBe(200);
    expect((await ctx.call(f.homeroomB, 'GET', `/api/v1/leave-requests/${withFile}`)).statusCode).toBe(403);
    const list = await ctx.call(await ctx.as('PRINCIPAL'), 'GET', '/api/v1/leave-requests?status=pending');
    expect(list.json().items.map((r: { id: number }) => r.id)).toContain(withFile);
    const own = await ctx.call(otherSession, 'GET', '/api/v1/leave-requests');
    expect(own.json().total).toBe(0);
    const homeroom = await ctx.call(f.homeroomA, 'GET', '/api/v1/leave-requests');
    expect(homeroom.json().items.map((r: { id: number }) => r.id)).toContain(withFile);
    const otherClass = await ctx.call(f.homeroomB, 'GET', '/api/v1/leave-requests');
    expect(otherClass.json().items.map((r: { id: number }) => r.id)).not.toContain(withFile);
    expect((await ctx.call(student, 'GET', '/api/v1/leave-requests/999999')).statusCode).toBe(404);
  });

  it('approval writes S on the school days of the range in the register; deciding twice is refused', async () => {
    expect(
      (await ctx.call(f.homeroomA, 'POST', `/api/v1/leave-requests/${withFile}/decision`, { decision: 'approved' }))
        .statusCode,
    ).toBe(403);
    const res = await ctx.call(await ctx.as('PRINCIPAL'), 'POST', `/api/v1/leave-requests/${withFile}/decision`, {
      decision: 'approved',
      note: 'Semoga lekas sembuh',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', decisionNote: 'Semoga lekas sembuh' });
    // the requester is told, in the decision's transaction (notification outbox, issue 18)
    const told = await ctx.db.execute<{ subject: string; body: string; recipientUserId: number }>(
      sql`select subject, body, recipient_user_id as "recipientUserId" from outbox_messages where topic = 'leave.decision'`,
    );
    expect(told.rows).toEqual([
      {
        subject: 'Pengajuan sakit disetujui',
        body: expect.stringContaining('Catatan: Semoga lekas sembuh'),
        recipientUserId: student.user.id,
      },
    ]);
    const rows = await ctx.db
      .select()
      .from(studentAttendance)
      .where(eq(studentAttendance.studentId, student.user.studentId!));
    // the leave covers two school days: the one before f.day, and f.day
    expect(rows.map((r) => r.date).sort()).toEqual([previousSchoolDay(f.day), f.day]);
    expect(rows.every((r) => r.code === 'S' && r.leaveRequestId === withFile && r.classGroupId === f.classA.id)).toBe(
      true,
    );
    const register = await ctx.call(f.homeroomA, 'GET', `/api/v1/attendance/classes/${f.classA.id}/daily/${f.day}`);
    // The leave's rows alone do not count as the teacher having taken the register.
    expect(register.json().taken).toBe(false);
    const notTaken = await ctx.call(f.homeroomA, 'GET', `/api/v1/attendance/classes/not-taken?date=${f.day}`);
    expect(notTaken.json().items.map((c: { classGroupId: number }) => c.classGroupId)).toContain(f.classA.id);
    const entry = register.json().entries.find((e: { studentId: number }) => e.studentId === student.user.studentId);
    expect(entry).toMatchObject({ code: 'S', recorded: true });
    // The homeroom teacher saves the day as shown: the row keeps its link to the leave.
    const saved = await ctx.call(f.homeroomA, 'PUT', `/api/v1/attendance/classes/${f.classA.id}/daily/${f.day}`, {
      entries: register.json().entries.map((e: { studentId: number; code: string }) => ({
        studentId: e.studentId,
        code: e.code,
      })),
    });
    expect(saved.statusCode).toBe(200);
    const [kept] = await ctx.db
      .select()
      .from(studentAttendance)
      .where(and(eq(studentAttendance.studentId, student.user.studentId!), eq(studentAttendance.date, f.day)));
    expect(kept).toMatchObject({ code: 'S', leaveRequestId: withFile });

    const again = await ctx.call(await ctx.as('PRINCIPAL'), 'POST', `/api/v1/leave-requests/${withFile}/decision`, {
      decision: 'rejected',
    });
    expect(again.statusCode).toBe(409);
    expect(
      (
        await ctx.call(await ctx.as('PRINCIPAL'), 'POST', `/api/v1/leave-requests/${withFile}/decision`, {
          decision: 'maybe',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('lets a homeroom teacher file for a student of their class, not for another class', async () => {
    const body = (studentId: number) => ({
      studentId,
      startDate: addDays(f.day, 40),
      endDate: addDays(f.day, 41),
      kind: 'IZIN',
      reason: 'Lomba',
    });
    const ok = await ctx.call(f.homeroomA, 'POST', '/api/v1/leave-requests', body(f.studentsA[1]!.id));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().personName).toBe(f.studentsA[1]!.name);
    const denied = await ctx.call(f.homeroomA, 'POST', '/api/v1/leave-requests', body(f.studentsB[0]!.id));
    expect(denied.statusCode).toBe(403);
    const rejected = await ctx.call(
      await ctx.as('WAKAKUR'),
      'POST',
      `/api/v1/leave-requests/${ok.json().id}/decision`,
      {
        decision: 'rejected',
      },
    );
    expect(rejected.json().status).toBe('rejected');
    const rows = await ctx.db
      .select()
      .from(studentAttendance)
      .where(eq(studentAttendance.studentId, f.studentsA[1]!.id));
    expect(rows.some((r) => r.date === addDays(f.day, 40))).toBe(false);
  });

  it('lists what waits for a decision first, then the newest', async () => {
    const filed = await ctx.call(f.homeroomA, 'POST', '/api/v1/leave-requests', {
      studentId: f.studentsA[1]!.id,
      startDate: addDays(f.day, 50),
      endDate: addDays(f.day, 50),
      kind: 'IZIN',
      reason: 'Acara keluarga',
    });
    expect(filed.statusCode, filed.body).toBe(200);
    // the decided requests are made the newest: by date alone they would come first
    await ctx.db.execute(
      sql`update leave_requests set created_at = now() + interval '1 day' where status <> 'pending'`,
    );
    const list = await ctx.call(f.homeroomA, 'GET', '/api/v1/leave-requests?pageSize=200');
    const statuses = (list.json().items as { status: string }[]).map((r) => r.status);
    expect(statuses).toContain('pending');
    expect(statuses.some((s) => s !== 'pending')).toBe(true);
    const firstDecided = statuses.findIndex((s) => s !== 'pending');
    expect(statuses.slice(firstDecided)).not.toContain('pending');
  });

  it('lets the requester withdraw a pending request, nobody else, and not once decided', async () => {
    const res = await ctx.call(student, 'POST', '/api/v1/leave-requests', {
      startDate: addDays(f.day, 60),
      endDate: addDays(f.day, 60),
      kind: 'IZIN',
      reason: 'Batal',
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().id;
    expect((await ctx.call(await ctx.as('PRINCIPAL'), 'DELETE', `/api/v1/leave-requests/${id}`)).statusCode).toBe(403);
    expect((await ctx.call(student, 'DELETE', `/api/v1/leave-requests/${id}`)).statusCode).toBe(200);
    expect((await ctx.call(student, 'GET', `/api/v1/leave-requests/${id}`)).statusCode).toBe(404);
    expect((await ctx.call(student, 'DELETE', `/api/v1/leave-requests/${withFile}`)).statusCode).toBe(409);
  });

  it('an employee’s approved leave sets the staff status on days not checked in', async () => {
    const start = addDays(f.day, 7);
    const res = await multipart(
      f.otherTeacher,
      { startDate: start, endDate: addDays(start, 1), kind: 'IZIN', reason: 'Pelatihan' },
      { name: 'surat.pdf', type: 'application/pdf', data: PDF },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().employeeId).toBe(f.otherTeacher.user.employeeId);
    const decided = await ctx.call(await ctx.as('ADMIN'), 'POST', `/api/v1/leave-requests/${res.json().id}/decision`, {
      decision: 'approved',
    });
    expect(decided.statusCode).toBe(200);
    const rows = await ctx.db
      .select()
      .from(staffAttendance)
      .where(and(eq(staffAttendance.employeeId, f.otherTeacher.user.employeeId!)));
    const days = await schoolDays(ctx.db, f.otherTeacher.user.unit!.id, start, addDays(start, 1));
    expect(days.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.date).sort()).toEqual(days);
    expect(rows.every((r) => r.status === 'IZIN' && r.checkInAt === null)).toBe(true);
  });
});
