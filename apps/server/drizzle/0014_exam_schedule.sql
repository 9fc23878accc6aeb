CREATE TABLE "exam_rooms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_rooms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"name" text NOT NULL,
	"capacity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_rooms_capacity_ck" CHECK ("exam_rooms"."capacity" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "exam_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"date" date NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"starts_at" time NOT NULL,
	"ends_at" time NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_sessions_number_ck" CHECK ("exam_sessions"."number" between 1 and 20),
	CONSTRAINT "exam_sessions_times_ck" CHECK ("exam_sessions"."ends_at" > "exam_sessions"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "exam_slots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_slots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"assessment_id" integer NOT NULL,
	"class_group_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"proctor_employee_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam_rooms" ADD CONSTRAINT "exam_rooms_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sessions" ADD CONSTRAINT "exam_sessions_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_slots" ADD CONSTRAINT "exam_slots_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_slots" ADD CONSTRAINT "exam_slots_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_slots" ADD CONSTRAINT "exam_slots_class_group_id_class_groups_id_fk" FOREIGN KEY ("class_group_id") REFERENCES "public"."class_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_slots" ADD CONSTRAINT "exam_slots_room_id_exam_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."exam_rooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_slots" ADD CONSTRAINT "exam_slots_session_id_exam_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."exam_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_slots" ADD CONSTRAINT "exam_slots_proctor_employee_id_employees_id_fk" FOREIGN KEY ("proctor_employee_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_rooms_unit_name_uq" ON "exam_rooms" USING btree ("unit_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "exam_sessions_unit_date_number_uq" ON "exam_sessions" USING btree ("unit_id","date","number");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_slots_room_session_uq" ON "exam_slots" USING btree ("session_id","room_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_slots_class_session_uq" ON "exam_slots" USING btree ("session_id","class_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_slots_proctor_session_uq" ON "exam_slots" USING btree ("session_id","proctor_employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_slots_assessment_class_uq" ON "exam_slots" USING btree ("assessment_id","class_group_id");--> statement-breakpoint
CREATE INDEX "exam_slots_unit_idx" ON "exam_slots" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "exam_slots_proctor_idx" ON "exam_slots" USING btree ("proctor_employee_id");