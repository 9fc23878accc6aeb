import { z } from 'zod';
import { SEMESTERS } from '../domain/dates.ts';
import { dbId } from './common.ts';

/**
 * Learning objectives (tujuan pembelajaran, TP; issue 40): per subject and grade in a school year, each with a code,
 * its text and its order; score columns and bank questions are tagged with them, and a student's mastery of each TP
 * drafts the rapor's achievement description (domain/tp-mastery.ts, domain/description-draft.ts).
 */

const code = z
  .string('Kode TP wajib diisi')
  .trim()
  .min(1, 'Kode TP wajib diisi')
  .max(20, 'Kode TP maksimal 20 karakter');
const description = z
  .string('Rumusan TP wajib diisi')
  .trim()
  .min(1, 'Rumusan TP wajib diisi')
  .max(500, 'Rumusan TP maksimal 500 karakter');
const position = z
  .number('Urutan harus berupa angka')
  .int('Urutan harus bilangan bulat')
  .min(1, 'Urutan 1 sampai 999')
  .max(999, 'Urutan 1 sampai 999');

export const LearningObjectiveQuery = z.object({
  subjectId: dbId('Mata pelajaran'),
  gradeId: dbId('Tingkat'),
  /** the school year; the active one when absent */
  academicYearId: dbId('Tahun pelajaran').optional(),
  /** searches the code and the text */
  q: z.string().trim().max(100, 'Pencarian maksimal 100 karakter').optional(),
});
export type LearningObjectiveQuery = z.infer<typeof LearningObjectiveQuery>;

export const LearningObjectiveInput = z.object({
  subjectId: dbId('Mata pelajaran'),
  gradeId: dbId('Tingkat'),
  academicYearId: dbId('Tahun pelajaran').optional(),
  code,
  description,
  /** its place in the list; after the last when absent */
  position: position.optional(),
});
export type LearningObjectiveInput = z.infer<typeof LearningObjectiveInput>;

export const LearningObjectiveUpdate = z
  .object({ code, description, position })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Tidak ada yang diubah');
export type LearningObjectiveUpdate = z.infer<typeof LearningObjectiveUpdate>;

export const LearningObjective = z.object({
  id: z.number(),
  unitId: z.number(),
  academicYearId: z.number(),
  subjectId: z.number(),
  gradeId: z.number(),
  code: z.string(),
  description: z.string(),
  position: z.number(),
  /** how many score columns and bank questions are tagged with it (a deletion removes those tags) */
  columnTags: z.number(),
  questionTags: z.number(),
});
export type LearningObjective = z.infer<typeof LearningObjective>;

export const LearningObjectiveList = z.object({
  academicYearId: z.number(),
  items: z.array(LearningObjective),
  /** whether the caller may add, edit and delete the TPs of this subject and grade */
  canManage: z.boolean(),
});
export type LearningObjectiveList = z.infer<typeof LearningObjectiveList>;

/** The subject and grade pairs whose TPs the caller may open (a teacher: those taught this year). */
export const LearningObjectiveChoices = z.object({
  items: z.array(
    z.object({
      subjectId: z.number(),
      subjectName: z.string(),
      gradeId: z.number(),
      gradeName: z.string(),
      canManage: z.boolean(),
    }),
  ),
});
export type LearningObjectiveChoices = z.infer<typeof LearningObjectiveChoices>;

const objectiveIds = z
  .array(dbId('TP'), 'Pilih TP')
  .max(50, 'Paling banyak 50 TP')
  .transform((ids) => [...new Set(ids)]);

/** A score column's TPs: the column is named with its sheet (class, subject, semester). */
export const ColumnObjectivesInput = z.object({
  classGroupId: dbId('Kelas'),
  subjectId: dbId('Mata pelajaran'),
  semester: z.enum(SEMESTERS, 'Pilih semester Ganjil atau Genap'),
  objectiveIds,
});
export type ColumnObjectivesInput = z.infer<typeof ColumnObjectivesInput>;

export const ObjectiveIdsInput = z.object({ objectiveIds });
export type ObjectiveIdsInput = z.infer<typeof ObjectiveIdsInput>;

export const ObjectiveIds = z.object({ objectiveIds: z.array(z.number()) });
export type ObjectiveIds = z.infer<typeof ObjectiveIds>;

export const SheetObjectiveTags = z.object({
  items: z.array(z.object({ columnId: z.number(), objectiveIds: z.array(z.number()) })),
});
export type SheetObjectiveTags = z.infer<typeof SheetObjectiveTags>;

export const TpMasteryQuery = z.object({
  classGroupId: dbId('Kelas'),
  subjectId: dbId('Mata pelajaran'),
  semester: z.enum(SEMESTERS, 'Pilih semester Ganjil atau Genap'),
  /** the KKTP to draft against; the subject's in the grade when absent */
  kktp: z.coerce
    .number('KKTP harus berupa angka')
    .int('KKTP harus bilangan bulat')
    .min(0, 'KKTP 0 sampai 100')
    .max(100, 'KKTP 0 sampai 100')
    .optional(),
});
export type TpMasteryQuery = z.infer<typeof TpMasteryQuery>;

const Draft = z.object({
  status: z.enum(['NO_DATA', 'ALL_MASTERED', 'NONE_MASTERED', 'MIXED']),
  id: z.string(),
  en: z.string(),
  best: z.array(z.number()),
  needsHelp: z.array(z.number()),
});

export const TpMasteryReport = z.object({
  classGroup: z.object({ id: z.number(), name: z.string(), gradeId: z.number() }),
  subject: z.object({ id: z.number(), name: z.string() }),
  semester: z.enum(SEMESTERS),
  kktp: z.number(),
  objectives: z.array(LearningObjective),
  students: z.array(
    z.object({
      studentId: z.number(),
      nis: z.string(),
      name: z.string(),
      mastery: z.array(z.object({ objectiveId: z.number(), score: z.number(), evidence: z.number() })),
      draft: Draft,
    }),
  ),
});
export type TpMasteryReport = z.infer<typeof TpMasteryReport>;
