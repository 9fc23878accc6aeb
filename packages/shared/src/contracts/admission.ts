import { z } from 'zod';
import { APPLICANT_DOCUMENT_KINDS, APPLICANT_STATES, DOCUMENT_CHECKS } from '../domain/admission.ts';
import { dbId, PageQuery, pageOf } from './common.ts';

// New-student admission (issue 17): waves, the applicant's form (public and staff), documents, the staff's
// list, checks, state moves and re-registration. The selection test has its own contracts.

const isoDate = (label: string) => z.iso.date(`${label} harus berupa tanggal YYYY-MM-DD`);
const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} paling banyak ${max} karakter`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();
const stamp = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} tidak valid` })
    .nullable()
    .optional();

/** An Indonesian phone number as people type it: 08…, +62…, spaces and dashes forgiven; 9 to 15 digits. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 -]{7,18}[0-9]$/;
const phone = (label: string) =>
  z
    .string()
    .trim()
    .max(20, `${label} paling banyak 20 karakter`)
    .refine((v) => v === '' || PHONE_PATTERN.test(v), `${label} tidak valid (contoh: 0812 3456 7890)`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

export const WaveInput = z
  .object({
    unitId: dbId('Unit').optional(),
    academicYearId: dbId('Tahun pelajaran'),
    gradeId: dbId('Tingkat'),
    name: z.string().trim().min(1, 'Nama gelombang wajib diisi').max(60, 'Nama gelombang paling banyak 60 karakter'),
    opensOn: isoDate('Tanggal buka'),
    closesOn: isoDate('Tanggal tutup'),
    quota: z.coerce
      .number()
      .int('Kuota harus bilangan bulat')
      .min(1, 'Kuota minimal 1')
      .max(10000, 'Kuota maksimal 10000'),
    registrationFee: z.coerce.number().int('Biaya harus rupiah bulat').min(0, 'Biaya tidak boleh negatif').max(1e9),
    entryFee: z.coerce
      .number()
      .int('Uang pangkal harus rupiah bulat')
      .min(0, 'Uang pangkal tidak boleh negatif')
      .max(1e10),
    entryFeeComponentId: dbId('Komponen uang pangkal').nullable().optional(),
    testOpensAt: stamp('Mulai tes'),
    testClosesAt: stamp('Selesai tes'),
    testDurationMinutes: z.coerce.number().int().min(1, 'Durasi minimal 1 menit').max(600, 'Durasi maksimal 600 menit'),
    testQuestionCount: z.coerce.number().int().min(1, 'Jumlah soal minimal 1').max(200, 'Jumlah soal maksimal 200'),
    announceAt: stamp('Waktu pengumuman'),
    isActive: z.boolean().default(true),
    /** jalur internal: the foundation's own graduates, accepted without the selection test, not on the public form */
    internal: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.closesOn < v.opensOn)
      ctx.addIssue({ code: 'custom', path: ['closesOn'], message: 'Tanggal tutup harus setelah tanggal buka' });
    if (v.testOpensAt && v.testClosesAt && Date.parse(v.testClosesAt) <= Date.parse(v.testOpensAt))
      ctx.addIssue({ code: 'custom', path: ['testClosesAt'], message: 'Selesai tes harus setelah mulai tes' });
    if (v.entryFee > 0 && !v.entryFeeComponentId)
      ctx.addIssue({
        code: 'custom',
        path: ['entryFeeComponentId'],
        message: 'Pilih komponen pembayaran untuk uang pangkal',
      });
  });
export type WaveInput = z.infer<typeof WaveInput>;

