import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { clockStamp } from './columns.ts';

/**
 * The registry of uploaded files: one row per file in the storage (local disk under `uploads/<kind>/`
 * or the S3 bucket), written by `fileStore(...).save` and removed with the file. Rows of files that
 * existed before the registry are backfilled at start (`uploadedBy` null, `purpose` 'backfill').
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    /** the store's kind: leave, material, photos, logos, questions, discipline, vouchers, admission, ... */
    kind: text().notNull(),
    /** the random name under the kind (32 hex characters) */
    name: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    /** sniffed from the bytes (image/jpeg, image/png, application/pdf) or null when unknown */
    mime: text(),
    uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: clockStamp(),
    /** what the file was uploaded for, in the uploader's words of the code (e.g. 'leave attachment') */
    purpose: text(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.name] }),
    index('stored_files_uploaded_at_idx').on(t.uploadedAt),
    index('stored_files_uploaded_by_idx').on(t.uploadedBy),
  ],
);
