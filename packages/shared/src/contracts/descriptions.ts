import { z } from 'zod';
import { SEMESTERS } from '../domain/dates.ts';
import { dbId } from './common.ts';

/**
 * The rapor's achievement descriptions (capaian kompetensi, issue 40 §2) of a class's subject in a semester: each
 * student's drafted text (from the TP mastery, domain/description-draft.ts) beside the text the subject teacher
 * saved, which the rapor prints.
 */

export const DescriptionQuery = z.object({
  classGroupId: dbId('Kelas'),
  subjectId: dbId('Mata pelajaran'),
  semester: z.enum(SEMESTERS, 'Pilih semester Ganjil atau Genap'),
});
export type DescriptionQuery = z.infer<typeof DescriptionQuery>;

export const DESCRIPTION_SOURCES = ['DRAFT', 'EDITED'] as const;
export type DescriptionSource = (typeof DESCRIPTION_SOURCES)[number];

export const DescriptionText = z
  .string('Deskripsi wajib diisi')
  .trim()
  .min(1, 'Deskripsi wajib diisi')
  .max(1000, 'Deskripsi maksimal 1000 karakter')
  .refine((s) => !s.includes('\u0000'), 'Deskripsi memuat karakter yang tidak sah');

export const DescriptionEntry = z.object({
  studentId: dbId('Siswa'),
  text: DescriptionText,
  /** DRAFT: the drafted text accepted as it is; EDITED: the teacher's own */
  source: z.enum(DESCRIPTION_SOURCES, 'Sumber deskripsi tidak dikenal'),
});
export type DescriptionEntry = z.infer<typeof DescriptionEntry>;

export const DescriptionSaveInput = DescriptionQuery.extend({
  entries: z
    .array(DescriptionEntry, 'Daftar deskripsi wajib diisi')
    .min(1, 'Pilih minimal satu deskripsi')
    .max(100, 'Maksimal 100 deskripsi sekali simpan'),
});
export type DescriptionSaveInput = z.infer<typeof DescriptionSaveInput>;

export const SavedDescription = z.object({
  text: z.string(),
  source: z.enum(DESCRIPTION_SOURCES),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type SavedDescription = z.infer<typeof SavedDescription>;

export const DescriptionSheet = z.object({
  classGroup: z.object({ id: z.number(), name: z.string() }),
  subject: z.object({ id: z.number(), name: z.string() }),
  semester: z.enum(SEMESTERS),
  kktp: z.number(),
  /** the caller may save (the subject's teacher of the class, WAKAKUR, ADMIN) */
  canEdit: z.boolean(),
  students: z.array(
    z.object({
      studentId: z.number(),
      nis: z.string(),
      name: z.string(),
      draft: z.object({
        status: z.enum(['NO_DATA', 'ALL_MASTERED', 'NONE_MASTERED', 'MIXED']),
        id: z.string(),
        en: z.string(),
      }),
      saved: SavedDescription.nullable(),
    }),
  ),
});
export type DescriptionSheet = z.infer<typeof DescriptionSheet>;

export const DescriptionSaveResult = z.object({ saved: z.number() });
export type DescriptionSaveResult = z.infer<typeof DescriptionSaveResult>;
