CREATE TABLE "stored_files" (
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"mime" text,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"purpose" text,
	CONSTRAINT "stored_files_kind_name_pk" PRIMARY KEY("kind","name")
);
--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_files_uploaded_at_idx" ON "stored_files" USING btree ("uploaded_at");--> statement-breakpoint
CREATE INDEX "stored_files_uploaded_by_idx" ON "stored_files" USING btree ("uploaded_by");