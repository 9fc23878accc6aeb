import { z } from 'zod';
import { SEMESTERS } from '../domain/academic-year.ts';
import { MAX_PERIODS } from './school.ts';

const id = (label: string) => z.coerce.number().int(`${label} tidak valid`).positive(`${label} tidak valid`);

export const TimetableSlot = z
  .object({
    id: z.number().int(),
    unitId: z.number().int(),
    academicYearId: z.number().int(),
    semester: z.enum(SEMESTERS),
    classGroupId: z.number().int(),
    className: z.string(),
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

export const TimetableSlotInput = z.object({
  classGroupId: id('Kelas'),
  semester: z.enum(SEMESTERS, 'Semester GANJIL atau GENAP'),
  day: z.number().int().min(1, 'Hari 1 (Senin) sampai 6 (Sabtu)').max(6, 'Hari 1 (Senin) sampai 6 (Sabtu)'),
  period: z.number().int().min(1, `Jam ke- 1-${MAX_PERIODS}`).max(MAX_PERIODS, `Jam ke- 1-${MAX_PERIODS}`),
  subjectId: id('Mapel'),
  employeeId: id('Guru'),
});
export type TimetableSlotInput = z.infer<typeof TimetableSlotInput>;
export const TimetableSlotUpdate = TimetableSlotInput.omit({ classGroupId: true, semester: true }).partial();
export type TimetableSlotUpdate = z.infer<typeof TimetableSlotUpdate>;

/** Filter of the timetable views; year and semester default to the active year and today's semester. */
export const TimetableQuery = z.object({
  unitId: id('Unit').optional(),
  academicYearId: id('Tahun pelajaran').optional(),
  semester: z.enum(SEMESTERS).optional(),
  classGroupId: id('Kelas').optional(),
  employeeId: id('Guru').optional(),
});
export type TimetableQuery = z.infer<typeof TimetableQuery>;

export const TimetableResponse = z.object({
  academicYearId: z.number().int(),
  semester: z.enum(SEMESTERS),
  items: z.array(TimetableSlot),
});
export type TimetableResponse = z.infer<typeof TimetableResponse>;

export const TeachingHours = z.object({
  employeeId: z.number().int(),
  teacherName: z.string(),
  nip: z.string(),
  /** lessons in the weekly timetable */
  scheduledPeriods: z.number().int(),
  /** JP per week of the teaching assignments */
  assignedHours: z.number().int(),
});
export const TeachingHoursResponse = z.object({
  academicYearId: z.number().int(),
  semester: z.enum(SEMESTERS),
  items: z.array(TeachingHours),
});
export type TeachingHoursResponse = z.infer<typeof TeachingHoursResponse>;
