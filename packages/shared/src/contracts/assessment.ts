import { z } from 'zod';
import { PageQuery, dbId } from './common.ts';
import { MaterialChoice } from './journal.ts';

/**
 * The question bank of the assessments (issue 12): the six question types Indonesian schools and ANBK use, each
 * with its own content, key and response. A question's content is versioned: a closed assessment keeps the
 * version its students answered.
 */

/** pilihan ganda, pilihan ganda kompleks, benar/salah, menjodohkan, isian singkat, uraian */
export const QUESTION_TYPES = ['SINGLE', 'MULTIPLE', 'TRUE_FALSE', 'MATCHING', 'SHORT', 'ESSAY'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const QUESTION_TYPE_LABELS: Record<QuestionType, { id: string; en: string }> = {
  SINGLE: { id: 'Pilihan ganda', en: 'Multiple choice' },
  MULTIPLE: { id: 'Pilihan ganda kompleks', en: 'Multiple response' },
  TRUE_FALSE: { id: 'Benar/salah', en: 'True/false' },
  MATCHING: { id: 'Menjodohkan', en: 'Matching' },
  SHORT: { id: 'Isian singkat', en: 'Short answer' },
  ESSAY: { id: 'Uraian', en: 'Essay' },
};

/** Level of thinking (taksonomi Bloom): C1 mengingat ... C6 mencipta. */
export const COGNITIVE_LEVELS = ['C1', 'C2', 'C3', 'C4', 'C5', 'C6'] as const;
export type CognitiveLevel = (typeof COGNITIVE_LEVELS)[number];

export const DIFFICULTIES = ['MUDAH', 'SEDANG', 'SUKAR'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/**
 * How a question with several parts (options of PG kompleks, statements of benar/salah, pairs to match) scores
 * when only some parts are right: ALL (all or nothing) or PARTIAL (the share of right parts, each wrong choice
 * of PG kompleks cancelling a right one, never below zero).
 */
export const PARTIAL_RULES = ['ALL', 'PARTIAL'] as const;
export type PartialRule = (typeof PARTIAL_RULES)[number];

/** Rich text of a stem, an option or a statement: sanitised HTML (formatting, images, LaTeX, Arabic). */
const richText = (label: string, max = 20_000) =>
  z.string().trim().min(1, `${label} wajib diisi`).max(max, `${label} maksimal ${max} karakter`);

/** A part's id inside its question: a short key such as `a`, `b`, `s1`. */
const partId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,20}$/, 'Kode bagian soal tidak valid');

const Part = z.object({ id: partId, text: richText('Teks pilihan', 5000) });

const unique = (ids: string[]) => new Set(ids).size === ids.length;

export const SingleContent = z
  .object({
    type: z.literal('SINGLE'),
    options: z.array(Part).min(2, 'Pilihan ganda perlu minimal 2 pilihan').max(10, 'Maksimal 10 pilihan'),
    key: partId,
  })
  .refine((c) => unique(c.options.map((o) => o.id)), { message: 'Kode pilihan tidak boleh sama', path: ['options'] })
  .refine((c) => c.options.some((o) => o.id === c.key), { message: 'Kunci harus salah satu pilihan', path: ['key'] });

export const MultipleContent = z
  .object({
    type: z.literal('MULTIPLE'),
    options: z.array(Part).min(2, 'Pilihan ganda kompleks perlu minimal 2 pilihan').max(10, 'Maksimal 10 pilihan'),
    key: z.array(partId).min(1, 'Pilih minimal satu kunci'),
    partial: z.enum(PARTIAL_RULES).default('PARTIAL'),
  })
  .refine((c) => unique(c.options.map((o) => o.id)), { message: 'Kode pilihan tidak boleh sama', path: ['options'] })
  .refine((c) => unique(c.key) && c.key.every((k) => c.options.some((o) => o.id === k)), {
    message: 'Setiap kunci harus salah satu pilihan',
    path: ['key'],
  });

export const TrueFalseContent = z
  .object({
    type: z.literal('TRUE_FALSE'),
    /** one statement, or a table of statements each true or false */
    statements: z.array(Part).min(1, 'Tulis minimal satu pernyataan').max(20, 'Maksimal 20 pernyataan'),
    key: z.record(partId, z.boolean()),
    partial: z.enum(PARTIAL_RULES).default('PARTIAL'),
  })
  .refine((c) => unique(c.statements.map((o) => o.id)), {
    message: 'Kode pernyataan tidak boleh sama',
    path: ['statements'],
  })
  .refine(
    (c) =>
      c.statements.every((s) => typeof c.key[s.id] === 'boolean') && Object.keys(c.key).length === c.statements.length,
    {
      message: 'Setiap pernyataan perlu kunci benar atau salah',
      path: ['key'],
    },
  );

