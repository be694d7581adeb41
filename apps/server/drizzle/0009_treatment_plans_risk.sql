CREATE TYPE "public"."treatment_goal_status" AS ENUM('not started', 'in progress', 'achieved', 'discontinued');--> statement-breakpoint
CREATE TYPE "public"."risk_item_status" AS ENUM('open', 'closed');--> statement-breakpoint
CREATE TYPE "public"."risk_severity" AS ENUM('low', 'medium', 'high');--> statement-breakpoint
CREATE TABLE "treatment_plan_goals" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"description" text NOT NULL,
	"objectives" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"interventions" text DEFAULT '' NOT NULL,
	"frequency" text DEFAULT '' NOT NULL,
	"target_date" date,
	"measure" text DEFAULT '' NOT NULL,
	"status" "treatment_goal_status" DEFAULT 'not started' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treatment_plan_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"plan_id" integer,
	"treatment_plan_version_reviewed" integer NOT NULL,
	"review_date" date NOT NULL,
	"goal_progress" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"outcome" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"next_review_date" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treatment_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"treatment_plan_version" integer NOT NULL,
	"is_current_version" boolean DEFAULT false NOT NULL,
	"title" text NOT NULL,
	"problems" text DEFAULT '' NOT NULL,
	"start_date" date,
	"review_date" date,
	"notes" text DEFAULT '' NOT NULL,
	"based_on_plan_id" integer,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_assessments" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"version" integer NOT NULL,
	"assessed_on" date NOT NULL,
	"areas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"overall_level" "risk_level" NOT NULL,
	"protective_factors" text DEFAULT '' NOT NULL,
	"management_plan" text DEFAULT '' NOT NULL,
	"next_review_date" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_log_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"date" date NOT NULL,
	"category" text NOT NULL,
	"severity" "risk_severity" NOT NULL,
	"description" text NOT NULL,
	"action_taken" text DEFAULT '' NOT NULL,
	"review_date" date,
	"status" "risk_item_status" DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"version" integer NOT NULL,
	"warning_signs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"coping_strategies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"people_and_places" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"help_contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"professional_contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"environment_safety" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reasons_for_living" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "treatment_plan_goals" ADD CONSTRAINT "treatment_plan_goals_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plan_goals" ADD CONSTRAINT "treatment_plan_goals_plan_id_treatment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."treatment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plan_reviews" ADD CONSTRAINT "treatment_plan_reviews_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plan_reviews" ADD CONSTRAINT "treatment_plan_reviews_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plan_reviews" ADD CONSTRAINT "treatment_plan_reviews_plan_id_treatment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."treatment_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plan_reviews" ADD CONSTRAINT "treatment_plan_reviews_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plans" ADD CONSTRAINT "treatment_plans_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plans" ADD CONSTRAINT "treatment_plans_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plans" ADD CONSTRAINT "treatment_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_assessments" ADD CONSTRAINT "risk_assessments_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_assessments" ADD CONSTRAINT "risk_assessments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_assessments" ADD CONSTRAINT "risk_assessments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_log_items" ADD CONSTRAINT "risk_log_items_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_log_items" ADD CONSTRAINT "risk_log_items_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_log_items" ADD CONSTRAINT "risk_log_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_plans" ADD CONSTRAINT "safety_plans_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_plans" ADD CONSTRAINT "safety_plans_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_plans" ADD CONSTRAINT "safety_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "treatment_plan_goals_plan_idx" ON "treatment_plan_goals" USING btree ("plan_id","position","id");--> statement-breakpoint
CREATE INDEX "treatment_plan_reviews_client_idx" ON "treatment_plan_reviews" USING btree ("client_id","treatment_plan_version_reviewed","id");--> statement-breakpoint
CREATE UNIQUE INDEX "treatment_plans_client_version_idx" ON "treatment_plans" USING btree ("client_id","treatment_plan_version");--> statement-breakpoint
CREATE UNIQUE INDEX "treatment_plans_one_current_idx" ON "treatment_plans" USING btree ("client_id") WHERE "treatment_plans"."is_current_version";--> statement-breakpoint
CREATE INDEX "treatment_plans_practice_idx" ON "treatment_plans" USING btree ("practice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_assessments_client_version_idx" ON "risk_assessments" USING btree ("client_id","version");--> statement-breakpoint
CREATE INDEX "risk_assessments_practice_idx" ON "risk_assessments" USING btree ("practice_id");--> statement-breakpoint
CREATE INDEX "risk_log_items_client_idx" ON "risk_log_items" USING btree ("client_id","date","id");--> statement-breakpoint
CREATE INDEX "risk_log_items_practice_idx" ON "risk_log_items" USING btree ("practice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "safety_plans_client_version_idx" ON "safety_plans" USING btree ("client_id","version");--> statement-breakpoint
CREATE INDEX "safety_plans_practice_idx" ON "safety_plans" USING btree ("practice_id");