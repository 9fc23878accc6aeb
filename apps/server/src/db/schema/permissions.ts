import { boolean, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { DIVISIONS } from '@mms/shared';
import { users } from './auth.ts';
import { units } from './school.ts';
import { clockStamp } from './columns.ts';

/**
 * The ADMIN's changes to the code's permission table (packages/shared/src/domain/permissions.ts, issue 39): a
 * permission granted to (`granted` true) or withdrawn from (false) a division, in every unit (`unit_id` null) or
 * in one unit only (which wins over the division-wide row). Removing a row is the way back to the code's table.
 * The limits (no division gains ADMIN's system rights, ADMIN never loses them) are the permissions module's.
 */
export const permissionOverrides = pgTable(
  'permission_overrides',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    division: text({ enum: DIVISIONS }).notNull(),
    unitId: integer().references(() => units.id, { onDelete: 'cascade' }),
    permission: text().notNull(),
    granted: boolean().notNull(),
    createdAt: clockStamp(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('permission_overrides_key').on(t.division, t.unitId, t.permission).nullsNotDistinct(),
    index('permission_overrides_division_idx').on(t.division),
  ],
);
