import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Executor } from '../db/client.ts';
import { storedFiles } from '../db/schema/index.ts';
import { clock } from './clock.ts';
import { AppError } from './errors.ts';
import { localBackend, validKind, validName, type StorageBackend } from './storage.ts';

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

/** Where the files of one data directory go and where their registry rows are written (set at start). */
interface Configured {
  backend: StorageBackend;
  db: Executor | null;
}
const configured = new Map<string, Configured>();

/**
 * Sets the storage backend (and the database holding the `stored_files` registry) of a data directory.
 * The app calls it once at start (`buildApp`); without it a data directory's files stay on the local
 * disk and no registry row is written (plain unit tests, command-line tools).
 */
export function configureStorage(dataDir: string, backend: StorageBackend, db: Executor | null = null) {
  configured.set(path.resolve(dataDir), { backend, db });
}

/** The storage backend of a data directory: the configured one, else the local disk. */
export function storageOf(dataDir: string): StorageBackend {
  return configured.get(path.resolve(dataDir))?.backend ?? localBackend(dataDir);
}

export interface SaveOptions {
  /** the signed-in user who uploaded the file (null for a file made by the system or an applicant) */
  uploadedBy?: number | null;
  /** what the file is for, shown in the upload history (e.g. 'lampiran izin') */
  purpose?: string;
}

/**
 * Files of one kind (`uploads/<kind>/` on disk, or in the S3 bucket), named by random ids only.
 * Every save writes a row of the `stored_files` registry (who, when, size, sniffed type) and every
 * remove deletes it, when the app configured the data directory (`configureStorage`).
 */
export function fileStore(dataDir: string, kind: string) {
  if (!validKind(kind)) throw new Error(`invalid upload kind: ${kind}`);
  const setup = () => configured.get(path.resolve(dataDir));
  const backend = () => setup()?.backend ?? localBackend(dataDir);
  const checked = (name: string) => {
    if (!validName(name)) throw new AppError('NOT_FOUND', 'Berkas tidak ditemukan');
    return name;
  };
  return {
    kind,
    async save(data: Buffer, options: SaveOptions = {}): Promise<string> {
      const name = randomBytes(16).toString('hex');
      const store = backend();
      await store.put(kind, name, data);
      const db = setup()?.db;
      if (db) {
        try {
          await db
            .insert(storedFiles)
            .values({
              kind,
              name,
              size: data.length,
              mime: sniffMime(data),
              uploadedBy: options.uploadedBy ?? null,
              uploadedAt: clock.now(),
              purpose: options.purpose ?? null,
            })
            .onConflictDoNothing();
        } catch (err) {
          await store.remove(kind, name);
          throw err;
        }
      }
      return name;
    },
    async read(name: string): Promise<Buffer> {
      const data = await backend().get(kind, checked(name));
      if (!data) throw new AppError('NOT_FOUND', 'Berkas tidak ditemukan');
      return data;
    },
    /** the file as a stream (large files), or NOT_FOUND */
    async open(name: string): Promise<Readable> {
      const stream = await backend().open(kind, checked(name));
      if (!stream) throw new AppError('NOT_FOUND', 'Berkas tidak ditemukan');
      return stream;
    },
    async remove(name: string): Promise<void> {
      if (!validName(name)) return;
      await backend().remove(kind, name);
      const db = setup()?.db;
      if (db) await db.delete(storedFiles).where(and(eq(storedFiles.kind, kind), eq(storedFiles.name, name)));
    },
  };
}
