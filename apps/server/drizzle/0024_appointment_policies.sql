CREATE TABLE "appointment_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"room" text DEFAULT '' NOT NULL,
	"video_link" text DEFAULT '' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cancellation_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"trigger_hours" integer,
	"fee_kind" text NOT NULL,
	"fee_percent" integer,
	"fee_minor" integer,
	"currency" text,
	"message" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chargeable_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"rule_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"offset_minutes" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_sessions" ADD COLUMN "price_minor" integer;--> statement-breakpoint
ALTER TABLE "scheduling_preferences" ADD COLUMN "reminder_offsets_minutes" integer[] DEFAULT '{1440}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_locations" ADD CONSTRAINT "appointment_locations_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_rules" ADD CONSTRAINT "cancellation_rules_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chargeable_items" ADD CONSTRAINT "chargeable_items_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chargeable_items" ADD CONSTRAINT "chargeable_items_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chargeable_items" ADD CONSTRAINT "chargeable_items_session_id_client_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."client_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chargeable_items" ADD CONSTRAINT "chargeable_items_rule_id_cancellation_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."cancellation_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chargeable_items" ADD CONSTRAINT "chargeable_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_reminders" ADD CONSTRAINT "session_reminders_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_reminders" ADD CONSTRAINT "session_reminders_session_id_client_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."client_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_locations_practice_idx" ON "appointment_locations" USING btree ("practice_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "cancellation_rules_practice_hours_idx" ON "cancellation_rules" USING btree ("practice_id",coalesce("trigger_hours", -1));--> statement-breakpoint
CREATE UNIQUE INDEX "chargeable_items_session_idx" ON "chargeable_items" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "chargeable_items_practice_client_idx" ON "chargeable_items" USING btree ("practice_id","client_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "session_reminders_once_idx" ON "session_reminders" USING btree ("session_id","offset_minutes","starts_at");--> statement-breakpoint
CREATE INDEX "session_reminders_practice_idx" ON "session_reminders" USING btree ("practice_id");--> statement-breakpoint
CREATE INDEX "client_sessions_scheduled_starts_idx" ON "client_sessions" USING btree ("starts_at") WHERE "client_sessions"."status" = 'scheduled';