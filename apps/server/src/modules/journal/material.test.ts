import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { grades, subjectMaterials, subjects } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { postFile } from '../../test/multipart.ts';
import { attendanceFixture } from '../attendance/test-fixtures.ts';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let student: Session;
let otherGradeId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx);
  student = await ctx.as('STUDENT');
  await ctx.db.execute(
    sql`insert into enrollments (student_id, class_group_id, academic_year_id) values (${student.user.studentId}, ${f.classA.id}, ${f.year.id})`,
  );
  const [g] = await ctx.db.insert(grades).values({ unitId: f.unitId, level: 8, name: 'Kelas 8' }).returning();
  otherGradeId = g!.id;
});
afterAll(() => ctx.close());

/** A hand-built multipart/form-data upload of one file. */
function upload(session: Session, materialId: number, name: string, data: Buffer) {
  return postFile(ctx, session, `/api/v1/materials/${materialId}/attachments`, 'file', { name, data });
}

const input = (gradeId: number, title = 'Bab 1: Bilangan bulat') => ({
  subjectId: f.subject.id,
  gradeId,
  semester: 'GANJIL',
  title,
  body: 'Bilangan bulat dan operasinya',
  sortOrder: 1,
});

describe('subject material', () => {
  let id: number;

  it('lets the subject’s teacher add, change and remove material; other teachers not', async () => {
    const res = await ctx.call(f.subjectTeacher, 'POST', '/api/v1/materials', input(f.classA.gradeId));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ subjectName: 'Matematika', gradeName: 'Kelas 7', attachments: [] });
    id = res.json().id;
    expect((await ctx.call(f.otherTeacher, 'POST', '/api/v1/materials', input(f.classA.gradeId))).statusCode).toBe(403);
    expect((await ctx.call(f.otherTeacher, 'PATCH', `/api/v1/materials/${id}`, { title: 'x' })).statusCode).toBe(403);
    const patched = await ctx.call(f.subjectTeacher, 'PATCH', `/api/v1/materials/${id}`, { title: 'Bab 1 (revisi)' });
    expect(patched.json().title).toBe('Bab 1 (revisi)');
    expect((await ctx.call(await ctx.as('WAKAKUR'), 'POST', '/api/v1/materials', input(otherGradeId))).statusCode).toBe(
      200,
    );
    expect((await ctx.call(student, 'POST', '/api/v1/materials', input(f.classA.gradeId))).statusCode).toBe(403);
  });

  it('keeps a teacher to the grades they teach the subject in, whoever wrote the material', async () => {
    // The WAKAKUR writes material of the teacher's subject for grade 8, which the teacher does not teach.
    const wakakur = await ctx.as('WAKAKUR');
    const other = await ctx.call(wakakur, 'POST', '/api/v1/materials', { ...input(otherGradeId), title: 'Kelas 8' });
    expect(other.statusCode, other.body).toBe(200);
    const otherId = other.json().id as number;
    expect((await ctx.call(f.subjectTeacher, 'POST', '/api/v1/materials', input(otherGradeId))).statusCode).toBe(403);
    const patch = await ctx.call(f.subjectTeacher, 'PATCH', `/api/v1/materials/${otherId}`, { title: 'diubah' });
    expect(patch.statusCode).toBe(403);
    expect(patch.json().error.message).toBe('Anda hanya dapat mengelola materi mapel yang Anda ajar di tingkat ini');
    expect((await ctx.call(f.subjectTeacher, 'DELETE', `/api/v1/materials/${otherId}`)).statusCode).toBe(403);
    const [kept] = await ctx.db.select().from(subjectMaterials).where(eq(subjectMaterials.id, otherId));
    expect(kept!.title).toBe('Kelas 8');
    // Material of grade 7 written by someone else is the subject team's: the teacher may edit it.
    const shared = await ctx.call(wakakur, 'POST', '/api/v1/materials', { ...input(f.classA.gradeId), title: 'Tim' });
    const sharedId = shared.json().id as number;
    const edited = await ctx.call(f.subjectTeacher, 'PATCH', `/api/v1/materials/${sharedId}`, {
      title: 'Tim (revisi)',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await ctx.call(wakakur, 'DELETE', `/api/v1/materials/${otherId}`)).statusCode).toBe(200);
    expect((await ctx.call(f.subjectTeacher, 'DELETE', `/api/v1/materials/${sharedId}`)).statusCode).toBe(200);
  });

  it('offers each writer exactly the subjects and grades the write check accepts', async () => {
    const mine = await ctx.call(f.subjectTeacher, 'GET', '/api/v1/materials/choices');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().items).toEqual([
      { subjectId: f.subject.id, subjectName: 'Matematika', gradeId: f.classA.gradeId, gradeName: 'Kelas 7' },
    ]);
    // a teacher of nothing is offered nothing; a leader every subject of the unit in every grade (7 and 8)
    const none = await ctx.call(f.otherTeacher, 'GET', '/api/v1/materials/choices');
    expect(none.json().items.filter((c: { subjectId: number }) => c.subjectId === f.subject.id)).toEqual([]);
    const leader = await ctx.call(await ctx.as('WAKAKUR'), 'GET', '/api/v1/materials/choices');
    expect(
      leader
        .json()
        .items.filter((c: { subjectId: number }) => c.subjectId === f.subject.id)
        .map((c: { gradeName: string }) => c.gradeName),
    ).toEqual(['Kelas 7', 'Kelas 8']);
    // every pair offered to the teacher is one the write check accepts, and the other grade is refused
    for (const c of mine.json().items as { subjectId: number; gradeId: number }[]) {
      const res = await ctx.call(f.subjectTeacher, 'POST', '/api/v1/materials', {
        ...input(c.gradeId, 'Pilihan'),
        subjectId: c.subjectId,
      });
      expect(res.statusCode, res.body).toBe(200);
      await ctx.call(f.subjectTeacher, 'DELETE', `/api/v1/materials/${res.json().id}`);
    }
    expect((await ctx.call(student, 'GET', '/api/v1/materials/choices')).statusCode).toBe(403);
  });

  it('refuses bad input and writes nothing', async () => {
    const before = (await ctx.db.select().from(subjectMaterials)).length;
    expect(
      (await ctx.call(f.subjectTeacher, 'POST', '/api/v1/materials', { ...input(f.classA.gradeId), title: '' }))
        .statusCode,
    ).toBe(400);
    expect((await ctx.call(f.subjectTeacher, 'POST', '/api/v1/materials', input(999999))).statusCode).toBe(400);
    const [untaughtSubject] = await ctx.db
      .insert(subjects)
      .values({ unitId: f.unitId, code: 'IPA', name: 'IPA' })
      .returning();
    const res = await ctx.call(f.subjectTeacher, 'POST', '/api/v1/materials', {
      ...input(f.classA.gradeId),
      subjectId: untaughtSubject!.id,
    });
    expect(res.statusCode).toBe(403);
    expect((await ctx.db.select().from(subjectMaterials)).length).toBe(before);
  });

  it('shows a student the material of their own grade only', async () => {
    const res = await ctx.call(student, 'GET', '/api/v1/materials');
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((m: { id: number }) => m.id)).toEqual([id]);
    expect((await ctx.call(student, 'GET', `/api/v1/materials/${id}`)).statusCode).toBe(200);
    const [other] = await ctx.db.select().from(subjectMaterials).where(eq(subjectMaterials.gradeId, otherGradeId));
    expect((await ctx.call(student, 'GET', `/api/v1/materials/${other!.id}`)).statusCode).toBe(403);
    expect((await ctx.call(student, 'GET', `/api/v1/materials?gradeId=${otherGradeId}`)).statusCode).toBe(403);
    const staff = await ctx.call(await ctx.as('TU'), 'GET', `/api/v1/materials?subjectId=${f.subject.id}`);
    expect(staff.json().total).toBe(2);
  });

  it('attaches, serves and removes files with the material’s access rules', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#00f' } })
      .png()
      .toBuffer();
    let res = await upload(f.subjectTeacher, id, 'Rumus bilangan.png', png);
    expect(res.statusCode, res.body).toBe(200);
    const [file] = res.json().attachments;
    expect(file).toMatchObject({
      name: 'Rumus bilangan.png',
      mime: 'image/png',
      url: `/api/v1/materials/${id}/attachments/0`,
    });
    const got = await ctx.call(student, 'GET', file.url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-disposition']).toContain("filename*=UTF-8''Rumus%20bilangan.png");
    expect((await upload(f.otherTeacher, id, 'x.png', png)).statusCode).toBe(403);
    res = await upload(f.subjectTeacher, id, 'bukan.pdf', Buffer.from('MZ executable'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Jenis berkas tidak didukung: hanya JPG, PNG atau PDF');
    expect((await ctx.call(student, 'GET', `/api/v1/materials/${id}/attachments/5`)).statusCode).toBe(404);
    res = await ctx.call(f.subjectTeacher, 'DELETE', file.url);
    expect(res.statusCode).toBe(200);
    expect(res.json().attachments).toEqual([]);
    expect((await ctx.call(student, 'GET', file.url)).statusCode).toBe(404);
  });

  it('removes material', async () => {
    expect((await ctx.call(f.subjectTeacher, 'DELETE', `/api/v1/materials/${id}`)).statusCode).toBe(200);
    expect((await ctx.call(f.subjectTeacher, 'GET', `/api/v1/materials/${id}`)).statusCode).toBe(404);
  });
});

