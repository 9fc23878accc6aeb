import { z } from 'zod';
import { PageQuery } from './common.ts';

/** A record that uses a stored file (a leave request, a student's photo, a voucher...). */
export const FileOwner = z.object({
  /** leave, material, student, employee, unit, foundation, question, violation, achievement, voucher, applicant, user */
  entity: z.string(),
  id: z.string(),
  label: z.string().nullable(),
});
export type FileOwner = z.infer<typeof FileOwner>;

/** One uploaded file of the upload history. */
export const StoredFile = z.object({
  kind: z.string(),
  name: z.string(),
  size: z.number().int(),
  mime: z.string().nullable(),
  uploadedAt: z.string(),
  uploadedBy: z.object({ id: z.number().int(), username: z.string(), displayName: z.string() }).nullable(),
  purpose: z.string().nullable(),
  /** null: the kind has no usage check, so the file counts as in use and cannot be removed */
  inUse: z.boolean().nullable(),
  owners: z.array(FileOwner),
});
export type StoredFile = z.infer<typeof StoredFile>;

export const StoredFileQuery = PageQuery.extend({
  kind: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'Jenis berkas tidak dikenal')
    .optional(),
  /** the uploader's username or name (prefix) */
  uploader: z.string().trim().max(64).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  usage: z.enum(['used', 'unused']).optional(),
});
export type StoredFileQuery = z.infer<typeof StoredFileQuery>;

export const StoredFileParams = z.object({
  kind: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'Jenis berkas tidak dikenal'),
  name: z.string().regex(/^[a-f0-9]{32}$/, 'Nama berkas tidak dikenal'),
});

export const StoredFileKinds = z.object({
  items: z.array(z.object({ kind: z.string(), files: z.number().int(), bytes: z.number().int() })),
});
