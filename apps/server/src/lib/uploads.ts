import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { AppError } from './errors.ts';

export type AttachmentMime = 'image/jpeg' | 'image/png' | 'application/pdf';

/** The type of a file by its first bytes (never by its name or the client's claim). */
export function sniffMime(data: Buffer): AttachmentMime | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

export function assertSupported(data: Buffer): AttachmentMime {
  const mime = sniffMime(data);
  if (!mime) {
    throw new AppError('VALIDATION_FAILED', 'Jenis berkas tidak didukung: hanya JPG, PNG atau PDF', {
      attachment: 'Hanya JPG, PNG atau PDF',
    });
  }
  return mime;
}

/** The longest side an uploaded image keeps; a phone photo of a doctor's note stays readable. */
const MAX_IMAGE_SIDE = 2000;

/**
 * Re-encodes an image (JPEG stays JPEG, PNG stays PNG): drops metadata such as GPS positions and
 * anything appended to the picture, turns it upright and caps its size. PDFs are kept as sent.
 */
export async function normalise(data: Buffer, mime: AttachmentMime): Promise<Buffer> {
  if (mime === 'application/pdf') return data;
  try {
    const image = sharp(data, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
    return await (mime === 'image/png' ? image.png() : image.jpeg({ quality: 85 })).toBuffer();
  } catch {
    throw new AppError('VALIDATION_FAILED', 'Berkas gambar rusak atau tidak dapat dibaca', {
      attachment: 'Gambar rusak',
    });
  }
}

/** Files of one kind under `${dataDir}/uploads/<kind>/`, named by random ids only. */
export function fileStore(dataDir: string, kind: string) {
  const dir = path.join(dataDir, 'uploads', kind);
  const full = (name: string) => {
    if (!/^[a-f0-9]{32}$/.test(name)) throw new AppError('NOT_FOUND', 'Berkas tidak ditemukan');
    return path.join(dir, name);
  };
  return {
    async save(data: Buffer): Promise<string> {
      await mkdir(dir, { recursive: true });
      const name = randomBytes(16).toString('hex');
      await writeFile(full(name), data, { flag: 'wx' });
      return name;
    },
    async read(name: string): Promise<Buffer> {
      try {
        return await readFile(full(name));
      } catch {
        throw new AppError('NOT_FOUND', 'Berkas tidak ditemukan');
      }
    },
    async remove(name: string): Promise<void> {
      await rm(full(name), { force: true });
    },
  };
}
