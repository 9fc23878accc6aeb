import { z } from 'zod';
import { SEMESTERS } from '../domain/dates.ts';
import { dbId } from './common.ts';

/**
 * Scores entered by hand (issue 12, "Scoring and grades"): the daily scores (nilai harian) and the other inputs of a
 * class and subject in a semester, kept as columns of a grid (one column per input: a quiz on paper, a task, the
 * PTS...), and the recap of a class and subject with the weight of each kind and the KKTP.
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
 * What a recap weighs when the school has set nothing: the weights (summing to 100) and the KKTP (kriteria
 * ketercapaian tujuan pembelajaran: the threshold issue 12 called KKM; the API keeps the field name `kkm`). WAKAKUR
 * sets the weights per unit and school year (grade_rules) and, where a subject differs, the KKTP and weights per
 * subject and grade (score_policies). The Kurikulum Merdeka's three kinds map onto the six kinds of a column:
 * formatif = HARIAN, TUGAS, FORMATIF; sumatif lingkup materi = SUMATIF, PTS; sumatif akhir semester = PAS
 * (SCORE_KIND_GROUPS).
 */
export const DEFAULT_SCORE_POLICY: { kkm: number; weights: Record<ScoreKind, number> } = {
  kkm: 75,
  weights: { HARIAN: 25, TUGAS: 15, FORMATIF: 10, SUMATIF: 20, PTS: 10, PAS: 20 },
};

/** The Kurikulum Merdeka's kinds of assessment and the kinds of column each holds (the policy form groups by them). */
export const SCORE_KIND_GROUPS = [
  { key: 'FORMATIF', id: 'Formatif', en: 'Formative', kinds: ['HARIAN', 'TUGAS', 'FORMATIF'] },
  { key: 'SLM', id: 'Sumatif lingkup materi', en: 'Topic summative', kinds: ['SUMATIF', 'PTS'] },
  { key: 'SAS', id: 'Sumatif akhir semester', en: 'End-of-semester summative', kinds: ['PAS'] },
] as const satisfies readonly { key: string; id: string; en: string; kinds: readonly ScoreKind[] }[];

/**
 * How a remedial score counts (the unit's rule, grade_rules): CAP, the higher of the original and the remedial
 * capped at the KKTP; HIGHER, the higher of the two. An enrichment (PENGAYAAN) score counts as the higher of the two
 * under either rule (its student has already reached the KKTP).
 */
export const REMEDIAL_RULES = ['CAP', 'HIGHER'] as const;
export type RemedialRule = (typeof REMEDIAL_RULES)[number];
export const DEFAULT_REMEDIAL_RULE: RemedialRule = 'CAP';
export const REMEDIAL_KINDS = ['REMEDIAL', 'PENGAYAAN'] as const;
export type RemedialKind = (typeof REMEDIAL_KINDS)[number];

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
  /** the teacher saw that the sheet already has an assessment of this name on this date and means another */
  confirmDuplicate: z.boolean().optional(),
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
  /** the assessment whose scored attempts fill the column (the exam engine; read-only here), or null when typed in */
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

/** The Excel import of a sheet (issue 40 §5): how many filled cells were read, how many scores changed. */
export const ScoreImportResult = z.object({ imported: z.number(), saved: z.number() });
export type ScoreImportResult = z.infer<typeof ScoreImportResult>;

const Weight = z.number().int('Bobot harus bilangan bulat').min(0, 'Bobot 0 sampai 100').max(100, 'Bobot 0 sampai 100');

export const ScorePolicyQuery = z.object({ subjectId: dbId('Mata pelajaran'), gradeId: dbId('Tingkat') });
export type ScorePolicyQuery = z.infer<typeof ScorePolicyQuery>;

const Kktp = z.number().int('KKTP harus bilangan bulat').min(0, 'KKTP 0 sampai 100').max(100, 'KKTP 0 sampai 100');
const Weights = z.object(Object.fromEntries(SCORE_KINDS.map((k) => [k, Weight])) as Record<ScoreKind, typeof Weight>);
const someWeight = (w: Record<ScoreKind, number> | null | undefined) => !w || SCORE_KINDS.some((k) => w[k] > 0);

/** The KKTP of a subject in a grade and, optionally, its own weights (null: the unit's and year's weights). */
export const ScorePolicyInput = ScorePolicyQuery.extend({
  kkm: Kktp,
  weights: Weights.nullable().optional(),
}).refine((p) => someWeight(p.weights), { message: 'Minimal satu bobot lebih dari 0', path: ['weights'] });
export type ScorePolicyInput = z.infer<typeof ScorePolicyInput>;

export const ScorePolicy = z.object({
  subjectId: z.number(),
  gradeId: z.number(),
  /** the KKTP */
  kkm: z.number(),
  weights: z.record(z.enum(SCORE_KINDS), z.number()),
  /** false: the school has set nothing for this subject and grade (KKTP and weights fall back) */
  custom: z.boolean(),
  /** the subject and grade's own weights; false: the unit's and year's (or DEFAULT_SCORE_POLICY's) */
  ownWeights: z.boolean(),
  remedialRule: z.enum(REMEDIAL_RULES),
});
export type ScorePolicy = z.infer<typeof ScorePolicy>;

