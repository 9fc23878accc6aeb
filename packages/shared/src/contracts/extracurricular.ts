import { z } from 'zod';
import { SEMESTERS } from '../domain/dates.ts';
import type { LocalText } from '../domain/menu.ts';
import { dbId, pageOf, PageQuery } from './common.ts';

/**
 * Ekstrakurikuler (issue 40 §2; docs/extracurricular.md): the activities of a unit in a school year, each with its
 * coach (pembina) and members, and per semester a member's predicate and note, which the rapor prints.
 */

/** The rapor's predicates of an extracurricular, stored as their codes. */
export const EXTRACURRICULAR_PREDICATES = ['SB', 'B', 'C', 'K'] as const;
export type ExtracurricularPredicate = (typeof EXTRACURRICULAR_PREDICATES)[number];

export const EXTRACURRICULAR_PREDICATE_LABELS: Record<ExtracurricularPredicate, LocalText> = {
  SB: { id: 'Sangat Baik', en: 'Very good' },
  B: { id: 'Baik', en: 'Good' },
  C: { id: 'Cukup', en: 'Fair' },
  K: { id: 'Kurang', en: 'Poor' },
};

const name = z
  .string('Nama kegiatan wajib diisi')
  .trim()
  .min(1, 'Nama kegiatan wajib diisi')
  .max(100, 'Nama kegiatan maksimal 100 karakter');
const schedule = z
  .string()
  .trim()
  .max(200, 'Jadwal maksimal 200 karakter')
  .nullable()
  .transform((v) => (v === '' ? null : v));
const note = z.string('Keterangan tidak valid').trim().max(500, 'Keterangan maksimal 500 karakter');

export const ExtracurricularQuery = PageQuery.extend({
  unitId: dbId('Unit').optional(),
  /** the school year; the active one when absent */
  academicYearId: dbId('Tahun pelajaran').optional(),
});
export type ExtracurricularQuery = z.infer<typeof ExtracurricularQuery>;

export const ExtracurricularInput = z.object({
  /** the caller's own unit when absent */
  unitId: dbId('Unit').optional(),
  /** the active school year when absent */
  academicYearId: dbId('Tahun pelajaran').optional(),
  name,
  coachEmployeeId: dbId('Pembina'),
  schedule: schedule.optional(),
});
export type ExtracurricularInput = z.infer<typeof ExtracurricularInput>;

export const ExtracurricularUpdate = z
  .object({ name, coachEmployeeId: dbId('Pembina'), schedule })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Tidak ada yang diubah');
export type ExtracurricularUpdate = z.infer<typeof ExtracurricularUpdate>;

export const Extracurricular = z.object({
  id: z.number(),
  unitId: z.number(),
  academicYearId: z.number(),
  academicYearName: z.string(),
  name: z.string(),
  coachEmployeeId: z.number(),
  coachName: z.string(),
  schedule: z.string().nullable(),
  memberCount: z.number(),
  /** whether the caller may grade its members (its coach, or the unit's WAKAKUR and ADMIN) */
  canGrade: z.boolean(),
});
export type Extracurricular = z.infer<typeof Extracurricular>;

export const ExtracurricularList = pageOf(Extracurricular);
export type ExtracurricularList = z.infer<typeof ExtracurricularList>;

export const ExtracurricularMembersQuery = z.object({ semester: z.enum(SEMESTERS, 'Semester tidak valid') });
export type ExtracurricularMembersQuery = z.infer<typeof ExtracurricularMembersQuery>;

export const ExtracurricularMember = z.object({
  studentId: z.number(),
  nis: z.string(),
  name: z.string(),
  /** the student's class in the activity's school year */
  className: z.string().nullable(),
  predicate: z.enum(EXTRACURRICULAR_PREDICATES).nullable(),
  note: z.string(),
});
export type ExtracurricularMember = z.infer<typeof ExtracurricularMember>;

/** An activity's members with their predicate and note of a semester, by name. */
export const ExtracurricularMembers = z.object({
  activity: Extracurricular,
  semester: z.enum(SEMESTERS),
  members: z.array(ExtracurricularMember),
});
export type ExtracurricularMembers = z.infer<typeof ExtracurricularMembers>;

export const ExtracurricularMembersInput = z.object({
  studentIds: z
    .array(dbId('Siswa'), 'Pilih siswa')
    .min(1, 'Pilih minimal satu siswa')
    .max(200, 'Maksimal 200 siswa sekaligus'),
});
export type ExtracurricularMembersInput = z.infer<typeof ExtracurricularMembersInput>;

/** How many of the students became members (those who already were are left as they are). */
export const ExtracurricularMembersAdded = z.object({ added: z.number() });

export const ExtracurricularMemberParams = z.object({ id: dbId(), studentId: dbId('Siswa') });

/**
 * The predicates and notes of a semester for some members, saved all at once or not at all. A row without a
 * predicate clears the member's grade (its note must then be empty).
 */
export const ExtracurricularGradesInput = z.object({
  semester: z.enum(SEMESTERS, 'Semester tidak valid'),
  grades: z
    .array(
      z
        .object({
          studentId: dbId('Siswa'),
          predicate: z.enum(EXTRACURRICULAR_PREDICATES, 'Predikat tidak valid').nullable(),
          note,
        })
        .refine((g) => g.predicate !== null || g.note === '', {
          message: 'Pilih predikat untuk keterangan ini',
          path: ['predicate'],
        }),
      'Daftar nilai tidak valid',
    )
    .min(1, 'Tidak ada nilai yang disimpan')
    .max(500, 'Maksimal 500 siswa sekaligus')
    .refine((g) => new Set(g.map((x) => x.studentId)).size === g.length, 'Siswa tercantum lebih dari sekali'),
});
export type ExtracurricularGradesInput = z.infer<typeof ExtracurricularGradesInput>;
