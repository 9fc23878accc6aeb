import { z } from 'zod';
import { DIVISIONS, type Division } from '../domain/divisions.ts';
import { NewPassword, Username } from './auth.ts';
import { dbId, PageQuery } from './common.ts';

/** The state filter of the users page. */
export const USER_STATES = ['active', 'disabled'] as const;
export type UserState = (typeof USER_STATES)[number];

/** Divisions that only an ADMIN may grant (or take away). */
export const PRIVILEGED_DIVISIONS: readonly Division[] = ['ADMIN', 'YAYASAN'];

/** Divisions an account made on the users page may have: a student's account comes with the student's record. */
export const ACCOUNT_DIVISIONS = DIVISIONS.filter((d): d is Exclude<Division, 'STUDENT'> => d !== 'STUDENT');

/** A username as a new account takes it: lower-case letters, digits, dot, underscore and hyphen. */
export const USERNAME_PATTERN = /^[a-z0-9._-]+$/;
export const NewUsername = Username.transform((v) => v.toLowerCase()).refine((v) => USERNAME_PATTERN.test(v), {
  message: 'Nama pengguna hanya boleh huruf, angka, titik, garis bawah dan tanda hubung',
});

export const UserSummary = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  division: z.enum(DIVISIONS),
  isActive: z.boolean(),
  unitId: z.number().int().nullable(),
  unitCode: z.string().nullable(),
  createdAt: z.string(),
  /** the last successful sign-in (ISO), null when never */
  lastSignInAt: z.string().nullable(),
  /** sessions that have not expired */
  activeSessions: z.number().int(),
});
export type UserSummary = z.infer<typeof UserSummary>;

export const UsersQuery = PageQuery.extend({
  division: z.enum(DIVISIONS).optional(),
  unitId: dbId('Unit').optional(),
  state: z.enum(USER_STATES).optional(),
});
export type UsersQuery = z.infer<typeof UsersQuery>;

const DisplayName = z.string().trim().min(1, 'Nama wajib diisi').max(120, 'Nama maksimal 120 karakter');
const AccountDivision = z.enum(ACCOUNT_DIVISIONS, { error: 'Divisi tidak valid' });

export const CreateUserRequest = z.object({
  username: NewUsername,
  displayName: DisplayName,
  division: AccountDivision,
  /** required for every division but YAYASAN and ADMIN */
  unitId: dbId('Unit').nullable().default(null),
  password: NewPassword,
});
export type CreateUserRequest = z.infer<typeof CreateUserRequest>;

/** Change an account's name, division or unit; what is left out stays. */
export const UpdateUserRequest = z.object({
  displayName: DisplayName.optional(),
  division: AccountDivision.optional(),
  unitId: dbId('Unit').nullable().optional(),
  /**
   * The ADMIN saw that a new division replaces the account's whole menu and rights and means it: a change of
   * division without it is refused (409) with what would change.
   */
  confirmDivisionChange: z.boolean().optional(),
});
export type UpdateUserRequest = z.infer<typeof UpdateUserRequest>;

export const SetUserActiveRequest = z.object({ active: z.boolean() });
export type SetUserActiveRequest = z.infer<typeof SetUserActiveRequest>;

export const UserSession = z.object({
  /** a short key of the session (never its id) to end it with */
  key: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** the session of the caller */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof UserSession>;

export const UserDetail = UserSummary.extend({
  unitName: z.string().nullable(),
  updatedAt: z.string(),
  passwordChangedAt: z.string(),
  employeeNumber: z.string().nullable(),
  studentNumber: z.string().nullable(),
  sessions: z.array(UserSession),
});
export type UserDetail = z.infer<typeof UserDetail>;

export const UserSessionParams = z.object({
  id: dbId(),
  key: z
    .string()
    .regex(/^[0-9a-f]{16}$/, 'Sesi tidak valid')
    .max(16),
});

export const EndSessionsResponse = z.object({ ended: z.number().int() });
export type EndSessionsResponse = z.infer<typeof EndSessionsResponse>;
