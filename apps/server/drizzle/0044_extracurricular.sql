CREATE TABLE "extracurricular_grades" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "extracurricular_grades_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"semester" text NOT NULL,
	"predicate" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "extracurricular_grades_semester_ck" CHECK ("extracurricular_grades"."semester" in ('GANJIL', 'GENAP')),
	CONSTRAINT "extracurricular_grades_predicate_ck" CHECK ("extracurricular_grades"."predicate" in ('SB', 'B', 'C', 'K')),
	CONSTRAINT "extracurricular_grades_note_ck" CHECK (length("extracurricular_grades"."note") <= 500)
);
--> statement-breakpoint
CREATE TABLE "extracurricular_members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "extracurricular_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"extracurricular_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "extracurriculars" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "extracurriculars_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"academic_year_id" integer NOT NULL,
	"name" text NOT NULL,
	"coach_employee_id" integer NOT NULL,
	"schedule" text,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "extracurriculars_name_ck" CHECK (length("extracurriculars"."name") between 1 and 100),
	CONSTRAINT "extracurriculars_schedule_ck" CHECK ("extracurriculars"."schedule" is null or length("extracurriculars"."schedule") <= 200)
);
--> statement-breakpoint
ALTER TABLE "extracurricular_grades" ADD CONSTRAINT "extracurricular_grades_member_id_extracurricular_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."extracurricular_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extracurricular_grades" ADD CONSTRAINT "extracurricular_grades_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extracurricular_members" ADD CONSTRAINT "extracurricular_members_extracurricular_id_extracurriculars_id_fk" FOREIGN KEY ("extracurricular_id") REFERENCES "public"."extracurriculars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extracurricular_members" ADD CONSTRAINT "extracurricular_members_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extracurriculars" ADD CONSTRAINT "extracurriculars_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extracurriculars" ADD CONSTRAINT "extracurriculars_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extracurriculars" ADD CONSTRAINT "extracurriculars_coach_employee_id_employees_id_fk" FOREIGN KEY ("coach_employee_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extracurriculars" ADD CONSTRAINT "extracurriculars_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "extracurricular_grades_uq" ON "extracurricular_grades" USING btree ("member_id","semester");--> statement-breakpoint
CREATE UNIQUE INDEX "extracurricular_members_uq" ON "extracurricular_members" USING btree ("extracurricular_id","student_id");--> statement-breakpoint
CREATE INDEX "extracurricular_members_student_idx" ON "extracurricular_members" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "extracurriculars_name_uq" ON "extracurriculars" USING btree ("unit_id","academic_year_id",lower("name"));--> statement-breakpoint
CREATE INDEX "extracurriculars_coach_idx" ON "extracurriculars" USING btree ("coach_employee_id");