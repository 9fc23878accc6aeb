-- Substring search (ILIKE '%term%') over students by name, NIS and NISN: trigram indexes keep the
-- student list and the global search fast at thousands of students. pg_trgm is a trusted extension
-- (PostgreSQL 13+): the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS students_name_trgm_idx ON students USING gin (name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS students_nis_trgm_idx ON students USING gin (nis gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS students_nisn_trgm_idx ON students USING gin (nisn gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS employees_name_trgm_idx ON employees USING gin (name gin_trgm_ops);
