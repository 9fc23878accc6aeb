CREATE TABLE "calendar_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calendar_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_entries_dates_ck" CHECK ("calendar_entries"."start_date" <= "calendar_entries"."end_date")
);
--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "school_days_per_week" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_entries" ADD CONSTRAINT "calendar_entries_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_entries_range_idx" ON "calendar_entries" USING btree ("start_date","end_date");--> statement-breakpoint
-- Calendar reads are cached (lib/read-cache.ts): a change tells every server process at commit.
CREATE TRIGGER calendar_entries_school_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON calendar_entries
  FOR EACH STATEMENT EXECUTE FUNCTION mms_notify_school_change();
