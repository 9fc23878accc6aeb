import { z } from 'zod';
import { DIVISIONS } from '../domain/divisions.ts';
import { PageQuery, dbId } from './common.ts';

// ---- crop ratios and rectangles ----

/** The ratios an image is cropped to: avatars square, banners and post covers 16:9. */
export const CROP_RATIOS = { AVATAR: [1, 1], BANNER: [16, 9] } as const;
export type CropRatio = keyof typeof CROP_RATIOS;
export const CROP_RATIO_NAMES = ['AVATAR', 'BANNER'] as const satisfies readonly CropRatio[];

/** The largest image (in pixels) the server decodes: a 7000×7000 photo passes, a pixel bomb does not. */
export const IMAGE_MAX_PIXELS = 50_000_000;
/** The longest side a cropped image keeps. */
export const CROP_MAX_SIDE: Record<CropRatio, number> = { AVATAR: 512, BANNER: 1600 };

const px = (label: string) =>
  z.coerce
    .number({ error: `${label} tidak valid` })
    .int(`${label} harus bilangan bulat`)
    .min(0, `${label} tidak valid`)
    .max(100_000, `${label} tidak valid`);

/** A crop rectangle in the original image's pixels (as the browser's crop area reports it). */
export const CropRect = z.object({
  x: px('Posisi X'),
  y: px('Posisi Y'),
  width: px('Lebar').refine((v) => v >= 1, 'Lebar tidak valid'),
  height: px('Tinggi').refine((v) => v >= 1, 'Tinggi tidak valid'),
});
export type CropRect = z.infer<typeof CropRect>;

/** The fields of a multipart upload beside the file: an optional crop and its ratio. */
export const CropFields = z.object({
  ratio: z.enum(CROP_RATIO_NAMES, 'Rasio potong harus AVATAR atau BANNER').optional(),
  x: px('Posisi X').optional(),
  y: px('Posisi Y').optional(),
  width: px('Lebar').optional(),
  height: px('Tinggi').optional(),
});
export type CropFields = z.infer<typeof CropFields>;

export const CropInput = CropRect.extend({
  ratio: z.enum(CROP_RATIO_NAMES, 'Rasio potong harus AVATAR atau BANNER'),
});
export type CropInput = z.infer<typeof CropInput>;

// ---- the media library ----

export const MediaImage = z
  .object({
    id: z.number().int(),
    url: z.string(),
    mime: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    bytes: z.number().int(),
    ratio: z.enum(CROP_RATIO_NAMES).nullable(),
    sourceImageId: z.number().int().nullable(),
    uploadedBy: z.string(),
    createdAt: z.string(),
    /** how many posts use it (as cover or in the body): an image in use cannot be deleted */
    usedBy: z.number().int(),
  })
  .meta({ id: 'MediaImage' });
export type MediaImage = z.infer<typeof MediaImage>;

export const MediaImagesQuery = PageQuery.extend({
  ratio: z.enum(CROP_RATIO_NAMES).optional(),
});
export type MediaImagesQuery = z.infer<typeof MediaImagesQuery>;

// ---- posts ----

export const POST_KINDS = ['ANNOUNCEMENT', 'NEWS'] as const;
export type PostKind = (typeof POST_KINDS)[number];
export const POST_AUDIENCES = ['PUBLIC', 'SIGNED_IN', 'DIVISION', 'CLASS'] as const;
export type PostAudience = (typeof POST_AUDIENCES)[number];
export const POST_STATUSES = ['DRAFT', 'PUBLISHED'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
/** What a reader sees of a post's state: a draft, waiting for its publish time, live, or past its unpublish time. */
export const POST_STATES = ['DRAFT', 'SCHEDULED', 'LIVE', 'ENDED'] as const;
export type PostState = (typeof POST_STATES)[number];

const instant = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} tidak valid` })
    .nullable()
    .optional();

const PostFields = z.object({
  kind: z.enum(POST_KINDS, 'Jenis tulisan harus ANNOUNCEMENT atau NEWS'),
  title: z.string().trim().min(1, 'Judul wajib diisi').max(200, 'Judul maksimal 200 karakter'),
  body: z.string().max(100_000, 'Isi maksimal 100.000 karakter'),
  coverImageId: dbId('Gambar sampul').nullable().optional(),
  audience: z.enum(POST_AUDIENCES, 'Sasaran tidak valid'),
  audienceDivision: z.enum(DIVISIONS, 'Divisi tidak valid').nullable().optional(),
  audienceClassId: dbId('Kelas').nullable().optional(),
  publishAt: instant('Waktu terbit'),
  unpublishAt: instant('Waktu berakhir'),
});

const audienceComplete = (v: {
  audience?: PostAudience;
  audienceDivision?: string | null;
  audienceClassId?: number | null;
}) => (v.audience === 'DIVISION' ? !!v.audienceDivision : v.audience === 'CLASS' ? !!v.audienceClassId : true);

const windowOrdered = (v: { publishAt?: string | null; unpublishAt?: string | null }) =>
  !v.publishAt || !v.unpublishAt || new Date(v.unpublishAt) > new Date(v.publishAt);

export const PostInput = PostFields.refine(audienceComplete, {
  message: 'Pilih divisi atau kelas sasaran',
  path: ['audience'],
}).refine(windowOrdered, { message: 'Waktu berakhir harus sesudah waktu terbit', path: ['unpublishAt'] });
export type PostInput = z.infer<typeof PostInput>;

export const Post = z
  .object({
    id: z.number().int(),
    kind: z.enum(POST_KINDS),
    title: z.string(),
    body: z.string(),
    coverImageId: z.number().int().nullable(),
    coverUrl: z.string().nullable(),
    audience: z.enum(POST_AUDIENCES),
    audienceDivision: z.enum(DIVISIONS).nullable(),
    audienceClassId: z.number().int().nullable(),
    audienceClassName: z.string().nullable(),
    status: z.enum(POST_STATUSES),
    state: z.enum(POST_STATES),
    publishAt: z.string().nullable(),
    unpublishAt: z.string().nullable(),
    author: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Post' });
export type Post = z.infer<typeof Post>;

export const PostsQuery = PageQuery.extend({
  kind: z.enum(POST_KINDS).optional(),
  audience: z.enum(POST_AUDIENCES).optional(),
  state: z.enum(POST_STATES).optional(),
});
export type PostsQuery = z.infer<typeof PostsQuery>;

/** A post as its readers see it (landing page, dashboard, post page): no author account, no drafts. */
export const PublicPost = z
  .object({
    id: z.number().int(),
    kind: z.enum(POST_KINDS),
    title: z.string(),
    body: z.string(),
    coverUrl: z.string().nullable(),
    audience: z.enum(POST_AUDIENCES),
    publishedAt: z.string(),
  })
  .meta({ id: 'PublicPost' });
export type PublicPost = z.infer<typeof PublicPost>;

export const PublicPostsQuery = z.object({
  page: z.coerce.number().int().min(1).max(1000, 'Halaman terlalu jauh').default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export type PublicPostsQuery = z.infer<typeof PublicPostsQuery>;
