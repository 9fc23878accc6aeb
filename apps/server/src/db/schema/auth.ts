import { boolean, index, inet, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { DIVISIONS } from '@mms/shared';
import { units } from './school.ts';
import { clockStamp, wallStamp } from './columns.ts';

export const users = pgTable('users', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  /** stored lower-case; sign-in is case-insensitive */
  username: text().notNull().unique(),
  displayName: text().notNull(),
  passwordHash: text().notNull(),
  division: text({ enum: DIVISIONS }).notNull(),
  unitId: integer().references(() => units.id),
  avatarPath: text(),
  isActive: boolean().notNull().default(true),
  passwordChangedAt: clockStamp(),
  createdAt: clockStamp(),
  updatedAt: clockStamp(),
});

/** Server-side sessions; the cookie holds a random id, only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text().notNull(),
    createdAt: wallStamp(),
    lastSeenAt: wallStamp(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ip: inet(),
    userAgent: text(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Devices an account signed in from (issue 38): the HttpOnly cookie `mms_device` holds a random id, only its
 * SHA-256 is stored. A sign-in from a known device of the account is not held by the per-address failure rule.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    idHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: wallStamp(),
    lastUsedAt: wallStamp(),
  },
  (t) => [index('known_devices_user_idx').on(t.userId)],
);

/** Sign-in attempts, for per-username throttling that holds across server processes. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    username: text().notNull(),
    ip: inet(),
    success: boolean().notNull(),
    at: wallStamp(),
  },
  (t) => [index('login_attempts_username_at_idx').on(t.username, t.at)],
);
