import { z } from 'zod';
import { DIFFICULTIES, QUESTION_TYPES } from './assessment.ts';
import { dbId, PageQuery } from './common.ts';
import { ASSESSMENT_ACTIONS, ASSESSMENT_KINDS, ASSESSMENT_STATES } from '../domain/assessment-states.ts';

/**
 * Assessments and their workflow (issue 12): a task, quiz, summative or selection test built from the question
 * bank, checked by the curriculum deputy, scheduled for class groups and opened in its window. The states and
 * who may move them live in domain/assessment-states.ts.
 */

/** An instant with its offset, as the web sends it (`2026-11-25T07:30:00+07:00`). */
const instant = (label: string) => z.iso.datetime({ offset: true, message: `${label} tidak valid` });

const inOrder = <T extends { opensAt?: string | null | undefined; closesAt?: string | null | undefined }>(v: T) =>
  !v.opensAt || !v.closesAt || new Date(v.closesAt) > new Date(v.opensAt);
const windowIssue = { message: 'Waktu tutup harus setelah waktu buka', path: ['closesAt'] };

const AssessmentFields = z.object({
  kind: z.enum(ASSESSMENT_KINDS, 'Pilih jenis penilaian'),
  title: z.string().trim().min(1, 'Judul wajib diisi').max(200, 'Judul maksimal 200 karakter'),
  subjectId: dbId('Mata pelajaran'),
  gradeId: dbId('Tingkat'),
  instructions: z.string().trim().max(5000, 'Petunjuk maksimal 5000 karakter').nullable().default(null),
  /** a task's due time */
  dueAt: instant('Batas pengumpulan').nullable().default(null),
  durationMinutes: z
    .number()
    .int('Durasi harus bilangan bulat')
    .min(1, 'Durasi minimal 1 menit')
    .max(1440, 'Durasi maksimal 1440 menit')
    .nullable()
    .default(null),
  opensAt: instant('Waktu buka').nullable().default(null),
  closesAt: instant('Waktu tutup').nullable().default(null),
  shuffleQuestions: z.boolean().default(false),
  shuffleOptions: z.boolean().default(false),
  attemptsAllowed: z
    .number()
    .int('Jumlah kesempatan harus bilangan bulat')
    .min(1, 'Kesempatan minimal 1')
    .max(10, 'Kesempatan maksimal 10')
    .default(1),
  /** KKM */
  passingMark: z.number().int('KKM harus bilangan bulat').min(0, 'KKM 0 sampai 100').max(100, 'KKM 0 sampai 100'),
  showScore: z.boolean().default(true),
  showKey: z.boolean().default(false),
  tokenRequired: z.boolean().default(false),
  /** contoh soal */
  isSample: z.boolean().default(false),
  classIds: z.array(dbId('Kelas')).max(50, 'Maksimal 50 kelas').default([]),
});

/** A new assessment: a draft of the author's. */
export const AssessmentInput = AssessmentFields.refine(inOrder, windowIssue);
export type AssessmentInput = z.infer<typeof AssessmentInput>;

/** An edit of a draft or returned assessment (its kind stays). */
export const AssessmentUpdate = AssessmentFields.omit({ kind: true }).refine(inOrder, windowIssue);
export type AssessmentUpdate = z.infer<typeof AssessmentUpdate>;

export const AssessmentItem = z.object({
  position: z.number().int(),
  questionId: z.number().int(),
  questionVersionId: z.number().int(),
  version: z.number().int(),
  type: z.enum(QUESTION_TYPES),
  stem: z.string(),
  /** the points in this assessment (its override, else the question's own) */
  points: z.number().int(),
  pointsOverride: z.number().int().nullable(),
});
export type AssessmentItem = z.infer<typeof AssessmentItem>;

export const DrawRule = z.object({
  tag: z.string().trim().min(1).max(40, 'Label maksimal 40 karakter').nullable().default(null),
  difficulty: z.enum(DIFFICULTIES, 'Tingkat kesukaran MUDAH, SEDANG atau SUKAR').nullable().default(null),
  type: z.enum(QUESTION_TYPES, 'Pilih jenis soal').nullable().default(null),
  count: z
    .number()
    .int('Jumlah soal harus bilangan bulat')
    .min(1, 'Jumlah soal minimal 1')
    .max(200, 'Maksimal 200 soal'),
});
export type DrawRule = z.infer<typeof DrawRule>;

export const ASSESSMENT_SHARE_MODES = ['READ', 'COPY'] as const;

