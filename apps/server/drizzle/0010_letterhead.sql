CREATE TABLE "foundation" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"city" text,
	"phone" text,
	"email" text,
	"chair_name" text,
	"chair_nip" text,
	"logo_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "foundation_one_row_ck" CHECK ("foundation"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "headmaster_nip" text;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "logo_path" text;--> statement-breakpoint
-- the one row of the foundation (reviewed addition): papers about every unit need a letterhead from the start
INSERT INTO "foundation" ("id", "name") VALUES (1, 'Yayasan') ON CONFLICT DO NOTHING;
