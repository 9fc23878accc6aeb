import { z } from 'zod';
import { DIVISIONS } from '../domain/divisions.ts';
import { PERMISSION_NAMES, type Permission } from '../domain/permissions.ts';
import { dbId, PageQuery, pageOf } from './common.ts';

/** Every API token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'mms_';
/** How many characters of a token are kept visible in lists (the prefix included). */
export const API_TOKEN_VISIBLE_CHARS = 12;
/** The longest an integration token may live. */
export const API_TOKEN_MAX_DAYS = 366;
/** A token the old client's POST /api/legacy/login hands out lives this long. */
export const LEGACY_LOGIN_TOKEN_HOURS = 8;

export const API_TOKEN_STATES = ['active', 'revoked', 'expired'] as const;
export type ApiTokenState = (typeof API_TOKEN_STATES)[number];
/** `manual`: created by an ADMIN on the API tokens screen; `login`: handed out by the legacy sign-in. */
export const API_TOKEN_KINDS = ['manual', 'login'] as const;
export type ApiTokenKind = (typeof API_TOKEN_KINDS)[number];

const permission = z.enum(PERMISSION_NAMES as [Permission, ...Permission[]], { error: 'Izin tidak dikenal' });

export const ApiTokenInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Nama token wajib diisi')
    .max(100, 'Nama token paling panjang 100 karakter')
    .refine((v) => !/\p{Cc}/u.test(v), 'Nama token tidak boleh berisi karakter kontrol'),
  /** the account the token acts as; its division limits what the scopes can give */
  userId: dbId('Akun'),
  scopes: z
    .array(permission)
    .min(1, 'Pilih setidaknya satu izin')
    .max(PERMISSION_NAMES.length)
    .refine((s) => new Set(s).size === s.length, 'Izin tidak boleh ganda'),
  /** only this unit's data (optional; an account bound to a unit is always bound to it) */
  unitId: dbId('Unit').nullable().default(null),
  /** the last day (Asia/Jakarta) the token works */
  expiresOn: z.iso.date('Tanggal kedaluwarsa tidak valid'),
});
export type ApiTokenInput = z.infer<typeof ApiTokenInput>;

export const ApiToken = z.object({
  id: z.number().int(),
  name: z.string(),
  /** the first characters of the token, for recognising it; the token itself is never stored */
  prefix: z.string(),
  kind: z.enum(API_TOKEN_KINDS),
  scopes: z.array(z.string()),
  userId: z.number().int(),
  username: z.string(),
  userDivision: z.enum(DIVISIONS),
  unitId: z.number().int().nullable(),
  unitCode: z.string().nullable(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  state: z.enum(API_TOKEN_STATES),
});
export type ApiToken = z.infer<typeof ApiToken>;

export const ApiTokensQuery = PageQuery.extend({
  state: z.enum(API_TOKEN_STATES).optional(),
  kind: z.enum(API_TOKEN_KINDS).optional(),
});
export type ApiTokensQuery = z.infer<typeof ApiTokensQuery>;
export const ApiTokenPage = pageOf(ApiToken);
export type ApiTokenPage = z.infer<typeof ApiTokenPage>;

/** The answer to a creation: the token in full, shown this once. */
export const ApiTokenCreated = z.object({ token: z.string(), item: ApiToken });
export type ApiTokenCreated = z.infer<typeof ApiTokenCreated>;
