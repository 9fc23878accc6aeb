-- A gateway charge expires (issue 15): the charges made before this migration get 24 hours from their start.
ALTER TABLE "gateway_charges" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "gateway_charges" SET "expires_at" = "created_at" + interval '24 hours';--> statement-breakpoint
ALTER TABLE "gateway_charges" ALTER COLUMN "expires_at" SET NOT NULL;
