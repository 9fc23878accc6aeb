import { sql } from 'drizzle-orm';

/*
 * Which of this feature's rows name a stored file, as rows of (name, entity, ref_id, label): the files
 * module lists and guards uploads with them (files/file-usage.ts).
 */

/** Students' photos. */
export const studentPhotoRefs = sql`select photo_path as name, 'student' as entity, id::text as ref_id, name as label
      from students where photo_path is not null`;

/** Employees' photos (their avatar too). */
export const employeePhotoRefs = sql`select photo_path as name, 'employee' as entity, id::text as ref_id, name as label
      from employees where photo_path is not null`;

/** The units' and the foundation's logos. */
export const logoRefs = sql`select logo_path as name, 'unit' as entity, id::text as ref_id, name as label
      from units where logo_path is not null
    union all select logo_path, 'foundation', id::text, name from foundation where logo_path is not null`;
