CREATE TABLE "assessment_taker_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assessment_taker_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"assessment_id" integer NOT NULL,
	"student_id" integer,
	"applicant_id" integer,
	"position" integer NOT NULL,
	"question_id" integer NOT NULL,
	"question_version_id" integer NOT NULL,
	CONSTRAINT "assessment_taker_items_taker_ck" CHECK (num_nonnulls("assessment_taker_items"."student_id", "assessment_taker_items"."applicant_id") = 1),
	CONSTRAINT "assessment_taker_items_position_ck" CHECK ("assessment_taker_items"."position" >= 1)
);
--> statement-breakpoint
ALTER TABLE "assessments" DROP CONSTRAINT "assessments_kind_ck";--> statement-breakpoint
ALTER TABLE "assessments" ALTER COLUMN "subject_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "assessments" ALTER COLUMN "grade_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "attempts" ALTER COLUMN "student_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ALTER COLUMN "subject_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ALTER COLUMN "grade_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "answers" ADD COLUMN "corrected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "answers" ADD COLUMN "correction_note" text;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "admission_wave_id" integer;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "applicant_id" integer;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "bank" text DEFAULT 'SUBJECT' NOT NULL;--> statement-breakpoint
ALTER TABLE "assessment_taker_items" ADD CONSTRAINT "assessment_taker_items_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_taker_items" ADD CONSTRAINT "assessment_taker_items_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_taker_items" ADD CONSTRAINT "assessment_taker_items_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_taker_items" ADD CONSTRAINT "assessment_taker_items_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_taker_items" ADD CONSTRAINT "assessment_taker_items_question_version_id_question_versions_id_fk" FOREIGN KEY ("question_version_id") REFERENCES "public"."question_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_taker_items_student_position_uq" ON "assessment_taker_items" USING btree ("assessment_id","student_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_taker_items_student_question_uq" ON "assessment_taker_items" USING btree ("assessment_id","student_id","question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_taker_items_applicant_position_uq" ON "assessment_taker_items" USING btree ("assessment_id","applicant_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_taker_items_applicant_question_uq" ON "assessment_taker_items" USING btree ("assessment_id","applicant_id","question_id");--> statement-breakpoint
CREATE INDEX "assessment_taker_items_question_idx" ON "assessment_taker_items" USING btree ("question_id");--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_admission_wave_id_admission_waves_id_fk" FOREIGN KEY ("admission_wave_id") REFERENCES "public"."admission_waves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_applicant_no_uq" ON "attempts" USING btree ("assessment_id","applicant_id","attempt_no");--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_admissionWaveId_unique" UNIQUE("admission_wave_id");--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_owner_ck" CHECK (case when "assessments"."kind" = 'ADMISSION' then "assessments"."admission_wave_id" is not null and "assessments"."subject_id" is null and "assessments"."grade_id" is null else "assessments"."admission_wave_id" is null and "assessments"."subject_id" is not null and "assessments"."grade_id" is not null end);--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_kind_ck" CHECK ("assessments"."kind" in ('TASK', 'FORMATIVE', 'SUMMATIVE', 'SELECTION', 'ADMISSION'));--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_taker_ck" CHECK (num_nonnulls("attempts"."student_id", "attempts"."applicant_id") = 1);--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_bank_ck" CHECK ("questions"."bank" in ('SUBJECT', 'ADMISSION'));--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_bank_owner_ck" CHECK (case when "questions"."bank" = 'SUBJECT' then "questions"."subject_id" is not null and "questions"."grade_id" is not null else "questions"."subject_id" is null and "questions"."grade_id" is null end);--> statement-breakpoint
-- The admission bank edits a version in place until it is drawn into a set or answered (issue 17's rule); the
-- subject bank's versions stay immutable (0011).
CREATE OR REPLACE FUNCTION question_versions_refuse_update() RETURNS trigger AS $$
BEGIN
  IF NEW.id = OLD.id AND NEW.question_id = OLD.question_id AND NEW.version = OLD.version
    AND EXISTS (SELECT 1 FROM questions q WHERE q.id = OLD.question_id AND q.bank = 'ADMISSION')
    AND NOT EXISTS (SELECT 1 FROM assessment_taker_items ti WHERE ti.question_version_id = OLD.id)
    AND NOT EXISTS (SELECT 1 FROM answers a WHERE a.question_version_id = OLD.id) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'question_versions are immutable: write a new version';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Carry the admission selection test over to the exam engine (issue 38 part 2). Each wave gets its selection test
-- as an ADMISSION assessment; the selection bank becomes questions of the ADMISSION bank (ids moved past the
-- subject bank's), the random sets become taker items, attempts and answers become the applicants' attempts and
-- answers. A selection attempt kept the grade (0-100); attempts keep the points earned: grade x max / 100.
CREATE TEMP TABLE "selection_move" ON COMMIT DROP AS SELECT
  (SELECT coalesce(max(id), 0) FROM "questions") AS q,
  (SELECT coalesce(max(id), 0) FROM "question_versions") AS v,
  (SELECT coalesce(max(id), 0) FROM "attempts") AS a;--> statement-breakpoint
INSERT INTO "assessments" ("unit_id", "kind", "title", "admission_wave_id", "state", "show_score", "passing_mark", "created_at", "updated_at")
SELECT w."unit_id", 'ADMISSION', 'Tes seleksi ' || w."name", w."id", 'APPROVED', false, 0, w."created_at", w."created_at"
FROM "admission_waves" w ORDER BY w."id";--> statement-breakpoint
INSERT INTO "questions" ("id", "unit_id", "bank", "current_version", "tags", "deleted_at", "created_at", "updated_at")
OVERRIDING SYSTEM VALUE
SELECT q."id" + m.q, q."unit_id", 'ADMISSION', q."current_version", q."tags", q."deleted_at", q."created_at", q."updated_at"
FROM "selection_questions" q CROSS JOIN "selection_move" m;--> statement-breakpoint
INSERT INTO "question_versions" ("id", "question_id", "version", "type", "stem", "content", "points", "difficulty", "created_by_user_id", "created_at")
OVERRIDING SYSTEM VALUE
SELECT v."id" + m.v, v."question_id" + m.q, v."version", v."type", v."stem", v."content", v."points", v."difficulty",
  coalesce(v."created_by_user_id", CASE WHEN v."version" = 1 THEN q."created_by_user_id" END), v."created_at"
FROM "selection_question_versions" v JOIN "selection_questions" q ON q."id" = v."question_id" CROSS JOIN "selection_move" m;--> statement-breakpoint
INSERT INTO "assessment_taker_items" ("assessment_id", "applicant_id", "position", "question_id", "question_version_id")
SELECT t."id", si."applicant_id", si."position", si."question_id" + m.q, si."question_version_id" + m.v
FROM "selection_set_items" si
JOIN "applicants" ap ON ap."id" = si."applicant_id"
JOIN "assessments" t ON t."admission_wave_id" = ap."wave_id"
CROSS JOIN "selection_move" m
ORDER BY si."applicant_id", si."position";--> statement-breakpoint
INSERT INTO "attempts" ("id", "assessment_id", "applicant_id", "attempt_no", "started_at", "deadline_at", "submitted_at", "status", "score_num", "score_den", "device_id", "last_seen_at", "submitted_by")
OVERRIDING SYSTEM VALUE
SELECT sa."id" + m.a, t."id", sa."applicant_id", 1, sa."started_at", sa."deadline_at", sa."submitted_at", sa."status",
  sa."score_num" * mx.points, CASE WHEN sa."score_den" IS NOT NULL THEN sa."score_den" * 100 END,
  sa."device_id", sa."last_seen_at",
  CASE sa."submitted_by" WHEN 'APPLICANT' THEN 'STUDENT' WHEN 'STAFF' THEN 'PROCTOR' ELSE sa."submitted_by" END
FROM "selection_attempts" sa
JOIN "applicants" ap ON ap."id" = sa."applicant_id"
JOIN "assessments" t ON t."admission_wave_id" = ap."wave_id"
CROSS JOIN "selection_move" m
CROSS JOIN LATERAL (
  SELECT coalesce(sum(v."points"), 0)::int AS points FROM "selection_set_items" si
  JOIN "selection_question_versions" v ON v."id" = si."question_version_id" WHERE si."applicant_id" = sa."applicant_id"
) mx;--> statement-breakpoint
INSERT INTO "answers" ("attempt_id", "question_id", "question_version_id", "response", "client_seq", "flagged", "saved_at", "score_num", "score_den", "marked_by_user_id", "corrected_at", "correction_note")
SELECT x."attempt_id" + m.a, x."question_id" + m.q, x."question_version_id" + m.v, x."response", x."client_seq", x."flagged",
  x."saved_at", x."score_num", x."score_den", x."corrected_by_user_id", x."corrected_at", x."correction_note"
FROM "selection_answers" x CROSS JOIN "selection_move" m;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('questions', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM "questions"), false);--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('question_versions', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM "question_versions"), false);--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('attempts', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM "attempts"), false);--> statement-breakpoint
DROP TABLE "selection_answers" CASCADE;--> statement-breakpoint
DROP TABLE "selection_attempts" CASCADE;--> statement-breakpoint
DROP TABLE "selection_question_versions" CASCADE;--> statement-breakpoint
DROP TABLE "selection_questions" CASCADE;--> statement-breakpoint
DROP TABLE "selection_set_items" CASCADE;
