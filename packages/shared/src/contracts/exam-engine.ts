import { z } from 'zod';
import { EXAM_PIN_PATTERN, EXAM_TOKEN_MAX, EXAM_TOKEN_PATTERN } from '../domain/exam-rules.ts';

import { QUESTION_TYPES, QuestionResponse } from './assessment.ts';
import { dbId } from './common.ts';

/**
 * The exam engine (issue 13): students take quizzes and exams online; proctors watch and act.
 *
 * Student routes (permission `assessment.take`), under /api/v1/exam:
 * - GET  /mine?kind=FORMATIVE|SUMMATIVE           → ExamList: open and upcoming quizzes or exams, with the attempt
 * - POST /assessments/:id/start   ExamStartInput  → ExamPaper (creates the attempt, or resumes this device's one)
 * - GET  /attempts/:id            (x-exam-device) → ExamPaper (resume: the server's answers, seconds left)
 * - POST /attempts/:id/saves      ExamSavesInput  → ExamSavesResult (one or many answers; idempotent)
 * - POST /attempts/:id/submit     ExamDeviceInput → ExamSubmitResult
 *
 * Control routes (permission `assessment.control` or `assessment.proctor`, decided per row), under /api/v1/exam:
 * - GET  /control?kind=&date=                      → ExamControlList: the assessments open (or opening) today
 * - GET  /control/:assessmentId                    → ExamControlBoard: every taker live (poll every 5 s)
 * - GET  /control/:assessmentId/attempts/:attemptId → ExamAttemptDetail: answers per question with scores
 * - POST /control/:assessmentId/extend             ExamExtendInput (studentIds or classGroupId)
 * - POST /control/:assessmentId/attempts/:attemptId/allow-device → ExamPin (a one-time PIN; also lets the next
 *        device take over without one)
 * - POST /control/:assessmentId/attempts/:attemptId/force-submit ExamReasonInput
 * - POST /control/:assessmentId/attempts/:attemptId/reopen       ExamReopenInput
 * - POST /control/:assessmentId/answer-file        ExamAnswerFile (multipart or JSON: the page's last resort)
 * - GET  /control/:assessmentId/token              → ExamToken (the current token; rotates by itself)
 * - PUT  /control/:assessmentId/token              ExamTokenSettings → ExamToken (rotate now, set the period)
 * - GET  /trial/:assessmentId                       → ExamTrialPaper (uji coba: the author, a checker or a controller)
 * - POST /trial/:assessmentId/score                 ExamTrialInput → ExamTrialResult (scored, nothing recorded)
 *
 * Every save carries the device id and a client sequence number (per attempt, increasing on that device; a new
 * device continues from the paper's `maxSeq`). The server keeps, per question, the save with the highest sequence
 * number: a repeat or an older save is acknowledged and changes nothing.
 */

export const EXAM_KINDS = ['FORMATIVE', 'SUMMATIVE'] as const;
export type ExamKind = (typeof EXAM_KINDS)[number];

/** A device's id: random, made once by the browser and kept in its storage (not a secret). */
export const DeviceId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Perangkat tidak dikenali; muat ulang halaman');

export const ExamListQuery = z.object({ kind: z.enum(EXAM_KINDS) });

export const ATTEMPT_STATUSES = ['IN_PROGRESS', 'SUBMITTED', 'GRADED'] as const;

export const ExamListItem = z.object({
  assessmentId: z.number(),
  kind: z.enum(EXAM_KINDS),
  title: z.string(),
  subjectName: z.string(),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  durationMinutes: z.number().nullable(),
  questionCount: z.number(),
  tokenRequired: z.boolean(),
  isSample: z.boolean(),
  /** UPCOMING: not open yet; OPEN: may start; IN_PROGRESS: an attempt runs; DONE: no attempt left; CLOSED */
  status: z.enum(['UPCOMING', 'OPEN', 'IN_PROGRESS', 'DONE', 'CLOSED']),
  attemptId: z.number().nullable(),
  attemptsUsed: z.number(),
  attemptsAllowed: z.number(),
  /** the grade (0-100) of the last submitted attempt when the assessment shows scores; else null */
  grade: z.number().nullable(),
});
export const ExamList = z.object({ items: z.array(ExamListItem), serverNow: z.string() });
export type ExamList = z.infer<typeof ExamList>;
export type ExamListItem = z.infer<typeof ExamListItem>;

