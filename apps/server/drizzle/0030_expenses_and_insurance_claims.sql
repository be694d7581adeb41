CREATE TABLE "expenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"spent_on" date NOT NULL,
	"category" text NOT NULL,
	"supplier" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	"tax_minor" integer DEFAULT 0 NOT NULL,
	"receipt_file_id" uuid,
	"created_by" integer,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_amount_positive" CHECK ("expenses"."amount_minor" > 0),
	CONSTRAINT "expenses_tax_rate_range" CHECK ("expenses"."tax_rate_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "insurance_claim_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"claim_id" integer NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"service_date" date,
	"quantity" integer NOT NULL,
	"unit_minor" integer NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"net_minor" integer NOT NULL,
	"tax_minor" integer NOT NULL,
	"gross_minor" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"invoice_number" text,
	"client_id" integer NOT NULL,
	"insurance_provider_id" integer,
	"provider_name" text NOT NULL,
	"payer_id" text DEFAULT '' NOT NULL,
	"healthcode_provider_code" text DEFAULT '' NOT NULL,
	"policy_number" text DEFAULT '' NOT NULL,
	"membership_number" text DEFAULT '' NOT NULL,
	"authorisation_code" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"currency" text NOT NULL,
	"net_minor" integer NOT NULL,
	"tax_minor" integer NOT NULL,
	"total_minor" integer NOT NULL,
	"submitted_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"rejection_reason" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_receipt_file_id_stored_files_id_fk" FOREIGN KEY ("receipt_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claim_lines" ADD CONSTRAINT "insurance_claim_lines_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claim_lines" ADD CONSTRAINT "insurance_claim_lines_claim_id_insurance_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."insurance_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expenses_practice_date_idx" ON "expenses" USING btree ("practice_id","spent_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_receipt_idx" ON "expenses" USING btree ("receipt_file_id") WHERE "expenses"."receipt_file_id" is not null;--> statement-breakpoint
CREATE INDEX "insurance_claim_lines_claim_idx" ON "insurance_claim_lines" USING btree ("claim_id","position");--> statement-breakpoint
CREATE INDEX "insurance_claims_practice_created_idx" ON "insurance_claims" USING btree ("practice_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "insurance_claims_client_idx" ON "insurance_claims" USING btree ("practice_id","client_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_claims_open_invoice_idx" ON "insurance_claims" USING btree ("invoice_id") WHERE "insurance_claims"."status" <> 'rejected';