CREATE TABLE "academic_years" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "academic_years_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "academic_years_name_unique" UNIQUE("name"),
	CONSTRAINT "academic_years_dates_ck" CHECK ("academic_years"."start_date" < "academic_years"."end_date")
);
--> statement-breakpoint
CREATE TABLE "bell_periods" (
	"unit_id" integer NOT NULL,
	"period" integer NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	CONSTRAINT "bell_periods_unit_id_period_pk" PRIMARY KEY("unit_id","period")
);
--> statement-breakpoint
CREATE TABLE "class_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "class_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"academic_year_id" integer NOT NULL,
	"grade_id" integer NOT NULL,
	"name" text NOT NULL,
	"homeroom_employee_id" integer,
	"room" text,
	"program" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrollments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enrollments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"class_group_id" integer NOT NULL,
	"academic_year_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "grades" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "grades_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"level" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subject_grade_hours" (
	"subject_id" integer NOT NULL,
	"grade_id" integer NOT NULL,
	"hours_per_week" integer NOT NULL,
	CONSTRAINT "subject_grade_hours_subject_id_grade_id_pk" PRIMARY KEY("subject_id","grade_id")
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subjects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"group" text,
	"kkm" integer DEFAULT 75 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subjects_kkm_ck" CHECK ("subjects"."kkm" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "teaching_assignments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "teaching_assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"employee_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"class_group_id" integer NOT NULL,
	"academic_year_id" integer NOT NULL,
	"semester" text NOT NULL,
	"hours_per_week" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timetable_slots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "timetable_slots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"academic_year_id" integer NOT NULL,
	"semester" text NOT NULL,
	"class_group_id" integer NOT NULL,
	"day" integer NOT NULL,
	"period" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timetable_day_ck" CHECK ("timetable_slots"."day" between 1 and 6),
	CONSTRAINT "timetable_period_ck" CHECK ("timetable_slots"."period" between 1 and 16)
);
--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "nuptk" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "position" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "employment_status" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "photo_path" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "join_date" date;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "nik" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "birth_place" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "religion" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "father_name" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "mother_name" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "guardian_name" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "parent_phone" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "boarding" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "program" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "entry_date" date;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "status" text DEFAULT 'ACTIVE' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "photo_path" text;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "npsn" text;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "headmaster" text;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "day_start_time" text DEFAULT '07:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "period_minutes" integer DEFAULT 40 NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bell_periods" ADD CONSTRAINT "bell_periods_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_groups" ADD CONSTRAINT "class_groups_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_groups" ADD CONSTRAINT "class_groups_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_groups" ADD CONSTRAINT "class_groups_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_groups" ADD CONSTRAINT "class_groups_homeroom_employee_id_employees_id_fk" FOREIGN KEY ("homeroom_employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_class_group_id_class_groups_id_fk" FOREIGN KEY ("class_group_id") REFERENCES "public"."class_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_grade_hours" ADD CONSTRAINT "subject_grade_hours_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_grade_hours" ADD CONSTRAINT "subject_grade_hours_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_class_group_id_class_groups_id_fk" FOREIGN KEY ("class_group_id") REFERENCES "public"."class_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_slots" ADD CONSTRAINT "timetable_slots_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_slots" ADD CONSTRAINT "timetable_slots_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_slots" ADD CONSTRAINT "timetable_slots_class_group_id_class_groups_id_fk" FOREIGN KEY ("class_group_id") REFERENCES "public"."class_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_slots" ADD CONSTRAINT "timetable_slots_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_slots" ADD CONSTRAINT "timetable_slots_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "academic_years_one_active_uq" ON "academic_years" USING btree ("is_active") WHERE "academic_years"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "class_groups_unit_year_name_uq" ON "class_groups" USING btree ("unit_id","academic_year_id","name");--> statement-breakpoint
CREATE INDEX "class_groups_year_idx" ON "class_groups" USING btree ("academic_year_id","grade_id");--> statement-breakpoint
CREATE INDEX "class_groups_homeroom_idx" ON "class_groups" USING btree ("homeroom_employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollments_open_per_year_uq" ON "enrollments" USING btree ("student_id","academic_year_id") WHERE "enrollments"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "enrollments_class_idx" ON "enrollments" USING btree ("class_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "grades_unit_level_uq" ON "grades" USING btree ("unit_id","level");--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_unit_code_uq" ON "subjects" USING btree ("unit_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "teaching_assignments_class_subject_uq" ON "teaching_assignments" USING btree ("class_group_id","subject_id","semester");--> statement-breakpoint
CREATE INDEX "teaching_assignments_employee_idx" ON "teaching_assignments" USING btree ("employee_id","academic_year_id","semester");--> statement-breakpoint
CREATE UNIQUE INDEX "timetable_class_slot_uq" ON "timetable_slots" USING btree ("class_group_id","semester","day","period");--> statement-breakpoint
CREATE UNIQUE INDEX "timetable_teacher_slot_uq" ON "timetable_slots" USING btree ("employee_id","academic_year_id","semester","day","period");--> statement-breakpoint
CREATE INDEX "employees_unit_name_idx" ON "employees" USING btree ("unit_id","name");--> statement-breakpoint
CREATE INDEX "students_unit_status_idx" ON "students" USING btree ("unit_id","status");