export const ExamDeviceInput = z.object({ deviceId: DeviceId });
export type ExamDeviceInput = z.infer<typeof ExamDeviceInput>;

export const ExamStartInput = z.object({
  deviceId: DeviceId,
  token: z
    .string()
    .trim()
    .max(EXAM_TOKEN_MAX, 'Token tidak valid')
    .regex(EXAM_TOKEN_PATTERN, 'Token hanya huruf dan angka')
    .optional(),
  /** the proctor's one-time PIN, to take over an attempt running on another device */
  pin: z.string().trim().regex(EXAM_PIN_PATTERN, 'PIN terdiri atas 6 angka').optional(),
});
export type ExamStartInput = z.infer<typeof ExamStartInput>;

const Part = z.object({ id: z.string(), text: z.string() });

/** A question as the student sees it: parts shuffled for this attempt, never a key. */
export const ExamQuestion = z.object({
  questionId: z.number(),
  /** 1-based, in this attempt's order */
  number: z.number(),
  type: z.enum(QUESTION_TYPES),
  points: z.number(),
  stem: z.string(),
  /** SINGLE and MULTIPLE: the options; TRUE_FALSE: the statements; MATCHING: the left side */
  parts: z.array(Part),
  /** MATCHING: the answers to pair with */
  choices: z.array(Part),
});
export type ExamQuestion = z.infer<typeof ExamQuestion>;

export const ExamSavedAnswer = z.object({
  questionId: z.number(),
  response: QuestionResponse,
  flagged: z.boolean(),
  clientSeq: z.number(),
});
export type ExamSavedAnswer = z.infer<typeof ExamSavedAnswer>;

export const ExamNotice = z.object({ at: z.string(), text: z.string() });

export const ExamPaper = z.object({
  attempt: z.object({
    id: z.number(),
    assessmentId: z.number(),
    attemptNo: z.number(),
    kind: z.enum(EXAM_KINDS),
    title: z.string(),
    subjectName: z.string(),
    instructions: z.string().nullable(),
    status: z.enum(ATTEMPT_STATUSES),
    startedAt: z.string(),
    /** the deadline with every extension */
    deadlineAt: z.string(),
    submittedAt: z.string().nullable(),
    /** whole seconds left by the server's clock when this answer was made (0 once past) */
    secondsLeft: z.number(),
    serverNow: z.string(),
    /** the highest client sequence number the server holds for this attempt (a new device continues after it) */
    maxSeq: z.number(),
    showScore: z.boolean(),
    /** the grade (0-100) when submitted and the assessment shows scores */
    grade: z.number().nullable(),
  }),
  questions: z.array(ExamQuestion),
  answers: z.array(ExamSavedAnswer),
  /** what the proctor did that concerns this student (time added, reopened...), newest first */
  notices: z.array(ExamNotice),
});
export type ExamPaper = z.infer<typeof ExamPaper>;

export const ExamSave = z.object({
  questionId: dbId('Soal'),
  clientSeq: z.number().int().min(0).max(2_147_483_647),
  response: QuestionResponse,
  flagged: z.boolean().default(false),
});
export type ExamSave = z.infer<typeof ExamSave>;

export const ExamSavesInput = z.object({
  deviceId: DeviceId,
  saves: z.array(ExamSave).min(1, 'Tidak ada jawaban untuk dikirim').max(200, 'Maksimal 200 jawaban sekali kirim'),
});
export type ExamSavesInput = z.infer<typeof ExamSavesInput>;

export const ExamSavesResult = z.object({
  /** every save of the request, durably committed (or already held with an equal or newer sequence number) */
  acks: z.array(z.object({ questionId: z.number(), clientSeq: z.number() })),
  secondsLeft: z.number(),
  status: z.enum(ATTEMPT_STATUSES),
});
export type ExamSavesResult = z.infer<typeof ExamSavesResult>;

export const ExamSubmitResult = z.object({
  status: z.enum(ATTEMPT_STATUSES),
  submittedAt: z.string(),
  grade: z.number().nullable(),
});
export type ExamSubmitResult = z.infer<typeof ExamSubmitResult>;