export const MatchingContent = z
  .object({
    type: z.literal('MATCHING'),
    /** the premises (left) and the answers to pair them with (right; may hold extra distractors) */
    left: z.array(Part).min(2, 'Menjodohkan perlu minimal 2 pasangan').max(20, 'Maksimal 20 pasangan'),
    right: z.array(Part).min(2, 'Menjodohkan perlu minimal 2 jawaban').max(26, 'Maksimal 26 jawaban'),
    key: z.record(partId, partId),
    partial: z.enum(PARTIAL_RULES).default('PARTIAL'),
  })
  .refine((c) => unique(c.left.map((o) => o.id)) && unique(c.right.map((o) => o.id)), {
    message: 'Kode pasangan tidak boleh sama',
    path: ['left'],
  })
  .refine(
    (c) =>
      Object.keys(c.key).length === c.left.length && c.left.every((l) => c.right.some((r) => r.id === c.key[l.id])),
    { message: 'Setiap pernyataan kiri perlu satu jawaban dari kanan', path: ['key'] },
  );

/** An accepted short answer: a text (case and spaces do not matter) or a number with a tolerance. */
export const AcceptedAnswer = z.union([
  z.object({ text: z.string().trim().min(1, 'Jawaban wajib diisi').max(500, 'Jawaban maksimal 500 karakter') }),
  z.object({
    number: z.number().finite('Angka tidak valid'),
    tolerance: z.number().finite('Toleransi tidak valid').min(0, 'Toleransi tidak boleh negatif').default(0),
  }),
]);
export type AcceptedAnswer = z.infer<typeof AcceptedAnswer>;

export const ShortContent = z.object({
  type: z.literal('SHORT'),
  accepted: z.array(AcceptedAnswer).min(1, 'Tulis minimal satu jawaban yang diterima').max(20, 'Maksimal 20 jawaban'),
});

export const RubricCriterion = z.object({
  criterion: z.string().trim().min(1, 'Kriteria wajib diisi').max(500, 'Kriteria maksimal 500 karakter'),
  points: z.number().int('Skor kriteria harus bilangan bulat').min(1, 'Skor kriteria minimal 1').max(100),
  description: z.string().trim().max(2000).nullable().optional(),
});

export const EssayContent = z.object({
  type: z.literal('ESSAY'),
  rubric: z.array(RubricCriterion).max(20, 'Maksimal 20 kriteria').default([]),
  /** a model answer for the marker */
  modelAnswer: z.string().trim().max(20_000).nullable().optional(),
});

/** What a question holds besides its stem: its options or parts, and its key. */
export const QuestionContent = z.discriminatedUnion('type', [
  SingleContent,
  MultipleContent,
  TrueFalseContent,
  MatchingContent,
  ShortContent,
  EssayContent,
]);
export type QuestionContent = z.infer<typeof QuestionContent>;

/** A student's answer to a question of each type (what the exam page saves). */
export const QuestionResponse = z.discriminatedUnion('type', [
  z.object({ type: z.literal('SINGLE'), optionId: partId.nullable() }),
  z.object({ type: z.literal('MULTIPLE'), optionIds: z.array(partId).max(10) }),
  z.object({ type: z.literal('TRUE_FALSE'), answers: z.record(partId, z.boolean()) }),
  z.object({ type: z.literal('MATCHING'), pairs: z.record(partId, partId) }),
  z.object({ type: z.literal('SHORT'), text: z.string().max(500) }),
  z.object({ type: z.literal('ESSAY'), text: z.string().max(50_000) }),
]);
export type QuestionResponse = z.infer<typeof QuestionResponse>;

