CREATE TABLE "counselling_note_students" (
	"note_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"class_group_id" integer,
	CONSTRAINT "counselling_note_students_note_id_student_id_pk" PRIMARY KEY("note_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "counselling_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "counselling_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"topic" text NOT NULL,
	"discussion" text NOT NULL,
	"agreement" text,
	"follow_up_date" date,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"counsellor_employee_id" integer NOT NULL,
	"shared_with_student" boolean DEFAULT false NOT NULL,
	"student_summary" text,
	"deleted_at" timestamp with time zone,
	"deleted_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "psychotests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "psychotests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"class_group_id" integer,
	"date" date NOT NULL,
	"instrument" text NOT NULL,
	"test_name" text NOT NULL,
	"provider" text,
	"scores" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"interpretation" text,
	"recommendation" text,
	"attachment" jsonb,
	"shared_with_student" boolean DEFAULT false NOT NULL,
	"recorded_by_user_id" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "counselling_note_students" ADD CONSTRAINT "counselling_note_students_note_id_counselling_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."counselling_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counselling_note_students" ADD CONSTRAINT "counselling_note_students_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counselling_note_students" ADD CONSTRAINT "counselling_note_students_class_group_id_class_groups_id_fk" FOREIGN KEY ("class_group_id") REFERENCES "public"."class_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counselling_notes" ADD CONSTRAINT "counselling_notes_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counselling_notes" ADD CONSTRAINT "counselling_notes_counsellor_employee_id_employees_id_fk" FOREIGN KEY ("counsellor_employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counselling_notes" ADD CONSTRAINT "counselling_notes_deleted_by_user_id_users_id_fk" FOREIGN KEY ("deleted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psychotests" ADD CONSTRAINT "psychotests_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psychotests" ADD CONSTRAINT "psychotests_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psychotests" ADD CONSTRAINT "psychotests_class_group_id_class_groups_id_fk" FOREIGN KEY ("class_group_id") REFERENCES "public"."class_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psychotests" ADD CONSTRAINT "psychotests_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psychotests" ADD CONSTRAINT "psychotests_deleted_by_user_id_users_id_fk" FOREIGN KEY ("deleted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "counselling_note_students_student_idx" ON "counselling_note_students" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "counselling_notes_unit_date_idx" ON "counselling_notes" USING btree ("unit_id","date") WHERE "counselling_notes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "psychotests_unit_date_idx" ON "psychotests" USING btree ("unit_id","date") WHERE "psychotests"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "psychotests_student_idx" ON "psychotests" USING btree ("student_id");