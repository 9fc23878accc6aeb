import { sql } from 'drizzle-orm';

/*
 * Which of this feature's rows name a stored file, as rows of (name, entity, ref_id, label): the files
 * module lists and guards uploads with them (files/file-usage.ts).
 */

/** Subject materials' attachments. */
export const materialFileRefs = sql`select a->>'path' as name, 'material' as entity, m.id::text as ref_id, m.title as label
    from subject_materials m cross join lateral jsonb_array_elements(m.attachments) a`;