/** A question as written in the bank (a new version when its content changes after use). */
export const QuestionInput = z.object({
  subjectId: dbId('Mata pelajaran'),
  gradeId: dbId('Tingkat'),
  stem: richText('Soal'),
  content: QuestionContent,
  points: z.number().int('Skor harus bilangan bulat').min(1, 'Skor minimal 1').max(100, 'Skor maksimal 100'),
  difficulty: z.enum(DIFFICULTIES, 'Tingkat kesukaran MUDAH, SEDANG atau SUKAR').default('SEDANG'),
  cognitiveLevel: z.enum(COGNITIVE_LEVELS, 'Level kognitif C1 sampai C6').nullable().default(null),
  /** tujuan pembelajaran (TP) */
  objective: z.string().trim().max(500, 'Tujuan pembelajaran maksimal 500 karakter').nullable().default(null),
  tags: z
    .array(z.string().trim().min(1).max(40, 'Label maksimal 40 karakter'))
    .max(20, 'Maksimal 20 label')
    .default([]),
});
export type QuestionInput = z.infer<typeof QuestionInput>;

/** An edit of a question (a new version; its subject and grade stay). */
export const QuestionUpdate = QuestionInput.omit({ subjectId: true, gradeId: true });
export type QuestionUpdate = z.infer<typeof QuestionUpdate>;

/** The versions of a question, newest first: what each assessment and answer refers to. */
export const QuestionVersionSummary = z.object({
  versionId: z.number().int(),
  version: z.number().int(),
  type: z.enum(QUESTION_TYPES),
  points: z.number().int(),
  createdAt: z.string(),
});
export type QuestionVersionSummary = z.infer<typeof QuestionVersionSummary>;

export const Question = z
  .object({
    id: z.number().int(),
    unitId: z.number().int(),
    subjectId: z.number().int(),
    subjectName: z.string(),
    gradeId: z.number().int(),
    gradeName: z.string(),
    /** the current version (1, 2, ...); attempts keep the version they answered */
    version: z.number().int(),
    versionId: z.number().int(),
    type: z.enum(QUESTION_TYPES),
    stem: z.string(),
    content: QuestionContent,
    points: z.number().int(),
    difficulty: z.enum(DIFFICULTIES),
    cognitiveLevel: z.enum(COGNITIVE_LEVELS).nullable(),
    objective: z.string().nullable(),
    tags: z.array(z.string()),
    authorEmployeeId: z.number().int().nullable(),
    authorName: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Question' });
export type Question = z.infer<typeof Question>;

export const QuestionsQuery = PageQuery.extend({
  unitId: dbId('Unit').optional(),
  subjectId: dbId('Mata pelajaran').optional(),
  gradeId: dbId('Tingkat').optional(),
  type: z.enum(QUESTION_TYPES).optional(),
  difficulty: z.enum(DIFFICULTIES).optional(),
  tag: z.string().trim().max(40).optional(),
});
export type QuestionsQuery = z.infer<typeof QuestionsQuery>;

export const QuestionVersions = z.object({ items: z.array(QuestionVersionSummary) });

/**
 * The subject and grade pairs the caller may write questions for (the question form offers only these): a
 * teacher's taught pairs, the same rule as the write check; every active subject and grade of the unit for a leader.
 */
export const QuestionChoices = z.object({ items: z.array(MaterialChoice) });
export type QuestionChoices = z.infer<typeof QuestionChoices>;
export const QuestionChoicesQuery = z.object({ unitId: dbId('Unit').optional() });

/**
 * Import of questions from the Excel or Word template (issue 12): every question of the file goes to one subject
 * and grade; a rejected file answers 400 with one `fields` entry per problem keyed "soal <n>: <field>"
 * (`questionFieldKey`) and nothing is saved.
 */
export const QuestionImportQuery = z.object({ subjectId: dbId('Mata pelajaran'), gradeId: dbId('Tingkat') });
export type QuestionImportQuery = z.infer<typeof QuestionImportQuery>;
export const QuestionImportResult = z.object({ imported: z.number().int() });
export type QuestionImportResult = z.infer<typeof QuestionImportResult>;

/** A picture uploaded from the question editor: where it is served (`<img src>` of the rich text). */
export const QuestionImage = z.object({ url: z.string() });
export type QuestionImage = z.infer<typeof QuestionImage>;

export const questionFieldKey = (no: number, field: string) => `soal ${no}: ${field}`;
export function parseQuestionFieldKey(key: string): { no: number; field: string } | null {
  const match = /^soal (\d+): (.*)$/.exec(key);
  return match ? { no: Number(match[1]), field: match[2]! } : null;
}

/** Question types as the import templates write them (Tipe). */
export const QUESTION_TYPE_CODES: Record<QuestionType, string> = {
  SINGLE: 'PG',
  MULTIPLE: 'PGK',
  TRUE_FALSE: 'BS',
  MATCHING: 'JODOH',
  SHORT: 'ISIAN',
  ESSAY: 'URAIAN',
};
