import { sql } from 'drizzle-orm';

/*
 * Which of this feature's rows name a stored file, as rows of (name, entity, ref_id, label): the files
 * module lists and guards uploads with them (files/file-usage.ts).
 */

/** Accounts' avatars. */
export const userAvatarRefs = sql`select avatar_path as name, 'user' as entity, id::text as ref_id, username as label
      from users where avatar_path is not null`;
