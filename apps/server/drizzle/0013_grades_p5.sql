CREATE TABLE "score_columns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "score_columns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"class_group_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"semester" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"date" date NOT NULL,
	"assessment_id" integer,
	"created_by_employee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "score_columns_title_ck" CHECK (length("score_columns"."title") between 1 and 80),
	CONSTRAINT "score_columns_kind_ck" CHECK ("score_columns"."kind" in ('HARIAN', 'TUGAS', 'FORMATIF', 'SUMATIF', 'PTS', 'PAS')),
	CONSTRAINT "score_columns_semester_ck" CHECK ("score_columns"."semester" in ('GANJIL', 'GENAP'))
);
--> statement-breakpoint
CREATE TABLE "score_policies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "score_policies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"grade_id" integer NOT NULL,
	"kkm" integer NOT NULL,
	"weights" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "score_policies_kkm_ck" CHECK ("score_policies"."kkm" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "scores" (
	"column_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"hundredths" integer NOT NULL,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scores_column_id_student_id_pk" PRIMARY KEY("column_id","student_id"),
	CONSTRAINT "scores_range_ck" CHECK ("scores"."hundredths" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "p5_grades" (
	"project_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"dimension" text NOT NULL,
	"grade" text NOT NULL,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "p5_grades_project_id_student_id_dimension_pk" PRIMARY KEY("project_id","student_id","dimension"),
	CONSTRAINT "p5_grades_grade_ck" CHECK ("p5_grades"."grade" in ('MB', 'SB', 'BSH', 'SAB'))
);
--> statement-breakpoint
CREATE TABLE "p5_notes" (
	"project_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"note" text NOT NULL,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "p5_notes_project_id_student_id_pk" PRIMARY KEY("project_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "p5_projects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "p5_projects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"academic_year_id" integer NOT NULL,
	"grade_id" integer NOT NULL,
	"semester" text NOT NULL,
	"theme" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"dimensions" text[] NOT NULL,
	"created_by_employee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "p5_projects_semester_ck" CHECK ("p5_projects"."semester" in ('GANJIL', 'GENAP')),
	CONSTRAINT "p5_projects_dimensions_ck" CHECK (cardinality("p5_projects"."dimensions") between 1 and 6)
);
--> statement-breakpoint
ALTER TABLE "score_columns" ADD CONSTRAINT "score_columns_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_columns" ADD CONSTRAINT "score_columns_class_group_id_class_groups_id_fk" FOREIGN KEY ("class_group_id") REFERENCES "public"."class_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_columns" ADD CONSTRAINT "score_columns_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_columns" ADD CONSTRAINT "score_columns_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_columns" ADD CONSTRAINT "score_columns_created_by_employee_id_employees_id_fk" FOREIGN KEY ("created_by_employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_policies" ADD CONSTRAINT "score_policies_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_policies" ADD CONSTRAINT "score_policies_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_policies" ADD CONSTRAINT "score_policies_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_column_id_score_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."score_columns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p5_grades" ADD CONSTRAINT "p5_grades_project_id_p5_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."p5_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p5_grades" ADD CONSTRAINT "p5_grades_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p5_grades" ADD CONSTRAINT "p5_grades_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p5_notes" ADD CONSTRAINT "p5_notes_project_id_p5_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."p5_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p5_notes" ADD CONSTRAINT "p5_notes_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p5_notes" ADD CONSTRAINT "p5_notes_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p5_projects" ADD CONSTRAINT "p5_projects_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p5_projects" ADD CONSTRAINT "p5_projects_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p5_projects" ADD CONSTRAINT "p5_projects_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p5_projects" ADD CONSTRAINT "p5_projects_created_by_employee_id_employees_id_fk" FOREIGN KEY ("created_by_employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "score_columns_sheet_idx" ON "score_columns" USING btree ("class_group_id","subject_id","semester");--> statement-breakpoint
CREATE UNIQUE INDEX "score_policies_subject_grade_uq" ON "score_policies" USING btree ("subject_id","grade_id");--> statement-breakpoint
CREATE INDEX "scores_student_idx" ON "scores" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "p5_grades_student_idx" ON "p5_grades" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "p5_projects_unit_year_idx" ON "p5_projects" USING btree ("unit_id","academic_year_id");