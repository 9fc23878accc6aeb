import { z } from 'zod';
import { ATTENDANCE_CODES } from './attendance.ts';
import { SEMESTERS } from '../domain/dates.ts';
import { PageQuery, dbId } from './common.ts';

const id = dbId;
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

/** The class of a lesson on a date, to fill the journal's absences: the daily register's code and the lesson's. */
export const LessonRoster = z.object({
  timetableSlotId: z.number().int(),
  date: z.string(),
  classGroupId: z.number().int(),
  className: z.string(),
  subjectName: z.string(),
  period: z.number().int(),
  students: z.array(
    z.object({
      studentId: z.number().int(),
      nis: z.string(),
      name: z.string(),
      /** the homeroom register's code of the day, null if not taken */
      dailyCode: z.enum(ATTENDANCE_CODES).nullable(),
      /** the code of this lesson, null before the journal is written */
      lessonCode: z.enum(ATTENDANCE_CODES).nullable(),
    }),
  ),
});
export type LessonRoster = z.infer<typeof LessonRoster>;

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
  /** the school named the caller substitute for this lesson today */
  asSubstitute: z.boolean(),
});
export const TeacherToday = z.object({
  date: z.string(),
  /** today is a school day of the teacher's unit (the school calendar) */
  schoolDay: z.boolean(),
  /** the caller is the homeroom teacher (wali kelas) of a class this year: only then the register reminder shows */
  homeroom: z.boolean(),
  lessons: z.array(TeacherLessonToday),
  /** the classes the teacher leads whose daily register is not taken yet */
  homeroomRegistersOpen: z.array(z.object({ classGroupId: z.number().int(), className: z.string() })),
});
export type TeacherToday = z.infer<typeof TeacherToday>;

// ---------- substitute teachers (guru pengganti) ----------

/** The principal, WAKAKUR or admin names who stands in for the scheduled teacher of a lesson on a date. */
export const SubstituteInput = z.object({
  employeeId: id('Guru pengganti'),
  note: optionalText('Catatan', 500),
});
export type SubstituteInput = z.infer<typeof SubstituteInput>;

export const LessonSubstitute = z
  .object({
    timetableSlotId: z.number().int(),
    date: z.string(),
    unitId: z.number().int(),
    classGroupId: z.number().int(),
    className: z.string(),
    subjectName: z.string(),
    period: z.number().int(),
    teacherEmployeeId: z.number().int(),
    teacherName: z.string(),
    substituteEmployeeId: z.number().int(),
    substituteName: z.string(),
    note: z.string().nullable(),
    journalWritten: z.boolean(),
  })
  .meta({ id: 'LessonSubstitute' });
export type LessonSubstitute = z.infer<typeof LessonSubstitute>;

export const SubstitutesQuery = z
  .object({
    from: isoDate('Dari tanggal'),
    to: isoDate('Sampai tanggal'),
    unitId: id('Unit').optional(),
  })
  .refine((q) => q.from <= q.to, { message: 'Tanggal awal harus sebelum tanggal akhir', path: ['to'] });
export type SubstitutesQuery = z.infer<typeof SubstitutesQuery>;

// ---------- subject material ----------

export const MaterialAttachment = z.object({
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  url: z.string(),
});
/** At most this many files per material (JPG, PNG or PDF, each within the upload limit). */
export const MATERIAL_MAX_ATTACHMENTS = 5;
export const MaterialAttachmentParams = z.object({
  id: dbId('Materi'),
  index: z.coerce.number().int().min(0).max(99),
});

export const SubjectMaterial = z
  .object({
    id: z.number().int(),
    unitId: z.number().int(),
    subjectId: z.number().int(),
    subjectName: z.string(),
    gradeId: z.number().int(),
    gradeName: z.string(),
    semester: z.enum(SEMESTERS),
    title: z.string(),
    body: z.string().nullable(),
    sortOrder: z.number().int(),
    attachments: z.array(MaterialAttachment),
    authorUserId: z.number().int().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'SubjectMaterial' });
export type SubjectMaterial = z.infer<typeof SubjectMaterial>;

/** A subject and grade the caller may write material for: the material form offers only these. */
export const MaterialChoice = z
  .object({ subjectId: z.number().int(), subjectName: z.string(), gradeId: z.number().int(), gradeName: z.string() })
  .meta({ id: 'MaterialChoice' });
export type MaterialChoice = z.infer<typeof MaterialChoice>;
export const MaterialChoices = z.object({ items: z.array(MaterialChoice) });
export type MaterialChoices = z.infer<typeof MaterialChoices>;
export const MaterialChoicesQuery = z.object({ unitId: id('Unit').optional() });

export const SubjectMaterialInput = z.object({
  subjectId: id('Mapel'),
  gradeId: id('Tingkat'),
  semester: z.enum(SEMESTERS, 'Pilih semester Ganjil atau Genap'),
  title: z.string().trim().min(1, 'Judul wajib diisi').max(200, 'Judul maksimal 200 karakter'),
  body: z.string().trim().max(50_000, 'Isi maksimal 50.000 karakter').nullable().optional(),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
});
export type SubjectMaterialInput = z.infer<typeof SubjectMaterialInput>;
export const SubjectMaterialUpdate = SubjectMaterialInput.omit({ subjectId: true, gradeId: true }).partial();
export type SubjectMaterialUpdate = z.infer<typeof SubjectMaterialUpdate>;

export const MaterialsQuery = PageQuery.extend({
  unitId: id('Unit').optional(),
  subjectId: id('Mapel').optional(),
  gradeId: id('Tingkat').optional(),
  semester: z.enum(SEMESTERS).optional(),
});
export type MaterialsQuery = z.infer<typeof MaterialsQuery>;

// ---------- class control (kontrol kelas) ----------

export const ClassControlVisit = z
  .object({
    id: z.number().int(),
    classGroupId: z.number().int(),
    className: z.string(),
    unitId: z.number().int(),
    date: z.string(),
    period: z.number().int(),
    teacherPresent: z.boolean(),
    notes: z.string().nullable(),
    principalUserId: z.number().int().nullable(),
    principalName: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ClassControlVisit' });
export type ClassControlVisit = z.infer<typeof ClassControlVisit>;

export const ClassControlInput = z.object({
  classGroupId: id('Kelas'),
  date: isoDate('Tanggal'),
  period: z.number().int().min(1, 'Jam ke- 1-16').max(16, 'Jam ke- 1-16'),
  teacherPresent: z.boolean('Isi apakah guru ada di kelas'),
  notes: optionalText('Catatan'),
});
export type ClassControlInput = z.infer<typeof ClassControlInput>;

export const ClassControlQuery = PageQuery.extend({
  from: isoDate('Dari tanggal').optional(),
  to: isoDate('Sampai tanggal').optional(),
  unitId: id('Unit').optional(),
  classGroupId: id('Kelas').optional(),
});
export type ClassControlQuery = z.infer<typeof ClassControlQuery>;
