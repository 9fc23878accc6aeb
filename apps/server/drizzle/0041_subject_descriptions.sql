CREATE TABLE "subject_descriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subject_descriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"class_group_id" integer NOT NULL,
	"academic_year_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"semester" text NOT NULL,
	"student_id" integer NOT NULL,
	"text" text NOT NULL,
	"source" text NOT NULL,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subject_descriptions_text_ck" CHECK (length("subject_descriptions"."text") between 1 and 1000),
	CONSTRAINT "subject_descriptions_semester_ck" CHECK ("subject_descriptions"."semester" in ('GANJIL', 'GENAP')),
	CONSTRAINT "subject_descriptions_source_ck" CHECK ("subject_descriptions"."source" in ('DRAFT', 'EDITED'))
);
--> statement-breakpoint
ALTER TABLE "subject_descriptions" ADD CONSTRAINT "subject_descriptions_class_group_id_class_groups_id_fk" FOREIGN KEY ("class_group_id") REFERENCES "public"."class_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_descriptions" ADD CONSTRAINT "subject_descriptions_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_descriptions" ADD CONSTRAINT "subject_descriptions_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_descriptions" ADD CONSTRAINT "subject_descriptions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_descriptions" ADD CONSTRAINT "subject_descriptions_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subject_descriptions_uq" ON "subject_descriptions" USING btree ("class_group_id","subject_id","semester","student_id");--> statement-breakpoint
CREATE INDEX "subject_descriptions_student_idx" ON "subject_descriptions" USING btree ("student_id","semester");