import { z } from 'zod';
import { daysBetween, isIsoDate } from '../domain/dates.ts';
import { RecapCounts } from './attendance.ts';
import { dbId } from './common.ts';

const isoDate = (label: string) => z.iso.date(`${label} harus berupa tanggal YYYY-MM-DD`);

/** A date range of at most a year, and optionally one unit (leaders of one unit get theirs anyway). */
export const AnalyticsQuery = z
  .object({
    from: isoDate('Dari tanggal'),
    to: isoDate('Sampai tanggal'),
    unitId: dbId('Unit').optional(),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'Tanggal akhir tidak boleh sebelum tanggal awal' })
  // (zod runs this also when a date above failed; only well-formed dates are measured)
  .refine((q) => !isIsoDate(q.from) || !isIsoDate(q.to) || q.from > q.to || daysBetween(q.from, q.to) <= 366, {
    path: ['to'],
    message: 'Rentang tanggal maksimal 366 hari',
  });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

const ClassRef = { classGroupId: z.number().int(), className: z.string(), unitCode: z.string() };

/**
 * Analisis kehadiran: the daily registers per class over a range, counted exactly as the monthly recap
 * counts (the school calendar's days, each student from joining the class, "belum diisi" apart from A).
 */
export const AttendanceAnalysis = z.object({
  from: z.string(),
  to: z.string(),
  unitId: z.number().int().nullable(),
  schoolDays: z.number().int(),
  classes: z.array(RecapCounts.extend(ClassRef)),
  total: RecapCounts,
});
export type AttendanceAnalysis = z.infer<typeof AttendanceAnalysis>;

const EntryCounts = {
  /** lessons of the timetable on the school days of the range */
  planned: z.number().int(),
  /** of those, the lessons with a journal (the teacher entered the class and wrote it up) */
  written: z.number().int(),
  /** written / planned, 0-100 with one decimal; null when nothing was planned */
  percentage: z.number().nullable(),
};

/** Analisis masuk kelas: planned lessons and written journals per class and per teacher. */
export const ClassEntryAnalysis = z.object({
  from: z.string(),
  to: z.string(),
  schoolDays: z.number().int(),
  classes: z.array(z.object({ ...ClassRef, ...EntryCounts })),
  teachers: z.array(z.object({ employeeId: z.number().int(), name: z.string(), ...EntryCounts })),
  total: z.object(EntryCounts),
});
export type ClassEntryAnalysis = z.infer<typeof ClassEntryAnalysis>;

export const JournalAnalysisQuery = AnalyticsQuery.safeExtend({ classGroupId: dbId('Kelas').optional() });
export type JournalAnalysisQuery = z.infer<typeof JournalAnalysisQuery>;

const JournalCounts = {
  journals: z.number().int(),
  /** students marked S, I or A in those lessons */
  absences: z.number().int(),
  /** journals written by a substitute the school named */
  substitutes: z.number().int(),
};

/** Analisis jurnal kelas: journals per subject over a range, with their absences and substitutes. */
export const JournalAnalysis = z.object({
  from: z.string(),
  to: z.string(),
  subjects: z.array(z.object({ subjectId: z.number().int(), subjectName: z.string(), ...JournalCounts })),
  total: z.object(JournalCounts),
});
export type JournalAnalysis = z.infer<typeof JournalAnalysis>;
