import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { API_TOKEN_KINDS } from '@mms/shared';
import { users } from './auth.ts';
import { units } from './school.ts';
import { clockStamp } from './columns.ts';

/**
 * API tokens of integrations and of the old client (docs/legacy-api.md). The token is shown once;
 * only its SHA-256 is stored, with its first characters to recognise it in lists.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    tokenHash: text().notNull().unique(),
    prefix: text().notNull(),
    kind: text({ enum: API_TOKEN_KINDS }).notNull().default('manual'),
    /** permission names; a call may use one only if the account's division has it too */
    scopes: text().array().notNull(),
    /** the account the token acts as */
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** only this unit's data (null: what the account may see) */
    unitId: integer().references(() => units.id),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    createdAt: clockStamp(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId), index('api_tokens_created_idx').on(t.createdAt)],
);
