import { z } from 'zod';
import { DIVISIONS } from '../domain/divisions.ts';
import { SEMESTERS } from '../domain/dates.ts';
import { LoginRequest, NewPassword, PASSWORD_MAX } from './auth.ts';
import { dbId } from './common.ts';

/*
 * The old client's calls (spec section 7) under /api/legacy. The spec names only a few fields
 * (jkt, id, class_title, student_id, email, name, division, profile_photo_path) and no parameter
 * but nip: the rest are snake_case like them and documented in docs/legacy-api.md.
 */

const tapel = dbId('Tahun pelajaran');
const employeeId = dbId('Guru');
const studentId = dbId('Siswa');
const classTitle = dbId('Kelas');
const mapel = dbId('Mata pelajaran');
const semester = z.enum(SEMESTERS, { error: 'Semester harus GANJIL atau GENAP' });

/** `tapel` is an academic year id (see getTapel); the active year when left out. */
export const LegacyYearQuery = z.object({ tapel: tapel.optional(), semester: semester.optional() });
export const LegacyGradeQuery = z.object({ grade: z.coerce.number().int().min(1).max(12).optional() });
/** Without employeeId: the caller's own employee record. */
export const LegacyEmployeeQuery = LegacyYearQuery.extend({ employeeId: employeeId.optional() });
export const LegacyEmployeeMapelQuery = LegacyEmployeeQuery.extend({ mapel });
export const LegacyTapelEmployeeQuery = LegacyEmployeeQuery.extend({ tapel });
export const LegacyTapelEmployeeClassQuery = LegacyTapelEmployeeQuery.extend({ classTitle });
/** Without studentId: a student's own record (students may only ask for themselves). */
export const LegacyStudentQuery = LegacyYearQuery.extend({ studentId: studentId.optional() });
export const LegacyTapelStudentQuery = LegacyStudentQuery.extend({ tapel });
export const LegacyNipQuery = z.object({
  nip: z
    .string()
    .trim()
    .min(1, 'NIP wajib diisi')
    .max(40, 'NIP paling panjang 40 karakter')
    .regex(/^[0-9A-Za-z.-]+$/, 'NIP hanya berisi angka, huruf, titik atau tanda hubung'),
});

export const LegacyJktRow = z.object({ jkt: z.string() });
export const LegacyTapelRow = z.object({ id: z.number().int(), tapel: z.string(), is_active: z.boolean() });
export const LegacyMapelRow = z.object({ id: z.number().int(), mapel: z.string(), code: z.string().nullable() });
export const LegacyClassTitleRow = z.object({ id: z.number().int(), class_title: z.string() });
export const LegacyTeacherRow = z.object({ id: z.number().int(), name: z.string(), nip: z.string().nullable() });
export const LegacyGradeRow = z.object({ id: z.number().int(), grade: z.string(), level: z.number().int() });
export const LegacyEmployeeRow = z.object({ id: z.number().int(), nip: z.string().nullable(), name: z.string() });
export const LegacyStudentClassRow = z.object({
  id: z.number().int(),
  class_title: z.string(),
  student_id: z.number().int(),
  tapel_id: z.number().int(),
  grade_level: z.number().int().nullable(),
});

/** The user as the old client reads it from data.data. */
export const LegacyUser = z.object({
  id: z.number().int(),
  username: z.string(),
  student_id: z.number().int().nullable(),
  employee_id: z.number().int().nullable(),
  email: z.string().nullable(),
  name: z.string(),
  division: z.enum(DIVISIONS),
  unit: z.string().nullable(),
  profile_photo_path: z.string().nullable(),
});
export type LegacyUser = z.infer<typeof LegacyUser>;
export const LegacyUserResponse = z.object({ data: z.object({ data: LegacyUser }) });

/** The same credentials as POST /api/v1/auth/login. */
export const LegacyLoginRequest = LoginRequest;
export const LegacyLoginResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_at: z.string(),
  data: z.object({ data: LegacyUser }),
});

export const LegacyPasswordRequest = z
  .object({
    current_password: z.string().min(1, 'Kata sandi lama wajib diisi').max(PASSWORD_MAX, 'Kata sandi terlalu panjang'),
    new_password: NewPassword,
  })
  .refine((v) => v.current_password !== v.new_password, {
    path: ['new_password'],
    message: 'Kata sandi baru harus berbeda dari kata sandi lama',
  });
export type LegacyPasswordRequest = z.infer<typeof LegacyPasswordRequest>;
export const LegacyPasswordResponse = z.object({
  message: z.string(),
  sessions_ended: z.number().int(),
  data: z.object({ data: LegacyUser }),
});
