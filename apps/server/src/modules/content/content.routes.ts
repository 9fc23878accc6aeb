import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CropInput,
  ErrorBody,
  IdParams,
  MediaImage,
  MediaImagesQuery,
  OkResponse,
  pageOf,
  Post,
  PostInput,
  PostsQuery,
  PublicPost,
  PublicPostsQuery,
  Student,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { userOf } from '../../lib/scope.ts';
import { createStructureService } from '../school/structure.service.ts';
import { createStudentPhotosService } from '../school/student-photos.service.ts';
import { createStudentsService } from '../school/students.service.ts';
import { createAvatarsService, type AvatarsService } from './avatars.service.ts';
import { createContentService, type ContentService } from './content.service.ts';
import { readImageUpload } from './multipart.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody };
const tags = ['content'];
const NameParams = z.object({ name: z.string().min(1).max(64) });
const AvatarResult = z.object({ avatarUrl: z.string().nullable() });
const CROP_FIELDS =
  'multipart/form-data: `file` (the original JPG or PNG, at most 2 MB) and the crop the browser chose in the ' +
  'original’s pixels: `ratio` (AVATAR 1:1 or BANNER 16:9), `x`, `y`, `width`, `height`. The server crops and ' +
  're-encodes the original; a file made by the browser is never stored.';

/** The media library, posts and what readers see of them, under /api/v1/content (issue 18). */
const contentApi: FastifyPluginAsyncZod<{ content: ContentService }> = async (app, { content }) => {
  // ---------- the media library ----------
  app.get(
    '/images',
    {
      config: { access: 'content.manage' },
      schema: {
        tags,
        summary: 'The media library, newest first',
        querystring: MediaImagesQuery,
        response: { 200: pageOf(MediaImage), ...errors },
      },
    },
    async (request) => content.listImages(request.query),
  );
  app.post(
    '/images',
    {
      config: { access: 'content.manage' },
      schema: {
        tags,
        summary: `Upload an image to the library (re-encoded, metadata stripped), optionally cropped. ${CROP_FIELDS}`,
        consumes: ['multipart/form-data'],
        response: { 200: MediaImage, ...errors },
      },
    },
    async (request) => content.uploadImage(await readImageUpload(request), actorOf(request)),
  );
  app.get(
    '/images/:id',
    {
      config: { access: 'content.manage' },
      schema: { tags, summary: 'One image of the library', params: IdParams, response: { 200: MediaImage, ...errors } },
    },
    async (request) => content.getImage(request.params.id),
  );
  app.post(
    '/images/:id/crop',
    {
      config: { access: 'content.manage' },
      schema: {
        tags,
        summary: 'Crop upload: crop a library image to a ratio and save the crop as a new image',
        params: IdParams,
        body: CropInput,
        response: { 200: MediaImage, ...errors },
      },
    },
    async (request) => content.cropStored(request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/images/:id',
    {
      config: { access: 'content.manage' },
      schema: {
        tags,
        summary: 'Delete an image that no post uses (409 otherwise)',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => content.deleteImage(request.params.id, actorOf(request)),
  );
  app.get(
    '/files/:name',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'A library image: to content managers, and to whoever may read a live post that shows it (404 otherwise)',
        params: NameParams,
        response: { 200: z.unknown().describe('The image'), ...errors },
      },
    },
    async (request, reply) => {
      const image = await content.readImage(request.auth?.user ?? null, request.params.name);
      return reply
        .header('content-type', image.mime)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', image.isPublic ? 'public, max-age=300' : 'private, max-age=300')
        .send(image.data);
    },
  );

  // ---------- posts ----------
  app.get(
    '/posts',
    {
      config: { access: 'content.manage' },
      schema: {
        tags,
        summary: 'Announcements and news, with filters',
        querystring: PostsQuery,
        response: { 200: pageOf(Post), ...errors },
      },
    },
    async (request) => content.listPosts(request.query),
  );
  app.post(
    '/posts',
    {
      config: { access: 'content.manage' },
      schema: {
        tags,
        summary: 'Write a post (a draft until published)',
        body: PostInput,
        response: { 200: Post, ...errors },
      },
    },
    async (request) => content.createPost(request.body, actorOf(request)),
  );
  app.get(
    '/posts/:id',
    {
      config: { access: 'content.manage' },
      schema: { tags, summary: 'One post, to edit', params: IdParams, response: { 200: Post, ...errors } },
    },
    async (request) => content.getPost(request.params.id),
  );
  app.put(
    '/posts/:id',
    {
      config: { access: 'content.manage' },
      schema: { tags, summary: 'Change a post', params: IdParams, body: PostInput, response: { 200: Post, ...errors } },
    },
    async (request) => content.updatePost(request.params.id, request.body, actorOf(request)),
  );
  app.post(
    '/posts/:id/publish',
    {
      config: { access: 'content.manage' },
      schema: {
        tags,
        summary: 'Publish a post: live from its publish time, or from now (audited)',
        params: IdParams,
        response: { 200: Post, ...errors },
      },
    },
    async (request) => content.publishPost(request.params.id, actorOf(request)),
  );
  app.post(
    '/posts/:id/unpublish',
    {
      config: { access: 'content.manage' },
      schema: {
        tags,
        summary: 'Take a post back to draft (audited)',
        params: IdParams,
        response: { 200: Post, ...errors },
      },
    },
    async (request) => content.unpublishPost(request.params.id, actorOf(request)),
  );
  app.delete(
    '/posts/:id',
    {
      config: { access: 'content.manage' },
      schema: { tags, summary: 'Delete a post (audited)', params: IdParams, response: { 200: OkResponse, ...errors } },
    },
    async (request) => content.deletePost(request.params.id, actorOf(request)),
  );

  // ---------- readers ----------
  app.get(
    '/public/posts',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The live public posts for the landing page (no personal data; cached for a minute)',
        querystring: PublicPostsQuery,
        response: { 200: pageOf(PublicPost), ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'public, max-age=60');
      return content.feed(null, request.query);
    },
  );
  app.get(
    '/public/posts/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One post: a live public post to everyone, another only to its audience (404 otherwise, never 403)',
        params: IdParams,
        response: { 200: PublicPost, ...errors },
      },
    },
    async (request) => content.readPost(request.auth?.user ?? null, request.params.id),
  );
  app.get(
    '/feed',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The live posts whose audience includes the signed-in user (the dashboard)',
        querystring: PublicPostsQuery,
        response: { 200: pageOf(PublicPost), ...errors },
      },
    },
    async (request) => content.feed(userOf(request), request.query),
  );
};