export const Wave = z.object({
  id: z.number().int(),
  unitId: z.number().int(),
  unitName: z.string(),
  unitCode: z.string(),
  academicYearId: z.number().int(),
  academicYearName: z.string(),
  gradeId: z.number().int(),
  gradeName: z.string(),
  gradeLevel: z.number().int(),
  name: z.string(),
  opensOn: z.string(),
  closesOn: z.string(),
  quota: z.number().int(),
  registrationFee: z.number().int(),
  entryFee: z.number().int(),
  entryFeeComponentId: z.number().int().nullable(),
  testOpensAt: z.string().nullable(),
  testClosesAt: z.string().nullable(),
  testDurationMinutes: z.number().int(),
  testQuestionCount: z.number().int(),
  announceAt: z.string().nullable(),
  isActive: z.boolean(),
  internal: z.boolean(),
  isOpen: z.boolean(),
  applicantCount: z.number().int(),
});
export type Wave = z.infer<typeof Wave>;
export const WaveList = z.object({ items: z.array(Wave) });
export type WaveList = z.infer<typeof WaveList>;
export const WaveQuery = z.object({
  unitId: dbId('Unit').optional(),
  academicYearId: dbId('Tahun pelajaran').optional(),
});
export type WaveQuery = z.infer<typeof WaveQuery>;

/** An open wave as the public form offers it. */
export const OpenWave = z.object({
  id: z.number().int(),
  unitName: z.string(),
  name: z.string(),
  gradeName: z.string(),
  academicYearName: z.string(),
  opensOn: z.string(),
  closesOn: z.string(),
  registrationFee: z.number().int(),
});
export type OpenWave = z.infer<typeof OpenWave>;
export const OpenWaveList = z.object({ items: z.array(OpenWave) });

const personName = (label: string) =>
  z.string().trim().min(2, `${label} wajib diisi (minimal 2 huruf)`).max(100, `${label} paling banyak 100 karakter`);

/** Step 1 of the public form: who, born when, a phone to reach the parents. */
export const RegisterStartInput = z.object({
  waveId: dbId('Gelombang'),
  name: personName('Nama calon siswa'),
  birthDate: isoDate('Tanggal lahir'),
  phone: z.string().trim().regex(PHONE_PATTERN, 'Nomor HP tidak valid (contoh: 0812 3456 7890)'),
});
export type RegisterStartInput = z.infer<typeof RegisterStartInput>;

export const RegisterStartResponse = z.object({
  applicant: z.object({ id: z.number().int(), regNo: z.string(), name: z.string(), state: z.enum(APPLICANT_STATES) }),
  /** shown once: only its hash is kept */
  pin: z.string(),
  csrfToken: z.string(),
});
export type RegisterStartResponse = z.infer<typeof RegisterStartResponse>;

/** The full form (saved as a draft many times; every field but the name may still be empty). */
export const ApplicantForm = z.object({
  name: personName('Nama calon siswa'),
  gender: z.enum(['L', 'P'], 'Pilih jenis kelamin').nullable().optional(),
  nik: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{16}$/.test(v), 'NIK terdiri dari 16 angka')
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  nisn: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{10}$/.test(v), 'NISN terdiri dari 10 angka')
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  birthPlace: text('Tempat lahir', 60),
  birthDate: isoDate('Tanggal lahir').nullable().optional(),
  religion: text('Agama', 30),
  address: text('Alamat', 300),
  phone: phone('Nomor HP'),
  email: z
    .string()
    .trim()
    .max(120)
    .refine((v) => v === '' || z.email().safeParse(v).success, 'Email tidak valid')
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  boarding: z.enum(['MUKIM', 'NON_MUKIM'], 'Pilih mukim atau tidak').nullable().optional(),
  program: text('Program', 60),
  fatherName: text('Nama ayah', 100),
  fatherPhone: phone('HP ayah'),
  fatherJob: text('Pekerjaan ayah', 60),
  motherName: text('Nama ibu', 100),
  motherPhone: phone('HP ibu'),
  motherJob: text('Pekerjaan ibu', 60),
  guardianName: text('Nama wali', 100),
  guardianPhone: phone('HP wali'),
  guardianRelation: text('Hubungan wali', 40),
  previousSchool: text('Sekolah asal', 120),
  previousSchoolNpsn: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{8}$/.test(v), 'NPSN terdiri dari 8 angka')
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  notes: text('Catatan', 500),
});
export type ApplicantForm = z.infer<typeof ApplicantForm>;
export type ApplicantFormInput = z.input<typeof ApplicantForm>;

