import { z } from 'zod';
import { SEMESTERS } from '../domain/dates.ts';
import { dbId } from './common.ts';

/**
 * The rapor workflow (issue 40 §3): subject teachers submit, the homeroom watches the completeness board, reminds
 * and writes notes, the principal or WAKAKUR locks, reopens one student's subject (audited, the earlier version
 * kept) and publishes; the student reads their own published rapor, which marks it seen.
 */

export const RAPOR_STATUSES = ['DRAFT', 'LOCKED', 'PUBLISHED'] as const;
export type RaporStatus = (typeof RAPOR_STATUSES)[number];

const semester = z.enum(SEMESTERS, 'Semester harus GANJIL atau GENAP');
const stamp = z.string().nullable();

export const RaporWorkflowParams = z.object({ classGroupId: dbId('Kelas') });
export const RaporNoteParams = z.object({ classGroupId: dbId('Kelas'), studentId: dbId('Siswa') });
export const RaporSemesterInput = z.object({ semester });
export type RaporSemesterInput = z.infer<typeof RaporSemesterInput>;

export const RaporSubmitInput = z.object({ semester, subjectId: dbId('Mata pelajaran') });
export type RaporSubmitInput = z.infer<typeof RaporSubmitInput>;
export const RaporRemindInput = RaporSubmitInput;
export type RaporRemindInput = RaporSubmitInput;

export const RaporNoteInput = z.object({
  semester,
  text: z
    .string()
    .trim()
    .min(1, 'Catatan wali kelas wajib diisi')
    .max(1000, 'Catatan wali kelas paling banyak 1000 karakter'),
  /** the note on akhlak (character), printed on the pesantren page: left out keeps the saved one, null or '' clears it */
  akhlak: z.string().trim().max(1000, 'Catatan akhlak paling banyak 1000 karakter').nullable().optional(),
});
export type RaporNoteInput = z.infer<typeof RaporNoteInput>;

export const RaporReopenInput = z.object({
  semester,
  subjectId: dbId('Mata pelajaran'),
  studentId: dbId('Siswa'),
  reason: z.string().trim().min(1, 'Alasan membuka kembali wajib diisi').max(500, 'Alasan paling banyak 500 karakter'),
});
export type RaporReopenInput = z.infer<typeof RaporReopenInput>;

const StudentRef = z.object({ id: z.number().int(), name: z.string() });

export const RaporBoardSubject = z.object({
  subjectId: z.number().int(),
  name: z.string(),
  teacher: z.object({ employeeId: z.number().int(), name: z.string() }).nullable(),
  submittedAt: stamp,
  submittedBy: z.string().nullable(),
  missingScore: z.array(StudentRef),
  missingDescription: z.array(StudentRef),
  /** whether the caller teaches it in the class (may submit) */
  mine: z.boolean(),
});
export type RaporBoardSubject = z.infer<typeof RaporBoardSubject>;

export const RaporReopen = z.object({
  id: z.number().int(),
  subjectId: z.number().int(),
  subjectName: z.string(),
  studentId: z.number().int(),
  studentName: z.string(),
  previousScore: z.number().nullable(),
  previousDescription: z.string().nullable(),
  reason: z.string(),
  openedBy: z.string().nullable(),
  openedAt: z.string(),
  closedAt: stamp,
});
export type RaporReopen = z.infer<typeof RaporReopen>;

export const RaporBoard = z
  .object({
    classGroup: z.object({ id: z.number().int(), name: z.string() }),
    semester,
    status: z.enum(RAPOR_STATUSES),
    lockedAt: stamp,
    lockedBy: z.string().nullable(),
    publishedAt: stamp,
    publishedBy: z.string().nullable(),
    complete: z.boolean(),
    can: z.object({ note: z.boolean(), lock: z.boolean(), remind: z.boolean() }),
    subjects: z.array(RaporBoardSubject),
    students: z.array(
      z.object({
        id: z.number().int(),
        nis: z.string(),
        name: z.string(),
        note: z.string().nullable(),
        akhlak: z.string().nullable(),
        seenAt: stamp,
      }),
    ),
    reopens: z.array(RaporReopen),
  })
  .meta({ id: 'RaporBoard' });
export type RaporBoard = z.infer<typeof RaporBoard>;

export const RaporOk = z.object({ ok: z.literal(true) });
export const RaporRemindResult = z.object({ messages: z.number().int() });

/** The student's own published rapors ("Rapor saya"). */
export const MyRapors = z
  .object({
    items: z.array(
      z.object({
        classGroupId: z.number().int(),
        className: z.string(),
        semester,
        publishedAt: z.string(),
        seenAt: stamp,
      }),
    ),
  })
  .meta({ id: 'MyRapors' });
export type MyRapors = z.infer<typeof MyRapors>;
export const MyRaporQuery = z.object({ semester });

/** The subject teacher's own class-subjects of the active year with whether each is submitted for the rapor. */
export const MyRaporSubjects = z
  .object({
    items: z.array(
      z.object({
        classGroupId: z.number().int(),
        className: z.string(),
        subjectId: z.number().int(),
        subjectName: z.string(),
        submittedAt: stamp,
        status: z.enum(RAPOR_STATUSES),
      }),
    ),
  })
  .meta({ id: 'MyRaporSubjects' });
export type MyRaporSubjects = z.infer<typeof MyRaporSubjects>;
