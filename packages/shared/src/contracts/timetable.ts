import { z } from 'zod';
import { SEMESTERS } from '../domain/dates.ts';
import { PageQuery, dbId } from './common.ts';
import { MAX_PERIODS } from './school.ts';

const id = dbId;

export const TimetableSlot = z
  .object({
    id: z.number().int(),
    unitId: z.number().int(),
    academicYearId: z.number().int(),
    semester: z.enum(SEMESTERS),
    classGroupId: z.number().int(),
    className: z.string(),
    /** 1 Monday ... 6 Saturday */
    day: z.number().int(),
    period: z.number().int(),
    startTime: z.string().nullable(),
    endTime: z.string().nullable(),
    subjectId: z.number().int(),
    subjectName: z.string(),
    employeeId: z.number().int(),
    teacherName: z.string(),
  })
  .meta({ id: 'TimetableSlot' });
export type TimetableSlot = z.infer<typeof TimetableSlot>;

const slotFields = {
  day: z.number().int().min(1, 'Hari 1 (Senin) sampai 6 (Sabtu)').max(6, 'Hari 1 (Senin) sampai 6 (Sabtu)'),
  period: z.number().int().min(1, `Jam ke- 1-${MAX_PERIODS}`).max(MAX_PERIODS, `Jam ke- 1-${MAX_PERIODS}`),
  subjectId: id('Mapel'),
  employeeId: id('Guru'),
};

/** A lesson to place; the year is the class group's. */
export const TimetableSlotInput = z.object({
  classGroupId: id('Kelas'),
  semester: z.enum(SEMESTERS, 'Pilih semester Ganjil atau Genap'),
  ...slotFields,
});
export type TimetableSlotInput = z.infer<typeof TimetableSlotInput>;
export const TimetableSlotUpdate = z.object(slotFields).partial();
export type TimetableSlotUpdate = z.infer<typeof TimetableSlotUpdate>;

/** A proposed slot to check without saving; slotId leaves out the slot being edited. */
export const TimetableCheckInput = TimetableSlotInput.extend({ slotId: id('Jadwal').optional() });
export type TimetableCheckInput = z.infer<typeof TimetableCheckInput>;

export const TimetableClash = z.object({
  /** CLASS: the class already has a lesson then; TEACHER: the teacher teaches elsewhere then */
  kind: z.enum(['CLASS', 'TEACHER']),
  slotId: z.number().int(),
  classGroupId: z.number().int(),
  className: z.string(),
  subjectName: z.string(),
  teacherName: z.string(),
  day: z.number().int(),
  period: z.number().int(),
  message: z.string(),
});
export type TimetableClash = z.infer<typeof TimetableClash>;
/** NOT_ASSIGNED: the teacher has no teaching assignment of the subject in the class; HOURS_FULL: its weekly JP are placed */
export const TimetableProblem = z.object({
  kind: z.enum(['NOT_ASSIGNED', 'HOURS_FULL']),
  field: z.enum(['employeeId', 'subjectId']),
  message: z.string(),
});
export type TimetableProblem = z.infer<typeof TimetableProblem>;
export const TimetableCheckResult = z.object({
  ok: z.boolean(),
  clashes: z.array(TimetableClash),
  problems: z.array(TimetableProblem),
});
export type TimetableCheckResult = z.infer<typeof TimetableCheckResult>;

/** Year and semester of a view; they default to the active year and today's semester. */
export const TimetablePeriodQuery = z.object({
  academicYearId: id('Tahun pelajaran').optional(),
  semester: z.enum(SEMESTERS).optional(),
});
export type TimetablePeriodQuery = z.infer<typeof TimetablePeriodQuery>;

/** The unit's schedules, paged, filterable by class and teacher. */
export const TimetableQuery = PageQuery.extend({
  ...TimetablePeriodQuery.shape,
  unitId: id('Unit').optional(),
  classGroupId: id('Kelas').optional(),
  employeeId: id('Guru').optional(),
  day: z.coerce.number().int().min(1).max(6).optional(),
});
export type TimetableQuery = z.infer<typeof TimetableQuery>;

export const TimetablePage = z.object({
  academicYearId: z.number().int(),
  semester: z.enum(SEMESTERS),
  items: z.array(TimetableSlot),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TimetablePage = z.infer<typeof TimetablePage>;

/** One week of lessons (of a class or of a teacher). */
export const TimetableResponse = z.object({
  academicYearId: z.number().int().nullable(),
  semester: z.enum(SEMESTERS),
  /** for a student's own schedule: their current class */
  classGroupId: z.number().int().nullable().optional(),
  className: z.string().nullable().optional(),
  items: z.array(TimetableSlot),
});
export type TimetableResponse = z.infer<typeof TimetableResponse>;

/** Today's lessons of the own week; none on a day without school (the unit's calendar). */
export const TimetableToday = z.object({
  date: z.string(),
  schoolDay: z.boolean(),
  className: z.string().nullable(),
  lessons: z.array(TimetableSlot),
});
export type TimetableToday = z.infer<typeof TimetableToday>;

export const TeachingHoursQuery = TimetablePeriodQuery.extend({ unitId: id('Unit').optional() });
export type TeachingHoursQuery = z.infer<typeof TeachingHoursQuery>;

export const TeachingHours = z.object({
  employeeId: z.number().int(),
  teacherName: z.string(),
  nip: z.string(),
  /** JP per week in the timetable */
  scheduledPeriods: z.number().int(),
  /** JP per week of the teaching assignments */
  assignedHours: z.number().int(),
});
export type TeachingHours = z.infer<typeof TeachingHours>;
export const TeachingHoursResponse = z.object({
  academicYearId: z.number().int(),
  semester: z.enum(SEMESTERS),
  items: z.array(TeachingHours),
});
export type TeachingHoursResponse = z.infer<typeof TeachingHoursResponse>;
