CREATE TABLE "prayer_penalties" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prayer_penalties_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"month" text NOT NULL,
	"absences" integer NOT NULL,
	"threshold" integer NOT NULL,
	"points" integer NOT NULL,
	"ledger_line_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prayer_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prayer_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"class_group_id" integer NOT NULL,
	"date" date NOT NULL,
	"prayer" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"recorded_by_user_id" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prayer_rules" (
	"unit_id" integer PRIMARY KEY NOT NULL,
	"threshold" integer NOT NULL,
	"points" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prayer_penalties" ADD CONSTRAINT "prayer_penalties_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_penalties" ADD CONSTRAINT "prayer_penalties_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_penalties" ADD CONSTRAINT "prayer_penalties_ledger_line_id_point_ledger_id_fk" FOREIGN KEY ("ledger_line_id") REFERENCES "public"."point_ledger"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_records" ADD CONSTRAINT "prayer_records_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_records" ADD CONSTRAINT "prayer_records_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_records" ADD CONSTRAINT "prayer_records_class_group_id_class_groups_id_fk" FOREIGN KEY ("class_group_id") REFERENCES "public"."class_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_records" ADD CONSTRAINT "prayer_records_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_rules" ADD CONSTRAINT "prayer_rules_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prayer_penalties_student_month_uq" ON "prayer_penalties" USING btree ("student_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "prayer_records_student_date_prayer_uq" ON "prayer_records" USING btree ("student_id","date","prayer");--> statement-breakpoint
CREATE INDEX "prayer_records_class_date_idx" ON "prayer_records" USING btree ("class_group_id","date");--> statement-breakpoint
CREATE INDEX "prayer_records_unit_date_idx" ON "prayer_records" USING btree ("unit_id","date");