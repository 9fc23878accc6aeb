CREATE TABLE "lesson_substitutes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lesson_substitutes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"timetable_slot_id" integer NOT NULL,
	"date" date NOT NULL,
	"employee_id" integer NOT NULL,
	"note" text,
	"assigned_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lesson_substitutes" ADD CONSTRAINT "lesson_substitutes_timetable_slot_id_timetable_slots_id_fk" FOREIGN KEY ("timetable_slot_id") REFERENCES "public"."timetable_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_substitutes" ADD CONSTRAINT "lesson_substitutes_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_substitutes" ADD CONSTRAINT "lesson_substitutes_assigned_by_user_id_users_id_fk" FOREIGN KEY ("assigned_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_substitutes_slot_date_uq" ON "lesson_substitutes" USING btree ("timetable_slot_id","date");--> statement-breakpoint
CREATE INDEX "lesson_substitutes_employee_date_idx" ON "lesson_substitutes" USING btree ("employee_id","date");