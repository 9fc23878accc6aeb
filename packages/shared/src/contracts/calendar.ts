import { z } from 'zod';
import { dbId } from './common.ts';

const id = dbId;
const isoDate = (label: string) => z.iso.date(`${label} harus berupa tanggal YYYY-MM-DD`);

/** Entries that make their days non-school days. */
export const NON_SCHOOL_KINDS = [
  'NATIONAL_HOLIDAY',
  'CUTI_BERSAMA',
  'ISLAMIC_HOLIDAY',
  'SEMESTER_BREAK',
  'LOCAL_DAY_OFF',
] as const;
/** Marked periods: their days stay school days. */
export const MARKED_KINDS = ['EXAM_WEEK', 'PAS_PAT', 'MPLS', 'OTHER'] as const;
export const CALENDAR_KINDS = [...NON_SCHOOL_KINDS, ...MARKED_KINDS] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];
export const isNonSchoolKind = (kind: string): boolean => (NON_SCHOOL_KINDS as readonly string[]).includes(kind);

/** Indonesian names of the kinds (Excel import accepts these as well as the codes). */
export const CALENDAR_KIND_NAMES_ID: Record<CalendarKind, string> = {
  NATIONAL_HOLIDAY: 'Libur nasional',
  CUTI_BERSAMA: 'Cuti bersama',
  ISLAMIC_HOLIDAY: 'Hari besar Islam',
  SEMESTER_BREAK: 'Libur semester',
  LOCAL_DAY_OFF: 'Libur sekolah',
  EXAM_WEEK: 'Pekan ujian',
  PAS_PAT: 'PAS/PAT',
  MPLS: 'MPLS',
  OTHER: 'Kegiatan lain',
};

/** 5: Monday-Friday; 6: Monday-Saturday. */
export const SCHOOL_WEEKS = [5, 6] as const;

export const CalendarEntry = z
  .object({
    id: z.number().int(),
    /** null: a foundation-wide entry, inherited by every unit */
    unitId: z.number().int().nullable(),
    kind: z.enum(CALENDAR_KINDS),
    name: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    /** whether its days are non-school days (holidays, breaks) or stay school days (marked periods) */
    nonSchool: z.boolean(),
  })
  .meta({ id: 'CalendarEntry' });
export type CalendarEntry = z.infer<typeof CalendarEntry>;

export const CalendarEntryInput = z.object({
  /** null or left out: the whole foundation */
  unitId: id('Unit').nullable().default(null),
  kind: z.enum(CALENDAR_KINDS, 'Jenis kegiatan tidak dikenal'),
  name: z.string().trim().min(1, 'Nama wajib diisi').max(200, 'Nama maksimal 200 karakter'),
  startDate: isoDate('Tanggal mulai'),
  endDate: isoDate('Tanggal selesai'),
});
export type CalendarEntryInput = z.infer<typeof CalendarEntryInput>;

export const CalendarEntryUpdate = CalendarEntryInput.omit({ unitId: true }).partial();
export type CalendarEntryUpdate = z.infer<typeof CalendarEntryUpdate>;

/** The entries of a unit in an academic year (its own and the foundation's); no unit: the foundation's only. */
export const CalendarQuery = z.object({
  unitId: id('Unit').optional(),
  academicYearId: id('Tahun pelajaran').optional(),
});
export type CalendarQuery = z.infer<typeof CalendarQuery>;

export const CalendarEntries = z.object({
  unitId: z.number().int().nullable(),
  academicYearId: z.number().int(),
  yearName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  schoolDaysPerWeek: z.number().int().nullable(),
  items: z.array(CalendarEntry),
});
export type CalendarEntries = z.infer<typeof CalendarEntries>;

export const CalendarMonthQuery = z.object({
  unitId: id('Unit').optional(),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Bulan harus berupa YYYY-MM'),
});
export type CalendarMonthQuery = z.infer<typeof CalendarMonthQuery>;

export const CalendarDay = z.object({
  date: z.string(),
  /** 1 Monday ... 7 Sunday */
  weekday: z.number().int(),
  schoolDay: z.boolean(),
  /** the entries covering the day (non-school days and marked periods) */
  entries: z.array(CalendarEntry),
});
export type CalendarDay = z.infer<typeof CalendarDay>;

export const CalendarMonth = z
  .object({
    unitId: z.number().int(),
    month: z.string(),
    schoolDaysPerWeek: z.number().int(),
    days: z.array(CalendarDay),
  })
  .meta({ id: 'CalendarMonth' });
export type CalendarMonth = z.infer<typeof CalendarMonth>;

export const SchoolWeekInput = z.object({
  schoolDaysPerWeek: z.union(
    [z.literal(5), z.literal(6)],
    'Pekan sekolah harus 5 (Senin-Jumat) atau 6 (Senin-Sabtu) hari',
  ),
});
export type SchoolWeekInput = z.infer<typeof SchoolWeekInput>;

export const CalendarCopyInput = z.object({
  /** the year to copy into; its previous year is the source */
  academicYearId: id('Tahun pelajaran'),
  unitId: id('Unit').nullable().default(null),
});
export type CalendarCopyInput = z.infer<typeof CalendarCopyInput>;

export const CalendarCopyResult = z.object({ copied: z.number().int(), skipped: z.number().int() });
export type CalendarCopyResult = z.infer<typeof CalendarCopyResult>;

export const UpcomingQuery = z.object({
  unitId: id('Unit').optional(),
  limit: z.coerce.number().int().min(1).max(20).default(5),
});
export type UpcomingQuery = z.infer<typeof UpcomingQuery>;

export const UpcomingNonSchool = z.object({ items: z.array(CalendarEntry) });
export type UpcomingNonSchool = z.infer<typeof UpcomingNonSchool>;

/** The columns of the calendar import workbook. Jenis: a kind code or its Indonesian name. */
export const CALENDAR_IMPORT_COLUMNS = [
  { key: 'kind', header: 'Jenis', required: true },
  { key: 'name', header: 'Nama', required: true },
  { key: 'startDate', header: 'Tanggal mulai (YYYY-MM-DD)', required: true },
  { key: 'endDate', header: 'Tanggal selesai (YYYY-MM-DD)', required: false },
] as const;
export const CALENDAR_IMPORT_MAX_ROWS = 200;
/** The owner of the imported entries: a unit, or none for the whole foundation. File: multipart field `file`. */
export const CalendarImportQuery = z.object({ unitId: id('Unit').optional() });
export type CalendarImportQuery = z.infer<typeof CalendarImportQuery>;
export const CalendarImportResult = z.object({ imported: z.number().int() });
export type CalendarImportResult = z.infer<typeof CalendarImportResult>;
