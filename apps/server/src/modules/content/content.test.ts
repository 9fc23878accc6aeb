import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CSRF_HEADER } from '@mms/shared';
import { auditLog, employees, mediaImages, posts, students, users } from '../../db/schema/index.ts';
import { setClock } from '../../lib/clock.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { attendanceFixture } from '../attendance/test-fixtures.ts';

// MMS's clock for this file: 20 November 2026, 08:00 in Jakarta (the publish windows below are around it).
const NOW = '2026-11-20T08:00:00+07:00';
const C = '/api/v1/content';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let admin: Session;
let teacher: Session;
let student: Session;
let tu: Session;

beforeAll(async () => {
  ctx = await createTestContext({}, { now: NOW });
  f = await attendanceFixture(ctx);
  admin = await ctx.as('ADMIN');
  teacher = await ctx.as('TEACHER');
  student = await ctx.as('STUDENT');
  tu = await ctx.as('TU');
});
afterAll(() => ctx.close());

/** A real image of the size, in the format. */
const picture = (width: number, height: number, format: 'png' | 'jpeg' = 'png') => {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
};

/** A PNG whose header claims 30000×30000 pixels with almost no data: a pixel bomb. */
function pixelBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30_000, 0);
  ihdr.writeUInt32BE(30_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart request: the file in `file` and the other fields as text. */
function upload(
  session: Session | null,
  method: 'POST' | 'PUT',
  url: string,
  data: Buffer,
  fields: Record<string, string | number> = {},
) {
  const boundary = `----mms${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  const payload = Buffer.concat([
    ...parts,
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="gambar.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method,
    url,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(session ? { cookie: session.cookie, [CSRF_HEADER]: session.csrfToken } : {}),
    },
  });
}

const mediaFile = (name: string) => path.join(ctx.config.dataDir, 'uploads', 'media', name);
const nameOf = (url: string) => url.split('/').pop()!;

describe('the media library', () => {
  it('lets content managers upload, crop and list images; others are refused', async () => {
    const original = await picture(1280, 960, 'jpeg');
    const res = await upload(admin, 'POST', `${C}/images`, original);
    expect(res.statusCode).toBe(200);
    const image = res.json();
    expect(image).toMatchObject({ width: 1280, height: 960, mime: 'image/jpeg', ratio: null, usedBy: 0 });
    expect(existsSync(mediaFile(nameOf(image.url)))).toBe(true);

    // crop at upload (banner 16:9): the server's crop of the original, its size capped
    const cropped = await upload(admin, 'POST', `${C}/images`, original, {
      ratio: 'BANNER',
      x: 0,
      y: 120,
      width: 1280,
      height: 720,
    });
    expect(cropped.statusCode).toBe(200);
    expect(cropped.json()).toMatchObject({ width: 1280, height: 720, ratio: 'BANNER', mime: 'image/jpeg' });
    const stored = await sharp(await sharp(mediaFile(nameOf(cropped.json().url))).toBuffer()).metadata();
    expect([stored.width, stored.height]).toEqual([1280, 720]);

    // crop upload of a stored image: a new image from it, the source stays
    const square = await ctx.call(admin, 'POST', `${C}/images/${image.id}/crop`, {
      ratio: 'AVATAR',
      x: 100,
      y: 100,
      width: 800,
      height: 800,
    });
    expect(square.statusCode).toBe(200);
    expect(square.json()).toMatchObject({ width: 512, height: 512, ratio: 'AVATAR', sourceImageId: image.id });
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'content.image.crop'));
    expect(audits.map((a) => a.entityId)).toContain(String(square.json().id));

    const list = await ctx.call(admin, 'GET', `${C}/images?pageSize=2`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 3, pageSize: 2 });
    expect(list.json().items).toHaveLength(2);
    expect((await ctx.call(admin, 'GET', `${C}/images?ratio=AVATAR`)).json().total).toBe(1);

    for (const s of [teacher, student, tu]) {
      expect((await upload(s, 'POST', `${C}/images`, original)).statusCode).toBe(403);
      expect((await ctx.call(s, 'GET', `${C}/images`)).statusCode).toBe(403);
      expect((await ctx.call(s, 'DELETE', `${C}/images/${image.id}`)).statusCode).toBe(403);
    }
    expect((await ctx.call(null, 'GET', `${C}/images`)).statusCode).toBe(401);
    expect((await upload(null, 'POST', `${C}/images`, original)).statusCode).toBe(401);
  });

  it('refuses hostile and wrong files with a clear 4xx and stores nothing', async () => {
    const countImages = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(mediaImages))[0]!.n;
    const before = await countImages();
    const notImage = await upload(admin, 'POST', `${C}/images`, Buffer.from('<script>alert(1)</script>'));
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().error.message).toBe('Berkas harus berupa gambar JPG atau PNG');
    const pdf = await upload(admin, 'POST', `${C}/images`, Buffer.from('%PDF-1.4 hello'));
    expect(pdf.statusCode).toBe(400);

    const bomb = await upload(admin, 'POST', `${C}/images`, pixelBomb());
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().error.message).toMatch(/Gambar terlalu besar|rusak/);
    const bombCrop = await upload(admin, 'POST', `${C}/images`, pixelBomb(), {
      ratio: 'AVATAR',
      x: 0,
      y: 0,
      width: 100,
      height: 100,
    });
    expect(bombCrop.statusCode).toBe(400);

    const truncated = (await picture(400, 300, 'jpeg')).subarray(0, 200);
    expect((await upload(admin, 'POST', `${C}/images`, truncated)).statusCode).toBe(400);

    const img = await picture(400, 300);
    const wrongRatio = await upload(admin, 'POST', `${C}/images`, img, {
      ratio: 'AVATAR',
      x: 0,
      y: 0,
      width: 300,
      height: 200,
    });
    expect(wrongRatio.statusCode).toBe(400);
    expect(wrongRatio.json().error.message).toBe('Potongan harus persegi (1:1)');
    const outside = await upload(admin, 'POST', `${C}/images`, img, {
      ratio: 'AVATAR',
      x: 200,
      y: 0,
      width: 300,
      height: 300,
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.message).toBe('Potongan berada di luar gambar');
    const incomplete = await upload(admin, 'POST', `${C}/images`, img, { ratio: 'BANNER', x: 0 });
    expect(incomplete.statusCode).toBe(400);
    const badNumber = await upload(admin, 'POST', `${C}/images`, img, {
      ratio: 'BANNER',
      x: 'abc',
      y: 0,
      width: 160,
      height: 90,
    });
    expect(badNumber.statusCode).toBe(400);
    const badRatio = await upload(admin, 'POST', `${C}/images`, img, { ratio: 'SQUARE' });
    expect(badRatio.statusCode).toBe(400);
    const empty = await upload(admin, 'POST', `${C}/images`, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const tooBig = await upload(admin, 'POST', `${C}/images`, Buffer.concat([img, Buffer.alloc(3 * 1024 * 1024)]));
    expect(tooBig.statusCode).toBe(413);
    expect(
      (
        await ctx.call(admin, 'POST', `${C}/images/99999999999/crop`, {
          ratio: 'AVATAR',
          x: 0,
          y: 0,
          width: 1,
          height: 1,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await ctx.call(admin, 'POST', `${C}/images/999999/crop`, { ratio: 'AVATAR', x: 0, y: 0, width: 1, height: 1 }))
        .statusCode,
    ).toBe(404);

    expect(await countImages()).toBe(before);
  });

  it('deletes an unused image after confirmation on the screen, refuses one a post uses (409)', async () => {
    const a = (await upload(admin, 'POST', `${C}/images`, await picture(320, 180))).json();
    const b = (await upload(admin, 'POST', `${C}/images`, await picture(320, 180))).json();
    const post = await ctx.call(admin, 'POST', `${C}/posts`, {
      kind: 'NEWS',
      title: 'Pakai gambar',
      body: `<p>Lihat</p><img src="${b.url}" alt="b">`,
      coverImageId: a.id,
      audience: 'PUBLIC',
    });
    expect(post.statusCode).toBe(200);
    expect((await ctx.call(admin, 'GET', `${C}/images/${a.id}`)).json().usedBy).toBe(1);
    expect((await ctx.call(admin, 'DELETE', `${C}/images/${a.id}`)).statusCode).toBe(409);
    expect((await ctx.call(admin, 'DELETE', `${C}/images/${b.id}`)).statusCode).toBe(409);
    expect((await ctx.call(admin, 'DELETE', `${C}/posts/${post.json().id}`)).statusCode).toBe(200);
    expect((await ctx.call(admin, 'DELETE', `${C}/images/${a.id}`)).statusCode).toBe(200);
    expect(existsSync(mediaFile(nameOf(a.url)))).toBe(false);
    expect((await ctx.call(admin, 'GET', `${C}/images/${a.id}`)).statusCode).toBe(404);
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'content.image.delete'));
    expect(audits.map((x) => x.entityId)).toContain(String(a.id));
  });
});

describe('posts', () => {
  const base = { kind: 'ANNOUNCEMENT' as const, body: '<p>Isi pengumuman</p>' };
  const create = (body: Record<string, unknown>) => ctx.call(admin, 'POST', `${C}/posts`, { ...base, ...body });

  it('keeps drafts from readers, publishes within the window of the server clock, audits each step', async () => {
    setClock(NOW);
    const draft = await create({
      title: 'Libur semester',
      audience: 'PUBLIC',
      body: '<p onclick="x()">Libur <script>alert(1)</script><b>dua minggu</b></p>',
    });
    expect(draft.statusCode).toBe(200);
    const id = draft.json().id;
    expect(draft.json()).toMatchObject({ status: 'DRAFT', state: 'DRAFT' });
    expect(draft.json().body).toBe('<p>Libur <b>dua minggu</b></p>');

    const titles = async (session: Session | null, url = `${C}/public/posts`) =>
      ((await ctx.call(session, 'GET', url)).json().items as { title: string }[]).map((p) => p.title);
    expect(await titles(null)).not.toContain('Libur semester');
    expect((await ctx.call(null, 'GET', `${C}/public/posts/${id}`)).statusCode).toBe(404);
    // the content manager previews a draft on its page
    expect((await ctx.call(admin, 'GET', `${C}/public/posts/${id}`)).statusCode).toBe(200);

    // publish with a window in the future: scheduled, not shown yet
    expect(
      (
        await ctx.call(admin, 'PUT', `${C}/posts/${id}`, {
          ...base,
          title: 'Libur semester',
          audience: 'PUBLIC',
          publishAt: '2026-11-21T07:00:00+07:00',
          unpublishAt: '2026-11-28T00:00:00+07:00',
        })
      ).statusCode,
    ).toBe(200);
    const published = await ctx.call(admin, 'POST', `${C}/posts/${id}/publish`);
    expect(published.json()).toMatchObject({ status: 'PUBLISHED', state: 'SCHEDULED' });
    expect(await titles(null)).not.toContain('Libur semester');

    // the next day at 07:00 Jakarta it is live for everyone, cached briefly
    setClock('2026-11-21T07:00:00+07:00');
    const pub = await ctx.call(null, 'GET', `${C}/public/posts`);
    expect(pub.headers['cache-control']).toBe('public, max-age=60');
    expect(await titles(null)).toContain('Libur semester');
    expect(await titles(teacher, `${C}/feed`)).toContain('Libur semester');
    const page = await ctx.call(null, 'GET', `${C}/public/posts/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).not.toHaveProperty('author');
    expect(
      (await ctx.call(admin, 'GET', `${C}/posts?state=LIVE`)).json().items.map((p: { id: number }) => p.id),
    ).toContain(id);

    // at its unpublish time it is gone
    setClock('2026-11-28T00:00:00+07:00');
    expect(await titles(null)).not.toContain('Libur semester');
    expect((await ctx.call(null, 'GET', `${C}/public/posts/${id}`)).statusCode).toBe(404);
    expect((await ctx.call(admin, 'GET', `${C}/posts/${id}`)).json().state).toBe('ENDED');

    setClock('2026-11-22T00:00:00+07:00');
    expect((await ctx.call(admin, 'POST', `${C}/posts/${id}/unpublish`)).json().state).toBe('DRAFT');
    expect(await titles(null)).not.toContain('Libur semester');
    const actions = (await ctx.db.select().from(auditLog).where(eq(auditLog.entityType, 'post')))
      .filter((a) => a.entityId === String(id))
      .map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'content.post.create',
        'content.post.update',
        'content.post.publish',
        'content.post.unpublish',
      ]),
    );
    setClock(NOW);
  });

  it('shows a post to its audience only: signed-in, a division, a class (404 to anyone else)', async () => {
    setClock(NOW);
    const make = async (title: string, extra: Record<string, unknown>) => {
      const res = await create({ title, ...extra });
      expect(res.statusCode, res.body).toBe(200);
      expect((await ctx.call(admin, 'POST', `${C}/posts/${res.json().id}/publish`)).statusCode).toBe(200);
      return res.json().id as number;
    };
    const signedIn = await make('Untuk semua warga', { audience: 'SIGNED_IN' });
    const forTu = await make('Untuk TU', { audience: 'DIVISION', audienceDivision: 'TU' });
    const forClass = await make('Untuk kelas A', { audience: 'CLASS', audienceClassId: f.classA.id });

    // the class: its students (open enrolment) and its teachers (homeroom or teaching) only
    await ctx.db.execute(
      sql`insert into enrollments (student_id, class_group_id, academic_year_id) values (${student.user.studentId}, ${f.classA.id}, ${f.year.id})`,
    );
    const homeroomUser = await ctx.createUser({ division: 'TEACHER' });
    const [homeroom] = await ctx.db.select().from(employees).where(eq(employees.userId, homeroomUser.id));
    await ctx.db.execute(sql`update class_groups set homeroom_employee_id = ${homeroom!.id} where id = ${f.classA.id}`);
    const homeroomSession = await ctx.signIn(homeroomUser.username);
    const outsider = await ctx
      .as('STUDENT')
      .then(() => ctx.createUser({ division: 'STUDENT' }))
      .then((u) => ctx.signIn(u.username));

    const feed = async (s: Session) =>
      ((await ctx.call(s, 'GET', `${C}/feed`)).json().items as { id: number }[]).map((p) => p.id);
    expect(await feed(student)).toEqual(expect.arrayContaining([signedIn, forClass]));
    expect(await feed(student)).not.toContain(forTu);
    expect(await feed(homeroomSession)).toContain(forClass);
    expect(await feed(tu)).toEqual(expect.arrayContaining([signedIn, forTu]));
    expect(await feed(tu)).not.toContain(forClass);
    expect(await feed(outsider)).not.toContain(forClass);
    expect(await feed(teacher)).not.toContain(forClass);

    const status = async (s: Session | null, id: number) =>
      (await ctx.call(s, 'GET', `${C}/public/posts/${id}`)).statusCode;
    expect(await status(null, signedIn)).toBe(404);
    expect(await status(student, signedIn)).toBe(200);
    expect(await status(student, forTu)).toBe(404);
    expect(await status(tu, forTu)).toBe(200);
    expect(await status(outsider, forClass)).toBe(404);
    expect(await status(homeroomSession, forClass)).toBe(200);
    expect(await status(null, 999999)).toBe(404);
    expect(await status(null, 99999999999)).toBe(400);

    // the public list never carries signed-in posts
    const pub = ((await ctx.call(null, 'GET', `${C}/public/posts`)).json().items as { id: number }[]).map((p) => p.id);
    expect(pub).not.toContain(signedIn);
    expect((await ctx.call(null, 'GET', `${C}/feed`)).statusCode).toBe(401);
  });

  it('serves a cover to the post’s readers only, an unused image to nobody but managers', async () => {
    setClock(NOW);
    const cover = (
      await upload(admin, 'POST', `${C}/images`, await picture(640, 360), {
        ratio: 'BANNER',
        x: 0,
        y: 0,
        width: 640,
        height: 360,
      })
    ).json();
    const spare = (await upload(admin, 'POST', `${C}/images`, await picture(64, 64))).json();
    const post = await create({
      title: 'Bersampul',
      audience: 'DIVISION',
      audienceDivision: 'TU',
      coverImageId: cover.id,
    });
    await ctx.call(admin, 'POST', `${C}/posts/${post.json().id}/publish`);
    expect((await ctx.call(null, 'GET', cover.url)).statusCode).toBe(404);
    expect((await ctx.call(student, 'GET', cover.url)).statusCode).toBe(404);
    const seen = await ctx.call(tu, 'GET', cover.url);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/jpeg');
    expect(seen.headers['cache-control']).toBe('private, max-age=300');
    expect((await ctx.call(admin, 'GET', spare.url)).statusCode).toBe(200);
    expect((await ctx.call(tu, 'GET', spare.url)).statusCode).toBe(404);
    expect((await ctx.call(null, 'GET', `${C}/files/..%2F..%2Fetc%2Fpasswd`)).statusCode).toBe(404);
  });

  it('refuses bad input with a clear 4xx: NUL bytes, missing audience fields, window order, unknown ids', async () => {
    const nul = await create({ title: 'Judul\u0000jahat', audience: 'PUBLIC' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.code).toBe('VALIDATION_FAILED');
    expect((await create({ title: 'Tanpa divisi', audience: 'DIVISION' })).statusCode).toBe(400);
    expect((await create({ title: 'Tanpa kelas', audience: 'CLASS' })).statusCode).toBe(400);
    const window = await create({
      title: 'Terbalik',
      audience: 'PUBLIC',
      publishAt: '2026-11-22T00:00:00+07:00',
      unpublishAt: '2026-11-21T00:00:00+07:00',
    });
    expect(window.statusCode).toBe(400);
    expect(window.json().error.fields).toHaveProperty('unpublishAt');
    expect((await create({ title: 'Sampul hilang', audience: 'PUBLIC', coverImageId: 999999 })).statusCode).toBe(400);
    expect((await create({ title: 'Sampul besar', audience: 'PUBLIC', coverImageId: 99999999999 })).statusCode).toBe(
      400,
    );
    expect((await create({ title: 'Kelas hilang', audience: 'CLASS', audienceClassId: 999999 })).statusCode).toBe(400);
    expect((await create({ title: 'Kosong', audience: 'PUBLIC', body: '<script>x</script>' })).statusCode).toBe(400);
    expect((await create({ title: '', audience: 'PUBLIC' })).statusCode).toBe(400);
    expect((await ctx.call(admin, 'POST', `${C}/posts/999999/publish`)).statusCode).toBe(404);
    expect((await ctx.call(admin, 'GET', `${C}/posts?page=0`)).statusCode).toBe(400);
  });

  it('lets only content managers write, list and publish posts', async () => {
    const res = await create({ title: 'Hanya admin', audience: 'PUBLIC' });
    const id = res.json().id;
    for (const s of [teacher, student, tu]) {
      expect((await ctx.call(s, 'POST', `${C}/posts`, { ...base, title: 'x', audience: 'PUBLIC' })).statusCode).toBe(
        403,
      );
      expect((await ctx.call(s, 'GET', `${C}/posts`)).statusCode).toBe(403);
      expect((await ctx.call(s, 'POST', `${C}/posts/${id}/publish`)).statusCode).toBe(403);
      expect((await ctx.call(s, 'DELETE', `${C}/posts/${id}`)).statusCode).toBe(403);
    }
    expect((await ctx.call(null, 'POST', `${C}/posts/${id}/publish`)).statusCode).toBe(401);
    expect((await ctx.call(admin, 'GET', `${C}/posts?q=Hanya&kind=ANNOUNCEMENT`)).json().total).toBe(1);
    const [row] = await ctx.db.select().from(posts).where(eq(posts.id, id));
    expect(row!.status).toBe('DRAFT');
  });
});

