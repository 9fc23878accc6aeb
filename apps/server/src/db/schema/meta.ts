import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { clockStamp } from './columns.ts';

/** Facts about this installation, e.g. when demo data was seeded. */
export const appMeta = pgTable('app_meta', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: clockStamp(),
});
