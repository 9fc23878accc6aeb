import { z } from 'zod';
import { PageQuery, dbId } from './common.ts';
import {
  ACHIEVEMENT_FIELDS,
  ACHIEVEMENT_LEVELS,
  SANCTION_STATUSES,
  VIOLATION_CATEGORIES,
  VIOLATION_STATUSES,
} from './discipline.ts';

/**
 * Counselling (bimbingan konseling, issue 14): the confidential counselling notes of the BPBK and the
 * psychological test results. The content of a note (what was discussed and agreed) and the detail of a
 * test result are read only with `counselling.confidential`, and every such read is audited; lists,
 * exports and the report carry metadata only.
 */

const id = dbId;
const isoDate = (label: string) => z.iso.date(`${label} harus berupa tanggal YYYY-MM-DD`);
const text = (label: string, max: number) =>
  z.string().trim().min(1, `${label} wajib diisi`).max(max, `${label} maksimal ${max} karakter`);
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} maksimal ${max} karakter`)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

/** individual, kelompok, klasikal, kunjungan rumah, konferensi kasus, alih tangan (referral) */
export const COUNSELLING_KINDS = [
  'INDIVIDUAL',
  'GROUP',
  'CLASSICAL',
  'HOME_VISIT',
  'CASE_CONFERENCE',
  'REFERRAL',
] as const;
export type CounsellingKind = (typeof COUNSELLING_KINDS)[number];

/** bidang layanan: pribadi, sosial, belajar, karier */
export const COUNSELLING_TOPICS = ['PERSONAL', 'SOCIAL', 'LEARNING', 'CAREER'] as const;
export type CounsellingTopic = (typeof COUNSELLING_TOPICS)[number];

/** terbuka -> ditindaklanjuti -> selesai; a case moves forward only */
export const COUNSELLING_STATUSES = ['OPEN', 'FOLLOWED_UP', 'CLOSED'] as const;
export type CounsellingStatus = (typeof COUNSELLING_STATUSES)[number];

/** IQ, bakat, kepribadian, minat, lainnya */
export const PSYCHOTEST_INSTRUMENTS = ['IQ', 'APTITUDE', 'PERSONALITY', 'INTEREST', 'OTHER'] as const;
export type PsychotestInstrument = (typeof PSYCHOTEST_INSTRUMENTS)[number];

/** The most students one note may name (a class session names the class). */
export const COUNSELLING_MAX_STUDENTS = 60;
/** The largest file a psychological test result may carry (a scanned report). */
export const PSYCHOTEST_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

// ---------- counselling notes ----------

export const CounsellingNoteInput = z
  .object({
    studentIds: z
      .array(id('Siswa'))
      .min(1, 'Pilih minimal satu siswa')
      .max(COUNSELLING_MAX_STUDENTS, `Paling banyak ${COUNSELLING_MAX_STUDENTS} siswa dalam satu catatan`)
      .refine((ids) => new Set(ids).size === ids.length, 'Siswa tidak boleh dipilih dua kali'),
    date: isoDate('Tanggal konseling'),
    kind: z.enum(COUNSELLING_KINDS, 'Jenis layanan wajib dipilih'),
    topic: z.enum(COUNSELLING_TOPICS, 'Bidang layanan wajib dipilih'),
    discussion: text('Hal yang dibahas', 10_000),
    agreement: optionalText('Kesepakatan', 5000),
    followUpDate: isoDate('Tanggal tindak lanjut').nullable().optional(),
    status: z.enum(COUNSELLING_STATUSES, 'Status wajib dipilih').default('OPEN'),
    sharedWithStudent: z.boolean().default(false),
    studentSummary: optionalText('Ringkasan untuk siswa', 2000),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'INDIVIDUAL' && v.studentIds.length > 1) {
      ctx.addIssue({ code: 'custom', path: ['studentIds'], message: 'Konseling individual hanya untuk satu siswa' });
    }
    if (v.followUpDate && v.followUpDate < v.date) {
      ctx.addIssue({
        code: 'custom',
        path: ['followUpDate'],
        message: 'Tanggal tindak lanjut tidak boleh sebelum tanggal konseling',
      });
    }
    if (v.sharedWithStudent && !v.studentSummary) {
      ctx.addIssue({
        code: 'custom',
        path: ['studentSummary'],
        message: 'Ringkasan untuk siswa wajib diisi bila dibagikan',
      });
    }
  });
export type CounsellingNoteInput = z.input<typeof CounsellingNoteInput>;
export type CounsellingNoteValues = z.output<typeof CounsellingNoteInput>;

export const CounsellingStudentRef = z.object({
  studentId: z.number().int(),
  nis: z.string(),
  name: z.string(),
  /** the class of the student when the note was written (null: no class that year) */
  className: z.string().nullable(),
});
export type CounsellingStudentRef = z.infer<typeof CounsellingStudentRef>;

/** What a list shows: never the content. */
export const CounsellingNoteSummary = z
  .object({
    id: z.number().int(),
    unitId: z.number().int(),
    date: z.string(),
    kind: z.enum(COUNSELLING_KINDS),
    topic: z.enum(COUNSELLING_TOPICS),
    status: z.enum(COUNSELLING_STATUSES),
    followUpDate: z.string().nullable(),
    counsellorName: z.string(),
    sharedWithStudent: z.boolean(),
    students: z.array(CounsellingStudentRef),
    updatedAt: z.string(),
  })
  .meta({ id: 'CounsellingNoteSummary' });
export type CounsellingNoteSummary = z.infer<typeof CounsellingNoteSummary>;

/** A note with its content: only with `counselling.confidential`, and every read is audited. */
export const CounsellingNote = CounsellingNoteSummary.extend({
  discussion: z.string(),
  agreement: z.string().nullable(),
  studentSummary: z.string().nullable(),
}).meta({ id: 'CounsellingNote' });
export type CounsellingNote = z.infer<typeof CounsellingNote>;

export const CounsellingNotesQuery = PageQuery.extend({
  unitId: id('Unit').optional(),
  classGroupId: id('Kelas').optional(),
  studentId: id('Siswa').optional(),
  from: isoDate('Dari tanggal').optional(),
  to: isoDate('Sampai tanggal').optional(),
  kind: z.enum(COUNSELLING_KINDS).optional(),
  topic: z.enum(COUNSELLING_TOPICS).optional(),
  status: z.enum(COUNSELLING_STATUSES).optional(),
});
export type CounsellingNotesQuery = z.infer<typeof CounsellingNotesQuery>;

/** What a homeroom teacher may know of a student's counselling: that a case exists, when, what kind, its status. */
export const CounsellingStatusQuery = z.object({ studentId: id('Siswa') });
export const CounsellingCaseStatus = z.object({
  id: z.number().int(),
  date: z.string(),
  kind: z.enum(COUNSELLING_KINDS),
  status: z.enum(COUNSELLING_STATUSES),
});
export const CounsellingStatusList = z.object({
  studentId: z.number().int(),
  items: z.array(CounsellingCaseStatus),
});
export type CounsellingStatusList = z.infer<typeof CounsellingStatusList>;

/** What a student reads of a note shared with them: the summary written for them, nothing else. */
export const StudentCounsellingNote = z.object({
  id: z.number().int(),
  date: z.string(),
  kind: z.enum(COUNSELLING_KINDS),
  topic: z.enum(COUNSELLING_TOPICS),
  status: z.enum(COUNSELLING_STATUSES),
  followUpDate: z.string().nullable(),
  counsellorName: z.string(),
  summary: z.string(),
});
export type StudentCounsellingNote = z.infer<typeof StudentCounsellingNote>;
export const StudentCounsellingNotes = z.object({ items: z.array(StudentCounsellingNote) });
export type StudentCounsellingNotes = z.infer<typeof StudentCounsellingNotes>;

// ---------- psychological tests ----------

export const PsychotestScore = z.object({
  scale: text('Nama skala', 100),
  score: z
    .number({ error: 'Skor harus berupa angka' })
    .min(-100_000, 'Skor tidak valid')
    .max(100_000, 'Skor tidak valid')
    .refine((n) => Math.round(n * 100) === n * 100, 'Skor paling banyak dua angka desimal'),
  category: optionalText('Kategori', 100),
});
export type PsychotestScore = z.infer<typeof PsychotestScore>;

export const PsychotestInput = z.object({
  studentId: id('Siswa'),
  date: isoDate('Tanggal tes'),
  instrument: z.enum(PSYCHOTEST_INSTRUMENTS, 'Jenis tes wajib dipilih'),
  testName: text('Nama tes', 200),
  provider: optionalText('Penyelenggara', 200),
  scores: z.array(PsychotestScore).max(50, 'Paling banyak 50 skala').default([]),
  interpretation: optionalText('Interpretasi', 5000),
  recommendation: optionalText('Rekomendasi', 5000),
  sharedWithStudent: z.boolean().default(false),
});
export type PsychotestInput = z.input<typeof PsychotestInput>;
export type PsychotestValues = z.output<typeof PsychotestInput>;

export const PsychotestSummary = z
  .object({
    id: z.number().int(),
    unitId: z.number().int(),
    studentId: z.number().int(),
    studentName: z.string(),
    nis: z.string(),
    className: z.string().nullable(),
    date: z.string(),
    instrument: z.enum(PSYCHOTEST_INSTRUMENTS),
    testName: z.string(),
    provider: z.string().nullable(),
    sharedWithStudent: z.boolean(),
    hasAttachment: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: 'PsychotestSummary' });
export type PsychotestSummary = z.infer<typeof PsychotestSummary>;

export const PsychotestAttachment = z.object({ name: z.string(), mime: z.string(), size: z.number().int() });

/** A result with its scores and reading: only with `counselling.confidential`, and every read is audited. */
export const Psychotest = PsychotestSummary.extend({
  scores: z.array(z.object({ scale: z.string(), score: z.number(), category: z.string().nullable() })),
  interpretation: z.string().nullable(),
  recommendation: z.string().nullable(),
  attachment: PsychotestAttachment.nullable(),
}).meta({ id: 'Psychotest' });
export type Psychotest = z.infer<typeof Psychotest>;

export const PsychotestsQuery = PageQuery.extend({
  unitId: id('Unit').optional(),
  classGroupId: id('Kelas').optional(),
  studentId: id('Siswa').optional(),
  from: isoDate('Dari tanggal').optional(),
  to: isoDate('Sampai tanggal').optional(),
  instrument: z.enum(PSYCHOTEST_INSTRUMENTS).optional(),
});
export type PsychotestsQuery = z.infer<typeof PsychotestsQuery>;

/** A result shared with the student: scores and the reading, without the file. */
export const StudentPsychotest = Psychotest.pick({
  id: true,
  date: true,
  instrument: true,
  testName: true,
  provider: true,
  scores: true,
  interpretation: true,
  recommendation: true,
});
export type StudentPsychotest = z.infer<typeof StudentPsychotest>;
export const StudentPsychotests = z.object({ items: z.array(StudentPsychotest) });
export type StudentPsychotests = z.infer<typeof StudentPsychotests>;

// ---------- the counselling report (Laporan BK) ----------

const month = (label: string) => z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, `${label} harus berupa bulan YYYY-MM`);

export const CounsellingReportQuery = z
  .object({
    unitId: id('Unit').optional(),
    fromMonth: month('Dari bulan'),
    toMonth: month('Sampai bulan'),
  })
  .refine((q) => q.fromMonth <= q.toMonth, {
    path: ['toMonth'],
    message: 'Bulan akhir tidak boleh sebelum bulan awal',
  });
export type CounsellingReportQuery = z.infer<typeof CounsellingReportQuery>;

const Count = <T extends z.ZodType>(key: T) => z.array(z.object({ key, count: z.number().int() }));

export const CounsellingReportNotesSection = z.object({
  key: z.literal('notes'),
  total: z.number().int(),
  byKind: Count(z.enum(COUNSELLING_KINDS)),
  byTopic: Count(z.enum(COUNSELLING_TOPICS)),
  byStatus: Count(z.enum(COUNSELLING_STATUSES)),
  /** per class of the students named (a group note counts once in each of its classes) */
  byClass: z.array(
    z.object({
      className: z.string().nullable(),
      total: z.number().int(),
      byKind: Count(z.enum(COUNSELLING_KINDS)),
      byStatus: Count(z.enum(COUNSELLING_STATUSES)),
    }),
  ),
});
export const CounsellingReportPsychotestsSection = z.object({
  key: z.literal('psychotests'),
  total: z.number().int(),
  byInstrument: Count(z.enum(PSYCHOTEST_INSTRUMENTS)),
});

/** Violations reported in the months: by status; the verified ones by category and class; the sanctions proposed. */
export const CounsellingReportViolationsSection = z.object({
  key: z.literal('violations'),
  total: z.number().int(),
  /** points of the verified violations */
  points: z.number().int(),
  byStatus: Count(z.enum(VIOLATION_STATUSES)),
  byCategory: z.array(
    z.object({ key: z.enum(VIOLATION_CATEGORIES), count: z.number().int(), points: z.number().int() }),
  ),
  byClass: z.array(
    z.object({ className: z.string().nullable(), violations: z.number().int(), points: z.number().int() }),
  ),
  sanctions: Count(z.enum(SANCTION_STATUSES)),
});
export const CounsellingReportAchievementsSection = z.object({
  key: z.literal('achievements'),
  total: z.number().int(),
  byField: Count(z.enum(ACHIEVEMENT_FIELDS)),
  byLevel: Count(z.enum(ACHIEVEMENT_LEVELS)),
});

/** One section of the Laporan BK: counselling notes, psychological tests, violations and achievements. */
export const CounsellingReportSection = z.discriminatedUnion('key', [
  CounsellingReportNotesSection,
  CounsellingReportPsychotestsSection,
  CounsellingReportViolationsSection,
  CounsellingReportAchievementsSection,
]);
export type CounsellingReportSection = z.infer<typeof CounsellingReportSection>;

export const CounsellingReport = z.object({
  unitId: z.number().int().nullable(),
  unitName: z.string().nullable(),
  fromMonth: z.string(),
  toMonth: z.string(),
  sections: z.array(CounsellingReportSection),
});
export type CounsellingReport = z.infer<typeof CounsellingReport>;
