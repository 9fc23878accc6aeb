CREATE TABLE "media_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"stored_name" text NOT NULL,
	"mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"ratio" text,
	"source_image_id" integer,
	"uploaded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_images_storedName_unique" UNIQUE("stored_name"),
	CONSTRAINT "media_images_mime_ck" CHECK ("media_images"."mime" in ('image/jpeg', 'image/png'))
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"cover_image_id" integer,
	"audience" text NOT NULL,
	"audience_division" text,
	"audience_class_id" integer,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"publish_at" timestamp with time zone,
	"unpublish_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_audience_ck" CHECK (("posts"."audience" <> 'DIVISION' or "posts"."audience_division" is not null) and ("posts"."audience" <> 'CLASS' or "posts"."audience_class_id" is not null)),
	CONSTRAINT "posts_window_ck" CHECK ("posts"."publish_at" is null or "posts"."unpublish_at" is null or "posts"."unpublish_at" > "posts"."publish_at")
);
--> statement-breakpoint
ALTER TABLE "media_images" ADD CONSTRAINT "media_images_source_image_id_media_images_id_fk" FOREIGN KEY ("source_image_id") REFERENCES "public"."media_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_images" ADD CONSTRAINT "media_images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_cover_image_id_media_images_id_fk" FOREIGN KEY ("cover_image_id") REFERENCES "public"."media_images"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_audience_class_id_class_groups_id_fk" FOREIGN KEY ("audience_class_id") REFERENCES "public"."class_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_images_created_idx" ON "media_images" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "posts_live_idx" ON "posts" USING btree ("status","audience","publish_at");