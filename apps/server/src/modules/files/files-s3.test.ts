import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredFile } from '@mms/shared';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { startS3Server } from '../../test/s3-server.ts';
import { loadConfig } from '../../config.ts';
import { s3Backend, s3SettingsOf } from '../../lib/storage.ts';
import { uploadsFixture } from '../../test/uploads-fixture.ts';

/** The same journeys with S3_* set: files go to a real S3-protocol server on loopback, none to the disk. */
let s3: Awaited<ReturnType<typeof startS3Server>>;
let ctx: TestContext;
let admin: Session;
let fx: Awaited<ReturnType<typeof uploadsFixture>>;
beforeAll(async () => {
  s3 = await startS3Server('mms-uploads');
  ctx = await createTestContext(s3.env);
  fx = await uploadsFixture(ctx);
  admin = await ctx.as('ADMIN');
});
afterAll(async () => {
  await ctx?.close();
  await s3?.stop();
});

const bucket = () => s3Backend(s3SettingsOf(loadConfig(s3.env))!);
const localUploads = () => readdir(path.join(ctx.config.dataDir, 'uploads')).catch(() => []);

describe('uploads with S3 storage configured', () => {
  it('stores a leave attachment uploaded through its route in the bucket and serves it back', async () => {
    const history = (await ctx.call(admin, 'GET', '/api/v1/upload-history?kind=leave')).json() as {
      items: StoredFile[];
    };
    const name = history.items[0]!.name;
    expect(await bucket().stat('leave', name)).toBe(fx.leave.attachment.size);
    expect(await localUploads()).toEqual([]);
    const file = await ctx.call(fx.student, 'GET', fx.leave.attachment.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals((await bucket().get('leave', name))!)).toBe(true);
  });

  it('shows the upload history and removes an unused file from the bucket', async () => {
    expect(await bucket().stat('questions', fx.imageName)).toBeGreaterThan(0);
    const unused = (await ctx.call(admin, 'GET', '/api/v1/upload-history?usage=unused')).json();
    expect(unused.items.map((i: StoredFile) => i.name)).toEqual([fx.imageName]);
    expect((await ctx.call(admin, 'DELETE', `/api/v1/upload-history/questions/${fx.imageName}`)).statusCode).toBe(200);
    expect(await bucket().stat('questions', fx.imageName)).toBeNull();
    expect((await ctx.call(fx.f.subjectTeacher, 'GET', `/api/v1/questions/images/${fx.imageName}`)).statusCode).toBe(
      404,
    );
  });

  it('refuses to remove the leave attachment the request still uses', async () => {
    const name = (await ctx.call(admin, 'GET', '/api/v1/upload-history?kind=leave')).json().items[0].name;
    expect((await ctx.call(admin, 'DELETE', `/api/v1/upload-history/leave/${name}`)).statusCode).toBe(409);
    expect(await bucket().stat('leave', name)).not.toBeNull();
  });
});
