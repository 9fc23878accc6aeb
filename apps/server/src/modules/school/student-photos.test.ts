import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, enrollments, students, teachingAssignments } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { postFile } from '../../test/multipart.ts';
import { schoolFactory } from './test-factory.ts';

let ctx: TestContext;
let f: ReturnType<typeof schoolFactory<Session>>;
let PNG: Buffer;
const PDF = Buffer.from('%PDF-1.4\n%fake but typed\n');
beforeAll(async () => {
  ctx = await createTestContext();
  f = schoolFactory(ctx);
  PNG = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#88aa00' } })
    .png()
    .toBuffer();
});
afterAll(() => ctx.close());

/** A hand-built multipart/form-data PUT of one `file`. */
function upload(session: Session, studentId: number, data: Buffer, type = 'image/png') {
  return postFile(
    ctx,
    session,
    `/api/v1/students/${studentId}/photo`,
    'file',
    { name: 'foto', data, mime: type },
    {},
    'PUT',
  );
}

const photoPathOf = async (id: number) =>
  (await ctx.db.select({ p: students.photoPath }).from(students).where(eq(students.id, id)))[0]!.p;
const stored = (name: string) => path.join(ctx.config.dataDir, 'uploads', 'photos', name);

describe('student photos', () => {
  it('stores an uploaded PNG as a JPEG of at most 600×800, replaces the old one and serves it', async () => {
    const { wakakur, unitId } = await f.setup();
    const s = await f.student(wakakur, unitId);
    const res = await upload(wakakur, s.id, PNG);
    expect(res.statusCode, res.body).toBe(200);
    const photoUrl: string = res.json().photoUrl;
    const name = await photoPathOf(s.id);
    expect(photoUrl).toBe(`/api/v1/files/photos/${name}`);
    const meta = await sharp(stored(name!)).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 600, height: 800 });
    expect((await ctx.call(wakakur, 'GET', `/api/v1/students/${s.id}`)).json().photoUrl).toBe(photoUrl);
    const served = await ctx.call(wakakur, 'GET', photoUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('private, max-age=86400');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'school.student.photo.update'));
    expect(audits.find((a) => a.entityId === String(s.id))?.after).toEqual({ photoPath: name });

    // A second upload replaces the first file.
    const again = await upload(wakakur, s.id, PNG);
    expect(again.statusCode).toBe(200);
    expect(existsSync(stored(name!))).toBe(false);
    expect(existsSync(stored((await photoPathOf(s.id))!))).toBe(true);
    expect((await ctx.call(wakakur, 'GET', photoUrl)).statusCode).toBe(404);
  });

  it('refuses a PDF or random bytes with 400 and changes nothing', async () => {
    const { wakakur, unitId } = await f.setup();
    const s = await f.student(wakakur, unitId);
    expect((await upload(wakakur, s.id, PNG)).statusCode).toBe(200);
    const before = await photoPathOf(s.id);
    const pdf = await upload(wakakur, s.id, PDF, 'application/pdf');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().error.code).toBe('VALIDATION_FAILED');
    expect((await upload(wakakur, s.id, randomBytes(200), 'image/jpeg')).statusCode).toBe(400);
    const broken = Buffer.concat([PNG.subarray(0, 8), randomBytes(64)]);
    expect((await upload(wakakur, s.id, broken)).statusCode).toBe(400);
    expect((await ctx.call(wakakur, 'PUT', `/api/v1/students/${s.id}/photo`, {})).statusCode).toBe(400);
    expect(await photoPathOf(s.id)).toBe(before);
    expect(existsSync(stored(before!))).toBe(true);
  });

  it('keeps another unit’s principal out, and a teacher of another class; the student sees their own', async () => {
    const admin = await ctx.as('ADMIN');
    const sd = await f.ok<{ id: number }>(admin, 'POST', '/api/v1/units', { code: 'SDF', name: 'SD F' });
    const other = await f.student(admin, sd.id);
    const principal = await ctx.as('PRINCIPAL');
    expect((await upload(principal, other.id, PNG)).statusCode).toBe(403);
    expect((await ctx.call(principal, 'DELETE', `/api/v1/students/${other.id}/photo`)).statusCode).toBe(403);
    expect((await upload(admin, other.id, PNG)).statusCode).toBe(200);
    const otherUrl = `/api/v1/files/photos/${await photoPathOf(other.id)}`;
    expect((await ctx.call(principal, 'GET', otherUrl)).statusCode).toBe(403);

    const { wakakur, unitId, yearId } = await f.setup();
    const g = await f.grade(wakakur, unitId, 8);
    const taught = await f.classGroup(wakakur, yearId, g.id, '8A');
    const notTaught = await f.classGroup(wakakur, yearId, g.id, '8B');
    const subject = await f.subject(wakakur, unitId, 'IPA8');
    const student = await ctx.as('STUDENT');
    const me = student.user.studentId!;
    await ctx.db.insert(enrollments).values({ studentId: me, classGroupId: notTaught.id, academicYearId: yearId });
    const teacher = await ctx.as('TEACHER');
    await ctx.db.insert(teachingAssignments).values({
      employeeId: teacher.user.employeeId!,
      subjectId: subject.id,
      classGroupId: taught.id,
      academicYearId: yearId,
      semester: 'GANJIL',
      hoursPerWeek: 2,
    });
    expect((await upload(wakakur, me, PNG)).statusCode).toBe(200);
    const myUrl = `/api/v1/files/photos/${await photoPathOf(me)}`;
    expect((await ctx.call(teacher, 'GET', myUrl)).statusCode).toBe(403);
    expect((await ctx.call(student, 'GET', myUrl)).statusCode).toBe(200);
    expect((await ctx.call(student, 'GET', otherUrl)).statusCode).toBe(403);
    expect((await ctx.call(student, 'GET', '/api/v1/students/me')).json().photoUrl).toBe(myUrl);
    expect((await upload(teacher, me, PNG)).statusCode).toBe(403);
    expect((await ctx.call(null, 'GET', myUrl)).statusCode).toBe(401);
    expect((await ctx.call(student, 'GET', `/api/v1/files/photos/${'0'.repeat(32)}`)).statusCode).toBe(404);
    expect((await ctx.call(student, 'GET', '/api/v1/files/photos/..%2F..%2Fetc')).statusCode).toBe(404);
    await ctx.db.delete(teachingAssignments).where(eq(teachingAssignments.classGroupId, taught.id));
  });

  it('removes a photo and its file', async () => {
    const { wakakur, unitId } = await f.setup();
    const s = await f.student(wakakur, unitId);
    expect((await upload(wakakur, s.id, PNG)).statusCode).toBe(200);
    const name = (await photoPathOf(s.id))!;
    const res = await ctx.call(wakakur, 'DELETE', `/api/v1/students/${s.id}/photo`);
    expect(res.statusCode).toBe(200);
    expect(res.json().photoUrl).toBeNull();
    expect(await photoPathOf(s.id)).toBeNull();
    expect(existsSync(stored(name))).toBe(false);
    expect((await ctx.call(wakakur, 'GET', `/api/v1/files/photos/${name}`)).statusCode).toBe(404);
    expect((await ctx.call(wakakur, 'DELETE', `/api/v1/students/999999/photo`)).statusCode).toBe(404);
  });
});
