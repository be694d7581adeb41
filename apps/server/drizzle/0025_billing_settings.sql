CREATE TABLE "billing_settings" (
	"practice_id" integer PRIMARY KEY NOT NULL,
	"number_prefix" text NOT NULL,
	"credit_note_prefix" text NOT NULL,
	"number_padding" integer NOT NULL,
	"payment_terms_days" integer NOT NULL,
	"default_tax_rate_bp" integer NOT NULL,
	"tax_label" text NOT NULL,
	"footer" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_settings_terms_range" CHECK ("billing_settings"."payment_terms_days" between 0 and 365),
	CONSTRAINT "billing_settings_tax_rate_range" CHECK ("billing_settings"."default_tax_rate_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "healthcode_accounts" (
	"practice_id" integer PRIMARY KEY NOT NULL,
	"practitioner_id" text DEFAULT '' NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"name" text NOT NULL,
	"payer_id" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"healthcode_provider_code" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"account_holder" text DEFAULT '' NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"sort_code" text DEFAULT '' NOT NULL,
	"account_number" text DEFAULT '' NOT NULL,
	"iban" text DEFAULT '' NOT NULL,
	"bic" text DEFAULT '' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_reminder_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"offset_days" integer NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"duration_minutes" integer,
	"price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	"bookable_online" boolean DEFAULT false NOT NULL,
	"colour" text NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_price_range" CHECK ("services"."price_minor" >= 0),
	CONSTRAINT "services_tax_rate_range" CHECK ("services"."tax_rate_bp" between 0 and 10000),
	CONSTRAINT "services_duration_of_sessions" CHECK (("services"."kind" = 'other' and "services"."duration_minutes" is null) or ("services"."kind" <> 'other' and "services"."duration_minutes" > 0))
);
--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "healthcode_accounts" ADD CONSTRAINT "healthcode_accounts_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_providers" ADD CONSTRAINT "insurance_providers_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_accounts" ADD CONSTRAINT "invoice_accounts_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminder_rules" ADD CONSTRAINT "invoice_reminder_rules_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insurance_providers_practice_idx" ON "insurance_providers" USING btree ("practice_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_accounts_one_default_idx" ON "invoice_accounts" USING btree ("practice_id","currency") WHERE "invoice_accounts"."is_default";--> statement-breakpoint
CREATE INDEX "invoice_accounts_practice_idx" ON "invoice_accounts" USING btree ("practice_id","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_reminder_rules_offset_idx" ON "invoice_reminder_rules" USING btree ("practice_id","offset_days");--> statement-breakpoint
CREATE UNIQUE INDEX "services_practice_name_idx" ON "services" USING btree ("practice_id",lower("name"));