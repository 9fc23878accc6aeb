import { sql, type SQL } from 'drizzle-orm';

/**
 * How each kind of stored file is used: one SQL select per kind listing every reference to a file of
 * that kind, as rows of (name, entity, ref_id, label). The upload history shows them as the file's
 * owner ("what for") and ADMIN may remove a file only when its kind has a checker and no row names it.
 *
 * A new `fileStore(dataDir, kind)` caller adds its kind here (a file of a kind without a checker is
 * treated as in use and is never removed from the history screen).
 */
export const FILE_USAGE: Record<string, SQL> = {
  leave: sql`select attachment_path as name, 'leave' as entity, id::text as ref_id, null::text as label
    from leave_requests where attachment_path is not null`,
  material: sql`select a->>'path' as name, 'material' as entity, m.id::text as ref_id, m.title as label
    from subject_materials m cross join lateral jsonb_array_elements(m.attachments) a`,
  photos: sql`select photo_path as name, 'student' as entity, id::text as ref_id, name as label
      from students where photo_path is not null
    union all select photo_path, 'employee', id::text, name from employees where photo_path is not null`,
  logos: sql`select logo_path as name, 'unit' as entity, id::text as ref_id, name as label
      from units where logo_path is not null
    union all select logo_path, 'foundation', id::text, name from foundation where logo_path is not null`,
  questions: sql`select m[1] as name, 'question' as entity, v.question_id::text as ref_id, null::text as label
    from question_versions v
    cross join lateral regexp_matches(v.stem || ' ' || v.content::text, '/api/v1/questions/images/([a-f0-9]{32})', 'g') m`,
  discipline: sql`select evidence->>'path' as name, 'violation' as entity, id::text as ref_id, null::text as label
      from violations where evidence is not null
    union all select evidence->>'path', 'achievement', id::text, null from achievements where evidence is not null`,
  vouchers: sql`select a.stored_name as name, 'voucher' as entity, v.id::text as ref_id, v.number as label
    from voucher_attachments a join vouchers v on v.id = a.voucher_id`,
  admission: sql`select d.stored_path as name, 'applicant' as entity, p.id::text as ref_id, p.reg_no || ' ' || p.name as label
    from applicant_documents d join applicants p on p.id = d.applicant_id`,
  avatars: sql`select avatar_path as name, 'user' as entity, id::text as ref_id, username as label
      from users where avatar_path is not null
    union all select photo_path, 'employee', id::text, name from employees where photo_path is not null`,
  media: sql`select stored_name as name, 'media' as entity, id::text as ref_id, null::text as label from media_images`,
};

export const CHECKED_KINDS = Object.keys(FILE_USAGE).sort();

/** Every reference to a stored file, as a CTE body: (kind, name, entity, ref_id, label). */
export function referencesSql(): SQL {
  const parts = CHECKED_KINDS.map((kind) => sql`select ${kind}::text as kind, r.* from (${FILE_USAGE[kind]!}) r`);
  return sql.join(parts, sql` union all `);
}
