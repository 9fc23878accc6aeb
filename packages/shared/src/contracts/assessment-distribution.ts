import { z } from 'zod';
import { SEMESTERS } from '../domain/dates.ts';
import { ASSESSMENT_KINDS, ASSESSMENT_STATES } from '../domain/assessment-states.ts';
import { dbId, PageQuery } from './common.ts';
import { ScoreRecap } from './grades.ts';

/**
 * The distribution of assessments (issue 12): which approved task, quiz or summative went to which class and when
 * (its window, and a task's due time), read as one row per assessment and class. The teacher's schedules (tasks,
 * quizzes) read their own rows; the assessment controllers read every row of their unit.
 */

const isoDate = (label: string) => z.iso.date(`${label} harus berupa tanggal YYYY-MM-DD`);

/** The states of an assessment that has been distributed (put on the schedule) and after. */
export const DISTRIBUTED_STATES = ['SCHEDULED', 'OPEN', 'CLOSED', 'GRADED', 'PUBLISHED'] as const;

export const DistributionQuery = PageQuery.extend({
  unitId: dbId('Unit').optional(),
  kind: z.enum(ASSESSMENT_KINDS).optional(),
  state: z.enum(DISTRIBUTED_STATES, 'Status tidak valid').optional(),
  classGroupId: dbId('Kelas').optional(),
  subjectId: dbId('Mata pelajaran').optional(),
  /** windows that end on or after this school day (WIB) */
  from: isoDate('Tanggal awal').optional(),
  /** windows that start on or before this school day (WIB) */
  to: isoDate('Tanggal akhir').optional(),
  /** only the caller's own (a teacher always reads only their own) */
  mine: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, {
  message: 'Tanggal akhir tidak boleh sebelum tanggal awal',
  path: ['to'],
});
export type DistributionQuery = z.infer<typeof DistributionQuery>;

export const DistributionRow = z
  .object({
    assessmentId: z.number().int(),
    kind: z.enum(ASSESSMENT_KINDS),
    title: z.string(),
    subjectId: z.number().int(),
    subjectName: z.string(),
    gradeName: z.string(),
    authorName: z.string().nullable(),
    classGroupId: z.number().int(),
    className: z.string(),
    opensAt: z.string().nullable(),
    closesAt: z.string().nullable(),
    dueAt: z.string().nullable(),
    /** the state now (a scheduled assessment opens and closes with its window) */
    state: z.enum(ASSESSMENT_STATES),
  })
  .meta({ id: 'DistributionRow' });
export type DistributionRow = z.infer<typeof DistributionRow>;

/** The leaders' scoring report (Laporan nilai): the recap of every class and subject the filters select. */
export const ScoringReportQuery = z.object({
  unitId: dbId('Unit').optional(),
  /** the active year when left out */
  academicYearId: dbId('Tahun pelajaran').optional(),
  semester: z.enum(SEMESTERS, 'Pilih semester Ganjil atau Genap'),
  classGroupId: dbId('Kelas').optional(),
  subjectId: dbId('Mata pelajaran').optional(),
});
export type ScoringReportQuery = z.infer<typeof ScoringReportQuery>;

export const ScoringReport = z
  .object({
    academicYear: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    semester: z.enum(SEMESTERS),
    /** one recap per class and subject that has scores in the semester, by class then subject */
    recaps: z.array(ScoreRecap),
  })
  .meta({ id: 'ScoringReport' });
export type ScoringReport = z.infer<typeof ScoringReport>;
