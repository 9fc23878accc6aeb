import { z } from 'zod';
import { dbId } from './common.ts';

/**
 * The year-end promotion of a unit (issue 40 §4; docs/promotion.md): the proposal from one school year to the next,
 * each student's decision (up a grade, tinggal kelas, graduates), the apply that moves everyone at once into the new
 * year's enrolments, and its undo before the new year's first register.
 */

export const PROMOTION_DECISIONS = ['PROMOTE', 'RETAIN', 'GRADUATE'] as const;
export type PromotionDecision = (typeof PROMOTION_DECISIONS)[number];
export const PROMOTION_STATUSES = ['DRAFT', 'APPLIED'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

const ClassName = z
  .string('Nama kelas wajib diisi')
  .trim()
  .min(1, 'Nama kelas wajib diisi')
  .max(40, 'Nama kelas maksimal 40 karakter')
  .refine((s) => ![...s].some((c) => c.charCodeAt(0) < 32), 'Nama kelas memuat karakter yang tidak sah');

export const PromotionCreateInput = z.object({
  /** the unit (ADMIN and YAYASAN; everyone else: their own) */
  unitId: dbId('Unit').optional(),
  fromYearId: dbId('Tahun pelajaran asal'),
  toYearId: dbId('Tahun pelajaran tujuan'),
  graduationDate: z.iso.date('Tanggal kelulusan harus berupa tanggal YYYY-MM-DD'),
});
export type PromotionCreateInput = z.infer<typeof PromotionCreateInput>;

export const PromotionQuery = z.object({
  unitId: dbId('Unit').optional(),
  fromYearId: dbId('Tahun pelajaran asal'),
});
export type PromotionQuery = z.infer<typeof PromotionQuery>;

export const PromotionDecisionEntry = z.object({
  studentId: dbId('Siswa'),
  decision: z.enum(PROMOTION_DECISIONS, 'Keputusan kenaikan tidak dikenal'),
  /** another class of the new year than the proposed one (a class change); by name, e.g. "8B" */
  targetClassName: ClassName.optional(),
  note: z.string().trim().max(300, 'Catatan maksimal 300 karakter').optional(),
});
export type PromotionDecisionEntry = z.infer<typeof PromotionDecisionEntry>;

export const PromotionDecideInput = z.object({
  entries: z
    .array(PromotionDecisionEntry, 'Daftar keputusan wajib diisi')
    .min(1, 'Pilih minimal satu siswa')
    .max(200, 'Maksimal 200 siswa sekali simpan'),
});
export type PromotionDecideInput = z.infer<typeof PromotionDecideInput>;

export const PromotionApplyInput = z.object({
  /** a class of the new year made by the apply gets the homeroom teacher of the class it comes from */
  copyHomerooms: z.boolean().default(false),
  /** ... and that class's teaching assignments (teacher, subject, semester, JP) */
  copyTeaching: z.boolean().default(false),
});
export type PromotionApplyInput = z.infer<typeof PromotionApplyInput>;

export const PromotionStudent = z.object({
  studentId: z.number(),
  nis: z.string(),
  name: z.string(),
  decision: z.enum(PROMOTION_DECISIONS),
  targetLevel: z.number().nullable(),
  targetClassName: z.string().nullable(),
  note: z.string().nullable(),
});
export type PromotionStudent = z.infer<typeof PromotionStudent>;

export const PromotionRun = z.object({
  id: z.number(),
  unitId: z.number(),
  fromYear: z.object({ id: z.number(), name: z.string() }),
  toYear: z.object({ id: z.number(), name: z.string() }),
  status: z.enum(PROMOTION_STATUSES),
  graduationDate: z.string(),
  appliedAt: z.string().nullable(),
  /** the grade level whose students graduate (6 in SD, 9 in SMP: the unit's highest) */
  finalLevel: z.number(),
  classes: z.array(
    z.object({
      classGroupId: z.number(),
      name: z.string(),
      gradeLevel: z.number(),
      /** the caller may change this class's decisions (its homeroom teacher, the principal, WAKAKUR, ADMIN) */
      canDecide: z.boolean(),
      students: z.array(PromotionStudent),
    }),
  ),
  counts: z.object({ promote: z.number(), retain: z.number(), graduate: z.number() }),
});
export type PromotionRun = z.infer<typeof PromotionRun>;

export const PromotionApplyResult = z.object({
  enrolled: z.number(),
  graduated: z.number(),
  createdClasses: z.array(z.string()),
});
export type PromotionApplyResult = z.infer<typeof PromotionApplyResult>;

/** An internal admission wave (jalur internal) another unit opened for the new year, offered to the run's graduates. */
export const PromotionInternalWave = z.object({
  id: z.number().int(),
  name: z.string(),
  unitName: z.string(),
  gradeName: z.string(),
});
export type PromotionInternalWave = z.infer<typeof PromotionInternalWave>;
export const PromotionInternalWaves = z.object({ items: z.array(PromotionInternalWave) });
export type PromotionInternalWaves = z.infer<typeof PromotionInternalWaves>;

/** "Tawarkan jalur internal SMP": every graduate of an applied run gets an application in the internal wave. */
export const PromotionInternalOfferInput = z.object({ waveId: dbId('Gelombang') });
export type PromotionInternalOfferInput = z.infer<typeof PromotionInternalOfferInput>;
export const PromotionInternalOfferResult = z.object({
  /** applications made now */
  created: z.number().int(),
  /** graduates who already had one in that wave (an earlier offer) */
  existing: z.number().int(),
  waveName: z.string(),
});
export type PromotionInternalOfferResult = z.infer<typeof PromotionInternalOfferResult>;