/** Staff enter an applicant: the wave and the form; it is REGISTERED at once. */
export const StaffApplicantInput = ApplicantForm.extend({ waveId: dbId('Gelombang') });
export type StaffApplicantInput = z.infer<typeof StaffApplicantInput>;

export const ApplicantDocument = z.object({
  id: z.number().int(),
  kind: z.enum(APPLICANT_DOCUMENT_KINDS),
  mime: z.string(),
  size: z.number().int(),
  originalName: z.string().nullable(),
  check: z.enum(DOCUMENT_CHECKS),
  checkNote: z.string().nullable(),
  checkedAt: z.string().nullable(),
  uploadedAt: z.string(),
});
export type ApplicantDocument = z.infer<typeof ApplicantDocument>;

export const ApplicantEvent = z.object({
  at: z.string(),
  fromState: z.enum(APPLICANT_STATES).nullable(),
  toState: z.enum(APPLICANT_STATES),
  note: z.string().nullable(),
  byName: z.string().nullable(),
});

const formFields = ApplicantForm.shape;
export const ApplicantDetail = z.object({
  id: z.number().int(),
  regNo: z.string(),
  state: z.enum(APPLICANT_STATES),
  waveId: z.number().int(),
  waveName: z.string(),
  unitId: z.number().int(),
  unitName: z.string(),
  /** the wave's grade and year: re-registration enrols in a class of these */
  gradeId: z.number().int(),
  gradeName: z.string(),
  academicYearId: z.number().int(),
  academicYearName: z.string(),
  registeredAt: z.string().nullable(),
  studentId: z.number().int().nullable(),
  classGroupId: z.number().int().nullable(),
  name: z.string(),
  ...Object.fromEntries(
    Object.keys(formFields)
      .filter((k) => k !== 'name')
      .map((k) => [k, z.string().nullable()]),
  ),
  documents: z.array(ApplicantDocument),
  events: z.array(ApplicantEvent),
}) as unknown as z.ZodType<ApplicantDetail>;
export interface ApplicantDetail {
  id: number;
  regNo: string;
  state: (typeof APPLICANT_STATES)[number];
  waveId: number;
  waveName: string;
  unitId: number;
  unitName: string;
  gradeId: number;
  gradeName: string;
  academicYearId: number;
  academicYearName: string;
  registeredAt: string | null;
  studentId: number | null;
  classGroupId: number | null;
  name: string;
  gender: 'L' | 'P' | null;
  nik: string | null;
  nisn: string | null;
  birthPlace: string | null;
  birthDate: string | null;
  religion: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  boarding: 'MUKIM' | 'NON_MUKIM' | null;
  program: string | null;
  fatherName: string | null;
  fatherPhone: string | null;
  fatherJob: string | null;
  motherName: string | null;
  motherPhone: string | null;
  motherJob: string | null;
  guardianName: string | null;
  guardianPhone: string | null;
  guardianRelation: string | null;
  previousSchool: string | null;
  previousSchoolNpsn: string | null;
  notes: string | null;
  documents: ApplicantDocument[];
  events: z.infer<typeof ApplicantEvent>[];
}

export const DocumentKindParams = z.object({ kind: z.enum(APPLICANT_DOCUMENT_KINDS, 'Jenis dokumen tidak dikenal') });
export const ApplicantDocumentParams = z.object({ id: dbId('Pendaftar'), documentId: dbId('Dokumen') });
export const OwnDocumentParams = z.object({ documentId: dbId('Dokumen') });

export const DocumentCheckInput = z
  .object({
    check: z.enum(['OK', 'REJECTED'], 'Pilih sesuai atau ditolak'),
    note: text('Catatan', 300),
  })
  .refine((v) => v.check === 'OK' || !!v.note, { path: ['note'], message: 'Tulis alasan dokumen ditolak' });