export const Assessment = z
  .object({
    id: z.number().int(),
    unitId: z.number().int(),
    kind: z.enum(ASSESSMENT_KINDS),
    title: z.string(),
    subjectId: z.number().int(),
    subjectName: z.string(),
    gradeId: z.number().int(),
    gradeName: z.string(),
    authorEmployeeId: z.number().int().nullable(),
    authorName: z.string().nullable(),
    instructions: z.string().nullable(),
    dueAt: z.string().nullable(),
    durationMinutes: z.number().int().nullable(),
    opensAt: z.string().nullable(),
    closesAt: z.string().nullable(),
    shuffleQuestions: z.boolean(),
    shuffleOptions: z.boolean(),
    attemptsAllowed: z.number().int(),
    passingMark: z.number().int(),
    showScore: z.boolean(),
    showKey: z.boolean(),
    tokenRequired: z.boolean(),
    isSample: z.boolean(),
    /** the state now: a scheduled assessment opens and closes with its window */
    state: z.enum(ASSESSMENT_STATES),
    checkNote: z.string().nullable(),
    itemCount: z.number().int(),
    classes: z.array(z.object({ id: z.number().int(), name: z.string() })),
    /** what the caller may do with it now */
    actions: z.array(z.enum(ASSESSMENT_ACTIONS)),
    /** the caller is its author and it is still a draft or returned */
    editable: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Assessment' });
export type Assessment = z.infer<typeof Assessment>;

/** One assessment with its questions and draw rules (what the checker reads). */
export const AssessmentDetail = Assessment.extend({
  items: z.array(AssessmentItem),
  drawRules: z.array(DrawRule),
  shares: z.array(z.object({ employeeId: z.number().int(), name: z.string(), mode: z.enum(ASSESSMENT_SHARE_MODES) })),
}).meta({ id: 'AssessmentDetail' });
export type AssessmentDetail = z.infer<typeof AssessmentDetail>;

export const AssessmentsQuery = PageQuery.extend({
  unitId: dbId('Unit').optional(),
  kind: z.enum(ASSESSMENT_KINDS).optional(),
  state: z.enum(ASSESSMENT_STATES).optional(),
  subjectId: dbId('Mata pelajaran').optional(),
  gradeId: dbId('Tingkat').optional(),
  /** only the caller's own */
  mine: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  /** only those another teacher shared with the caller (to read or to copy) */
  shared: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type AssessmentsQuery = z.infer<typeof AssessmentsQuery>;

/** The fixed questions, in order; each is pinned to its current version. */
export const AssessmentItemsInput = z.object({
  items: z
    .array(
      z.object({
        questionId: dbId('Soal'),
        points: z
          .number()
          .int('Skor harus bilangan bulat')
          .min(1, 'Skor minimal 1')
          .max(100, 'Skor maksimal 100')
          .nullable()
          .default(null),
      }),
    )
    .max(200, 'Maksimal 200 soal')
    .refine(
      (items) => new Set(items.map((i) => i.questionId)).size === items.length,
      'Soal tidak boleh dipilih dua kali',
    ),
});
export type AssessmentItemsInput = z.infer<typeof AssessmentItemsInput>;

export const DrawRulesInput = z.object({ rules: z.array(DrawRule).max(20, 'Maksimal 20 aturan acak') });
export type DrawRulesInput = z.infer<typeof DrawRulesInput>;

export const AssessmentClassesInput = z.object({
  classIds: z.array(dbId('Kelas')).max(50, 'Maksimal 50 kelas'),
});
export type AssessmentClassesInput = z.infer<typeof AssessmentClassesInput>;

/** A checker's return: what to fix. */
export const ReturnInput = z.object({
  note: z.string().trim().min(1, 'Catatan pengembalian wajib diisi').max(2000, 'Catatan maksimal 2000 karakter'),
});
export type ReturnInput = z.infer<typeof ReturnInput>;

/** An optional note of any other transition. */
export const TransitionInput = z.object({
  note: z.string().trim().max(2000, 'Catatan maksimal 2000 karakter').nullable().default(null),
});
export type TransitionInput = z.infer<typeof TransitionInput>;

/** Putting an assessment on the schedule: who takes it and when. */
export const ScheduleInput = z
  .object({
    classIds: z.array(dbId('Kelas')).min(1, 'Pilih minimal satu kelas').max(50, 'Maksimal 50 kelas'),
    opensAt: instant('Waktu buka'),
    closesAt: instant('Waktu tutup'),
    /** a task's due time (distribusi tugas): inside its window; left out, the task keeps the one it has */
    dueAt: instant('Batas pengumpulan').nullable().optional(),
  })
  .refine(inOrder, windowIssue)
  .refine((v) => !v.dueAt || (new Date(v.dueAt) > new Date(v.opensAt) && new Date(v.dueAt) <= new Date(v.closesAt)), {
    message: 'Batas pengumpulan harus di dalam waktu buka dan tutup',
    path: ['dueAt'],
  });
export type ScheduleInput = z.infer<typeof ScheduleInput>;

export const ShareInput = z.object({
  employeeId: dbId('Guru'),
  mode: z.enum(ASSESSMENT_SHARE_MODES, 'Pilih baca atau salin'),
});
export type ShareInput = z.infer<typeof ShareInput>;
