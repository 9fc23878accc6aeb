import { z } from 'zod';
import { SEMESTERS } from '../domain/dates.ts';
import { dbId } from './common.ts';

/**
 * Scores entered by hand (issue 12, "Scoring and grades"): the daily scores (nilai harian) and the other inputs of a
 * class and subject in a semester, kept as columns of a grid (one column per input: a quiz on paper, a task, the
 * PTS...), and the recap of a class and subject with the weight of each kind and the KKM.
 */

/** The kinds of input a recap weighs: nilai harian, tugas, formatif, sumatif lingkup materi, PTS, PAS/PAT. */
export const SCORE_KINDS = ['HARIAN', 'TUGAS', 'FORMATIF', 'SUMATIF', 'PTS', 'PAS'] as const;
export type ScoreKind = (typeof SCORE_KINDS)[number];

export const SCORE_KIND_LABELS: Record<ScoreKind, { id: string; en: string; short: string }> = {
  HARIAN: { id: 'Nilai harian', en: 'Daily score', short: 'NH' },
  TUGAS: { id: 'Tugas', en: 'Assignment', short: 'TG' },
  FORMATIF: { id: 'Formatif', en: 'Formative', short: 'FM' },
  SUMATIF: { id: 'Sumatif lingkup materi', en: 'Topic summative', short: 'SM' },
  PTS: { id: 'Sumatif tengah semester (PTS)', en: 'Midterm (PTS)', short: 'PTS' },
  PAS: { id: 'Sumatif akhir semester (PAS/PAT)', en: 'End of semester (PAS/PAT)', short: 'PAS' },
};

/**
 * What a recap weighs when the school has set nothing for a subject and grade: the weights (summing to 100) and
 * the KKM. WAKAKUR changes them per subject and grade (score_policies).
 */
export const DEFAULT_SCORE_POLICY: { kkm: number; weights: Record<ScoreKind, number> } = {
  kkm: 75,
  weights: { HARIAN: 25, TUGAS: 15, FORMATIF: 10, SUMATIF: 20, PTS: 10, PAS: 20 },
};

const isoDate = (label: string) => z.iso.date(`${label} harus berupa tanggal YYYY-MM-DD`);

/**
 * A score as typed: 0 to 100 with at most two decimals (87,5 or 87.5). Kept as whole hundredths in the database,
 * so nothing is a float twice.
 */
export const ScoreValue = z
  .number('Nilai harus berupa angka')
  .min(0, 'Nilai harus antara 0 dan 100')
  .max(100, 'Nilai harus antara 0 dan 100')
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Nilai paling banyak 2 angka di belakang koma');

export const ScoreSheetQuery = z.object({
  classGroupId: dbId('Kelas'),
  subjectId: dbId('Mata pelajaran'),
  semester: z.enum(SEMESTERS, 'Pilih semester Ganjil atau Genap'),
});
export type ScoreSheetQuery = z.infer<typeof ScoreSheetQuery>;

export const ScoreColumnInput = ScoreSheetQuery.extend({
  kind: z.enum(SCORE_KINDS, 'Pilih jenis penilaian'),
  title: z.string().trim().min(1, 'Nama penilaian wajib diisi').max(80, 'Nama penilaian maksimal 80 karakter'),
  date: isoDate('Tanggal'),
});
export type ScoreColumnInput = z.infer<typeof ScoreColumnInput>;

export const ScoreColumnUpdate = ScoreColumnInput.pick({ kind: true, title: true, date: true }).partial();
export type ScoreColumnUpdate = z.infer<typeof ScoreColumnUpdate>;

export const ScoreColumn = z.object({
  id: z.number(),
  classGroupId: z.number(),
  subjectId: z.number(),
  semester: z.enum(SEMESTERS),
  kind: z.enum(SCORE_KINDS),
  title: z.string(),
  date: z.string(),
  /** the assessment whose published results fill the column (the exam engine), or null when typed in */
  assessmentId: z.number().nullable(),
});
export type ScoreColumn = z.infer<typeof ScoreColumn>;

export const ScoreCell = z.object({ columnId: z.number(), studentId: z.number(), score: z.number() });
export type ScoreCell = z.infer<typeof ScoreCell>;

export const ScoreSheet = z.object({
  classGroup: z.object({ id: z.number(), name: z.string(), gradeId: z.number() }),
  subject: z.object({ id: z.number(), name: z.string() }),
  semester: z.enum(SEMESTERS),
  columns: z.array(ScoreColumn),
  students: z.array(z.object({ id: z.number(), nis: z.string(), name: z.string() })),
  cells: z.array(ScoreCell),
  /** whether the caller may type scores here (the subject's teacher of the class, or WAKAKUR) */
  canEdit: z.boolean(),
});
export type ScoreSheet = z.infer<typeof ScoreSheet>;

