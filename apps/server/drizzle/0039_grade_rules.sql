CREATE TABLE "final_score_overrides" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "final_score_overrides_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"class_group_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"semester" text NOT NULL,
	"student_id" integer NOT NULL,
	"hundredths" integer NOT NULL,
	"reason" text NOT NULL,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "final_score_overrides_range_ck" CHECK ("final_score_overrides"."hundredths" between 0 and 10000),
	CONSTRAINT "final_score_overrides_reason_ck" CHECK (length("final_score_overrides"."reason") between 1 and 500),
	CONSTRAINT "final_score_overrides_semester_ck" CHECK ("final_score_overrides"."semester" in ('GANJIL', 'GENAP'))
);
--> statement-breakpoint
CREATE TABLE "grade_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "grade_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"academic_year_id" integer NOT NULL,
	"weights" jsonb NOT NULL,
	"kktp" integer NOT NULL,
	"remedial_rule" text NOT NULL,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grade_rules_kktp_ck" CHECK ("grade_rules"."kktp" between 0 and 100),
	CONSTRAINT "grade_rules_remedial_ck" CHECK ("grade_rules"."remedial_rule" in ('CAP', 'HIGHER'))
);
--> statement-breakpoint
CREATE TABLE "remedial_scores" (
	"column_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"kind" text NOT NULL,
	"hundredths" integer NOT NULL,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remedial_scores_column_id_student_id_pk" PRIMARY KEY("column_id","student_id"),
	CONSTRAINT "remedial_scores_range_ck" CHECK ("remedial_scores"."hundredths" between 0 and 10000),
	CONSTRAINT "remedial_scores_kind_ck" CHECK ("remedial_scores"."kind" in ('REMEDIAL', 'PENGAYAAN'))
);
--> statement-breakpoint
ALTER TABLE "score_policies" ALTER COLUMN "weights" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "final_score_overrides" ADD CONSTRAINT "final_score_overrides_class_group_id_class_groups_id_fk" FOREIGN KEY ("class_group_id") REFERENCES "public"."class_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_score_overrides" ADD CONSTRAINT "final_score_overrides_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_score_overrides" ADD CONSTRAINT "final_score_overrides_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_score_overrides" ADD CONSTRAINT "final_score_overrides_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_rules" ADD CONSTRAINT "grade_rules_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_rules" ADD CONSTRAINT "grade_rules_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_rules" ADD CONSTRAINT "grade_rules_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remedial_scores" ADD CONSTRAINT "remedial_scores_column_id_score_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."score_columns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remedial_scores" ADD CONSTRAINT "remedial_scores_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remedial_scores" ADD CONSTRAINT "remedial_scores_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "final_score_overrides_uq" ON "final_score_overrides" USING btree ("class_group_id","subject_id","semester","student_id");--> statement-breakpoint
CREATE INDEX "final_score_overrides_student_idx" ON "final_score_overrides" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "grade_rules_unit_year_uq" ON "grade_rules" USING btree ("unit_id","academic_year_id");--> statement-breakpoint
CREATE INDEX "remedial_scores_student_idx" ON "remedial_scores" USING btree ("student_id");