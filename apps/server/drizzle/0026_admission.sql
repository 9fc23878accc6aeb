CREATE TABLE "admission_counters" (
	"unit_id" integer NOT NULL,
	"year" integer NOT NULL,
	"last_no" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admission_waves" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admission_waves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"academic_year_id" integer NOT NULL,
	"grade_id" integer NOT NULL,
	"name" text NOT NULL,
	"opens_on" date NOT NULL,
	"closes_on" date NOT NULL,
	"quota" integer NOT NULL,
	"registration_fee" integer DEFAULT 0 NOT NULL,
	"entry_fee" integer DEFAULT 0 NOT NULL,
	"entry_fee_component_id" integer,
	"test_opens_at" timestamp with time zone,
	"test_closes_at" timestamp with time zone,
	"test_duration_minutes" integer DEFAULT 60 NOT NULL,
	"test_question_count" integer DEFAULT 20 NOT NULL,
	"announce_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admission_waves_dates_ck" CHECK ("admission_waves"."opens_on" <= "admission_waves"."closes_on"),
	CONSTRAINT "admission_waves_quota_ck" CHECK ("admission_waves"."quota" between 1 and 10000),
	CONSTRAINT "admission_waves_fees_ck" CHECK ("admission_waves"."registration_fee" >= 0 and "admission_waves"."entry_fee" >= 0),
	CONSTRAINT "admission_waves_test_window_ck" CHECK ("admission_waves"."test_opens_at" is null or "admission_waves"."test_closes_at" is null or "admission_waves"."test_closes_at" > "admission_waves"."test_opens_at"),
	CONSTRAINT "admission_waves_test_duration_ck" CHECK ("admission_waves"."test_duration_minutes" between 1 and 600),
	CONSTRAINT "admission_waves_test_count_ck" CHECK ("admission_waves"."test_question_count" between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "applicant_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "applicant_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"applicant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"stored_path" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"original_name" text,
	"check" text DEFAULT 'PENDING' NOT NULL,
	"check_note" text,
	"checked_by_user_id" integer,
	"checked_at" timestamp with time zone,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applicant_documents_size_ck" CHECK ("applicant_documents"."size" > 0)
);
--> statement-breakpoint
CREATE TABLE "applicant_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "applicant_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"applicant_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"note" text,
	"by_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "applicant_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"applicant_id" integer NOT NULL,
	"csrf_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applicants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "applicants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"wave_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"reg_no" text NOT NULL,
	"pin_hash" text NOT NULL,
	"state" text DEFAULT 'DRAFT' NOT NULL,
	"name" text NOT NULL,
	"gender" text,
	"nik" text,
	"nisn" text,
	"birth_place" text,
	"birth_date" date,
	"religion" text,
	"address" text,
	"phone" text,
	"email" text,
	"boarding" text,
	"program" text,
	"father_name" text,
	"father_phone" text,
	"father_job" text,
	"mother_name" text,
	"mother_phone" text,
	"mother_job" text,
	"guardian_name" text,
	"guardian_phone" text,
	"guardian_relation" text,
	"previous_school" text,
	"previous_school_npsn" text,
	"notes" text,
	"registered_at" timestamp with time zone,
	"student_id" integer,
	"class_group_id" integer,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applicants_regNo_unique" UNIQUE("reg_no"),
	CONSTRAINT "applicants_state_ck" CHECK ("applicants"."state" in ('DRAFT', 'REGISTERED', 'VERIFIED', 'TESTED', 'ACCEPTED', 'WAITLISTED', 'REJECTED', 'REREGISTERED', 'WITHDRAWN')),
	CONSTRAINT "applicants_nik_ck" CHECK ("applicants"."nik" is null or "applicants"."nik" ~ '^[0-9]{16}$'),
	CONSTRAINT "applicants_nisn_ck" CHECK ("applicants"."nisn" is null or "applicants"."nisn" ~ '^[0-9]{10}$')
);
--> statement-breakpoint
CREATE TABLE "selection_answers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "selection_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"attempt_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"question_version_id" integer NOT NULL,
	"response" jsonb NOT NULL,
	"client_seq" integer NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"score_num" integer,
	"score_den" integer,
	"corrected_by_user_id" integer,
	"corrected_at" timestamp with time zone,
	"correction_note" text,
	CONSTRAINT "selection_answers_client_seq_ck" CHECK ("selection_answers"."client_seq" >= 0),
	CONSTRAINT "selection_answers_score_ck" CHECK (("selection_answers"."score_num" is null and "selection_answers"."score_den" is null) or ("selection_answers"."score_num" >= 0 and "selection_answers"."score_den" > 0))
);
--> statement-breakpoint
CREATE TABLE "selection_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "selection_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"applicant_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"status" text DEFAULT 'IN_PROGRESS' NOT NULL,
	"submitted_by" text,
	"score_num" integer,
	"score_den" integer,
	"device_id" text,
	"last_seen_at" timestamp with time zone,
	CONSTRAINT "selection_attempts_applicantId_unique" UNIQUE("applicant_id"),
	CONSTRAINT "selection_attempts_deadline_ck" CHECK ("selection_attempts"."deadline_at" >= "selection_attempts"."started_at"),
	CONSTRAINT "selection_attempts_score_ck" CHECK (("selection_attempts"."score_num" is null and "selection_attempts"."score_den" is null) or ("selection_attempts"."score_num" >= 0 and "selection_attempts"."score_den" > 0))
);
--> statement-breakpoint
CREATE TABLE "selection_question_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "selection_question_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"question_id" integer NOT NULL,
	"version" integer NOT NULL,
	"type" text NOT NULL,
	"stem" text NOT NULL,
	"content" jsonb NOT NULL,
	"points" integer NOT NULL,
	"difficulty" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "selection_question_versions_points_ck" CHECK ("selection_question_versions"."points" between 1 and 100),
	CONSTRAINT "selection_question_versions_type_ck" CHECK ("selection_question_versions"."content"->>'type' = "selection_question_versions"."type")
);
--> statement-breakpoint
CREATE TABLE "selection_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "selection_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "selection_set_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "selection_set_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"applicant_id" integer NOT NULL,
	"position" integer NOT NULL,
	"question_id" integer NOT NULL,
	"question_version_id" integer NOT NULL,
	CONSTRAINT "selection_set_items_position_ck" CHECK ("selection_set_items"."position" >= 1)
);
--> statement-breakpoint
ALTER TABLE "admission_counters" ADD CONSTRAINT "admission_counters_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_waves" ADD CONSTRAINT "admission_waves_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_waves" ADD CONSTRAINT "admission_waves_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_waves" ADD CONSTRAINT "admission_waves_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_waves" ADD CONSTRAINT "admission_waves_entry_fee_component_id_payment_components_id_fk" FOREIGN KEY ("entry_fee_component_id") REFERENCES "public"."payment_components"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_documents" ADD CONSTRAINT "applicant_documents_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_documents" ADD CONSTRAINT "applicant_documents_checked_by_user_id_users_id_fk" FOREIGN KEY ("checked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_events" ADD CONSTRAINT "applicant_events_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_events" ADD CONSTRAINT "applicant_events_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_sessions" ADD CONSTRAINT "applicant_sessions_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_wave_id_admission_waves_id_fk" FOREIGN KEY ("wave_id") REFERENCES "public"."admission_waves"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_class_group_id_class_groups_id_fk" FOREIGN KEY ("class_group_id") REFERENCES "public"."class_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_answers" ADD CONSTRAINT "selection_answers_attempt_id_selection_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."selection_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_answers" ADD CONSTRAINT "selection_answers_question_id_selection_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."selection_questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_answers" ADD CONSTRAINT "selection_answers_question_version_id_selection_question_versions_id_fk" FOREIGN KEY ("question_version_id") REFERENCES "public"."selection_question_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_answers" ADD CONSTRAINT "selection_answers_corrected_by_user_id_users_id_fk" FOREIGN KEY ("corrected_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_attempts" ADD CONSTRAINT "selection_attempts_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_question_versions" ADD CONSTRAINT "selection_question_versions_question_id_selection_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."selection_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_question_versions" ADD CONSTRAINT "selection_question_versions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_questions" ADD CONSTRAINT "selection_questions_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_questions" ADD CONSTRAINT "selection_questions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_set_items" ADD CONSTRAINT "selection_set_items_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_set_items" ADD CONSTRAINT "selection_set_items_question_id_selection_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."selection_questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_set_items" ADD CONSTRAINT "selection_set_items_question_version_id_selection_question_versions_id_fk" FOREIGN KEY ("question_version_id") REFERENCES "public"."selection_question_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admission_counters_unit_year_uq" ON "admission_counters" USING btree ("unit_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "admission_waves_unit_year_name_uq" ON "admission_waves" USING btree ("unit_id","academic_year_id",lower("name"));--> statement-breakpoint
CREATE INDEX "applicant_documents_applicant_idx" ON "applicant_documents" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "applicant_events_applicant_idx" ON "applicant_events" USING btree ("applicant_id","at");--> statement-breakpoint
CREATE INDEX "applicant_sessions_applicant_idx" ON "applicant_sessions" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "applicants_wave_state_idx" ON "applicants" USING btree ("wave_id","state");--> statement-breakpoint
CREATE INDEX "applicants_unit_state_idx" ON "applicants" USING btree ("unit_id","state");--> statement-breakpoint
CREATE INDEX "applicants_registered_idx" ON "applicants" USING btree ("unit_id","registered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "applicants_student_uq" ON "applicants" USING btree ("student_id") WHERE "applicants"."student_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "selection_answers_attempt_question_uq" ON "selection_answers" USING btree ("attempt_id","question_id");--> statement-breakpoint
CREATE INDEX "selection_attempts_open_idx" ON "selection_attempts" USING btree ("deadline_at") WHERE "selection_attempts"."status" = 'IN_PROGRESS';--> statement-breakpoint
CREATE UNIQUE INDEX "selection_question_versions_uq" ON "selection_question_versions" USING btree ("question_id","version");--> statement-breakpoint
CREATE INDEX "selection_questions_unit_idx" ON "selection_questions" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "selection_questions_tags_idx" ON "selection_questions" USING gin ("tags");--> statement-breakpoint
CREATE UNIQUE INDEX "selection_set_items_position_uq" ON "selection_set_items" USING btree ("applicant_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "selection_set_items_question_uq" ON "selection_set_items" USING btree ("applicant_id","question_id");