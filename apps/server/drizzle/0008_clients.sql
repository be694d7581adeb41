CREATE TYPE "public"."client_kind" AS ENUM('individual', 'couple', 'family', 'group');--> statement-breakpoint
CREATE TYPE "public"."client_status" AS ENUM('enquiry', 'waitlist', 'active', 'on hold', 'discharged', 'archived');--> statement-breakpoint
CREATE TYPE "public"."risk_level" AS ENUM('none', 'low', 'medium', 'high');--> statement-breakpoint
CREATE TABLE "client_members" (
	"practice_id" integer NOT NULL,
	"group_client_id" integer NOT NULL,
	"member_client_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_members_group_client_id_member_client_id_pk" PRIMARY KEY("group_client_id","member_client_id")
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"kind" "client_kind" DEFAULT 'individual' NOT NULL,
	"status" "client_status" DEFAULT 'active' NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"preferred_name" text,
	"pronouns" text,
	"date_of_birth" date,
	"email" text,
	"phone" text,
	"therapist_id" integer,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"risk_level" "risk_level" DEFAULT 'none' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_members" ADD CONSTRAINT "client_members_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_members" ADD CONSTRAINT "client_members_group_client_id_clients_id_fk" FOREIGN KEY ("group_client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_members" ADD CONSTRAINT "client_members_member_client_id_clients_id_fk" FOREIGN KEY ("member_client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_therapist_id_users_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_members_member_idx" ON "client_members" USING btree ("member_client_id");--> statement-breakpoint
CREATE INDEX "clients_practice_name_idx" ON "clients" USING btree ("practice_id",lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "clients_practice_status_idx" ON "clients" USING btree ("practice_id","status");--> statement-breakpoint
CREATE INDEX "clients_practice_therapist_idx" ON "clients" USING btree ("practice_id","therapist_id");--> statement-breakpoint
CREATE INDEX "clients_tags_idx" ON "clients" USING gin ("tags");