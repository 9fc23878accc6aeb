import { z } from 'zod';
import { ATTENDANCE_CODES } from './attendance.ts';
import { PageQuery } from './common.ts';

const id = (label: string) => z.coerce.number().int(`${label} tidak valid`).positive(`${label} tidak valid`);
const isoDate = (label: string) => z.iso.date(`${label} harus berupa tanggal YYYY-MM-DD`);
const optionalText = (label: string, max = 2000) =>
  z.string().trim().max(max, `${label} maksimal ${max} karakter`).nullable().optional();

export const JournalParams = z.object({ slotId: id('Jadwal'), date: isoDate('Tanggal') });
export type JournalParams = z.infer<typeof JournalParams>;

export const JournalAbsence = z.object({
  studentId: id('Siswa'),
  /** an absent student is S, I or A; H is the default of everyone not listed */
  code: z.enum(['S', 'I', 'A'], 'Kode ketidakhadiran S, I atau A'),
});

/** Writing the journal of a lesson again edits it (one journal per slot per date). */
export const JournalInput = z.object({
  topic: z.string().trim().min(1, 'Materi/topik wajib diisi').max(500, 'Topik maksimal 500 karakter'),
  objective: optionalText('Tujuan pembelajaran'),
  notes: optionalText('Catatan'),
  absences: z.array(JournalAbsence).max(200).default([]),
  /** the teacher standing in for the scheduled one */
  substituteEmployeeId: id('Guru pengganti').nullable().optional(),
});
export type JournalInput = z.infer<typeof JournalInput>;

export const ClassJournal = z
  .object({
    id: z.number().int(),
    timetableSlotId: z.number().int(),
    date: z.string(),
    classGroupId: z.number().int(),
    className: z.string(),
    subjectId: z.number().int(),
    subjectName: z.string(),
    period: z.number().int(),
    teacherEmployeeId: z.number().int(),
    teacherName: z.string(),
    substituteEmployeeId: z.number().int().nullable(),
    substituteName: z.string().nullable(),
    topic: z.string(),
    objective: z.string().nullable(),
    notes: z.string().nullable(),
    absences: z.array(
      z.object({ studentId: z.number().int(), nis: z.string(), name: z.string(), code: z.enum(ATTENDANCE_CODES) }),
    ),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ClassJournal' });
export type ClassJournal = z.infer<typeof ClassJournal>;

export const JournalSummary = ClassJournal.omit({ absences: true }).extend({ absentCount: z.number().int() });
export type JournalSummary = z.infer<typeof JournalSummary>;

export const JournalsQuery = PageQuery.extend({
  from: isoDate('Dari tanggal').optional(),
  to: isoDate('Sampai tanggal').optional(),
  classGroupId: id('Kelas').optional(),
  /** only lessons the caller teaches or stood in for */
  mine: z.stringbool().optional(),
});
export type JournalsQuery = z.infer<typeof JournalsQuery>;

/** A lesson of the teacher's day and what is still to fill. */
export const TeacherLessonToday = z.object({
  timetableSlotId: z.number().int(),
  classGroupId: z.number().int(),
  className: z.string(),
  subjectName: z.string(),
  period: z.number().int(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  journalFilled: z.boolean(),
});
export const TeacherToday = z.object({
  date: z.string(),
  lessons: z.array(TeacherLessonToday),
  /** the classes the teacher leads whose daily register is not taken yet */
  homeroomRegistersOpen: z.array(z.object({ classGroupId: z.number().int(), className: z.string() })),
});
export type TeacherToday = z.infer<typeof TeacherToday>;
