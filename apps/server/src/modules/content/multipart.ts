import type { FastifyRequest } from 'fastify';
import { CropFields, type CropRatio, type CropRect } from '@mms/shared';
import { badRequest } from '../../lib/errors.ts';
import { AppError } from '../../lib/errors.ts';

export interface ImageUpload {
  data: Buffer;
  /** the crop the browser chose, in the original's pixels (null: keep the whole image) */
  crop: (CropRect & { ratio: CropRatio }) | null;
}

/**
 * The one `file` part of a multipart request and the crop fields beside it (`ratio`, `x`, `y`, `width`, `height`).
 * The file is the original image: the server crops it (never a file the browser made).
 */
export async function readImageUpload(request: FastifyRequest): Promise<ImageUpload> {
  if (!request.isMultipart())
    throw badRequest('Kirim gambar sebagai multipart/form-data di kolom "file"', { file: 'Wajib' });
  let file: Buffer | null = null;
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (part.fieldname !== 'file') throw badRequest('Gambar harus dikirim di kolom "file"', { file: 'Wajib' });
      if (data.length > 0) file = data;
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  if (!file) throw badRequest('Pilih gambar terlebih dahulu', { file: 'Wajib' });
  const parsed = CropFields.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('VALIDATION_FAILED', issue?.message ?? 'Potongan tidak valid', {
      [String(issue?.path[0] ?? 'crop')]: issue?.message ?? 'Tidak valid',
    });
  }
  const { ratio, x, y, width, height } = parsed.data;
  if (!ratio) return { data: file, crop: null };
  if (x === undefined || y === undefined || !width || !height) {
    throw badRequest('Potongan gambar belum lengkap', { crop: 'Wajib' });
  }
  return { data: file, crop: { ratio, x, y, width, height } };
}
