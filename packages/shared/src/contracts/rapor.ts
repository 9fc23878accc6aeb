import { z } from 'zod';
import { SEMESTERS } from '../domain/dates.ts';
import { dbId } from './common.ts';
import { EXTRACURRICULAR_PREDICATES } from './extracurricular.ts';
import { PROMOTION_DECISIONS } from './promotion.ts';

/** The report card (rapor) of a student and semester, read-only (issue 40 §2); the submit and lock come later. */

export const RaporQuery = z.object({
  /** left out: the semester of today in the active year */
  semester: z.enum(SEMESTERS, 'Semester harus GANJIL atau GENAP').optional(),
  /** a student's rapor in this class (a past year's: the class names the year); left out: the active year's class */
  classGroupId: dbId('Kelas').optional(),
});
export type RaporQuery = z.infer<typeof RaporQuery>;

/** The classes whose rapors the caller may open, of a school year (left out: the active one). */
export const RaporClassesQuery = z.object({ academicYearId: dbId('Tahun pelajaran').optional() });
export type RaporClassesQuery = z.infer<typeof RaporClassesQuery>;

export const RaporStudentParams = z.object({ studentId: dbId('Siswa') });
export const RaporClassParams = z.object({ classGroupId: dbId('Kelas') });

const nullableText = z.string().nullable();

export const RaporSubject = z.object({
  subjectId: z.number().int(),
  name: z.string(),
  /** the final score of the semester (null: nothing scored yet) */
  final: z.number().nullable(),
  kkm: z.number().nullable(),
  /** capaian kompetensi: empty until the description draft is built */
  description: z.string(),
});
export type RaporSubject = z.infer<typeof RaporSubject>;

export const RaporP5Project = z.object({
  id: z.number().int(),
  theme: z.string(),
  title: z.string(),
  note: nullableText,
  /** per dimension its grade (BB, MB, BSH, SB) or null */
  grades: z.record(z.string(), z.string().nullable()),
});

export const RaporAttendanceCounts = z.object({
  schoolDays: z.number().int(),
  present: z.number().int(),
  sick: z.number().int(),
  permitted: z.number().int(),
  absent: z.number().int(),
  notRecorded: z.number().int(),
});

export const RaporPesantren = z.object({
  btq: z.object({
    method: nullableText,
    /** READING (jilid, pages) or TAHFIDZ (juz, surah and ayat) */
    methodKind: nullableText,
    level: nullableText,
    levelSince: nullableText,
    group: nullableText,
    teacher: nullableText,
    /** progress entries recorded in the semester */
    entries: z.number().int(),
    lastEntryDate: nullableText,
    /** the last entry, e.g. "hal. 12" or "QS 78:40" */
    lastEntry: nullableText,
  }),
  /** hafalan: the last surah and ayat reached by a tahfidz entry in the semester, when MMS has one */
  tahfidz: z
    .object({ juz: z.number().int().nullable(), surah: z.number().int().nullable(), ayat: z.number().int().nullable() })
    .nullable(),
  prayer: z.object({
    congregation: z.number().int(),
    late: z.number().int(),
    excused: z.number().int(),
    missed: z.number().int(),
    /**
     * berjamaah of the dzuhur and ashar recorded, without the excused ones, in percent, unrounded (null: none); the
     * rapor prints it to the unit's decimals (raporScoreText)
     */
    rate: z.number().nullable(),
  }),
  discipline: z.object({
    balance: z.number().int(),
    violations: z.number().int(),
    achievements: z.number().int(),
    openSanctions: z.number().int(),
    recent: z.array(
      z.object({
        date: z.string(),
        kind: z.enum(['VIOLATION', 'ACHIEVEMENT']),
        title: z.string(),
        points: z.number().int().nullable(),
      }),
    ),
  }),
  /** the homeroom's note on akhlak (character), saved with the homeroom note on the board; null: none */
  akhlakNote: nullableText,
});

export const Rapor = z
  .object({
    student: z.object({
      id: z.number().int(),
      name: z.string(),
      nis: z.string(),
      nisn: nullableText,
    }),
    classGroup: z.object({ id: z.number().int(), name: z.string(), gradeLevel: z.number().int() }),
    fase: z.enum(['A', 'B', 'C', 'D']),
    semester: z.enum(SEMESTERS),
    schoolYear: z.string(),
    from: z.string(),
    to: z.string(),
    school: z.object({
      foundationName: z.string(),
      name: z.string(),
      npsn: nullableText,
      address: nullableText,
      phone: nullableText,
      email: nullableText,
      logoUrl: nullableText,
    }),
    subjects: z.array(RaporSubject),
    /** how many decimals its scores and percentages print with (the unit's grade rules of the year; 0: whole) */
    raporDecimals: z.number().int(),
    /**
     * the activities the student took part in with the predicate (SB/B/C/K, labels EXTRACURRICULAR_PREDICATE_LABELS)
     * and note their coach saved for the semester (modules/extracurricular), by name; an ungraded one is left out
     */
    extracurriculars: z.array(
      z.object({ name: z.string(), predicate: z.enum(EXTRACURRICULAR_PREDICATES), note: z.string() }),
    ),
    p5: z.array(RaporP5Project),
    attendance: RaporAttendanceCounts,
    pesantren: RaporPesantren,
    /** the homeroom's note: empty until the homeroom page is built */
    homeroomNote: z.string(),
    /**
     * the year-end decision of the unit's promotion run (modules/promotion), on the second semester's rapor only: null
     * in GANJIL or while the student has none; the class of the new year by name (RETAIN: the target, else the current
     * class; GRADUATE: null), printed as "Naik ke kelas 8A" / "Tinggal di kelas 7A" / "Lulus" (RAPOR_LABELS.promotion)
     */
    promotion: z.object({ kind: z.enum(PROMOTION_DECISIONS), className: nullableText }).nullable(),
    signatures: z.object({
      place: nullableText,
      date: z.string(),
      homeroom: nullableText,
      principal: nullableText,
      principalNip: nullableText,
    }),
  })
  .meta({ id: 'Rapor' });
export type Rapor = z.infer<typeof Rapor>;

/** The students of a class whose rapor the caller may open, in the class PDF's order. */
export const RaporClass = z
  .object({
    classGroup: z.object({ id: z.number().int(), name: z.string() }),
    semester: z.enum(SEMESTERS),
    students: z.array(z.object({ id: z.number().int(), nis: z.string(), name: z.string() })),
  })
  .meta({ id: 'RaporClass' });
export type RaporClass = z.infer<typeof RaporClass>;

/** The classes whose rapor the caller may open (the homeroom's own, a leader's whole unit). */
export const RaporClasses = z
  .object({ items: z.array(z.object({ id: z.number().int(), name: z.string() })) })
  .meta({ id: 'RaporClasses' });
export type RaporClasses = z.infer<typeof RaporClasses>;
