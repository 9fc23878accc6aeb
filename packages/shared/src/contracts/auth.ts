import { z } from 'zod';
import { DIVISIONS } from '../domain/divisions.ts';
import { PERMISSION_NAMES } from '../domain/permissions.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const Username = z.string().trim().min(1, 'Nama pengguna wajib diisi').max(64, 'Nama pengguna terlalu panjang');

/** Strength rules the client can check; the server also refuses common passwords. */
export const NewPassword = z
  .string()
  .min(PASSWORD_MIN, `Kata sandi minimal ${PASSWORD_MIN} karakter`)
  .max(PASSWORD_MAX, `Kata sandi maksimal ${PASSWORD_MAX} karakter`);

export const LoginRequest = z.object({
  username: Username,
  password: z.string().min(1, 'Kata sandi wajib diisi').max(PASSWORD_MAX),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const UnitRef = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type UnitRef = z.infer<typeof UnitRef>;

export const AuthUser = z
  .object({
    id: z.number().int(),
    username: z.string(),
    displayName: z.string(),
    division: z.enum(DIVISIONS),
    avatarUrl: z.string().nullable(),
    employeeId: z.number().int().nullable(),
    /** NIP of an employee */
    employeeNumber: z.string().nullable(),
    studentId: z.number().int().nullable(),
    /** NIS of a student */
    studentNumber: z.string().nullable(),
    unit: UnitRef.nullable(),
  })
  .meta({ id: 'AuthUser' });
export type AuthUser = z.infer<typeof AuthUser>;

/** `now` is MMS's clock (ISO, +07:00): the web app takes business dates from it, never from the device. */
export const SessionResponse = z.object({
  user: AuthUser,
  csrfToken: z.string(),
  now: z.string(),
  /**
   * What the user may do: the division's permissions in the code's table with the ADMIN's overrides for the
   * user's division and unit (issue 39); the web's menu and route guards follow it.
   */
  permissions: z.array(z.enum(PERMISSION_NAMES)).optional(),
});
export type SessionResponse = z.infer<typeof SessionResponse>;

/** The session of this browser, if any: answers guests too (a page need not log a 401 to learn it is a guest). */
export const CurrentSessionResponse = z.union([SessionResponse, z.object({ user: z.null(), now: z.string() })]);
export type CurrentSessionResponse = z.infer<typeof CurrentSessionResponse>;

export const ChangePasswordRequest = z
  .object({
    currentPassword: z.string().min(1, 'Kata sandi lama wajib diisi').max(PASSWORD_MAX),
    newPassword: NewPassword,
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    path: ['newPassword'],
    message: 'Kata sandi baru harus berbeda dari kata sandi lama',
  });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** After a password change the caller goes on in a new session: a new cookie and this CSRF token. */
export const ChangePasswordResponse = z.object({
  ok: z.literal(true),
  otherSessionsEnded: z.number().int(),
  csrfToken: z.string(),
});
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponse>;

export const ResetPasswordRequest = z.object({ newPassword: NewPassword });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;
