import { sql } from 'drizzle-orm';

/*
 * Which of this feature's rows name a stored file, as rows of (name, entity, ref_id, label): the files
 * module lists and guards uploads with them (files/file-usage.ts).
 */

/** The image library. */
export const mediaImageRefs = sql`select stored_name as name, 'media' as entity, id::text as ref_id, null::text as label from media_images`;
