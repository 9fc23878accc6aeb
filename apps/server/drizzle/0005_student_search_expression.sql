-- The student list and search match one text: name, NIS and NISN together. One trigram index on that
-- expression answers a substring search in ~0.3 ms at 5,000 students, where three per-column indexes
-- OR-ed together (or a sequential scan) took ~3 ms. The expression must stay identical to the one in
-- apps/server/src/modules/school/students.repo.ts (studentSearchText).
CREATE INDEX IF NOT EXISTS students_search_trgm_idx ON students
  USING gin ((name || ' ' || nis || ' ' || coalesce(nisn, '')) gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS students_name_trgm_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS students_nis_trgm_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS students_nisn_trgm_idx;
