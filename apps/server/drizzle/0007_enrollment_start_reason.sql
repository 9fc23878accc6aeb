ALTER TABLE "enrollments" ADD COLUMN "start_reason" text;--> statement-breakpoint
-- A row that began after another of the same student in the same year began with a class mutation.
UPDATE "enrollments" e SET "start_reason" = 'MOVED'
WHERE EXISTS (
  SELECT 1 FROM "enrollments" p
  WHERE p."student_id" = e."student_id" AND p."academic_year_id" = e."academic_year_id" AND p."started_at" < e."started_at"
);
