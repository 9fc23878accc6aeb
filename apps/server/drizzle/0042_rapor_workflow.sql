CREATE TABLE "rapor_homeroom_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rapor_homeroom_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"class_group_id" integer NOT NULL,
	"semester" text NOT NULL,
	"student_id" integer NOT NULL,
	"text" text NOT NULL,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rapor_homeroom_notes_text_ck" CHECK (length("rapor_homeroom_notes"."text") between 1 and 1000),
	CONSTRAINT "rapor_homeroom_notes_semester_ck" CHECK ("rapor_homeroom_notes"."semester" in ('GANJIL', 'GENAP'))
);
--> statement-breakpoint
CREATE TABLE "rapor_reopens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rapor_reopens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"class_group_id" integer NOT NULL,
	"semester" text NOT NULL,
	"subject_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"previous_hundredths" integer,
	"previous_description" text,
	"reason" text NOT NULL,
	"opened_by_user_id" integer,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "rapor_reopens_reason_ck" CHECK (length("rapor_reopens"."reason") between 1 and 500),
	CONSTRAINT "rapor_reopens_semester_ck" CHECK ("rapor_reopens"."semester" in ('GANJIL', 'GENAP'))
);
--> statement-breakpoint
CREATE TABLE "rapor_seen" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rapor_seen_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"class_group_id" integer NOT NULL,
	"semester" text NOT NULL,
	"student_id" integer NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rapor_seen_semester_ck" CHECK ("rapor_seen"."semester" in ('GANJIL', 'GENAP'))
);
--> statement-breakpoint
CREATE TABLE "rapor_states" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rapor_states_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"class_group_id" integer NOT NULL,
	"semester" text NOT NULL,
	"status" text NOT NULL,
	"locked_by_user_id" integer,
	"locked_at" timestamp with time zone,
	"published_by_user_id" integer,
	"published_at" timestamp with time zone,
	CONSTRAINT "rapor_states_semester_ck" CHECK ("rapor_states"."semester" in ('GANJIL', 'GENAP')),
	CONSTRAINT "rapor_states_status_ck" CHECK ("rapor_states"."status" in ('DRAFT', 'LOCKED', 'PUBLISHED'))
);
--> statement-breakpoint
CREATE TABLE "rapor_submissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rapor_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"class_group_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"semester" text NOT NULL,
	"submitted_by_user_id" integer,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rapor_submissions_semester_ck" CHECK ("rapor_submissions"."semester" in ('GANJIL', 'GENAP'))
);
--> statement-breakpoint
ALTER TABLE "rapor_homeroom_notes" ADD CONSTRAINT "rapor_homeroom_notes_class_group_id_class_groups_id_fk" FOREIGN KEY ("class_group_id") REFERENCES "public"."class_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rapor_homeroom_notes" ADD CONSTRAINT "rapor_homeroom_notes_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rapor_homeroom_notes" ADD CONSTRAINT "rapor_homeroom_notes_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rapor_reopens" ADD CONSTRAINT "rapor_reopens_class_group_id_class_groups_id_fk" FOREIGN KEY ("class_group_id") REFERENCES "public"."class_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rapor_reopens" ADD CONSTRAINT "rapor_reopens_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rapor_reopens" ADD CONSTRAINT "rapor_reopens_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rapor_reopens" ADD CONSTRAINT "rapor_reopens_opened_by_user_id_users_id_fk" FOREIGN KEY ("opened_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rapor_seen" ADD CONSTRAINT "rapor_seen_class_group_id_class_groups_id_fk" FOREIGN KEY ("class_group_id") REFERENCES "public"."class_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rapor_seen" ADD CONSTRAINT "rapor_seen_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rapor_states" ADD CONSTRAINT "rapor_states_class_group_id_class_groups_id_fk" FOREIGN KEY ("class_group_id") REFERENCES "public"."class_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rapor_states" ADD CONSTRAINT "rapor_states_locked_by_user_id_users_id_fk" FOREIGN KEY ("locked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rapor_states" ADD CONSTRAINT "rapor_states_published_by_user_id_users_id_fk" FOREIGN KEY ("published_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rapor_submissions" ADD CONSTRAINT "rapor_submissions_class_group_id_class_groups_id_fk" FOREIGN KEY ("class_group_id") REFERENCES "public"."class_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rapor_submissions" ADD CONSTRAINT "rapor_submissions_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rapor_submissions" ADD CONSTRAINT "rapor_submissions_submitted_by_user_id_users_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rapor_homeroom_notes_uq" ON "rapor_homeroom_notes" USING btree ("class_group_id","semester","student_id");--> statement-breakpoint
CREATE INDEX "rapor_homeroom_notes_student_idx" ON "rapor_homeroom_notes" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "rapor_reopens_sheet_idx" ON "rapor_reopens" USING btree ("class_group_id","semester","subject_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rapor_seen_uq" ON "rapor_seen" USING btree ("class_group_id","semester","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rapor_states_uq" ON "rapor_states" USING btree ("class_group_id","semester");--> statement-breakpoint
CREATE UNIQUE INDEX "rapor_submissions_uq" ON "rapor_submissions" USING btree ("class_group_id","subject_id","semester");