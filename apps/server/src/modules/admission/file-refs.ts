import { sql } from 'drizzle-orm';

/*
 * Which of this feature's rows name a stored file, as rows of (name, entity, ref_id, label): the files
 * module lists and guards uploads with them (files/file-usage.ts).
 */

/** Applicants' documents. */
export const applicantDocumentRefs = sql`select d.stored_path as name, 'applicant' as entity, p.id::text as ref_id, p.reg_no || ' ' || p.name as label
    from applicant_documents d join applicants p on p.id = d.applicant_id`;
