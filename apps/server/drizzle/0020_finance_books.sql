CREATE TABLE "book_closings" (
	"unit_id" integer NOT NULL,
	"month" text NOT NULL,
	"closed_by_user_id" integer NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "book_closings_unit_id_month_pk" PRIMARY KEY("unit_id","month")
);
--> statement-breakpoint
CREATE TABLE "finance_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "finance_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_accounts_kind_ck" CHECK ("finance_accounts"."kind" in ('CASH', 'BANK', 'INCOME', 'EXPENSE', 'ASSET', 'LIABILITY', 'EQUITY'))
);
--> statement-breakpoint
CREATE TABLE "voucher_counters" (
	"unit_id" integer NOT NULL,
	"type" text NOT NULL,
	"month" text NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "voucher_counters_unit_id_type_month_pk" PRIMARY KEY("unit_id","type","month")
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vouchers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unit_id" integer NOT NULL,
	"type" text NOT NULL,
	"seq" integer,
	"number" text,
	"date" date NOT NULL,
	"account_id" integer NOT NULL,
	"money_account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"description" text NOT NULL,
	"state" text DEFAULT 'DRAFT' NOT NULL,
	"maker_user_id" integer NOT NULL,
	"approver_user_id" integer,
	"approved_at" timestamp with time zone,
	"reverses_id" integer,
	"reversal_reason" text,
	"source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_type_ck" CHECK ("vouchers"."type" in ('BKM', 'BKK', 'BBM', 'BBK')),
	CONSTRAINT "vouchers_state_ck" CHECK ("vouchers"."state" in ('DRAFT', 'POSTED')),
	CONSTRAINT "vouchers_amount_ck" CHECK ("vouchers"."amount" > 0),
	CONSTRAINT "vouchers_posted_ck" CHECK (("vouchers"."state" = 'DRAFT' and "vouchers"."number" is null) or ("vouchers"."state" = 'POSTED' and "vouchers"."number" is not null and "vouchers"."approver_user_id" is not null)),
	CONSTRAINT "vouchers_accounts_ck" CHECK ("vouchers"."account_id" <> "vouchers"."money_account_id")
);
--> statement-breakpoint
ALTER TABLE "book_closings" ADD CONSTRAINT "book_closings_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_closings" ADD CONSTRAINT "book_closings_closed_by_user_id_users_id_fk" FOREIGN KEY ("closed_by_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_accounts" ADD CONSTRAINT "finance_accounts_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_counters" ADD CONSTRAINT "voucher_counters_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_account_id_finance_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."finance_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_money_account_id_finance_accounts_id_fk" FOREIGN KEY ("money_account_id") REFERENCES "public"."finance_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_maker_user_id_users_id_fk" FOREIGN KEY ("maker_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_approver_user_id_users_id_fk" FOREIGN KEY ("approver_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_reverses_id_vouchers_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."vouchers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "finance_accounts_unit_code_uq" ON "finance_accounts" USING btree ("unit_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_number_uq" ON "vouchers" USING btree ("unit_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_reverses_uq" ON "vouchers" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "vouchers_unit_date_idx" ON "vouchers" USING btree ("unit_id","date");