import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileStore, sniffMime } from './uploads.ts';

describe('uploads', () => {
  it('recognises JPEG, PNG and PDF by their first bytes only', () => {
    expect(sniffMime(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg');
    expect(sniffMime(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffMime(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffMime(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffMime(Buffer.from('<svg/>'))).toBeNull();
    expect(sniffMime(Buffer.alloc(0))).toBeNull();
  });

  it('stores files under random names and refuses any other name', async () => {
    const store = fileStore(path.join(os.tmpdir(), `mms-uploads-${process.pid}`), 'test');
    const name = await store.save(Buffer.from('isi'));
    expect(name).toMatch(/^[a-f0-9]{32}$/);
    expect((await store.read(name)).toString()).toBe('isi');
    await expect(store.read('../../etc/passwd')).rejects.toThrow('Berkas tidak ditemukan');
    await store.remove(name);
    await expect(store.read(name)).rejects.toThrow('Berkas tidak ditemukan');
  });
});
