import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  type AuthUser,
  type CropInput,
  type MediaImage,
  type MediaImagesQuery,
  type Page,
  type Post,
  type PostInput,
  type PostState,
  type PostsQuery,
  type PublicPost,
  type PublicPostsQuery,
} from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import { classGroups, mediaImages, posts, teachingAssignments, users } from '../../db/schema/index.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { clock } from '../../lib/clock.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { cleanRichText, hasContent } from '../../lib/rich-text.ts';
import { fileStore } from '../../lib/uploads.ts';
import { escapeLike } from '../../lib/sql.ts';
import { cropImage, reencode, type EncodedImage } from './images.ts';
import type { ImageUpload } from './multipart.ts';
import { userCan } from '../../lib/scope.ts';
import { inClassNowSql } from '../school/school.service.ts';

/** Where the library's images are served (the cover of a post, an image in its body). */
export const mediaUrl = (storedName: string) => `/api/v1/content/files/${storedName}`;

const NAME = /^[a-f0-9]{32}$/;

/** A post is live while it is published and MMS's clock is within [publishAt, unpublishAt). */
function liveAt(now: Date): SQL {
  return sql`(${posts.status} = 'PUBLISHED' and ${posts.publishAt} <= ${now} and (${posts.unpublishAt} is null or ${posts.unpublishAt} > ${now}))`;
}

/**
 * The posts whose audience includes this reader (null: an anonymous visitor), from the signed-in user's own
 * division, enrolment and teaching (looked up in the database, never taken from the request).
 */
