import { z } from 'zod';
import { SEMESTERS } from '../domain/dates.ts';
import { PageQuery, dbId } from './common.ts';

/**
 * P5, Projek Penguatan Profil Pelajar Pancasila (issue 12): a project of a grade's classes in a semester, assessed
 * per student on the dimensions of the Pancasila student profile it chose, with a descriptive grade and notes.
 */

/** The six dimensions of the Profil Pelajar Pancasila. */
export const P5_DIMENSIONS = [
  'BERIMAN',
  'BERKEBINEKAAN',
  'GOTONG_ROYONG',
  'MANDIRI',
  'BERNALAR_KRITIS',
  'KREATIF',
] as const;
export type P5Dimension = (typeof P5_DIMENSIONS)[number];

export const P5_DIMENSION_LABELS: Record<P5Dimension, { id: string; en: string }> = {
  BERIMAN: {
    id: 'Beriman, bertakwa kepada Tuhan YME, dan berakhlak mulia',
    en: 'Faith, devotion to God and noble character',
  },
  BERKEBINEKAAN: { id: 'Berkebinekaan global', en: 'Global diversity' },
  GOTONG_ROYONG: { id: 'Bergotong royong', en: 'Mutual cooperation' },
  MANDIRI: { id: 'Mandiri', en: 'Independence' },
  BERNALAR_KRITIS: { id: 'Bernalar kritis', en: 'Critical reasoning' },
  KREATIF: { id: 'Kreatif', en: 'Creativity' },
};

/** The descriptive grades, lowest first: mulai berkembang, sedang berkembang, berkembang sesuai harapan, sangat berkembang. */
export const P5_GRADES = ['MB', 'SB', 'BSH', 'SAB'] as const;
export type P5Grade = (typeof P5_GRADES)[number];

export const P5_GRADE_LABELS: Record<P5Grade, { id: string; en: string }> = {
  MB: { id: 'Mulai berkembang', en: 'Beginning' },
  SB: { id: 'Sedang berkembang', en: 'Developing' },
  BSH: { id: 'Berkembang sesuai harapan', en: 'As expected' },
  SAB: { id: 'Sangat berkembang', en: 'Very well developed' },
};

/** The themes of P5 in the Kurikulum Merdeka, offered as suggestions (a school may write its own). */
export const P5_THEMES = [
  'Gaya Hidup Berkelanjutan',
  'Kearifan Lokal',
  'Bhinneka Tunggal Ika',
  'Bangunlah Jiwa dan Raganya',
  'Suara Demokrasi',
  'Rekayasa dan Teknologi',
  'Kewirausahaan',
  'Kebekerjaan',
] as const;

export const P5ProjectInput = z.object({
  gradeId: dbId('Tingkat'),
  semester: z.enum(SEMESTERS, 'Pilih semester Ganjil atau Genap'),
  theme: z.string().trim().min(1, 'Tema wajib diisi').max(100, 'Tema maksimal 100 karakter'),
  title: z.string().trim().min(1, 'Judul projek wajib diisi').max(150, 'Judul projek maksimal 150 karakter'),
  description: z.string().trim().max(2000, 'Deskripsi maksimal 2000 karakter').nullable().default(null),
  dimensions: z
    .array(z.enum(P5_DIMENSIONS, 'Dimensi tidak dikenal'))
    .min(1, 'Pilih minimal satu dimensi')
    .max(6, 'Pilih minimal satu dimensi')
    .refine((d) => new Set(d).size === d.length, 'Dimensi tidak boleh sama'),
});
export type P5ProjectInput = z.infer<typeof P5ProjectInput>;

export const P5Project = z.object({
  id: z.number(),
  unitId: z.number(),
  gradeId: z.number(),
  gradeName: z.string(),
  semester: z.enum(SEMESTERS),
  theme: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  dimensions: z.array(z.enum(P5_DIMENSIONS)),
  /** students with at least one grade, of the grade's students */
  graded: z.number(),
  students: z.number(),
});
export type P5Project = z.infer<typeof P5Project>;

export const P5ProjectsQuery = PageQuery.extend({
  unitId: dbId('Unit').optional(),
  semester: z.enum(SEMESTERS).optional(),
  gradeId: dbId('Tingkat').optional(),
});
export type P5ProjectsQuery = z.infer<typeof P5ProjectsQuery>;

/** The class to grade; none: the first class of the project's grade. */
export const P5SheetQuery = z.object({ classGroupId: dbId('Kelas').optional() });
export type P5SheetQuery = z.infer<typeof P5SheetQuery>;

/** The grading sheet of a project in one class: a row per student, a grade per chosen dimension, and a note. */
export const P5Sheet = z.object({
  project: P5Project,
  classGroup: z.object({ id: z.number(), name: z.string() }),
  /** the classes of the project's grade, to switch between */
  classes: z.array(z.object({ id: z.number(), name: z.string() })),
  rows: z.array(
    z.object({
      studentId: z.number(),
      nis: z.string(),
      name: z.string(),
      grades: z.partialRecord(z.enum(P5_DIMENSIONS), z.enum(P5_GRADES).nullable()),
      note: z.string().nullable(),
    }),
  ),
});
export type P5Sheet = z.infer<typeof P5Sheet>;

export const P5GradesInput = z.object({
  classGroupId: dbId('Kelas'),
  rows: z
    .array(
      z.object({
        studentId: dbId('Siswa'),
        grades: z.partialRecord(
          z.enum(P5_DIMENSIONS, 'Dimensi tidak dikenal'),
          z.enum(P5_GRADES, 'Pilih MB, SB, BSH atau SAB').nullable(),
        ),
        note: z.string().trim().max(1000, 'Catatan maksimal 1000 karakter').nullable(),
      }),
    )
    .min(1, 'Tidak ada nilai yang disimpan')
    .max(200, 'Maksimal 200 siswa sekali simpan'),
});
export type P5GradesInput = z.infer<typeof P5GradesInput>;

/** A student's own P5 projects of the active year, with their grades and note. */
export const MyP5 = z.object({
  projects: z.array(
    z.object({
      id: z.number(),
      semester: z.enum(SEMESTERS),
      theme: z.string(),
      title: z.string(),
      grades: z.partialRecord(z.enum(P5_DIMENSIONS), z.enum(P5_GRADES).nullable()),
      note: z.string().nullable(),
    }),
  ),
});
export type MyP5 = z.infer<typeof MyP5>;
