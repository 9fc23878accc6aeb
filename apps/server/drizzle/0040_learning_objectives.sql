CREATE TABLE "learning_objectives" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "learning_objectives_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"academic_year_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"grade_id" integer NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"position" integer DEFAULT 1 NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learning_objectives_code_ck" CHECK (length("learning_objectives"."code") between 1 and 20),
	CONSTRAINT "learning_objectives_description_ck" CHECK (length("learning_objectives"."description") between 1 and 500),
	CONSTRAINT "learning_objectives_position_ck" CHECK ("learning_objectives"."position" between 1 and 999)
);
--> statement-breakpoint
CREATE TABLE "question_objectives" (
	"question_id" integer NOT NULL,
	"objective_id" integer NOT NULL,
	CONSTRAINT "question_objectives_question_id_objective_id_pk" PRIMARY KEY("question_id","objective_id")
);
--> statement-breakpoint
CREATE TABLE "score_column_objectives" (
	"column_id" integer NOT NULL,
	"objective_id" integer NOT NULL,
	CONSTRAINT "score_column_objectives_column_id_objective_id_pk" PRIMARY KEY("column_id","objective_id")
);
--> statement-breakpoint
ALTER TABLE "learning_objectives" ADD CONSTRAINT "learning_objectives_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_objectives" ADD CONSTRAINT "learning_objectives_academic_year_id_academic_years_id_fk" FOREIGN KEY ("academic_year_id") REFERENCES "public"."academic_years"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_objectives" ADD CONSTRAINT "learning_objectives_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_objectives" ADD CONSTRAINT "learning_objectives_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_objectives" ADD CONSTRAINT "learning_objectives_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_objectives" ADD CONSTRAINT "question_objectives_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_objectives" ADD CONSTRAINT "question_objectives_objective_id_learning_objectives_id_fk" FOREIGN KEY ("objective_id") REFERENCES "public"."learning_objectives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_column_objectives" ADD CONSTRAINT "score_column_objectives_column_id_score_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."score_columns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_column_objectives" ADD CONSTRAINT "score_column_objectives_objective_id_learning_objectives_id_fk" FOREIGN KEY ("objective_id") REFERENCES "public"."learning_objectives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "learning_objectives_code_uq" ON "learning_objectives" USING btree ("academic_year_id","subject_id","grade_id","code");--> statement-breakpoint
CREATE INDEX "learning_objectives_list_idx" ON "learning_objectives" USING btree ("subject_id","grade_id","academic_year_id","position");--> statement-breakpoint
CREATE INDEX "question_objectives_objective_idx" ON "question_objectives" USING btree ("objective_id");--> statement-breakpoint
CREATE INDEX "score_column_objectives_objective_idx" ON "score_column_objectives" USING btree ("objective_id");