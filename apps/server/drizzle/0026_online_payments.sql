CREATE TABLE "online_checkouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"pay_link_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_checkout_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_ref" text,
	"payment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "online_pay_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "online_payment_accounts" (
	"practice_id" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"account_id" text,
	"status" text DEFAULT 'not started' NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"accept_card_payments" boolean DEFAULT true NOT NULL,
	"pay_link_days" integer DEFAULT 60 NOT NULL,
	"connected_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "online_payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"practice_id" integer,
	"checkout_id" integer,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "online_checkouts" ADD CONSTRAINT "online_checkouts_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_checkouts" ADD CONSTRAINT "online_checkouts_pay_link_id_online_pay_links_id_fk" FOREIGN KEY ("pay_link_id") REFERENCES "public"."online_pay_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_pay_links" ADD CONSTRAINT "online_pay_links_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payment_accounts" ADD CONSTRAINT "online_payment_accounts_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payment_events" ADD CONSTRAINT "online_payment_events_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payment_events" ADD CONSTRAINT "online_payment_events_checkout_id_online_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."online_checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "online_checkouts_provider_idx" ON "online_checkouts" USING btree ("provider","provider_checkout_id");--> statement-breakpoint
CREATE INDEX "online_checkouts_invoice_idx" ON "online_checkouts" USING btree ("practice_id","invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "online_pay_links_token_idx" ON "online_pay_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "online_pay_links_invoice_idx" ON "online_pay_links" USING btree ("practice_id","invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "online_payment_accounts_account_idx" ON "online_payment_accounts" USING btree ("provider","account_id") WHERE "online_payment_accounts"."account_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "online_payment_events_event_idx" ON "online_payment_events" USING btree ("provider","event_id");