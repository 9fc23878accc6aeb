import { sql } from 'drizzle-orm';

/*
 * Which of this feature's rows name a stored file, as rows of (name, entity, ref_id, label): the files
 * module lists and guards uploads with them (files/file-usage.ts).
 */

/** Vouchers' attachments. */
export const voucherFileRefs = sql`select a.stored_name as name, 'voucher' as entity, v.id::text as ref_id, v.number as label
    from voucher_attachments a join vouchers v on v.id = a.voucher_id`;
