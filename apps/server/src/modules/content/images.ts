import sharp from 'sharp';
import { CROP_MAX_SIDE, CROP_RATIOS, IMAGE_MAX_PIXELS, type CropRatio, type CropRect } from '@mms/shared';
import { AppError, badRequest } from '../../lib/errors.ts';
import { sniffMime } from '../../lib/uploads.ts';

export type ImageMime = 'image/jpeg' | 'image/png';

export interface EncodedImage {
  data: Buffer;
  mime: ImageMime;
  width: number;
  height: number;
}

/** The longest side a library image keeps when it is uploaded as it is (a wide banner photo stays sharp). */
const LIBRARY_MAX_SIDE = 2400;

/** Sniffed from the bytes, never the name or the client's claim: only JPG or PNG are images here. */
export function assertImage(data: Buffer): ImageMime {
  const mime = sniffMime(data);
  if (mime !== 'image/jpeg' && mime !== 'image/png') {
    throw new AppError('VALIDATION_FAILED', 'Berkas harus berupa gambar JPG atau PNG', { file: 'Hanya JPG atau PNG' });
  }
  return mime;
}

/** sharp's failures as the user's 400: a pixel bomb reads "too large", anything else "damaged". */
function unreadable(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof Error && /pixel limit/i.test(err.message)) {
    return new AppError('VALIDATION_FAILED', 'Gambar terlalu besar: paling banyak 50 juta piksel', {
      file: 'Gambar terlalu besar',
    });
  }
  return new AppError('VALIDATION_FAILED', 'Berkas gambar rusak atau tidak dapat dibaca', { file: 'Gambar rusak' });
}

const open = (data: Buffer) => sharp(data, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' });

/** An upright copy (EXIF orientation applied, as the browser shows it) and its size. */
async function upright(data: Buffer) {
  const { data: out, info } = await open(data).rotate().toBuffer({ resolveWithObject: true });
  return { data: out, width: info.width, height: info.height };
}

/**
 * An image of the library as uploaded: re-encoded (JPEG stays JPEG, PNG stays PNG), upright, without metadata,
 * its longest side at most LIBRARY_MAX_SIDE.
 */
export async function reencode(data: Buffer): Promise<EncodedImage> {
  const mime = assertImage(data);
  try {
    const image = open(data)
      .rotate()
      .resize({ width: LIBRARY_MAX_SIDE, height: LIBRARY_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const { data: out, info } = await (mime === 'image/png' ? image.png() : image.jpeg({ quality: 85 })).toBuffer({
      resolveWithObject: true,
    });
    return { data: out, mime, width: info.width, height: info.height };
  } catch (err) {
    throw unreadable(err);
  }
}

/** Whether a rectangle has the ratio, within a pixel of rounding either way (the browser reports whole pixels). */
export function hasRatio(rect: Pick<CropRect, 'width' | 'height'>, ratio: CropRatio): boolean {
  const [w, h] = CROP_RATIOS[ratio];
  // |width·h − height·w| ≤ (w + h): one pixel off on either side
  return Math.abs(rect.width * h - rect.height * w) <= w + h;
}

/**
 * The crop the server makes of an original the browser showed: the rectangle (in the upright original's pixels)
 * must lie inside the image and have the ratio; the result is a JPEG whose longest side is at most the ratio's
 * CROP_MAX_SIDE, without metadata (transparency on white).
 */
export async function cropImage(data: Buffer, rect: CropRect, ratio: CropRatio): Promise<EncodedImage> {
  assertImage(data);
  if (!hasRatio(rect, ratio)) {
    throw badRequest(ratio === 'AVATAR' ? 'Potongan harus persegi (1:1)' : 'Potongan harus berasio 16:9', {
      crop: 'Rasio tidak sesuai',
    });
  }
  try {
    const image = await upright(data);
    if (rect.x + rect.width > image.width || rect.y + rect.height > image.height) {
      throw badRequest('Potongan berada di luar gambar', { crop: 'Di luar gambar' });
    }
    const max = CROP_MAX_SIDE[ratio];
    const { data: out, info } = await sharp(image.data, { limitInputPixels: IMAGE_MAX_PIXELS })
      .extract({ left: rect.x, top: rect.y, width: rect.width, height: rect.height })
      .resize({ width: max, height: max, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { data: out, mime: 'image/jpeg', width: info.width, height: info.height };
  } catch (err) {
    throw unreadable(err);
  }
}
