import { z } from 'zod';
import { APPLICANT_STATES } from '../domain/admission.ts';
import { dbId, PageQuery, pageOf } from './common.ts';
import { DIFFICULTIES, QUESTION_TYPES, QuestionContent, QuestionInput, QuestionResponse } from './assessment.ts';
import { ATTEMPT_STATUSES, ExamQuestion, ExamSavedAnswer } from './exam-engine.ts';

/**
 * The selection test of the admission (issue 17, part B): its own question bank per unit (the subject bank's
 * question model and editor), a random set per applicant drawn by tag counts with a seed, the applicant's test on
 * the exam engine's saves (ExamSavesInput / ExamSavesResult) and the principal's review, correction and ranking.
 */

/** A selection question as written: the subject bank's stem, content, points, difficulty and tags. */
export const SelectionQuestionInput = QuestionInput.pick({
  stem: true,
  content: true,
  points: true,
  difficulty: true,
  tags: true,
}).extend({
  /** the unit's bank (ADMIN chooses; a principal writes to their own unit) */
  unitId: dbId('Unit').optional(),
});
export type SelectionQuestionInput = z.infer<typeof SelectionQuestionInput>;

export const SelectionQuestion = z.object({
  id: z.number().int(),
  unitId: z.number().int(),
  version: z.number().int(),
  versionId: z.number().int(),
  type: z.enum(QUESTION_TYPES),
  stem: z.string(),
  content: QuestionContent,
  points: z.number().int(),
  difficulty: z.enum(DIFFICULTIES),
  tags: z.array(z.string()),
  /** drawn into an applicant's set (an edit then makes a new version; the set keeps its own) */
  used: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SelectionQuestion = z.infer<typeof SelectionQuestion>;

export const SelectionQuestionsQuery = PageQuery.extend({
  unitId: dbId('Unit').optional(),
  type: z.enum(QUESTION_TYPES).optional(),
  tag: z.string().trim().max(40).optional(),
});
export type SelectionQuestionsQuery = z.infer<typeof SelectionQuestionsQuery>;
export const SelectionQuestionPage = pageOf(SelectionQuestion);
export type SelectionQuestionPage = z.infer<typeof SelectionQuestionPage>;
export const SelectionTagCount = z.object({ tag: z.string(), count: z.number().int() });
export const SelectionBankTags = z.object({ items: z.array(SelectionTagCount) });
export type SelectionBankTags = z.infer<typeof SelectionBankTags>;

/** The waves a screen offers (the caller's unit; every unit for ADMIN), newest first. */
export const SelectionWaves = z.object({
  items: z.array(
    z.object({ id: z.number().int(), name: z.string(), unitId: z.number().int(), quota: z.number().int() }),
  ),
});
export type SelectionWaves = z.infer<typeof SelectionWaves>;

export const SelectionWaveQuery = z.object({ waveId: dbId('Gelombang') });
export type SelectionWaveQuery = z.infer<typeof SelectionWaveQuery>;

/** The largest seed (a positive 31-bit integer): shown with the draw so it can be repeated. */
export const MAX_DRAW_SEED = 2_147_483_647;

/** Draw random sets for the verified applicants of a wave who have not started: so many questions per tag. */
export const SelectionDrawInput = z.object({
  waveId: dbId('Gelombang'),
  seed: z
    .number()
    .int('Kode acak harus bilangan bulat')
    .min(1, 'Kode acak minimal 1')
    .max(MAX_DRAW_SEED, 'Kode acak terlalu besar')
    .optional(),
  /** none: the wave's question count from the whole bank */
  tagCounts: z
    .array(
      z.object({
        tag: z.string().trim().min(1, 'Label wajib diisi').max(40, 'Label maksimal 40 karakter'),
        count: z.number().int('Jumlah harus bilangan bulat').min(1, 'Jumlah minimal 1').max(200, 'Jumlah maksimal 200'),
      }),
    )
    .max(20, 'Maksimal 20 label')
    .default([]),
});
export type SelectionDrawInput = z.infer<typeof SelectionDrawInput>;

export const SelectionDrawApplicant = z.object({
  applicantId: z.number().int(),
  regNo: z.string(),
  name: z.string(),
  state: z.enum(APPLICANT_STATES),
  questionCount: z.number().int(),
  started: z.boolean(),
});
export const SelectionDraws = z.object({
  wave: z.object({ id: z.number().int(), name: z.string(), unitId: z.number().int(), questionCount: z.number().int() }),
  /** the seed of the wave's last draw (null before any) */
  lastSeed: z.number().int().nullable(),
  items: z.array(SelectionDrawApplicant),
});
export type SelectionDraws = z.infer<typeof SelectionDraws>;
export const SelectionDrawResult = z.object({
  seed: z.number().int(),
  drawn: z.number().int(),
  skipped: z.number().int(),
});
export type SelectionDrawResult = z.infer<typeof SelectionDrawResult>;

// ---------------------------------------------------------------------------------------------------------
// The applicant's test
// ---------------------------------------------------------------------------------------------------------

/** What the test page shows before, during and after the test. */
export const SELECTION_TEST_STAGES = [
  'NOT_VERIFIED',
  'NO_SET',
  'NOT_OPEN',
  'CLOSED',
  'READY',
  'IN_PROGRESS',
  'DONE',
] as const;
export type SelectionTestStage = (typeof SELECTION_TEST_STAGES)[number];

export const SelectionPaper = z.object({
  stage: z.enum(SELECTION_TEST_STAGES),
  applicant: z.object({ regNo: z.string(), name: z.string(), state: z.enum(APPLICANT_STATES) }),
  wave: z.object({
    name: z.string(),
    testOpensAt: z.string().nullable(),
    testClosesAt: z.string().nullable(),
    testDurationMinutes: z.number().int(),
  }),
  questionCount: z.number().int(),
  serverNow: z.string(),
  attempt: z
    .object({
      id: z.number().int(),
      status: z.enum(ATTEMPT_STATUSES),
      startedAt: z.string(),
      deadlineAt: z.string(),
      submittedAt: z.string().nullable(),
      secondsLeft: z.number().int(),
      maxSeq: z.number().int(),
    })
    .nullable(),
  /** only while the test is in progress; never a key */
  questions: z.array(ExamQuestion),
  answers: z.array(ExamSavedAnswer),
});
export type SelectionPaper = z.infer<typeof SelectionPaper>;

// ---------------------------------------------------------------------------------------------------------
// Review, correction, ranking
// ---------------------------------------------------------------------------------------------------------

export const SelectionAttemptRow = z.object({
  attemptId: z.number().int(),
  applicantId: z.number().int(),
  regNo: z.string(),
  name: z.string(),
  state: z.enum(APPLICANT_STATES),
  status: z.enum(ATTEMPT_STATUSES),
  startedAt: z.string(),
  submittedAt: z.string().nullable(),
  submittedBy: z.enum(['APPLICANT', 'DEADLINE', 'STAFF']).nullable(),
  /** 0-100, rounded half up to 2 decimals (the ranking compares the exact fraction) */
  score: z.number().nullable(),
  corrected: z.number().int(),
});
export type SelectionAttemptRow = z.infer<typeof SelectionAttemptRow>;
export const SelectionAttempts = z.object({ items: z.array(SelectionAttemptRow) });
export type SelectionAttempts = z.infer<typeof SelectionAttempts>;

export const SelectionAnswerReview = z.object({
  questionId: z.number().int(),
  position: z.number().int(),
  type: z.enum(QUESTION_TYPES),
  stem: z.string(),
  /** the pinned version with its key */
  content: QuestionContent,
  points: z.number().int(),
  response: QuestionResponse.nullable(),
  /** points earned, 2 decimals */
  earned: z.number(),
  /** by the key (null for an essay without marks) */
  autoEarned: z.number().nullable(),
  correctedBy: z.string().nullable(),
  correctedAt: z.string().nullable(),
  correctionNote: z.string().nullable(),
});
export const SelectionAttemptDetail = z.object({
  attempt: SelectionAttemptRow.extend({ waveId: z.number().int(), maxPoints: z.number().int(), earned: z.number() }),
  answers: z.array(SelectionAnswerReview),
});
export type SelectionAttemptDetail = z.infer<typeof SelectionAttemptDetail>;

export const SelectionAttemptParams = z.object({ id: dbId('Jawaban tes') });
export const SelectionAnswerParams = z.object({ id: dbId('Jawaban tes'), questionId: dbId('Soal') });

/** A correction of one answer's points by the principal, with the reason (audited). */
export const SelectionCorrectionInput = z.object({
  earned: z
    .number('Skor harus angka')
    .min(0, 'Skor minimal 0')
    .max(100, 'Skor maksimal 100')
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
      message: 'Skor paling banyak 2 angka di belakang koma',
    }),
  note: z.string().trim().min(3, 'Alasan koreksi minimal 3 karakter').max(500, 'Alasan koreksi maksimal 500 karakter'),
});
export type SelectionCorrectionInput = z.infer<typeof SelectionCorrectionInput>;

