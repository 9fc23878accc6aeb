ALTER TABLE "admission_waves" ADD COLUMN "internal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "source_student_id" integer;--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_source_student_id_students_id_fk" FOREIGN KEY ("source_student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applicants_wave_source_student_uq" ON "applicants" USING btree ("wave_id","source_student_id") WHERE "applicants"."source_student_id" is not null;