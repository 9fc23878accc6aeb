import { z } from 'zod';
import { QUESTION_TYPES, QuestionContent, QuestionResponse } from './assessment.ts';
import { dbId } from './common.ts';

/**
 * The results of an assessment (issue 12): answer sheets (typed from a paper exam, and what the exam engine of
 * the next issue writes), the marking of essays, a key change that regrades every attempt, the results table and
 * the item analysis. Scores travel as numbers rounded once for display; the database keeps exact fractions.
 */

export const AnswerSheetParams = z.object({ id: dbId('Penilaian'), studentId: dbId('Siswa') });
export type AnswerSheetParams = z.infer<typeof AnswerSheetParams>;

/** One student's answers, by question (a question left out is unanswered). */
export const AnswerSheetInput = z.object({
  answers: z
    .array(z.object({ questionId: dbId('Soal'), response: QuestionResponse }))
    .max(200, 'Maksimal 200 jawaban')
    .refine((a) => new Set(a.map((x) => x.questionId)).size === a.length, 'Soal tidak boleh dijawab dua kali'),
});
export type AnswerSheetInput = z.infer<typeof AnswerSheetInput>;

export const ResultItem = z.object({
  questionId: z.number(),
  position: z.number(),
  type: z.enum(QUESTION_TYPES),
  points: z.number(),
});

export const ResultRow = z.object({
  studentId: z.number(),
  nis: z.string(),
  name: z.string(),
  className: z.string(),
  attemptId: z.number().nullable(),
  status: z.enum(['NOT_TAKEN', 'IN_PROGRESS', 'SUBMITTED', 'GRADED']),
  /** points earned, rounded once to 2 decimals; null when not taken */
  earned: z.number().nullable(),
  max: z.number(),
  /** 0-100, rounded once (gradeOf); null when not taken */
  grade: z.number().nullable(),
  /** essays still waiting for their teacher */
  pendingEssays: z.number(),
  passed: z.boolean().nullable(),
});
export type ResultRow = z.infer<typeof ResultRow>;

export const AssessmentResults = z.object({
  assessment: z.object({
    id: z.number(),
    title: z.string(),
    kind: z.string(),
    state: z.string(),
    passingMark: z.number(),
    subjectName: z.string(),
    gradeName: z.string(),
  }),
  items: z.array(ResultItem),
  rows: z.array(ResultRow),
  summary: z.object({
    takers: z.number(),
    /** mean grade of the takers, rounded once; null with no taker */
    mean: z.number().nullable(),
    highest: z.number().nullable(),
    lowest: z.number().nullable(),
    belowPassing: z.number(),
    pendingEssays: z.number(),
  }),
});
export type AssessmentResults = z.infer<typeof AssessmentResults>;

export const EssaysQuery = z.object({
  questionId: dbId('Soal').optional(),
  studentId: dbId('Siswa').optional(),
});
export type EssaysQuery = z.infer<typeof EssaysQuery>;

/** The essay answers to mark: one question across students, or one student across questions. */
export const EssayAnswers = z.object({
  items: z.array(
    z.object({
      answerId: z.number(),
      questionId: z.number(),
      position: z.number(),
      stem: z.string(),
      rubric: z.array(z.object({ criterion: z.string(), points: z.number() })),
      modelAnswer: z.string().nullable(),
      points: z.number(),
      studentId: z.number(),
      studentName: z.string(),
      text: z.string(),
      /** the points given, rounded for display; null while not marked */
      score: z.number().nullable(),
    }),
  ),
});
export type EssayAnswers = z.infer<typeof EssayAnswers>;

export const EssayMarkParams = z.object({ id: dbId('Penilaian'), answerId: dbId('Jawaban') });
export const EssayMarkInput = z.object({
  /** one whole score per rubric criterion in its order (or, with no rubric, one score of 0..points) */
  marks: z.array(z.number().int('Skor harus bilangan bulat').min(0, 'Skor tidak boleh negatif')).min(1).max(20),
});
export type EssayMarkInput = z.infer<typeof EssayMarkInput>;

export const KeyChangeParams = z.object({ id: dbId('Penilaian'), questionId: dbId('Soal') });
/** A new key for a closed question of the assessment: the question's content with the key changed. */
export const KeyChangeInput = z.object({ content: QuestionContent });
export type KeyChangeInput = z.infer<typeof KeyChangeInput>;

export const KeyChangeResult = z.object({
  questionId: z.number(),
  version: z.number(),
  /** every attempt whose score changed, with its grade before and after */
  changed: z.array(z.object({ attemptId: z.number(), studentId: z.number(), before: z.number(), after: z.number() })),
  regraded: z.number(),
});
export type KeyChangeResult = z.infer<typeof KeyChangeResult>;

export const ItemAnalysisResult = z.object({
  takers: z.number(),
  groupSize: z.number(),
  kr20: z.number().nullable(),
  alpha: z.number().nullable(),
  items: z.array(
    z.object({
      questionId: z.number(),
      position: z.number(),
      type: z.enum(QUESTION_TYPES),
      max: z.number(),
      answered: z.number(),
      difficulty: z.number().nullable(),
      difficultyLevel: z.enum(['MUDAH', 'SEDANG', 'SUKAR']).nullable(),
      discrimination: z.number().nullable(),
      pointBiserial: z.number().nullable(),
      choices: z.record(z.string(), z.number()),
      flags: z.array(z.string()),
      /** a pilihan ganda's options and key (for staff: changing a wrong key regrades every attempt) */
      single: z
        .object({ options: z.array(z.object({ id: z.string(), text: z.string() })), key: z.string() })
        .nullable(),
    }),
  ),
});
export type ItemAnalysisResult = z.infer<typeof ItemAnalysisResult>;

export const FormativeAnalysisQuery = z.object({ subjectId: dbId('Mata pelajaran'), gradeId: dbId('Tingkat') });
export type FormativeAnalysisQuery = z.infer<typeof FormativeAnalysisQuery>;

/** The formatives of a subject and grade: each one's mean per class, and mastery per learning objective (TP). */
export const FormativeAnalysis = z.object({
  assessments: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      classes: z.array(z.object({ className: z.string(), takers: z.number(), mean: z.number().nullable() })),
    }),
  ),
  /** over every formative: the mean grade of each class (null: nobody took one) */
  byClass: z.array(z.object({ className: z.string(), takers: z.number(), mean: z.number().nullable() })),
  /** share of the points earned on the questions of each learning objective, 0-100, rounded once */
  byObjective: z.array(z.object({ objective: z.string(), items: z.number(), mastery: z.number().nullable() })),
});
export type FormativeAnalysis = z.infer<typeof FormativeAnalysis>;

/** A student's tests: the upcoming ones of their class, and the published results they may see. */
export const MyTests = z.object({
  upcoming: z.array(
    z.object({
      id: z.number(),
      kind: z.string(),
      title: z.string(),
      subjectName: z.string(),
      opensAt: z.string().nullable(),
      closesAt: z.string().nullable(),
      durationMinutes: z.number().nullable(),
      isSample: z.boolean(),
    }),
  ),
  published: z.array(
    z.object({
      id: z.number(),
      kind: z.string(),
      title: z.string(),
      subjectName: z.string(),
      passingMark: z.number(),
      /** null when the assessment does not show scores to students, or the student did not take it */
      grade: z.number().nullable(),
      passed: z.boolean().nullable(),
    }),
  ),
});
export type MyTests = z.infer<typeof MyTests>;
