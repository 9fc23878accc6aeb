import { sql } from 'drizzle-orm';

/*
 * Which of this feature's rows name a stored file, as rows of (name, entity, ref_id, label): the files
 * module lists and guards uploads with them (files/file-usage.ts).
 */

/** Images a question version's stem or content links to. */
export const questionImageRefs = sql`select m[1] as name, 'question' as entity, v.question_id::text as ref_id, null::text as label
    from question_versions v
    cross join lateral regexp_matches(v.stem || ' ' || v.content::text, '/api/v1/questions/images/([a-f0-9]{32})', 'g') m`;
