import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import type { TestContext } from './context.ts';
import { postFile } from './multipart.ts';
import { attendanceFixture, previousSchoolDay } from '../modules/attendance/test-fixtures.ts';

export const png = (background: string) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background } })
    .png()
    .toBuffer();

/**
 * Two uploads through real routes: a student's leave request with a PNG attachment (in use by the
 * request) and a teacher's question picture that no question uses yet.
 */
export async function uploadsFixture(ctx: TestContext) {
  const f = await attendanceFixture(ctx);
  const student = await ctx.as('STUDENT');
  await ctx.db.execute(
    sql`insert into enrollments (student_id, class_group_id, academic_year_id) values (${student.user.studentId}, ${f.classA.id}, ${f.year.id})`,
  );
  const leave = await postFile(
    ctx,
    student,
    '/api/v1/leave-requests',
    'attachment',
    { name: 'surat.png', data: await png('#ffffff') },
    { startDate: previousSchoolDay(f.day), endDate: f.day, kind: 'SAKIT', reason: 'Demam' },
  );
  if (leave.statusCode !== 200) throw new Error(leave.body);
  const image = await postFile(ctx, f.subjectTeacher, '/api/v1/questions/images', 'file', {
    name: 'gambar.png',
    data: await png('#cc3366'),
  });
  if (image.statusCode !== 200) throw new Error(image.body);
  return {
    f,
    student,
    leave: leave.json() as { id: number; attachment: { url: string; size: number } },
    imageName: (image.json().url as string).split('/').pop()!,
  };
}
