import { z } from 'zod';

/**
 * The one pesantren record of a student (issue 16): identity and class, then one part per feature, each present
 * only when the caller's permission covers it (the server leaves the others out; `hidden` names them).
 */
const count = z.number().int().min(0);

export const RecordAttendance = z.object({
  schoolYear: z.string(),
  from: z.string(),
  to: z.string(),
  /** school days of the unit from the start of the year (or the student's entry) to today, by the calendar */
  schoolDays: count,
  present: count,
  sick: count,
  permitted: count,
  absent: count,
  late: count,
  /** school days with no daily register for the student */
  notRecorded: count,
});

export const RecordDiscipline = z.object({
  schoolYear: z.string(),
  balance: z.number().int(),
  verifiedViolations: count,
  achievements: count,
  openSanctions: count,
  recent: z.array(
    z.object({
      date: z.string(),
      kind: z.enum(['VIOLATION', 'ACHIEVEMENT']),
      title: z.string(),
      points: z.number().int().nullable(),
    }),
  ),
});

export const RecordCounselling = z.object({
  /** dates, kinds and statuses only: never the content */
  cases: z.array(z.object({ date: z.string(), kind: z.string(), status: z.string() })),
});

export const RecordScores = z.object({
  semester: z.enum(['GANJIL', 'GENAP']),
  subjects: z.array(
    z.object({
      subjectName: z.string(),
      final: z.number().nullable(),
      kkm: z.number(),
      belowKkm: z.boolean().nullable(),
    }),
  ),
});

export const RecordBills = z.object({
  /** whole rupiah */
  outstanding: count,
  openBills: count,
  oldestDueDate: z.string().nullable(),
  paidThisYear: count,
});

export const RecordBtq = z.object({
  method: z.string().nullable(),
  level: z.string().nullable(),
  levelSince: z.string().nullable(),
  group: z.string().nullable(),
  teacher: z.string().nullable(),
  lastEntryDate: z.string().nullable(),
  lastEntry: z.string().nullable(),
  entriesThisMonth: count,
});

export const RecordPrayer = z.object({
  month: z.string(),
  congregation: count,
  late: count,
  excused: count,
  missed: count,
  notRecorded: count,
});

export const RECORD_PARTS = ['attendance', 'discipline', 'counselling', 'scores', 'bills', 'btq', 'prayer'] as const;
export type RecordPart = (typeof RECORD_PARTS)[number];

export const StudentRecord = z.object({
  generatedAt: z.string(),
  student: z.object({
    id: z.number().int(),
    name: z.string(),
    nis: z.string(),
    nisn: z.string().nullable(),
    gender: z.enum(['L', 'P']).nullable(),
    boarding: z.enum(['MUKIM', 'NON_MUKIM']).nullable(),
    status: z.string(),
    unitId: z.number().int(),
    unitName: z.string(),
    className: z.string().nullable(),
    homeroomTeacher: z.string().nullable(),
  }),
  attendance: RecordAttendance.optional(),
  discipline: RecordDiscipline.optional(),
  counselling: RecordCounselling.optional(),
  scores: RecordScores.optional(),
  bills: RecordBills.optional(),
  btq: RecordBtq.optional(),
  prayer: RecordPrayer.optional(),
  /** the parts left out because the caller's permission does not cover them */
  hidden: z.array(z.enum(RECORD_PARTS)),
});
export type StudentRecord = z.infer<typeof StudentRecord>;