/** Cells to save at once (a typed cell, or a column pasted from Excel); a null score empties the cell. */
export const ScoreCellsInput = z.object({
  cells: z
    .array(z.object({ columnId: dbId('Kolom nilai'), studentId: dbId('Siswa'), score: ScoreValue.nullable() }))
    .min(1, 'Tidak ada nilai yang disimpan')
    .max(5000, 'Maksimal 5000 nilai sekali simpan'),
});
export type ScoreCellsInput = z.infer<typeof ScoreCellsInput>;

export const ScoreCellsSaved = z.object({ saved: z.number(), cleared: z.number() });
export type ScoreCellsSaved = z.infer<typeof ScoreCellsSaved>;

const Weight = z.number().int('Bobot harus bilangan bulat').min(0, 'Bobot 0 sampai 100').max(100, 'Bobot 0 sampai 100');

export const ScorePolicyQuery = z.object({ subjectId: dbId('Mata pelajaran'), gradeId: dbId('Tingkat') });
export type ScorePolicyQuery = z.infer<typeof ScorePolicyQuery>;

export const ScorePolicyInput = ScorePolicyQuery.extend({
  kkm: z.number().int('KKM harus bilangan bulat').min(0, 'KKM 0 sampai 100').max(100, 'KKM 0 sampai 100'),
  weights: z.object(Object.fromEntries(SCORE_KINDS.map((k) => [k, Weight])) as Record<ScoreKind, typeof Weight>),
}).refine((p) => SCORE_KINDS.some((k) => p.weights[k] > 0), {
  message: 'Minimal satu bobot lebih dari 0',
  path: ['weights'],
});
export type ScorePolicyInput = z.infer<typeof ScorePolicyInput>;

export const ScorePolicy = z.object({
  subjectId: z.number(),
  gradeId: z.number(),
  kkm: z.number(),
  weights: z.record(z.enum(SCORE_KINDS), z.number()),
  /** false: the school has set nothing for this subject and grade, these are DEFAULT_SCORE_POLICY */
  custom: z.boolean(),
});
export type ScorePolicy = z.infer<typeof ScorePolicy>;

export const ScoreRecapRow = z.object({
  studentId: z.number(),
  nis: z.string(),
  name: z.string(),
  /** the mean of each kind, rounded once for display; null: no score of that kind */
  means: z.record(z.enum(SCORE_KINDS), z.number().nullable()),
  /** the weighted grade over the kinds that have scores, rounded once; null: no score at all */
  final: z.number().nullable(),
  /** null when there is no final grade */
  belowKkm: z.boolean().nullable(),
});
export type ScoreRecapRow = z.infer<typeof ScoreRecapRow>;

export const ScoreRecap = z.object({
  classGroup: z.object({ id: z.number(), name: z.string(), gradeId: z.number() }),
  subject: z.object({ id: z.number(), name: z.string() }),
  semester: z.enum(SEMESTERS),
  policy: ScorePolicy,
  /** how many columns of each kind the recap read */
  columnCounts: z.record(z.enum(SCORE_KINDS), z.number()),
  rows: z.array(ScoreRecapRow),
  /** the class mean of the final grades, rounded once; null when nobody has one */
  classMean: z.number().nullable(),
  belowKkm: z.number(),
});
export type ScoreRecap = z.infer<typeof ScoreRecap>;

/** The class and subject pairs whose sheets the caller may open, and whether they may type in each. */
export const ScoreChoices = z.object({
  items: z.array(
    z.object({
      classGroupId: z.number(),
      className: z.string(),
      gradeId: z.number(),
      subjectId: z.number(),
      subjectName: z.string(),
      canEdit: z.boolean(),
    }),
  ),
});
export type ScoreChoices = z.infer<typeof ScoreChoices>;

export const MyScoresQuery = z.object({ semester: z.enum(SEMESTERS, 'Pilih semester Ganjil atau Genap') });
export type MyScoresQuery = z.infer<typeof MyScoresQuery>;

/** A student's own scores of a semester, per subject, with the recap grade and the KKM. */
export const MyScores = z.object({
  className: z.string().nullable(),
  semester: z.enum(SEMESTERS),
  subjects: z.array(
    z.object({
      subjectId: z.number(),
      subjectName: z.string(),
      columns: z.array(
        z.object({
          id: z.number(),
          kind: z.enum(SCORE_KINDS),
          title: z.string(),
          date: z.string(),
          score: z.number().nullable(),
        }),
      ),
      final: z.number().nullable(),
      kkm: z.number(),
      belowKkm: z.boolean().nullable(),
    }),
  ),
});
export type MyScores = z.infer<typeof MyScores>;