describe('class control', () => {
  it('lets the principal record and list visits of their unit', async () => {
    const principal = await ctx.as('PRINCIPAL');
    const res = await ctx.call(principal, 'POST', '/api/v1/class-control', {
      classGroupId: f.classA.id,
      date: f.day,
      period: 2,
      teacherPresent: false,
      notes: 'Kelas kosong, guru belum masuk',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ className: '7A', teacherPresent: false, period: 2 });
    const list = await ctx.call(principal, 'GET', `/api/v1/class-control?from=${f.day}&to=${f.day}`);
    expect(list.json().items).toHaveLength(1);
    expect((await ctx.call(f.homeroomA, 'GET', '/api/v1/class-control')).statusCode).toBe(403);
    expect(
      (
        await ctx.call(principal, 'POST', '/api/v1/class-control', {
          classGroupId: f.classA.id,
          date: '2999-01-01',
          period: 2,
          teacherPresent: true,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await ctx.call(principal, 'POST', '/api/v1/class-control', {
          classGroupId: f.classA.id,
          date: f.day,
          period: 0,
          teacherPresent: true,
        })
      ).statusCode,
    ).toBe(400);
    expect((await ctx.call(principal, 'DELETE', `/api/v1/class-control/${res.json().id}`)).statusCode).toBe(200);
    expect((await ctx.call(principal, 'DELETE', `/api/v1/class-control/${res.json().id}`)).statusCode).toBe(404);
  });
});
