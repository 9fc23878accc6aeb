CREATE TABLE "question_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "question_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"question_id" integer NOT NULL,
	"version" integer NOT NULL,
	"type" text NOT NULL,
	"stem" text NOT NULL,
	"content" jsonb NOT NULL,
	"points" integer NOT NULL,
	"difficulty" text NOT NULL,
	"cognitive_level" text,
	"objective" text,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_versions_points_ck" CHECK ("question_versions"."points" between 1 and 100),
	CONSTRAINT "question_versions_type_ck" CHECK ("question_versions"."content"->>'type' = "question_versions"."type")
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"grade_id" integer NOT NULL,
	"author_employee_id" integer,
	"current_version" integer DEFAULT 1 NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "question_versions" ADD CONSTRAINT "question_versions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_versions" ADD CONSTRAINT "question_versions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_author_employee_id_employees_id_fk" FOREIGN KEY ("author_employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "question_versions_question_version_uq" ON "question_versions" USING btree ("question_id","version");--> statement-breakpoint
CREATE INDEX "questions_subject_grade_idx" ON "questions" USING btree ("subject_id","grade_id");--> statement-breakpoint
CREATE INDEX "questions_unit_idx" ON "questions" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "questions_tags_idx" ON "questions" USING gin ("tags");--> statement-breakpoint
-- A version of a question is what students answered: it is never changed (an edit writes a new version).
CREATE OR REPLACE FUNCTION question_versions_refuse_update() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'question_versions are immutable: write a new version';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER question_versions_immutable
  BEFORE UPDATE ON question_versions
  FOR EACH ROW EXECUTE FUNCTION question_versions_refuse_update();
