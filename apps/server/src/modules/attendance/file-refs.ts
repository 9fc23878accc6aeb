import { sql } from 'drizzle-orm';

/*
 * Which of this feature's rows name a stored file, as rows of (name, entity, ref_id, label): the files
 * module lists and guards uploads with them (files/file-usage.ts).
 */

/** Leave requests' attachments. */
export const leaveFileRefs = sql`select attachment_path as name, 'leave' as entity, id::text as ref_id, null::text as label
    from leave_requests where attachment_path is not null`;