export const AttemptParams = z.object({ id: dbId('Percobaan') });

// ---- control ----

export const ExamControlQuery = z.object({ kind: z.enum(EXAM_KINDS).optional() });

export const ExamControlList = z.object({
  items: z.array(
    z.object({
      assessmentId: z.number(),
      kind: z.enum(EXAM_KINDS),
      title: z.string(),
      subjectName: z.string(),
      gradeName: z.string(),
      classNames: z.array(z.string()),
      opensAt: z.string().nullable(),
      closesAt: z.string().nullable(),
      durationMinutes: z.number().nullable(),
      state: z.string(),
      takers: z.number(),
      working: z.number(),
      submitted: z.number(),
    }),
  ),
});
export type ExamControlList = z.infer<typeof ExamControlList>;

export const TAKER_STATES = ['NOT_STARTED', 'WORKING', 'OFFLINE', 'SUBMITTED'] as const;

export const ExamTaker = z.object({
  studentId: z.number(),
  nis: z.string().nullable(),
  name: z.string(),
  className: z.string(),
  classGroupId: z.number(),
  attemptId: z.number().nullable(),
  state: z.enum(TAKER_STATES),
  /** when the server last heard from the attempt's device (a save or a paper load) */
  lastSeenAt: z.string().nullable(),
  answered: z.number(),
  flagged: z.number(),
  secondsLeft: z.number().nullable(),
  extensionSeconds: z.number(),
  deviceChanges: z.number(),
  /** a second device is waiting to take over */
  takeoverPending: z.boolean(),
  submittedAt: z.string().nullable(),
  submittedBy: z.enum(['STUDENT', 'DEADLINE', 'PROCTOR']).nullable(),
  /** 0-100, exact to 2 decimals; null before any answer is scored */
  grade: z.number().nullable(),
  pendingEssays: z.number(),
});
export type ExamTaker = z.infer<typeof ExamTaker>;

export const ExamControlBoard = z.object({
  assessment: z.object({
    id: z.number(),
    kind: z.enum(EXAM_KINDS),
    title: z.string(),
    subjectName: z.string(),
    gradeName: z.string(),
    state: z.string(),
    opensAt: z.string().nullable(),
    closesAt: z.string().nullable(),
    durationMinutes: z.number().nullable(),
    tokenRequired: z.boolean(),
    questionCount: z.number(),
    passingMark: z.number(),
  }),
  takers: z.array(ExamTaker),
  summary: z.object({
    notStarted: z.number(),
    working: z.number(),
    offline: z.number(),
    submitted: z.number(),
  }),
  /** a device is OFFLINE when the server has not heard from it for this many seconds */
  offlineAfterSeconds: z.number(),
  serverNow: z.string(),
});
export type ExamControlBoard = z.infer<typeof ExamControlBoard>;

export const ControlParams = z.object({ assessmentId: dbId('Penilaian') });
export const ControlAttemptParams = z.object({ assessmentId: dbId('Penilaian'), attemptId: dbId('Percobaan') });

export const EXAM_PART_SIDES = ['OPTION', 'STATEMENT', 'LEFT', 'RIGHT'] as const;

export const ExamAttemptDetail = z.object({
  attemptId: z.number(),
  studentId: z.number(),
  name: z.string(),
  className: z.string(),
  status: z.enum(ATTEMPT_STATUSES),
  startedAt: z.string(),
  deadlineAt: z.string(),
  submittedAt: z.string().nullable(),
  grade: z.number().nullable(),
  items: z.array(
    z.object({
      questionId: z.number(),
      number: z.number(),
      type: z.enum(QUESTION_TYPES),
      stem: z.string(),
      points: z.number(),
      response: QuestionResponse.nullable(),
      /** the question's options, statements or pairs (rich text), so the answer reads as text, not as codes */
      parts: z.array(z.object({ id: z.string(), side: z.enum(EXAM_PART_SIDES), text: z.string() })),
      flagged: z.boolean(),
      savedAt: z.string().nullable(),
      /** points earned, exact to 2 decimals; null for an essay not marked yet */
      earned: z.number().nullable(),
      correct: z.boolean().nullable(),
    }),
  ),
  events: z.array(z.object({ at: z.string(), kind: z.string(), text: z.string(), by: z.string().nullable() })),
});
export type ExamAttemptDetail = z.infer<typeof ExamAttemptDetail>;

