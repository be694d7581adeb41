CREATE TABLE "client_activity_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"direction" text,
	"summary" text NOT NULL,
	"body" text,
	"duration_minutes" integer,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"line1" text,
	"line2" text,
	"city" text,
	"region" text,
	"postcode" text,
	"country" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_details" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"gender" text,
	"occupation" text,
	"language" text,
	"interpreter_needed" boolean DEFAULT false NOT NULL,
	"accessibility_needs" text,
	"referral_source" text,
	"referral_date" date,
	"gp_name" text,
	"gp_practice" text,
	"gp_phone" text,
	"gp_address" text,
	"emergency_notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_insurance" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"insurance_provider_id" integer,
	"provider_name" text,
	"policy_number" text,
	"membership_number" text,
	"authorisation_code" text,
	"policy_holder_name" text,
	"policy_holder_relationship" text,
	"sessions_authorised" integer,
	"excess_minor" integer,
	"valid_from" date,
	"valid_until" date,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_portal_access" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"status" text DEFAULT 'not invited' NOT NULL,
	"email" text,
	"invite_token_hash" text,
	"invited_at" timestamp with time zone,
	"invited_by" integer,
	"invite_expires_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_relationships" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"relationship_type" text NOT NULL,
	"relationship_detail" text,
	"organisation" text,
	"phone" text,
	"email" text,
	"address" text,
	"consent_to_contact" boolean DEFAULT false NOT NULL,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_reminder_preferences" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"email_reminders" boolean DEFAULT false NOT NULL,
	"sms_reminders" boolean DEFAULT false NOT NULL,
	"lead_time_hours" integer DEFAULT 24 NOT NULL,
	"consent_given" boolean DEFAULT false NOT NULL,
	"consent_method" text,
	"consent_recorded_at" timestamp with time zone,
	"consent_recorded_by" integer,
	"consent_notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_activity_entries" ADD CONSTRAINT "client_activity_entries_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_activity_entries" ADD CONSTRAINT "client_activity_entries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_activity_entries" ADD CONSTRAINT "client_activity_entries_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_addresses" ADD CONSTRAINT "client_addresses_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_addresses" ADD CONSTRAINT "client_addresses_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_details" ADD CONSTRAINT "client_details_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_details" ADD CONSTRAINT "client_details_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_insurance" ADD CONSTRAINT "client_insurance_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_insurance" ADD CONSTRAINT "client_insurance_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_portal_access" ADD CONSTRAINT "client_portal_access_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_portal_access" ADD CONSTRAINT "client_portal_access_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_portal_access" ADD CONSTRAINT "client_portal_access_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_portal_access" ADD CONSTRAINT "client_portal_access_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_relationships" ADD CONSTRAINT "client_relationships_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_relationships" ADD CONSTRAINT "client_relationships_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_reminder_preferences" ADD CONSTRAINT "client_reminder_preferences_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_reminder_preferences" ADD CONSTRAINT "client_reminder_preferences_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_reminder_preferences" ADD CONSTRAINT "client_reminder_preferences_consent_recorded_by_users_id_fk" FOREIGN KEY ("consent_recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_activity_entries_client_idx" ON "client_activity_entries" USING btree ("client_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "client_addresses_client_idx" ON "client_addresses" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_details_client_idx" ON "client_details" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_insurance_client_idx" ON "client_insurance" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_portal_access_client_idx" ON "client_portal_access" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_portal_access_token_idx" ON "client_portal_access" USING btree ("invite_token_hash");--> statement-breakpoint
CREATE INDEX "client_relationships_client_idx" ON "client_relationships" USING btree ("client_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_reminder_preferences_client_idx" ON "client_reminder_preferences" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "clients_practice_created_idx" ON "clients" USING btree ("practice_id","created_at","id");