/** Avatars under /api/v1: one's own, an employee's, a student's (crop dialog, 1:1), and the files. */
const avatarsApi: FastifyPluginAsyncZod<{ avatars: AvatarsService }> = async (app, { avatars }) => {
  app.put(
    '/me/avatar',
    {
      config: { access: 'profile.self' },
      schema: {
        tags,
        summary: `Set one’s own avatar (square). ${CROP_FIELDS}`,
        consumes: ['multipart/form-data'],
        response: { 200: AvatarResult, ...errors },
      },
    },
    async (request) => avatars.setOwn(userOf(request), await readImageUpload(request), actorOf(request)),
  );
  app.delete(
    '/me/avatar',
    {
      config: { access: 'profile.self' },
      schema: { tags, summary: 'Remove one’s own avatar', response: { 200: AvatarResult, ...errors } },
    },
    async (request) => avatars.removeOwn(userOf(request), actorOf(request)),
  );
  app.put(
    '/employees/:id/avatar',
    {
      config: { access: 'school.employee.manage' },
      schema: {
        tags,
        summary: `Set an employee’s avatar (their account’s too). ${CROP_FIELDS}`,
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: AvatarResult, ...errors },
      },
    },
    async (request) =>
      avatars.setEmployee(userOf(request), request.params.id, await readImageUpload(request), actorOf(request)),
  );
  app.delete(
    '/employees/:id/avatar',
    {
      config: { access: 'school.employee.manage' },
      schema: {
        tags,
        summary: 'Remove an employee’s avatar',
        params: IdParams,
        response: { 200: AvatarResult, ...errors },
      },
    },
    async (request) => avatars.removeEmployee(userOf(request), request.params.id, actorOf(request)),
  );
  app.put(
    '/students/:id/avatar',
    {
      config: { access: 'school.student.manage' },
      schema: {
        tags,
        summary: `Set a student’s photo from a square crop (the student-photo rules). ${CROP_FIELDS}`,
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: Student, ...errors },
      },
    },
    async (request) =>
      avatars.setStudent(userOf(request), request.params.id, await readImageUpload(request), actorOf(request)),
  );
  app.get(
    '/files/avatars/:name',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'An avatar (JPEG): a staff member’s to every signed-in user, a student’s to those who may read them',
        params: NameParams,
        response: { 200: z.unknown().describe('The JPEG'), ...errors },
      },
    },
    async (request, reply) => {
      const data = await avatars.read(userOf(request), request.params.name);
      return reply
        .header('content-type', 'image/jpeg')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400')
        .send(data);
    },
  );
};

/** Content (issue 18): register with prefix /api/v1. */
export const contentRoutes: FastifyPluginAsync<{ db: Database; dataDir: string }> = async (app, { db, dataDir }) => {
  const structure = createStructureService(db);
  const photos = createStudentPhotosService(db, structure, createStudentsService(db, structure), dataDir);
  await app.register(contentApi, { prefix: '/content', content: createContentService(db, dataDir) });
  await app.register(avatarsApi, { avatars: createAvatarsService(db, dataDir, photos) });
};
