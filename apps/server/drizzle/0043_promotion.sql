CREATE TABLE "promotion_decisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_decisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"run_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"from_enrollment_id" integer NOT NULL,
	"from_class_group_id" integer NOT NULL,
	"decision" text NOT NULL,
	"target_level" integer,
	"target_class_name" text,
	"note" text,
	"to_enrollment_id" integer,
	"previous_status" text,
	"updated_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_decisions_target_ck" CHECK (("promotion_decisions"."decision" = 'GRADUATE') = ("promotion_decisions"."target_class_name" is null and "promotion_decisions"."target_level" is null))
);
--> statement-breakpoint
CREATE TABLE "promotion_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"from_year_id" integer NOT NULL,
	"to_year_id" integer NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"graduation_date" date NOT NULL,
	"created_class_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"created_by_user_id" integer,
	"applied_at" timestamp with time zone,
	"applied_by_user_id" integer,
	"undone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_runs_years_ck" CHECK ("promotion_runs"."from_year_id" <> "promotion_runs"."to_year_id")
);
--> statement-breakpoint
ALTER TABLE "promotion_decisions" ADD CONSTRAINT "promotion_decisions_run_id_promotion_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."promotion_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_decisions" ADD CONSTRAINT "promotion_decisions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_decisions" ADD CONSTRAINT "promotion_decisions_from_enrollment_id_enrollments_id_fk" FOREIGN KEY ("from_enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_decisions" ADD CONSTRAINT "promotion_decisions_from_class_group_id_class_groups_id_fk" FOREIGN KEY ("from_class_group_id") REFERENCES "public"."class_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_decisions" ADD CONSTRAINT "promotion_decisions_to_enrollment_id_enrollments_id_fk" FOREIGN KEY ("to_enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_decisions" ADD CONSTRAINT "promotion_decisions_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_runs" ADD CONSTRAINT "promotion_runs_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_runs" ADD CONSTRAINT "promotion_runs_from_year_id_academic_years_id_fk" FOREIGN KEY ("from_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_runs" ADD CONSTRAINT "promotion_runs_to_year_id_academic_years_id_fk" FOREIGN KEY ("to_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_runs" ADD CONSTRAINT "promotion_runs_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_runs" ADD CONSTRAINT "promotion_runs_applied_by_user_id_users_id_fk" FOREIGN KEY ("applied_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_decisions_run_student_uq" ON "promotion_decisions" USING btree ("run_id","student_id");--> statement-breakpoint
CREATE INDEX "promotion_decisions_class_idx" ON "promotion_decisions" USING btree ("from_class_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_runs_unit_year_uq" ON "promotion_runs" USING btree ("unit_id","from_year_id");