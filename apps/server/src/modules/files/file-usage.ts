import { sql, type SQL } from 'drizzle-orm';
import { applicantDocumentRefs } from '../admission/file-refs.ts';
import { questionImageRefs } from '../assessment/file-refs.ts';
import { leaveFileRefs } from '../attendance/file-refs.ts';
import { mediaImageRefs } from '../content/file-refs.ts';
import { evidenceFileRefs } from '../discipline/file-refs.ts';
import { voucherFileRefs } from '../finance-books/file-refs.ts';
import { materialFileRefs } from '../journal/file-refs.ts';
import { employeePhotoRefs, logoRefs, studentPhotoRefs } from '../school/file-refs.ts';
import { userAvatarRefs } from '../users/file-refs.ts';

/**
 * How each kind of stored file is used: one SQL select per kind listing every reference to a file of
 * that kind, as rows of (name, entity, ref_id, label). Each feature writes the selects over its own
 * tables in its file-refs.ts. The upload history shows them as the file's owner ("what for") and
 * ADMIN may remove a file only when its kind has a checker and no row names it.
 *
 * A new `fileStore(dataDir, kind)` caller adds its kind here, with its select in its own file-refs.ts
 * (a file of a kind without a checker is treated as in use and is never removed from the history screen).
 */
export const FILE_USAGE: Record<string, SQL> = {
  leave: leaveFileRefs,
  material: materialFileRefs,
  photos: sql`${studentPhotoRefs} union all ${employeePhotoRefs}`,
  logos: logoRefs,
  questions: questionImageRefs,
  discipline: evidenceFileRefs,
  vouchers: voucherFileRefs,
  admission: applicantDocumentRefs,
  avatars: sql`${userAvatarRefs} union all ${employeePhotoRefs}`,
  media: mediaImageRefs,
};

export const CHECKED_KINDS = Object.keys(FILE_USAGE).sort();

/** Every reference to a stored file, as a CTE body: (kind, name, entity, ref_id, label). */
export function referencesSql(): SQL {
  const parts = CHECKED_KINDS.map((kind) => sql`select ${kind}::text as kind, r.* from (${FILE_USAGE[kind]!}) r`);
  return sql.join(parts, sql` union all `);
}
