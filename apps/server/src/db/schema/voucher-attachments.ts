import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth.ts';
import { vouchers } from './finance-books.ts';
import { clockStamp } from './columns.ts';

/**
 * A scan, photo or PDF on a cash or bank voucher (the receipt, the invoice paid). Stored under
 * `uploads/vouchers/` by a random name; a draft's attachment may be removed, a posted voucher's never
 * (the service refuses it, and a posted voucher is never deleted; deleting a draft takes its attachments' rows).
 */
export const voucherAttachments = pgTable(
  'voucher_attachments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    voucherId: integer()
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    /** the file's name as the uploader had it, cleaned; shown and used on download */
    fileName: text().notNull(),
    /** sniffed from the bytes: image/jpeg, image/png or application/pdf */
    mime: text().notNull(),
    size: integer().notNull(),
    /** the random name under uploads/vouchers/ */
    storedName: text().notNull().unique(),
    uploadedBy: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: clockStamp(),
  },
  (t) => [
    index('voucher_attachments_voucher_idx').on(t.voucherId),
    check('voucher_attachments_mime_ck', sql`${t.mime} in ('image/jpeg', 'image/png', 'application/pdf')`),
  ],
);