/** The grade rules of a unit and school year; unitId: the caller's unit unless they have none (ADMIN). */
export const GradeRulesQuery = z.object({
  unitId: dbId('Unit').optional(),
  /** default: the active school year */
  academicYearId: dbId('Tahun pelajaran').optional(),
});
export type GradeRulesQuery = z.infer<typeof GradeRulesQuery>;

/** 0, 1 or 2: how many decimals the rapor prints its scores with (issue 40 §2: whole numbers by default). */
const RaporDecimalsField = z
  .number('Desimal rapor 0, 1 atau 2')
  .int('Desimal rapor 0, 1 atau 2')
  .min(0, 'Desimal rapor 0, 1 atau 2')
  .max(2, 'Desimal rapor 0, 1 atau 2');

export const GradeRulesInput = GradeRulesQuery.extend({
  weights: Weights,
  kktp: Kktp,
  remedialRule: z.enum(REMEDIAL_RULES, 'Pilih aturan remedial'),
  /** left out: the unit's saved choice (0 when it has none) */
  raporDecimals: RaporDecimalsField.optional(),
}).refine((p) => someWeight(p.weights), { message: 'Minimal satu bobot lebih dari 0', path: ['weights'] });
export type GradeRulesInput = z.infer<typeof GradeRulesInput>;

export const GradeRules = z.object({
  unitId: z.number(),
  academicYearId: z.number(),
  weights: z.record(z.enum(SCORE_KINDS), z.number()),
  kktp: z.number(),
  remedialRule: z.enum(REMEDIAL_RULES),
  /** the decimals of the rapor's scores and percentages: 0 (whole numbers, the default), 1 or 2 */
  raporDecimals: z.number().int(),
  /** false: the unit has set nothing for the year, these are the defaults */
  custom: z.boolean(),
});
export type GradeRules = z.infer<typeof GradeRules>;

/** A teacher's override of one student's final score in a class, subject and semester, with its reason. */
export const FinalScoreOverrideKey = ScoreSheetQuery.extend({ studentId: dbId('Siswa') });
export type FinalScoreOverrideKey = z.infer<typeof FinalScoreOverrideKey>;

export const FinalScoreOverrideInput = FinalScoreOverrideKey.extend({
  score: ScoreValue,
  reason: z
    .string('Alasan wajib diisi')
    .trim()
    .min(1, 'Alasan mengubah nilai akhir wajib diisi')
    .max(500, 'Alasan maksimal 500 karakter'),
});
export type FinalScoreOverrideInput = z.infer<typeof FinalScoreOverrideInput>;

/** A remedial or enrichment score of one student in one column, beside the original. */
export const RemedialKey = z.object({ columnId: dbId('Kolom nilai'), studentId: dbId('Siswa') });
export type RemedialKey = z.infer<typeof RemedialKey>;

export const RemedialInput = RemedialKey.extend({
  kind: z.enum(REMEDIAL_KINDS, 'Pilih remedial atau pengayaan'),
  score: ScoreValue,
});
export type RemedialInput = z.infer<typeof RemedialInput>;

export const RemedialScore = z.object({
  columnId: z.number(),
  studentId: z.number(),
  kind: z.enum(REMEDIAL_KINDS),
  score: z.number(),
});
export type RemedialScore = z.infer<typeof RemedialScore>;

export const ScoreRecapRow = z.object({
  studentId: z.number(),
  nis: z.string(),
  name: z.string(),
  /** the mean of each kind, rounded once for display; null: no score of that kind */
  means: z.record(z.enum(SCORE_KINDS), z.number().nullable()),
  /** the final score (final-score.ts): the override if any, else the weighted grade; null: no score at all */
  final: z.number().nullable(),
  /** the weighted grade over the kinds that have scores (remedials counted by the unit's rule), rounded once */
  computed: z.number().nullable(),
  /** the teacher's override of the final score, or null */
  override: z.object({ score: z.number(), reason: z.string(), updatedAt: z.string() }).nullable(),
  /** below the KKTP; null when there is no final grade */
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
  /** the columns and the original scores, for the remedial entry */
  columns: z.array(z.object({ id: z.number(), kind: z.enum(SCORE_KINDS), title: z.string() })),
  cells: z.array(ScoreCell),
  remedials: z.array(RemedialScore),
  /** whether the caller may override final scores and enter remedials (the sheet's edit rule) */
  canEdit: z.boolean(),
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

/** A student's own scores of a semester, per subject, with the final score (final-score.ts) and the KKTP. */
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
          /** the remedial or enrichment score beside the original, if any */
          remedial: z
            .object({ kind: z.enum(REMEDIAL_KINDS), score: z.number() })
            .nullable()
            .optional(),
        }),
      ),
      final: z.number().nullable(),
      overridden: z.boolean().optional(),
      kkm: z.number(),
      belowKkm: z.boolean().nullable(),
    }),
  ),
});
export type MyScores = z.infer<typeof MyScores>;
