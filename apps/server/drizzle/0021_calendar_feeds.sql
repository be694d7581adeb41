CREATE TABLE "external_busy" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"calendar_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_calendars" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"host" text NOT NULL,
	"last_synced_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_error" text,
	"busy_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_calendar_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"feed_token_hash" text,
	"feed_created_at" timestamp with time zone,
	"feed_last_fetched_at" timestamp with time zone,
	"include_client_names" boolean DEFAULT false NOT NULL,
	"video_platform" text DEFAULT 'other' NOT NULL,
	"meeting_link" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "video_link" text;--> statement-breakpoint
ALTER TABLE "external_busy" ADD CONSTRAINT "external_busy_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_busy" ADD CONSTRAINT "external_busy_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_busy" ADD CONSTRAINT "external_busy_calendar_id_external_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."external_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_calendars" ADD CONSTRAINT "external_calendars_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_calendars" ADD CONSTRAINT "external_calendars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_calendar_settings" ADD CONSTRAINT "member_calendar_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_calendar_settings" ADD CONSTRAINT "member_calendar_settings_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "external_busy_practice_user_starts_idx" ON "external_busy" USING btree ("practice_id","user_id","starts_at");--> statement-breakpoint
CREATE INDEX "external_busy_practice_starts_idx" ON "external_busy" USING btree ("practice_id","starts_at");--> statement-breakpoint
CREATE INDEX "external_busy_calendar_idx" ON "external_busy" USING btree ("calendar_id");--> statement-breakpoint
CREATE UNIQUE INDEX "external_calendars_user_url_idx" ON "external_calendars" USING btree ("user_id","url");--> statement-breakpoint
CREATE INDEX "external_calendars_practice_user_idx" ON "external_calendars" USING btree ("practice_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_calendar_settings_feed_token_idx" ON "member_calendar_settings" USING btree ("feed_token_hash") WHERE "member_calendar_settings"."feed_token_hash" is not null;--> statement-breakpoint
CREATE INDEX "member_calendar_settings_practice_idx" ON "member_calendar_settings" USING btree ("practice_id");