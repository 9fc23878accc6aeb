CREATE TABLE "attempt_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attempt_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"attempt_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"by_user_id" integer,
	"notice" text
);
--> statement-breakpoint
ALTER TABLE "answers" ADD COLUMN "flagged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "access_token" text;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "access_token_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "token_rotate_minutes" integer;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "extension_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "device_changes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "takeover_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "takeover_allowed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "takeover_pin_hash" text;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "submitted_by" text;--> statement-breakpoint
ALTER TABLE "attempt_events" ADD CONSTRAINT "attempt_events_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_events" ADD CONSTRAINT "attempt_events_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attempt_events_attempt_idx" ON "attempt_events" USING btree ("attempt_id","at");--> statement-breakpoint
CREATE INDEX "attempts_open_deadline_idx" ON "attempts" USING btree ("deadline_at") WHERE "attempts"."status" = 'IN_PROGRESS';--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_extension_ck" CHECK ("attempts"."extension_seconds" between 0 and 86400);--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_submitted_by_ck" CHECK ("attempts"."submitted_by" is null or "attempts"."submitted_by" in ('STUDENT', 'DEADLINE', 'PROCTOR'));