export const SelectionRankingRow = z.object({
  applicantId: z.number().int(),
  regNo: z.string(),
  name: z.string(),
  state: z.enum(APPLICANT_STATES),
  rank: z.number().int(),
  score: z.number().nullable(),
  withinQuota: z.boolean(),
});
export type SelectionRankingRow = z.infer<typeof SelectionRankingRow>;
export const SelectionRanking = z.object({
  wave: z.object({
    id: z.number().int(),
    name: z.string(),
    quota: z.number().int(),
    announceAt: z.string().nullable(),
  }),
  items: z.array(SelectionRankingRow),
});
export type SelectionRanking = z.infer<typeof SelectionRanking>;

export const SELECTION_DECISIONS = ['ACCEPTED', 'WAITLISTED', 'REJECTED'] as const;
export const SelectionDecideInput = z.object({
  waveId: dbId('Gelombang'),
  decisions: z
    .array(z.object({ applicantId: dbId('Pendaftar'), to: z.enum(SELECTION_DECISIONS, 'Keputusan tidak dikenali') }))
    .min(1, 'Pilih minimal satu pendaftar')
    .max(1000),
  note: z.string().trim().max(500).nullable().default(null),
});
export type SelectionDecideInput = z.infer<typeof SelectionDecideInput>;
export const SelectionDecideResult = z.object({ moved: z.number().int() });

/** Test cards and the announcement: the printed lists of a wave. */
export const SelectionCards = z.object({
  wave: z.object({
    name: z.string(),
    unitName: z.string(),
    testOpensAt: z.string().nullable(),
    testClosesAt: z.string().nullable(),
    testDurationMinutes: z.number().int(),
  }),
  items: z.array(z.object({ applicantId: z.number().int(), regNo: z.string(), name: z.string() })),
});
export type SelectionCards = z.infer<typeof SelectionCards>;
export const SelectionAnnouncement = z.object({
  wave: z.object({ name: z.string(), unitName: z.string(), announceAt: z.string().nullable() }),
  accepted: z.array(z.object({ regNo: z.string(), name: z.string() })),
  waitlisted: z.array(z.object({ regNo: z.string(), name: z.string() })),
});
export type SelectionAnnouncement = z.infer<typeof SelectionAnnouncement>;
