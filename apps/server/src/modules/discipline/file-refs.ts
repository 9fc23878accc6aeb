import { sql } from 'drizzle-orm';

/*
 * Which of this feature's rows name a stored file, as rows of (name, entity, ref_id, label): the files
 * module lists and guards uploads with them (files/file-usage.ts).
 */

/** Violations' and achievements' evidence. */
export const evidenceFileRefs = sql`select evidence->>'path' as name, 'violation' as entity, id::text as ref_id, null::text as label
      from violations where evidence is not null
    union all select evidence->>'path', 'achievement', id::text, null from achievements where evidence is not null`;