function audienceIncludes(user: AuthUser | null): SQL {
  if (!user) return sql`${posts.audience} = 'PUBLIC'`;
  const parts: SQL[] = [
    sql`${posts.audience} in ('PUBLIC', 'SIGNED_IN')`,
    sql`(${posts.audience} = 'DIVISION' and ${posts.audienceDivision} = ${user.division})`,
  ];
  const inClass: SQL[] = [];
  if (user.studentId) {
    inClass.push(inClassNowSql(sql`${user.studentId}`, sql`${posts.audienceClassId}`));
  }
  if (user.employeeId) {
    inClass.push(
      sql`exists (select 1 from ${classGroups} where ${classGroups.id} = ${posts.audienceClassId} and ${classGroups.homeroomEmployeeId} = ${user.employeeId})`,
      sql`exists (select 1 from ${teachingAssignments} where ${teachingAssignments.classGroupId} = ${posts.audienceClassId} and ${teachingAssignments.employeeId} = ${user.employeeId})`,
    );
  }
  if (inClass.length) parts.push(sql`(${posts.audience} = 'CLASS' and (${sql.join(inClass, sql` or `)}))`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

function stateOf(row: { status: string; publishAt: Date | null; unpublishAt: Date | null }, now: Date): PostState {
  if (row.status !== 'PUBLISHED') return 'DRAFT';
  if (row.publishAt && row.publishAt > now) return 'SCHEDULED';
  if (row.unpublishAt && row.unpublishAt <= now) return 'ENDED';
  return 'LIVE';
}

function stateFilter(state: PostState, now: Date): SQL {
  switch (state) {
    case 'DRAFT':
      return sql`${posts.status} = 'DRAFT'`;
    case 'SCHEDULED':
      return sql`(${posts.status} = 'PUBLISHED' and ${posts.publishAt} > ${now})`;
    case 'ENDED':
      return sql`(${posts.status} = 'PUBLISHED' and ${posts.unpublishAt} <= ${now})`;
    case 'LIVE':
      return liveAt(now);
  }
}

const coverName = sql<
  string | null
>`(select ${mediaImages.storedName} from ${mediaImages} where ${mediaImages.id} = ${posts.coverImageId})`;
const className = sql<
  string | null
>`(select ${classGroups.name} from ${classGroups} where ${classGroups.id} = ${posts.audienceClassId})`;

const postColumns = {
  id: posts.id,
  kind: posts.kind,
  title: posts.title,
  body: posts.body,
  coverImageId: posts.coverImageId,
  coverName,
  audience: posts.audience,
  audienceDivision: posts.audienceDivision,
  audienceClassId: posts.audienceClassId,
  audienceClassName: className,
  status: posts.status,
  publishAt: posts.publishAt,
  unpublishAt: posts.unpublishAt,
  author: users.displayName,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
};
const selectPosts = (exec: Executor) =>
  exec.select(postColumns).from(posts).innerJoin(users, eq(users.id, posts.createdBy));

async function findPost(exec: Executor, id: number) {
  const [row] = await selectPosts(exec).where(eq(posts.id, id));
  return row ?? null;
}
type PostRow = NonNullable<Awaited<ReturnType<typeof findPost>>>;

function toPost(row: PostRow, now: Date): Post {
  const { coverName: cover, publishAt, unpublishAt, createdAt, updatedAt, ...rest } = row;
  return {
    ...rest,
    coverUrl: cover ? mediaUrl(cover) : null,
    state: stateOf(row, now),
    publishAt: publishAt?.toISOString() ?? null,
    unpublishAt: unpublishAt?.toISOString() ?? null,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

function toPublicPost(row: PostRow): PublicPost {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    coverUrl: row.coverName ? mediaUrl(row.coverName) : null,
    audience: row.audience,
    publishedAt: (row.publishAt ?? row.createdAt).toISOString(),
  };
}

/** How many posts use an image: as cover, or in the body (its address appears in the HTML). */
const usedBy = sql<number>`(select count(*)::int from ${posts} where ${posts.coverImageId} = ${mediaImages.id} or position(${mediaImages.storedName} in ${posts.body}) > 0)`;

const imageColumns = {
  id: mediaImages.id,
  storedName: mediaImages.storedName,
  mime: mediaImages.mime,
  width: mediaImages.width,
  height: mediaImages.height,
  bytes: mediaImages.bytes,
  ratio: mediaImages.ratio,
  sourceImageId: mediaImages.sourceImageId,
  uploadedBy: users.displayName,
  createdAt: mediaImages.createdAt,
  usedBy,
};

function toImage(row: {
  storedName: string;
  createdAt: Date;
  id: number;
  mime: string;
  width: number;
  height: number;
  bytes: number;
  ratio: MediaImage['ratio'];
  sourceImageId: number | null;
  uploadedBy: string;
  usedBy: number;
}): MediaImage {
  const { storedName, createdAt, ...rest } = row;
  return { ...rest, url: mediaUrl(storedName), createdAt: createdAt.toISOString() };
}

/** The media library, posts and what readers see of them (issue 18). */
export function createContentService(db: Database, dataDir: string) {
  const files = fileStore(dataDir, 'media');

  // ---------- images ----------

  async function findImage(exec: Executor, id: number) {
    const [row] = await exec
      .select(imageColumns)
      .from(mediaImages)
      .innerJoin(users, eq(users.id, mediaImages.uploadedBy))
      .where(eq(mediaImages.id, id));
    return row ?? null;
  }

  async function getImage(id: number): Promise<MediaImage> {
    const row = await findImage(db, id);
    if (!row) throw notFound('Gambar');
    return toImage(row);
  }

  async function listImages(q: MediaImagesQuery): Promise<Page<MediaImage>> {
    const where = and(
      q.ratio ? eq(mediaImages.ratio, q.ratio) : undefined,
      q.q ? ilike(users.displayName, `%${escapeLike(q.q)}%`) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select(imageColumns)
        .from(mediaImages)
        .innerJoin(users, eq(users.id, mediaImages.uploadedBy))
        .where(where)
        .orderBy(desc(mediaImages.createdAt), desc(mediaImages.id))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize),
      db.select({ n: count() }).from(mediaImages).innerJoin(users, eq(users.id, mediaImages.uploadedBy)).where(where),
    ]);
    return { items: rows.map(toImage), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
  }

  async function store(
    image: EncodedImage,
    extra: { ratio: MediaImage['ratio']; sourceImageId: number | null },
    actor: AuditActor,
  ) {
    const name = await files.save(image.data, { uploadedBy: actor.userId, purpose: 'media-image' });
    try {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(mediaImages)
          .values({
            storedName: name,
            mime: image.mime,
            width: image.width,
            height: image.height,
            bytes: image.data.length,
            ratio: extra.ratio,
            sourceImageId: extra.sourceImageId,
            uploadedBy: actor.userId!,
          })
          .returning({ id: mediaImages.id });
        await audit(tx, actor, {
          action: extra.sourceImageId ? 'content.image.crop' : 'content.image.upload',
          entityType: 'media_image',
          entityId: row!.id,
          after: { ...extra, width: image.width, height: image.height, bytes: image.data.length },
        });
        return row!.id;
      });
      return getImage(id);
    } catch (err) {
      await files.remove(name);
      throw err;
    }
  }

  /** A new library image: the original as sent (re-encoded), or the server's crop of it. */
  async function uploadImage(upload: ImageUpload, actor: AuditActor) {
    const image = upload.crop
      ? await cropImage(upload.data, upload.crop, upload.crop.ratio)
      : await reencode(upload.data);
    return store(image, { ratio: upload.crop?.ratio ?? null, sourceImageId: null }, actor);
  }

  /** "Crop upload": a crop of a library image saved as a new image; the source stays as it is. */
  async function cropStored(id: number, input: CropInput, actor: AuditActor) {
    const source = await findImage(db, id);
    if (!source) throw notFound('Gambar');
    const image = await cropImage(await files.read(source.storedName), input, input.ratio);
    return store(image, { ratio: input.ratio, sourceImageId: id }, actor);
  }

  async function deleteImage(id: number, actor: AuditActor) {
    const name = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(mediaImages).where(eq(mediaImages.id, id)).for('update');
      if (!row) throw notFound('Gambar');
      const [use] = await tx
        .select({ n: count() })
        .from(posts)
        .where(or(eq(posts.coverImageId, id), sql`position(${row.storedName} in ${posts.body}) > 0`));
      if ((use?.n ?? 0) > 0) throw conflict('Gambar masih dipakai oleh tulisan; lepaskan dari tulisan terlebih dahulu');
      await tx.delete(mediaImages).where(eq(mediaImages.id, id));
      await audit(tx, actor, {
        action: 'content.image.delete',
        entityType: 'media_image',
        entityId: id,
        before: { width: row.width, height: row.height, bytes: row.bytes, ratio: row.ratio },
      });
      return row.storedName;
    });
    await files.remove(name);
    return { ok: true as const };
  }

  /**
   * A library image by its stored name: to content managers, and to anyone who may read a live post that shows
   * it (as cover or in the body). Anything else is "not found", so unpublished images are not revealed.
   */
  async function readImage(user: AuthUser | null, name: string) {
    if (!NAME.test(name)) throw notFound('Gambar');
    const [row] = await db.select().from(mediaImages).where(eq(mediaImages.storedName, name));
    if (!row) throw notFound('Gambar');
    let isPublic = false;
    if (!user || !userCan(user, 'content.manage')) {
      const now = clock.now();
      const [shown] = await db
        .select({ audience: posts.audience })
        .from(posts)
        .where(
          and(
            or(eq(posts.coverImageId, row.id), sql`position(${name} in ${posts.body}) > 0`),
            liveAt(now),
            audienceIncludes(user),
          ),
        )
        .orderBy(sql`${posts.audience} = 'PUBLIC' desc`)
        .limit(1);
      if (!shown) throw notFound('Gambar');
      isPublic = shown.audience === 'PUBLIC';
    }
    return { data: await files.read(name), mime: row.mime, isPublic };
  }

  // ---------- posts ----------

  async function getPost(id: number): Promise<Post> {
    const row = await findPost(db, id);
    if (!row) throw notFound('Tulisan');
    return toPost(row, clock.now());
  }

  async function listPosts(q: PostsQuery): Promise<Page<Post>> {
    const now = clock.now();
    const where = and(
      q.kind ? eq(posts.kind, q.kind) : undefined,
      q.audience ? eq(posts.audience, q.audience) : undefined,
      q.state ? stateFilter(q.state, now) : undefined,
      q.q ? ilike(posts.title, `%${escapeLike(q.q)}%`) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      selectPosts(db)
        .where(where)
        .orderBy(desc(sql`coalesce(${posts.publishAt}, ${posts.createdAt})`), desc(posts.id))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize),
      db.select({ n: count() }).from(posts).where(where),
    ]);
    return { items: rows.map((r) => toPost(r, now)), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
  }

  /** The stored values of a post's input: cleaned HTML, the audience's own fields only, existing cover and class. */
  async function valuesOf(exec: Executor, input: PostInput) {
    const body = cleanRichText(input.body);
    if (!hasContent(body)) throw badRequest('Isi tulisan wajib diisi', { body: 'Wajib diisi' });
    const coverImageId = input.coverImageId ?? null;
    if (coverImageId !== null) {
      const [cover] = await exec
        .select({ id: mediaImages.id })
        .from(mediaImages)
        .where(eq(mediaImages.id, coverImageId));
      if (!cover) throw badRequest('Gambar sampul tidak ditemukan', { coverImageId: 'Tidak ditemukan' });
    }
    const audienceClassId = input.audience === 'CLASS' ? (input.audienceClassId ?? null) : null;
    if (audienceClassId !== null) {
      const [cls] = await exec
        .select({ id: classGroups.id })
        .from(classGroups)
        .where(eq(classGroups.id, audienceClassId));
      if (!cls) throw badRequest('Kelas sasaran tidak ditemukan', { audienceClassId: 'Tidak ditemukan' });
    }
    return {
      kind: input.kind,
      title: input.title,
      body,
      coverImageId,
      audience: input.audience,
      audienceDivision: input.audience === 'DIVISION' ? (input.audienceDivision ?? null) : null,
      audienceClassId,
      publishAt: input.publishAt ? new Date(input.publishAt) : null,
      unpublishAt: input.unpublishAt ? new Date(input.unpublishAt) : null,
    };
  }

  async function createPost(input: PostInput, actor: AuditActor) {
    const id = await db.transaction(async (tx) => {
      const values = await valuesOf(tx, input);
      const now = clock.now();
      const [row] = await tx
        .insert(posts)
        .values({ ...values, status: 'DRAFT', createdBy: actor.userId!, createdAt: now, updatedAt: now })
        .returning({ id: posts.id });
      await audit(tx, actor, {
        action: 'content.post.create',
        entityType: 'post',
        entityId: row!.id,
        after: { ...values, body: undefined },
      });
      return row!.id;
    });
    return getPost(id);
  }

  async function lockPost(exec: Executor, id: number) {
    const [row] = await exec.select().from(posts).where(eq(posts.id, id)).for('update');
    if (!row) throw notFound('Tulisan');
    return row;
  }

  async function updatePost(id: number, input: PostInput, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const before = await lockPost(tx, id);
      const values = await valuesOf(tx, input);
      await tx
        .update(posts)
        .set({ ...values, updatedAt: clock.now() })
        .where(eq(posts.id, id));
      await audit(tx, actor, {
        action: 'content.post.update',
        entityType: 'post',
        entityId: id,
        before: { ...before, body: undefined },
        after: { ...values, body: undefined },
      });
    });
    return getPost(id);
  }

  /** Publish: live from its publish time, or from now when it has none (MMS's clock). */
  async function publishPost(id: number, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const before = await lockPost(tx, id);
      const now = clock.now();
      const publishAt = before.publishAt ?? now;
      if (before.unpublishAt && before.unpublishAt <= publishAt) {
        throw badRequest('Waktu berakhir sudah lewat; ubah waktu berakhir terlebih dahulu', {
          unpublishAt: 'Sudah lewat',
        });
      }
      await tx.update(posts).set({ status: 'PUBLISHED', publishAt, updatedAt: now }).where(eq(posts.id, id));
      await audit(tx, actor, {
        action: 'content.post.publish',
        entityType: 'post',
        entityId: id,
        before: { status: before.status, publishAt: before.publishAt },
        after: { status: 'PUBLISHED', publishAt },
      });
    });
    return getPost(id);
  }

  async function unpublishPost(id: number, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const before = await lockPost(tx, id);
      await tx.update(posts).set({ status: 'DRAFT', updatedAt: clock.now() }).where(eq(posts.id, id));
      await audit(tx, actor, {
        action: 'content.post.unpublish',
        entityType: 'post',
        entityId: id,
        before: { status: before.status },
        after: { status: 'DRAFT' },
      });
    });
    return getPost(id);
  }

  async function deletePost(id: number, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const before = await lockPost(tx, id);
      await tx.delete(posts).where(eq(posts.id, id));
      await audit(tx, actor, {
        action: 'content.post.delete',
        entityType: 'post',
        entityId: id,
        before: { ...before, body: undefined },
      });
    });
    return { ok: true as const };
  }

  // ---------- what readers see ----------

  /** Live posts for this reader (null: the landing page's anonymous visitor: public posts only). */
  async function feed(user: AuthUser | null, q: PublicPostsQuery): Promise<Page<PublicPost>> {
    const now = clock.now();
    const where = and(liveAt(now), audienceIncludes(user));
    const [rows, [total]] = await Promise.all([
      selectPosts(db)
        .where(where)
        .orderBy(desc(posts.publishAt), desc(posts.id))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize),
      db.select({ n: count() }).from(posts).where(where),
    ]);
    return { items: rows.map(toPublicPost), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
  }

  /**
   * One post for its page: a live public post to everyone, any other live post only to its audience, and any
   * post (a draft too, as a preview) to content managers. Otherwise 404, never 403: a post's existence is not revealed.
   */
  async function readPost(user: AuthUser | null, id: number): Promise<PublicPost> {
    const manager = user && userCan(user, 'content.manage');
    const [row] = await selectPosts(db).where(
      manager ? eq(posts.id, id) : and(eq(posts.id, id), liveAt(clock.now()), audienceIncludes(user)),
    );
    if (!row) throw notFound('Tulisan');
    return toPublicPost(row);
  }

  return {
    listImages,
    getImage,
    uploadImage,
    cropStored,
    deleteImage,
    readImage,
    listPosts,
    getPost,
    createPost,
    updatePost,
    publishPost,
    unpublishPost,
    deletePost,
    feed,
    readPost,
  };
}

export type ContentService = ReturnType<typeof createContentService>;
