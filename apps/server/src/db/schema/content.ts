import { check, index, integer, pgTable, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { CROP_RATIO_NAMES, DIVISIONS, POST_AUDIENCES, POST_KINDS, POST_STATUSES } from '@mms/shared';
import { users } from './auth.ts';
import { classGroups } from './school.ts';
import { clockStamp } from './columns.ts';

/**
 * The media library (issue 18): images uploaded for posts and banners, re-encoded by the server (sniffed, at most
 * IMAGE_MAX_PIXELS decoded, metadata stripped). A crop is a new row whose `sourceImageId` is the image it was cut from.
 * Files live under `uploads/media/` by a random name.
 */
export const mediaImages = pgTable(
  'media_images',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** the random name under uploads/media/ */
    storedName: text().notNull().unique(),
    /** image/jpeg or image/png, sniffed from the bytes */
    mime: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    bytes: integer().notNull(),
    /** the ratio it was cropped to (null: uploaded as it was) */
    ratio: text({ enum: CROP_RATIO_NAMES }),
    sourceImageId: integer().references((): AnyPgColumn => mediaImages.id, { onDelete: 'set null' }),
    uploadedBy: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: clockStamp(),
  },
  (t) => [
    index('media_images_created_idx').on(t.createdAt),
    check('media_images_mime_ck', sql`${t.mime} in ('image/jpeg', 'image/png')`),
  ],
);

/**
 * Announcements and news. A post is shown to its audience while it is PUBLISHED and MMS's clock is within
 * [publishAt, unpublishAt). The body is rich text cleaned by lib/rich-text.ts before it is stored.
 */
export const posts = pgTable(
  'posts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: text({ enum: POST_KINDS }).notNull(),
    title: text().notNull(),
    body: text().notNull(),
    coverImageId: integer().references(() => mediaImages.id, { onDelete: 'restrict' }),
    audience: text({ enum: POST_AUDIENCES }).notNull(),
    audienceDivision: text({ enum: DIVISIONS }),
    audienceClassId: integer().references(() => classGroups.id, { onDelete: 'restrict' }),
    status: text({ enum: POST_STATUSES }).notNull().default('DRAFT'),
    publishAt: timestamp({ withTimezone: true }),
    unpublishAt: timestamp({ withTimezone: true }),
    createdBy: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: clockStamp(),
    updatedAt: clockStamp(),
  },
  (t) => [
    index('posts_live_idx').on(t.status, t.audience, t.publishAt),
    check(
      'posts_audience_ck',
      sql`(${t.audience} <> 'DIVISION' or ${t.audienceDivision} is not null) and (${t.audience} <> 'CLASS' or ${t.audienceClassId} is not null)`,
    ),
    check(
      'posts_window_ck',
      sql`${t.publishAt} is null or ${t.unpublishAt} is null or ${t.unpublishAt} > ${t.publishAt}`,
    ),
  ],
);
