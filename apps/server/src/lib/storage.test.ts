import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../test/s3-server.ts';
import { loadConfig } from '../config.ts';
import { localBackend, s3Backend, s3SettingsOf, type StorageBackend } from './storage.ts';
import { configureStorage, fileStore } from './uploads.ts';
import { migrateFiles } from '../modules/files/files-migrate.ts';

const id = () => randomBytes(16).toString('hex');
let s3: Awaited<ReturnType<typeof startS3Server>>;
let dataDir: string;
beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'mms-storage-'));
});
afterAll(async () => {
  await s3?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const backends: [string, () => StorageBackend][] = [
  ['local disk', () => localBackend(dataDir)],
  ['S3 (s3rver on loopback)', () => s3Backend(s3SettingsOf(loadConfig(s3.env))!)],
];

describe.each(backends)('the %s backend', (label, make) => {
  const kind = label.startsWith('local') ? 'disk-kind' : 's3-kind';

  it('writes, reads, streams, sizes, lists and removes files by kind and name', async () => {
    const store = make();
    const a = id();
    const b = id();
    await store.put(kind, a, Buffer.from('isi berkas a'));
    const bytes = randomBytes(200_000);
    await store.put(kind, b, Readable.from([bytes.subarray(0, 100_000), bytes.subarray(100_000)]), bytes.length);
    expect((await store.get(kind, a))!.toString()).toBe('isi berkas a');
    expect((await store.get(kind, b))!.equals(bytes)).toBe(true);
    expect(await store.stat(kind, b)).toBe(200_000);
    const chunks: Buffer[] = [];
    for await (const c of (await store.open(kind, a))!) chunks.push(Buffer.from(c as Uint8Array));
    expect(Buffer.concat(chunks).toString()).toBe('isi berkas a');

    const listed = [];
    for await (const f of store.list(kind)) listed.push(f);
    expect(listed).toEqual(
      [
        { kind, name: a, size: 12 },
        { kind, name: b, size: 200_000 },
      ].sort((x, y) => (x.name < y.name ? -1 : 1)),
    );
    const all = [];
    for await (const f of store.list()) all.push(`${f.kind}/${f.name}`);
    expect(all).toEqual(expect.arrayContaining([`${kind}/${a}`, `${kind}/${b}`]));

    await store.remove(kind, a);
    await store.remove(kind, a); // already gone: no error
    expect(await store.get(kind, a)).toBeNull();
    expect(await store.open(kind, a)).toBeNull();
    expect(await store.stat(kind, a)).toBeNull();
  });

  it('refuses names and kinds that could leave the storage', async () => {
    const store = make();
    await expect(store.get(kind, '../../etc/passwd')).rejects.toThrow('invalid upload name');
    await expect(store.put('../x', id(), Buffer.from('x'))).rejects.toThrow('invalid upload kind');
    await expect(store.get(kind, 'A'.repeat(32))).rejects.toThrow('invalid upload name');
  });
});

describe('fileStore on a configured backend', () => {
  it('saves into the S3 bucket and nothing under the data directory', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'mms-fs-'));
    const bucket = s3Backend(s3SettingsOf(loadConfig(s3.env))!);
    configureStorage(dir, bucket);
    const store = fileStore(dir, 'leave');
    const name = await store.save(Buffer.from('%PDF-1.4 surat'));
    expect(await bucket.stat('leave', name)).toBe(14);
    expect((await store.read(name)).toString()).toBe('%PDF-1.4 surat');
    expect(await readdir(dir)).toEqual([]);
    await store.remove(name);
    expect(await bucket.stat('leave', name)).toBeNull();
    await expect(store.read(name)).rejects.toThrow('Berkas tidak ditemukan');
    await expect(store.read('bukan-nama')).rejects.toThrow('Berkas tidak ditemukan');
  });
});

describe('migrating local files into the bucket (npm run files:migrate)', () => {
  it('copies every file once, checks the sizes and copies nothing the second time', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'mms-migrate-'));
    const local = localBackend(dir);
    const names = [id(), id(), id()];
    await local.put('photos', names[0]!, randomBytes(1000));
    await local.put('photos', names[1]!, randomBytes(70_000));
    await local.put('leave', names[2]!, Buffer.from('%PDF-1.4'));
    // not a stored file: a stray file with another name is left alone
    await writeFile(path.join(dir, 'uploads', 'leave', 'README.txt'), 'bukan berkas unggahan');
    const bucket = s3Backend({ ...s3SettingsOf(loadConfig(s3.env))! });

    const first = await migrateFiles(local, bucket);
    expect(first).toMatchObject({ copied: 3, skipped: 0, failed: [], bytes: 71_008 });
    expect(await bucket.stat('photos', names[1]!)).toBe(70_000);
    expect((await bucket.get('leave', names[2]!))!.toString()).toBe('%PDF-1.4');

    const again = await migrateFiles(local, bucket);
    expect(again).toMatchObject({ copied: 0, skipped: 3, failed: [] });

    // a file that differs in size in the bucket (a broken earlier copy) is copied again
    await bucket.put('photos', names[0]!, Buffer.from('rusak'));
    expect(await migrateFiles(local, bucket)).toMatchObject({ copied: 1, skipped: 2, failed: [] });
    expect(await bucket.stat('photos', names[0]!)).toBe(1000);
  });

  it('reports a file it cannot copy', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'mms-migrate-'));
    const local = localBackend(dir);
    await local.put('photos', id(), randomBytes(10));
    const missingBucket = s3Backend({ ...s3SettingsOf(loadConfig(s3.env))!, bucket: 'tidak-ada' });
    const report = await migrateFiles(local, missingBucket);
    expect(report.copied).toBe(0);
    expect(report.failed).toHaveLength(1);
  });
});