export type DocumentCheckInput = z.infer<typeof DocumentCheckInput>;

/** The moves staff make on the detail page; TESTED belongs to the selection test, REREGISTERED to its own route. */
export const STAFF_MOVES = ['VERIFIED', 'ACCEPTED', 'WAITLISTED', 'REJECTED', 'WITHDRAWN'] as const;
export const ApplicantMoveInput = z
  .object({
    to: z.enum(STAFF_MOVES, 'Status tujuan tidak dikenal'),
    expect: z.enum(APPLICANT_STATES).optional(),
    note: text('Catatan', 300),
  })
  .refine((v) => v.to !== 'WITHDRAWN' || !!v.note, { path: ['note'], message: 'Tulis alasan mengundurkan diri' });
export type ApplicantMoveInput = z.infer<typeof ApplicantMoveInput>;

export const ReregisterInput = z.object({ classGroupId: dbId('Kelas'), note: text('Catatan', 300) });
export type ReregisterInput = z.infer<typeof ReregisterInput>;
export const ReregisterResult = z.object({
  studentId: z.number().int(),
  nis: z.string(),
  classGroupId: z.number().int(),
  bills: z.number().int(),
});
export type ReregisterResult = z.infer<typeof ReregisterResult>;

export const ApplicantListQuery = PageQuery.extend({
  unitId: dbId('Unit').optional(),
  waveId: dbId('Gelombang').optional(),
  state: z.enum(APPLICANT_STATES, 'Status tidak dikenal').optional(),
});
export type ApplicantListQuery = z.infer<typeof ApplicantListQuery>;

export const ApplicantListItem = z.object({
  id: z.number().int(),
  regNo: z.string(),
  name: z.string(),
  state: z.enum(APPLICANT_STATES),
  waveName: z.string(),
  unitName: z.string(),
  gender: z.enum(['L', 'P']).nullable(),
  birthDate: z.string().nullable(),
  phone: z.string().nullable(),
  previousSchool: z.string().nullable(),
  boarding: z.enum(['MUKIM', 'NON_MUKIM']).nullable(),
  registeredAt: z.string().nullable(),
  documentsOk: z.number().int(),
  documentsTotal: z.number().int(),
});
export type ApplicantListItem = z.infer<typeof ApplicantListItem>;
export const ApplicantPage = pageOf(ApplicantListItem);
export type ApplicantPage = z.infer<typeof ApplicantPage>;

/** A staff entry answers with the PIN once, for the parents. */
export const StaffApplicantCreated = z.object({ id: z.number().int(), regNo: z.string(), pin: z.string() });

export const AdmissionDashboardQuery = z.object({
  waveId: dbId('Gelombang').optional(),
  unitId: dbId('Unit').optional(),
});
export const AdmissionDashboard = z.object({
  perDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
  perState: z.array(z.object({ state: z.enum(APPLICANT_STATES), count: z.number().int() })),
  total: z.number().int(),
});
export type AdmissionDashboard = z.infer<typeof AdmissionDashboard>;

/** The documents that must be OK before an applicant is verified. */
export const REQUIRED_APPLICANT_DOCUMENTS = ['BIRTH_CERT', 'FAMILY_CARD', 'PHOTO'] as const;

/**
 * The NIS a re-registered applicant receives (docs/admission.md): the two digits of the entry year, then the
 * next free four-digit number of that year in the unit (`{YY}{SEQ4}`, 270001, 270002 …). Only NIS of that
 * shape count; older numbering of the unit is left alone.
 */
export function nextNis(entryYear: number, existing: readonly string[]): string {
  const yy = String(entryYear % 100).padStart(2, '0');
  let max = 0;
  for (const nis of existing) {
    const m = /^(\d{2})(\d{4})$/.exec(nis);
    if (m && m[1] === yy) max = Math.max(max, Number(m[2]));
  }
  if (max >= 9999) throw new Error(`NIS ${yy}xxxx habis`);
  return `${yy}${String(max + 1).padStart(4, '0')}`;
}
