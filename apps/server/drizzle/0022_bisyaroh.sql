CREATE TABLE "bisyaroh_journal_approvals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bisyaroh_journal_approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"timetable_slot_id" integer NOT NULL,
	"date" date NOT NULL,
	"reason" text NOT NULL,
	"approved_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bisyaroh_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bisyaroh_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slip_id" integer NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"rate" integer DEFAULT 0 NOT NULL,
	"amount" integer NOT NULL,
	"reason" text,
	"loan_id" integer,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bisyaroh_loans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bisyaroh_loans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"name" text NOT NULL,
	"principal" integer NOT NULL,
	"instalment" integer NOT NULL,
	"start_month" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bisyaroh_months" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bisyaroh_months_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"month" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"computed_at" timestamp with time zone,
	"locked_at" timestamp with time zone,
	"locked_by_user_id" integer,
	"paid_at" timestamp with time zone,
	"voucher_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bisyaroh_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bisyaroh_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"position" text,
	"employee_id" integer,
	"valid_from" text NOT NULL,
	"per_jp" integer DEFAULT 0 NOT NULL,
	"per_day" integer DEFAULT 0 NOT NULL,
	"on_time_per_day" integer DEFAULT 0 NOT NULL,
	"transport_per_day" integer DEFAULT 0 NOT NULL,
	"absence_per_day" integer DEFAULT 0 NOT NULL,
	"allowances" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bisyaroh_rates_subject_ck" CHECK (("bisyaroh_rates"."position" is null) <> ("bisyaroh_rates"."employee_id" is null))
);
--> statement-breakpoint
CREATE TABLE "bisyaroh_slips" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bisyaroh_slips_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"month_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bisyaroh_journal_approvals" ADD CONSTRAINT "bisyaroh_journal_approvals_timetable_slot_id_timetable_slots_id_fk" FOREIGN KEY ("timetable_slot_id") REFERENCES "public"."timetable_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bisyaroh_journal_approvals" ADD CONSTRAINT "bisyaroh_journal_approvals_approved_by_user_id_users_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bisyaroh_lines" ADD CONSTRAINT "bisyaroh_lines_slip_id_bisyaroh_slips_id_fk" FOREIGN KEY ("slip_id") REFERENCES "public"."bisyaroh_slips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bisyaroh_lines" ADD CONSTRAINT "bisyaroh_lines_loan_id_bisyaroh_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."bisyaroh_loans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bisyaroh_lines" ADD CONSTRAINT "bisyaroh_lines_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bisyaroh_loans" ADD CONSTRAINT "bisyaroh_loans_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bisyaroh_loans" ADD CONSTRAINT "bisyaroh_loans_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bisyaroh_months" ADD CONSTRAINT "bisyaroh_months_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bisyaroh_months" ADD CONSTRAINT "bisyaroh_months_locked_by_user_id_users_id_fk" FOREIGN KEY ("locked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bisyaroh_months" ADD CONSTRAINT "bisyaroh_months_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bisyaroh_rates" ADD CONSTRAINT "bisyaroh_rates_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bisyaroh_rates" ADD CONSTRAINT "bisyaroh_rates_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bisyaroh_slips" ADD CONSTRAINT "bisyaroh_slips_month_id_bisyaroh_months_id_fk" FOREIGN KEY ("month_id") REFERENCES "public"."bisyaroh_months"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bisyaroh_slips" ADD CONSTRAINT "bisyaroh_slips_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bisyaroh_journal_approvals_slot_date_uq" ON "bisyaroh_journal_approvals" USING btree ("timetable_slot_id","date");--> statement-breakpoint
CREATE INDEX "bisyaroh_lines_slip_idx" ON "bisyaroh_lines" USING btree ("slip_id");--> statement-breakpoint
CREATE INDEX "bisyaroh_lines_loan_idx" ON "bisyaroh_lines" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "bisyaroh_loans_employee_idx" ON "bisyaroh_loans" USING btree ("employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bisyaroh_months_unit_month_uq" ON "bisyaroh_months" USING btree ("unit_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "bisyaroh_months_voucher_uq" ON "bisyaroh_months" USING btree ("voucher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bisyaroh_rates_position_uq" ON "bisyaroh_rates" USING btree ("unit_id",lower("position"),"valid_from") WHERE "bisyaroh_rates"."position" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bisyaroh_rates_employee_uq" ON "bisyaroh_rates" USING btree ("employee_id","valid_from") WHERE "bisyaroh_rates"."employee_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bisyaroh_slips_month_employee_uq" ON "bisyaroh_slips" USING btree ("month_id","employee_id");--> statement-breakpoint
CREATE INDEX "bisyaroh_slips_employee_idx" ON "bisyaroh_slips" USING btree ("employee_id");