CREATE TABLE "btq_grade_cutoffs" (
	"unit_id" integer NOT NULL,
	"grade" text NOT NULL,
	"min_score" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "btq_grade_cutoffs_score_ck" CHECK ("btq_grade_cutoffs"."min_score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "btq_group_members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "btq_group_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date,
	"moved_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "btq_group_members_dates_ck" CHECK ("btq_group_members"."to_date" is null or "btq_group_members"."to_date" >= "btq_group_members"."from_date")
);
--> statement-breakpoint
CREATE TABLE "btq_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "btq_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"school_year" text NOT NULL,
	"name" text NOT NULL,
	"teacher_id" integer NOT NULL,
	"level_id" integer,
	"days" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"start_time" text,
	"end_time" text,
	"place" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "btq_levels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "btq_levels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"method_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer NOT NULL,
	"pages" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "btq_levels_pages_ck" CHECK ("btq_levels"."pages" is null or "btq_levels"."pages" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "btq_methods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "btq_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer,
	"name" text NOT NULL,
	"kind" text DEFAULT 'READING' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "btq_presence" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "btq_presence_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "btq_progress" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "btq_progress_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"group_id" integer,
	"session_id" integer,
	"date" date NOT NULL,
	"level_id" integer NOT NULL,
	"kind" text NOT NULL,
	"page_from" integer,
	"page_to" integer,
	"juz" integer,
	"surah" integer,
	"ayat_from" integer,
	"ayat_to" integer,
	"score" integer,
	"grade" text,
	"note" text,
	"teacher_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "btq_progress_pages_ck" CHECK ("btq_progress"."page_from" is null or ("btq_progress"."page_from" >= 1 and "btq_progress"."page_to" >= "btq_progress"."page_from")),
	CONSTRAINT "btq_progress_surah_ck" CHECK ("btq_progress"."surah" is null or "btq_progress"."surah" between 1 and 114),
	CONSTRAINT "btq_progress_juz_ck" CHECK ("btq_progress"."juz" is null or "btq_progress"."juz" between 1 and 30),
	CONSTRAINT "btq_progress_ayat_ck" CHECK ("btq_progress"."ayat_from" is null or ("btq_progress"."ayat_from" >= 1 and "btq_progress"."ayat_to" >= "btq_progress"."ayat_from")),
	CONSTRAINT "btq_progress_score_ck" CHECK ("btq_progress"."score" is null or "btq_progress"."score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "btq_promotions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "btq_promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"from_level_id" integer NOT NULL,
	"to_level_id" integer NOT NULL,
	"status" text DEFAULT 'PROPOSED' NOT NULL,
	"proposed_by_teacher_id" integer,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"test_kind" text,
	"tester_teacher_id" integer,
	"test_result" text,
	"test_score" integer,
	"test_note" text,
	"tested_at" timestamp with time zone,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "btq_promotions_score_ck" CHECK ("btq_promotions"."test_score" is null or "btq_promotions"."test_score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "btq_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "btq_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"date" date NOT NULL,
	"teacher_id" integer,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "btq_student_levels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "btq_student_levels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date,
	"via" text NOT NULL,
	"promotion_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "btq_teachers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "btq_teachers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"employee_id" integer,
	"name" text NOT NULL,
	"phone" text,
	"is_coordinator" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "btq_grade_cutoffs" ADD CONSTRAINT "btq_grade_cutoffs_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_group_members" ADD CONSTRAINT "btq_group_members_group_id_btq_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."btq_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_group_members" ADD CONSTRAINT "btq_group_members_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_group_members" ADD CONSTRAINT "btq_group_members_moved_by_users_id_fk" FOREIGN KEY ("moved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_groups" ADD CONSTRAINT "btq_groups_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_groups" ADD CONSTRAINT "btq_groups_teacher_id_btq_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."btq_teachers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_groups" ADD CONSTRAINT "btq_groups_level_id_btq_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."btq_levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_levels" ADD CONSTRAINT "btq_levels_method_id_btq_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."btq_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_methods" ADD CONSTRAINT "btq_methods_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_presence" ADD CONSTRAINT "btq_presence_session_id_btq_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."btq_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_presence" ADD CONSTRAINT "btq_presence_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_progress" ADD CONSTRAINT "btq_progress_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_progress" ADD CONSTRAINT "btq_progress_group_id_btq_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."btq_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_progress" ADD CONSTRAINT "btq_progress_session_id_btq_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."btq_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_progress" ADD CONSTRAINT "btq_progress_level_id_btq_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."btq_levels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_progress" ADD CONSTRAINT "btq_progress_teacher_id_btq_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."btq_teachers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_progress" ADD CONSTRAINT "btq_progress_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_promotions" ADD CONSTRAINT "btq_promotions_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_promotions" ADD CONSTRAINT "btq_promotions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_promotions" ADD CONSTRAINT "btq_promotions_from_level_id_btq_levels_id_fk" FOREIGN KEY ("from_level_id") REFERENCES "public"."btq_levels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_promotions" ADD CONSTRAINT "btq_promotions_to_level_id_btq_levels_id_fk" FOREIGN KEY ("to_level_id") REFERENCES "public"."btq_levels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_promotions" ADD CONSTRAINT "btq_promotions_proposed_by_teacher_id_btq_teachers_id_fk" FOREIGN KEY ("proposed_by_teacher_id") REFERENCES "public"."btq_teachers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_promotions" ADD CONSTRAINT "btq_promotions_tester_teacher_id_btq_teachers_id_fk" FOREIGN KEY ("tester_teacher_id") REFERENCES "public"."btq_teachers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_promotions" ADD CONSTRAINT "btq_promotions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_sessions" ADD CONSTRAINT "btq_sessions_group_id_btq_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."btq_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_sessions" ADD CONSTRAINT "btq_sessions_teacher_id_btq_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."btq_teachers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_sessions" ADD CONSTRAINT "btq_sessions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_student_levels" ADD CONSTRAINT "btq_student_levels_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_student_levels" ADD CONSTRAINT "btq_student_levels_level_id_btq_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."btq_levels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_student_levels" ADD CONSTRAINT "btq_student_levels_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_teachers" ADD CONSTRAINT "btq_teachers_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "btq_teachers" ADD CONSTRAINT "btq_teachers_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "btq_grade_cutoffs_uq" ON "btq_grade_cutoffs" USING btree ("unit_id","grade");--> statement-breakpoint
CREATE UNIQUE INDEX "btq_group_members_open_uq" ON "btq_group_members" USING btree ("student_id") WHERE "btq_group_members"."to_date" is null;--> statement-breakpoint
CREATE INDEX "btq_group_members_group_idx" ON "btq_group_members" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "btq_groups_unit_year_name_uq" ON "btq_groups" USING btree ("unit_id","school_year",lower("name"));--> statement-breakpoint
CREATE INDEX "btq_groups_teacher_idx" ON "btq_groups" USING btree ("teacher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "btq_levels_method_order_uq" ON "btq_levels" USING btree ("method_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "btq_levels_method_name_uq" ON "btq_levels" USING btree ("method_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "btq_methods_unit_name_uq" ON "btq_methods" USING btree (coalesce("unit_id", 0),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "btq_presence_session_student_uq" ON "btq_presence" USING btree ("session_id","student_id");--> statement-breakpoint
CREATE INDEX "btq_presence_student_idx" ON "btq_presence" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "btq_progress_student_date_idx" ON "btq_progress" USING btree ("student_id","date");--> statement-breakpoint
CREATE INDEX "btq_progress_group_date_idx" ON "btq_progress" USING btree ("group_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "btq_promotions_open_uq" ON "btq_promotions" USING btree ("student_id") WHERE "btq_promotions"."status" in ('PROPOSED', 'TESTED');--> statement-breakpoint
CREATE INDEX "btq_promotions_unit_status_idx" ON "btq_promotions" USING btree ("unit_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "btq_sessions_group_date_uq" ON "btq_sessions" USING btree ("group_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "btq_student_levels_open_uq" ON "btq_student_levels" USING btree ("student_id") WHERE "btq_student_levels"."to_date" is null;--> statement-breakpoint
CREATE INDEX "btq_student_levels_level_idx" ON "btq_student_levels" USING btree ("level_id");--> statement-breakpoint
CREATE UNIQUE INDEX "btq_teachers_unit_employee_uq" ON "btq_teachers" USING btree ("unit_id","employee_id");