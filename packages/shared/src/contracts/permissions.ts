import { z } from 'zod';
import { DIVISIONS } from '../domain/divisions.ts';
import { PERMISSION_NAMES } from '../domain/permissions.ts';
import { dbId } from './common.ts';

/** One permission of the code's table (packages/shared/src/domain/permissions.ts) and the divisions it names. */
export const PermissionRow = z.object({
  name: z.enum(PERMISSION_NAMES),
  divisions: z.array(z.enum(DIVISIONS)),
  /** an ADMIN system right: never granted to another division, never withdrawn from ADMIN */
  system: z.boolean(),
});
export type PermissionRow = z.infer<typeof PermissionRow>;

/** A grant or withdrawal the ADMIN made on top of the code's table. */
export const PermissionOverride = z.object({
  id: z.number().int(),
  division: z.enum(DIVISIONS),
  /** null: in every unit */
  unitId: z.number().int().nullable(),
  permission: z.enum(PERMISSION_NAMES),
  granted: z.boolean(),
  createdAt: z.string(),
  /** the ADMIN's user id */
  createdBy: z.number().int().nullable(),
  /** the ADMIN's name (null once the account is gone) */
  createdByName: z.string().nullable(),
});
export type PermissionOverride = z.infer<typeof PermissionOverride>;

export const PermissionTable = z.object({
  permissions: z.array(PermissionRow),
  overrides: z.array(PermissionOverride),
});
export type PermissionTable = z.infer<typeof PermissionTable>;

/** Grant (`granted` true) or withdraw a permission from a division, in every unit (`unitId` null) or one. */
export const PermissionOverrideInput = z.object({
  division: z.enum(DIVISIONS),
  unitId: dbId().nullable(),
  permission: z.enum(PERMISSION_NAMES),
  granted: z.boolean(),
});
export type PermissionOverrideInput = z.infer<typeof PermissionOverrideInput>;