const reason = z
  .string()
  .trim()
  .min(3, 'Tulis alasannya (minimal 3 karakter)')
  .max(500, 'Alasan maksimal 500 karakter');

export const ExamExtendInput = z
  .object({
    minutes: z.number().int('Menit harus bilangan bulat').min(1, 'Minimal 1 menit').max(240, 'Maksimal 240 menit'),
    /** some students, or a whole class (room) */
    studentIds: z.array(dbId('Siswa')).max(1000).optional(),
    classGroupId: dbId('Kelas').optional(),
    reason,
  })
  .refine((v) => !!v.studentIds?.length || v.classGroupId !== undefined, {
    message: 'Pilih siswa atau kelas yang ditambah waktunya',
    path: ['studentIds'],
  });
export type ExamExtendInput = z.infer<typeof ExamExtendInput>;

export const ExamReasonInput = z.object({ reason });
export type ExamReasonInput = z.infer<typeof ExamReasonInput>;

export const ExamReopenInput = z.object({
  reason,
  /** minutes the reopened attempt runs from now */
  minutes: z.number().int().min(1, 'Minimal 1 menit').max(240, 'Maksimal 240 menit'),
});
export type ExamReopenInput = z.infer<typeof ExamReopenInput>;

export const ExamPin = z.object({ pin: z.string(), expiresAt: z.string() });
export type ExamPin = z.infer<typeof ExamPin>;

export const ExamActionResult = z.object({ affected: z.number() });

/** The page's last resort: what the browser's journal holds, downloaded by the student, uploaded by the proctor. */
export const ExamAnswerFile = z.object({
  format: z.literal('mms-exam-answers-1'),
  attemptId: dbId('Percobaan'),
  assessmentId: dbId('Penilaian'),
  deviceId: DeviceId,
  createdAt: z.string().max(40),
  saves: z.array(ExamSave).max(500),
});
export type ExamAnswerFile = z.infer<typeof ExamAnswerFile>;
export const ExamAnswerFileResult = z.object({ accepted: z.number(), ignored: z.number() });

export const ExamToken = z.object({
  required: z.boolean(),
  token: z.string().nullable(),
  rotateMinutes: z.number().nullable(),
  /** when the current token stops being accepted (null when it does not rotate) */
  expiresAt: z.string().nullable(),
});
export type ExamToken = z.infer<typeof ExamToken>;

export const ExamTokenSettings = z.object({
  rotateNow: z.boolean().default(false),
  rotateMinutes: z.number().int().min(5, 'Minimal 5 menit').max(240, 'Maksimal 240 menit').nullable(),
});
export type ExamTokenSettings = z.infer<typeof ExamTokenSettings>;

// ---------- trial (uji coba) ----------

/**
 * Uji coba: the author, a checker or an assessment controller takes the paper as a student would see it, in
 * the assessment's own order, and has it scored; nothing is recorded (no attempt, no answer, no audit).
 */
export const ExamTrialPaper = z.object({
  assessmentId: z.number(),
  kind: z.enum(EXAM_KINDS),
  title: z.string(),
  subjectName: z.string(),
  instructions: z.string().nullable(),
  durationMinutes: z.number().nullable(),
  questions: z.array(ExamQuestion),
});
export type ExamTrialPaper = z.infer<typeof ExamTrialPaper>;

export const ExamTrialInput = z.object({
  responses: z
    .array(z.object({ questionId: dbId('Soal'), response: QuestionResponse }))
    .max(200, 'Maksimal 200 jawaban sekali kirim'),
});
export type ExamTrialInput = z.infer<typeof ExamTrialInput>;

export const ExamTrialResult = z.object({
  /** points earned by the closed questions, exact to 2 decimals; essays are marked by hand and count 0 here */
  earned: z.number(),
  max: z.number(),
  grade: z.number().nullable(),
  items: z.array(
    z.object({
      questionId: z.number(),
      number: z.number(),
      points: z.number(),
      /** null: an essay (marked by hand) */
      earned: z.number().nullable(),
      correct: z.boolean().nullable(),
    }),
  ),
});
export type ExamTrialResult = z.infer<typeof ExamTrialResult>;
