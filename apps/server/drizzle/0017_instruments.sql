CREATE TABLE "counselling_instrument_answers" (
	"attempt_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"value" integer NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "counselling_instrument_answers_attempt_id_item_id_pk" PRIMARY KEY("attempt_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "counselling_instrument_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "counselling_instrument_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"window_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"academic_year_id" integer NOT NULL,
	"class_group_id" integer NOT NULL,
	"attempt_number" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'IN_PROGRESS' NOT NULL,
	"instrument_version" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"profile" jsonb,
	CONSTRAINT "counselling_instrument_attempts_submitted_ck" CHECK (("counselling_instrument_attempts"."status" = 'SUBMITTED') = ("counselling_instrument_attempts"."submitted_at" is not null and "counselling_instrument_attempts"."profile" is not null))
);
--> statement-breakpoint
CREATE TABLE "counselling_instrument_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "counselling_instrument_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"instrument_id" integer NOT NULL,
	"number" integer NOT NULL,
	"text" text NOT NULL,
	"type" text NOT NULL,
	"scale_code" text,
	"reversed" boolean DEFAULT false NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "counselling_instrument_items_weight_ck" CHECK ("counselling_instrument_items"."weight" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "counselling_instrument_scales" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "counselling_instrument_scales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"instrument_id" integer NOT NULL,
	"sort_order" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"scoring" text NOT NULL,
	"bands" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counselling_instrument_windows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "counselling_instrument_windows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"instrument_id" integer NOT NULL,
	"academic_year_id" integer NOT NULL,
	"opens_on" date NOT NULL,
	"closes_on" date NOT NULL,
	"class_group_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"grade_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counselling_instrument_windows_dates_ck" CHECK ("counselling_instrument_windows"."opens_on" <= "counselling_instrument_windows"."closes_on")
);
--> statement-breakpoint
CREATE TABLE "counselling_instruments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "counselling_instruments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"licence" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "counselling_instrument_answers" ADD CONSTRAINT "counselling_instrument_answers_attempt_id_counselling_instrument_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."counselling_instrument_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counselling_instrument_answers" ADD CONSTRAINT "counselling_instrument_answers_item_id_counselling_instrument_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."counselling_instrument_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counselling_instrument_attempts" ADD CONSTRAINT "counselling_instrument_attempts_window_id_counselling_instrument_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."counselling_instrument_windows"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counselling_instrument_attempts" ADD CONSTRAINT "counselling_instrument_attempts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counselling_instrument_attempts" ADD CONSTRAINT "counselling_instrument_attempts_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counselling_instrument_attempts" ADD CONSTRAINT "counselling_instrument_attempts_class_group_id_class_groups_id_fk" FOREIGN KEY ("class_group_id") REFERENCES "public"."class_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counselling_instrument_items" ADD CONSTRAINT "counselling_instrument_items_instrument_id_counselling_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."counselling_instruments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counselling_instrument_scales" ADD CONSTRAINT "counselling_instrument_scales_instrument_id_counselling_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."counselling_instruments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counselling_instrument_windows" ADD CONSTRAINT "counselling_instrument_windows_instrument_id_counselling_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."counselling_instruments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counselling_instrument_windows" ADD CONSTRAINT "counselling_instrument_windows_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counselling_instruments" ADD CONSTRAINT "counselling_instruments_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "counselling_instrument_attempts_number_uq" ON "counselling_instrument_attempts" USING btree ("window_id","student_id","attempt_number");--> statement-breakpoint
CREATE UNIQUE INDEX "counselling_instrument_attempts_open_uq" ON "counselling_instrument_attempts" USING btree ("window_id","student_id") WHERE "counselling_instrument_attempts"."status" = 'IN_PROGRESS';--> statement-breakpoint
CREATE INDEX "counselling_instrument_attempts_student_idx" ON "counselling_instrument_attempts" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "counselling_instrument_items_number_uq" ON "counselling_instrument_items" USING btree ("instrument_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "counselling_instrument_scales_code_uq" ON "counselling_instrument_scales" USING btree ("instrument_id","code");--> statement-breakpoint
CREATE INDEX "counselling_instrument_windows_instrument_idx" ON "counselling_instrument_windows" USING btree ("instrument_id");--> statement-breakpoint
CREATE UNIQUE INDEX "counselling_instruments_unit_kind_uq" ON "counselling_instruments" USING btree ("unit_id","kind");