CREATE TABLE "answers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"attempt_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"question_version_id" integer NOT NULL,
	"response" jsonb NOT NULL,
	"client_seq" integer NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"score_num" integer,
	"score_den" integer,
	"marked_by_user_id" integer,
	CONSTRAINT "answers_client_seq_ck" CHECK ("answers"."client_seq" >= 0),
	CONSTRAINT "answers_score_ck" CHECK (("answers"."score_num" is null and "answers"."score_den" is null) or ("answers"."score_num" >= 0 and "answers"."score_den" > 0))
);
--> statement-breakpoint
CREATE TABLE "assessment_classes" (
	"assessment_id" integer NOT NULL,
	"class_group_id" integer NOT NULL,
	CONSTRAINT "assessment_classes_assessment_id_class_group_id_pk" PRIMARY KEY("assessment_id","class_group_id")
);
--> statement-breakpoint
CREATE TABLE "assessment_draw_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assessment_draw_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"assessment_id" integer NOT NULL,
	"tag" text,
	"difficulty" text,
	"type" text,
	"count" integer NOT NULL,
	CONSTRAINT "assessment_draw_rules_count_ck" CHECK ("assessment_draw_rules"."count" between 1 and 200),
	CONSTRAINT "assessment_draw_rules_difficulty_ck" CHECK ("assessment_draw_rules"."difficulty" is null or "assessment_draw_rules"."difficulty" in ('MUDAH', 'SEDANG', 'SUKAR')),
	CONSTRAINT "assessment_draw_rules_type_ck" CHECK ("assessment_draw_rules"."type" is null or "assessment_draw_rules"."type" in ('SINGLE', 'MULTIPLE', 'TRUE_FALSE', 'MATCHING', 'SHORT', 'ESSAY'))
);
--> statement-breakpoint
CREATE TABLE "assessment_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assessment_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"assessment_id" integer NOT NULL,
	"position" integer NOT NULL,
	"question_id" integer NOT NULL,
	"question_version_id" integer NOT NULL,
	"points" integer,
	CONSTRAINT "assessment_items_position_ck" CHECK ("assessment_items"."position" >= 1),
	CONSTRAINT "assessment_items_points_ck" CHECK ("assessment_items"."points" is null or "assessment_items"."points" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "assessment_shares" (
	"assessment_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"mode" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_shares_assessment_id_employee_id_pk" PRIMARY KEY("assessment_id","employee_id"),
	CONSTRAINT "assessment_shares_mode_ck" CHECK ("assessment_shares"."mode" in ('READ', 'COPY'))
);
--> statement-breakpoint
CREATE TABLE "assessments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assessments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"subject_id" integer NOT NULL,
	"grade_id" integer NOT NULL,
	"author_employee_id" integer,
	"instructions" text,
	"due_at" timestamp with time zone,
	"duration_minutes" integer,
	"opens_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"shuffle_questions" boolean DEFAULT false NOT NULL,
	"shuffle_options" boolean DEFAULT false NOT NULL,
	"attempts_allowed" integer DEFAULT 1 NOT NULL,
	"passing_mark" integer DEFAULT 75 NOT NULL,
	"show_score" boolean DEFAULT true NOT NULL,
	"show_key" boolean DEFAULT false NOT NULL,
	"token_required" boolean DEFAULT false NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'DRAFT' NOT NULL,
	"check_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "assessments_kind_ck" CHECK ("assessments"."kind" in ('TASK', 'FORMATIVE', 'SUMMATIVE', 'SELECTION')),
	CONSTRAINT "assessments_state_ck" CHECK ("assessments"."state" in ('DRAFT', 'SUBMITTED', 'RETURNED', 'APPROVED', 'SCHEDULED', 'OPEN', 'CLOSED', 'GRADED', 'PUBLISHED')),
	CONSTRAINT "assessments_passing_mark_ck" CHECK ("assessments"."passing_mark" between 0 and 100),
	CONSTRAINT "assessments_duration_ck" CHECK ("assessments"."duration_minutes" is null or "assessments"."duration_minutes" between 1 and 1440),
	CONSTRAINT "assessments_attempts_ck" CHECK ("assessments"."attempts_allowed" between 1 and 10),
	CONSTRAINT "assessments_window_ck" CHECK ("assessments"."opens_at" is null or "assessments"."closes_at" is null or "assessments"."closes_at" > "assessments"."opens_at")
);
--> statement-breakpoint
CREATE TABLE "attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"assessment_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"attempt_no" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"status" text DEFAULT 'IN_PROGRESS' NOT NULL,
	"score_num" integer,
	"score_den" integer,
	CONSTRAINT "attempts_no_ck" CHECK ("attempts"."attempt_no" >= 1),
	CONSTRAINT "attempts_status_ck" CHECK ("attempts"."status" in ('IN_PROGRESS', 'SUBMITTED', 'GRADED')),
	CONSTRAINT "attempts_deadline_ck" CHECK ("attempts"."deadline_at" >= "attempts"."started_at"),
	CONSTRAINT "attempts_score_ck" CHECK (("attempts"."score_num" is null and "attempts"."score_den" is null) or ("attempts"."score_num" >= 0 and "attempts"."score_den" > 0))
);
--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "formative_needs_check" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_question_version_id_question_versions_id_fk" FOREIGN KEY ("question_version_id") REFERENCES "public"."question_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_marked_by_user_id_users_id_fk" FOREIGN KEY ("marked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_classes" ADD CONSTRAINT "assessment_classes_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_classes" ADD CONSTRAINT "assessment_classes_class_group_id_class_groups_id_fk" FOREIGN KEY ("class_group_id") REFERENCES "public"."class_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_draw_rules" ADD CONSTRAINT "assessment_draw_rules_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_items" ADD CONSTRAINT "assessment_items_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_items" ADD CONSTRAINT "assessment_items_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_items" ADD CONSTRAINT "assessment_items_question_version_id_question_versions_id_fk" FOREIGN KEY ("question_version_id") REFERENCES "public"."question_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_shares" ADD CONSTRAINT "assessment_shares_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_shares" ADD CONSTRAINT "assessment_shares_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_author_employee_id_employees_id_fk" FOREIGN KEY ("author_employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "answers_attempt_question_uq" ON "answers" USING btree ("attempt_id","question_id");--> statement-breakpoint
CREATE INDEX "assessment_draw_rules_assessment_idx" ON "assessment_draw_rules" USING btree ("assessment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_items_position_uq" ON "assessment_items" USING btree ("assessment_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_items_question_uq" ON "assessment_items" USING btree ("assessment_id","question_id");--> statement-breakpoint
CREATE INDEX "assessment_shares_employee_idx" ON "assessment_shares" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "assessments_unit_state_idx" ON "assessments" USING btree ("unit_id","state");--> statement-breakpoint
CREATE INDEX "assessments_subject_grade_idx" ON "assessments" USING btree ("subject_id","grade_id");--> statement-breakpoint
CREATE INDEX "assessments_author_idx" ON "assessments" USING btree ("author_employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_student_no_uq" ON "attempts" USING btree ("assessment_id","student_id","attempt_no");