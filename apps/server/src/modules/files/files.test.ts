import { randomBytes } from 'node:crypto';
import { access, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredFile } from '@mms/shared';
import { auditLog, storedFiles } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { fileStore, storageOf } from '../../lib/uploads.ts';
import { backfillStoredFiles } from './files.service.ts';
import { uploadsFixture } from '../../test/uploads-fixture.ts';

let ctx: TestContext;
let admin: Session;
let fx: Awaited<ReturnType<typeof uploadsFixture>>;
beforeAll(async () => {
  ctx = await createTestContext();
  fx = await uploadsFixture(ctx);
  admin = await ctx.as('ADMIN');
});
afterAll(() => ctx.close());

const URL = '/api/v1/upload-history';
const list = async (query = '') => {
  const res = await ctx.call(admin, 'GET', `${URL}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: StoredFile[]; total: number };
};
const onDisk = (kind: string, name: string) =>
  access(path.join(ctx.config.dataDir, 'uploads', kind, name)).then(
    () => true,
    () => false,
  );

describe('the upload registry', () => {
  it('records every upload of a real route: who, when, what for, size and type', async () => {
    const { items, total } = await list();
    expect(total).toBe(2);
    const leave = items.find((i) => i.kind === 'leave')!;
    expect(leave).toMatchObject({
      mime: 'image/png',
      purpose: 'leave-attachment',
      uploadedBy: { id: fx.student.user.id, username: fx.student.user.username },
      inUse: true,
      owners: [{ entity: 'leave', id: String(fx.leave.id), label: null }],
    });
    expect(leave.size).toBe(fx.leave.attachment.size);
    // the app's clock (the fixture's school day), not the database host's
    expect(leave.uploadedAt.slice(0, 10)).toBe('2026-11-18');
    const image = items.find((i) => i.kind === 'questions')!;
    expect(image).toMatchObject({
      name: fx.imageName,
      purpose: 'question-image',
      uploadedBy: { id: fx.f.subjectTeacher.user.id },
      inUse: false,
      owners: [],
    });
  });

  it('filters by kind, uploader, dates and use, and pages', async () => {
    expect((await list('?kind=leave')).items.map((i) => i.kind)).toEqual(['leave']);
    expect((await list(`?uploader=${fx.student.user.username}`)).items.map((i) => i.kind)).toEqual(['leave']);
    expect((await list('?usage=unused')).items.map((i) => i.name)).toEqual([fx.imageName]);
    expect((await list('?usage=used')).items.map((i) => i.kind)).toEqual(['leave']);
    expect((await list('?from=2026-11-18&to=2026-11-18')).total).toBe(2);
    expect((await list('?from=2026-11-19')).total).toBe(0);
    expect((await list('?to=2026-11-17')).total).toBe(0);
    const second = await list('?pageSize=1&page=2');
    expect(second).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(second.items).toHaveLength(1);
    const kinds = (await ctx.call(admin, 'GET', `${URL}/kinds`)).json();
    expect(kinds.items.map((k: { kind: string }) => k.kind)).toEqual(['leave', 'questions']);
  });

  it('is for ADMIN only (content.manage, files.remove)', async () => {
    for (const who of [fx.f.subjectTeacher, fx.student, await ctx.as('PRINCIPAL')]) {
      expect((await ctx.call(who, 'GET', URL)).statusCode).toBe(403);
      expect((await ctx.call(who, 'DELETE', `${URL}/questions/${fx.imageName}`)).statusCode).toBe(403);
    }
    expect((await ctx.call(null, 'GET', URL)).statusCode).toBe(401);
    expect(await onDisk('questions', fx.imageName)).toBe(true);
  });

  it('refuses to remove a file in use, with a clear 409', async () => {
    const name = (await list('?kind=leave')).items[0]!.name;
    const res = await ctx.call(admin, 'DELETE', `${URL}/leave/${name}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Berkas masih dipakai dan tidak dapat dihapus');
    expect(await onDisk('leave', name)).toBe(true);
    expect((await ctx.call(fx.student, 'GET', fx.leave.attachment.url)).statusCode).toBe(200);
  });

  it('removes an unused file: the bytes, the row, and an audit entry', async () => {
    const res = await ctx.call(admin, 'DELETE', `${URL}/questions/${fx.imageName}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await onDisk('questions', fx.imageName)).toBe(false);
    expect((await list('?kind=questions')).total).toBe(0);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'file.remove'));
    expect(entry).toMatchObject({
      actorUserId: admin.user.id,
      entityType: 'stored_file',
      entityId: `questions/${fx.imageName}`,
    });
    expect((await ctx.call(admin, 'DELETE', `${URL}/questions/${fx.imageName}`)).statusCode).toBe(404);
  });

  it('never removes a file of a kind without a usage check', async () => {
    const name = await fileStore(ctx.config.dataDir, 'mystery').save(Buffer.from('%PDF-1.4'), { uploadedBy: null });
    const row = (await list('?kind=mystery')).items[0]!;
    expect(row).toMatchObject({ name, inUse: null, uploadedBy: null, mime: 'application/pdf' });
    expect((await list('?usage=unused&kind=mystery')).total).toBe(0);
    const res = await ctx.call(admin, 'DELETE', `${URL}/mystery/${name}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('tidak diperiksa');
  });

  it('answers hostile input with 400, never 500', async () => {
    for (const url of [
      `${URL}/leave/${'a'.repeat(31)}%00`,
      `${URL}/..%2F..%2Fetc/${'a'.repeat(32)}`,
      `${URL}/LEAVE/${'a'.repeat(32)}`,
    ]) {
      expect((await ctx.call(admin, 'DELETE', url)).statusCode, url).toBe(400);
    }
    for (const q of ['?kind=%00', '?page=4294967296', '?usage=semua', '?from=kemarin', `?uploader=${'x'.repeat(65)}`]) {
      expect((await ctx.call(admin, 'GET', `${URL}${q}`)).statusCode, q).toBe(400);
    }
  });

  it('removing a file through its feature takes its registry row too', async () => {
    const store = fileStore(ctx.config.dataDir, 'material');
    const name = await store.save(Buffer.from('x'), { uploadedBy: admin.user.id, purpose: 'material-attachment' });
    expect((await list('?kind=material')).total).toBe(1);
    await store.remove(name);
    expect((await list('?kind=material')).total).toBe(0);
  });
});

describe('the backfill of files from before the registry', () => {
  it('registers files found in the storage once, with their sniffed type', async () => {
    const name = randomBytes(16).toString('hex');
    const dir = path.join(ctx.config.dataDir, 'uploads', 'photos');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, name), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
    await writeFile(path.join(dir, 'bukan-nama-berkas.txt'), 'x');
    const storage = storageOf(ctx.config.dataDir);
    expect(await backfillStoredFiles(ctx.db, storage)).toBe(1);
    expect(await backfillStoredFiles(ctx.db, storage)).toBe(0);
    const [row] = await ctx.db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.kind, 'photos'), eq(storedFiles.name, name)));
    expect(row).toMatchObject({ size: 7, mime: 'image/jpeg', uploadedBy: null, purpose: 'backfill' });
    // an orphan photo (no student uses it) shows as unused
    expect((await list('?kind=photos&usage=unused')).items.map((i) => i.name)).toEqual([name]);
  });
});
