import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { CSRF_HEADER } from '@mms/shared';
import type { Session, TestContext } from './context.ts';
import { attendanceFixture, previousSchoolDay } from '../modules/attendance/test-fixtures.ts';

/** A hand-built multipart/form-data POST with one file field and text fields. */
export function postFile(
  ctx: TestContext,
  session: Session,
  url: string,
  field: string,
  file: { name: string; data: Buffer },
  fields: Record<string, string> = {},
) {
  const boundary = `----mms${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return ctx.app.inject({
    method: 'POST',
    url,
    payload: Buffer.concat(parts),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: session.cookie,
      [CSRF_HEADER]: session.csrfToken,
    },
  });
}

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