describe('avatars', () => {
  const square = { ratio: 'AVATAR', x: 40, y: 0, width: 240, height: 240 };

  it('lets every user set their own avatar from a square crop; it shows in /auth/me', async () => {
    const img = await picture(320, 240, 'jpeg');
    for (const s of [teacher, student]) {
      const res = await upload(s, 'PUT', '/api/v1/me/avatar', img, square);
      expect(res.statusCode, res.body).toBe(200);
      const url: string = res.json().avatarUrl;
      const me = await ctx.call(s, 'GET', '/api/v1/auth/me');
      expect(me.json().user.avatarUrl).toBe(url);
      const served = await ctx.call(s, 'GET', url);
      expect(served.statusCode).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 240, 240, undefined]);
    }
    // a teacher's avatar is shown to others; a student's only to those who may read students
    const teacherUrl = (await ctx.call(teacher, 'GET', '/api/v1/auth/me')).json().user.avatarUrl;
    expect((await ctx.call(student, 'GET', teacherUrl)).statusCode).toBe(200);
    const studentUrl = (await ctx.call(student, 'GET', '/api/v1/auth/me')).json().user.avatarUrl;
    const otherStudent = await ctx.createUser({ division: 'STUDENT' }).then((u) => ctx.signIn(u.username));
    expect((await ctx.call(otherStudent, 'GET', studentUrl)).statusCode).toBe(403);
    expect((await ctx.call(teacher, 'GET', studentUrl)).statusCode).toBe(200);
    expect((await ctx.call(null, 'GET', teacherUrl)).statusCode).toBe(401);

    // a crop that is not square, or none at all, is refused; the old avatar stays
    expect((await upload(teacher, 'PUT', '/api/v1/me/avatar', img, { ...square, width: 200 })).statusCode).toBe(400);
    expect((await upload(teacher, 'PUT', '/api/v1/me/avatar', img)).statusCode).toBe(400);
    expect((await upload(teacher, 'PUT', '/api/v1/me/avatar', pixelBomb(), square)).statusCode).toBe(400);
    expect((await ctx.call(teacher, 'GET', '/api/v1/auth/me')).json().user.avatarUrl).toBe(teacherUrl);

    // replacing drops the old file; removing clears it
    const again = await upload(teacher, 'PUT', '/api/v1/me/avatar', img, square);
    expect(again.json().avatarUrl).not.toBe(teacherUrl);
    expect(existsSync(path.join(ctx.config.dataDir, 'uploads', 'avatars', nameOf(teacherUrl)))).toBe(false);
    expect((await ctx.call(teacher, 'DELETE', '/api/v1/me/avatar')).json().avatarUrl).toBeNull();
    const [row] = await ctx.db.select().from(users).where(eq(users.id, teacher.user.id));
    expect(row!.avatarPath).toBeNull();
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'user.avatar.update'));
    expect(audits.length).toBeGreaterThanOrEqual(3);
  });

  it('lets employee managers of the unit set an employee’s avatar and the student-photo managers a student’s', async () => {
    const img = await picture(300, 300);
    const principal = await ctx.as('PRINCIPAL');
    const target = await ctx.createUser({ division: 'TEACHER' });
    const [emp] = await ctx.db.select().from(employees).where(eq(employees.userId, target.id));
    const res = await upload(principal, 'PUT', `/api/v1/employees/${emp!.id}/avatar`, img, {
      ratio: 'AVATAR',
      x: 0,
      y: 0,
      width: 300,
      height: 300,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [u] = await ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(res.json().avatarUrl).toBe(`/api/v1/files/avatars/${u!.avatarPath}`);
    expect((await ctx.call(principal, 'GET', `/api/v1/employees/${emp!.id}`)).json().photoUrl).toBe(
      res.json().avatarUrl,
    );
    expect((await upload(teacher, 'PUT', `/api/v1/employees/${emp!.id}/avatar`, img, square)).statusCode).toBe(403);
    expect((await upload(principal, 'PUT', '/api/v1/employees/999999/avatar', img, square)).statusCode).toBe(404);

    const [st] = await ctx.db.select().from(students).where(eq(students.userId, student.user.id));
    const photo = await upload(principal, 'PUT', `/api/v1/students/${st!.id}/avatar`, img, {
      ratio: 'AVATAR',
      x: 0,
      y: 0,
      width: 300,
      height: 300,
    });
    expect(photo.statusCode, photo.body).toBe(200);
    expect(photo.json().photoUrl).toMatch(/^\/api\/v1\/files\/photos\/[a-f0-9]{32}$/);
    expect((await upload(teacher, 'PUT', `/api/v1/students/${st!.id}/avatar`, img, square)).statusCode).toBe(403);
    expect((await upload(student, 'PUT', `/api/v1/students/${st!.id}/avatar`, img, square)).statusCode).toBe(403);
  });
});
