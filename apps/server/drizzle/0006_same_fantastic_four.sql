CREATE TABLE "notification_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"session_requests" boolean DEFAULT true NOT NULL,
	"messages" boolean DEFAULT true NOT NULL,
	"signed_documents" boolean DEFAULT true NOT NULL,
	"paid_invoices" boolean DEFAULT true NOT NULL,
	"completed_measures" boolean DEFAULT true NOT NULL,
	"expiring_compliance" boolean DEFAULT true NOT NULL,
	"failed_reminders" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_details" (
	"practice_id" integer PRIMARY KEY NOT NULL,
	"address_line_1" text,
	"address_line_2" text,
	"city" text,
	"region" text,
	"postcode" text,
	"country" text,
	"contact_email" text,
	"contact_phone" text,
	"website" text,
	"time_zone" text DEFAULT 'Europe/London' NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"tax_number" text,
	"logo_file_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_subscriptions" (
	"practice_id" integer PRIMARY KEY NOT NULL,
	"plan_name" text NOT NULL,
	"seat_limit" integer NOT NULL,
	"storage_limit_bytes" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_details" ADD CONSTRAINT "practice_details_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_details" ADD CONSTRAINT "practice_details_logo_file_id_stored_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_subscriptions" ADD CONSTRAINT "practice_subscriptions_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;