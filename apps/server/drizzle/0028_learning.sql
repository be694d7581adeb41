CREATE TABLE "compliance_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"issue_date" date NOT NULL,
	"expiry_date" date,
	"document_file_id" uuid,
	"remind" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cpd_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"provider" text DEFAULT '' NOT NULL,
	"date" date NOT NULL,
	"minutes" integer NOT NULL,
	"reflection" text DEFAULT '' NOT NULL,
	"evidence_file_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cpd_targets" (
	"practice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"target_hours" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cpd_targets_practice_id_user_id_pk" PRIMARY KEY("practice_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "supervision_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"date" date NOT NULL,
	"supervisor" text NOT NULL,
	"minutes" integer NOT NULL,
	"format" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "compliance_items" ADD CONSTRAINT "compliance_items_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_items" ADD CONSTRAINT "compliance_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_items" ADD CONSTRAINT "compliance_items_document_file_id_stored_files_id_fk" FOREIGN KEY ("document_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_activities" ADD CONSTRAINT "cpd_activities_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_activities" ADD CONSTRAINT "cpd_activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_activities" ADD CONSTRAINT "cpd_activities_evidence_file_id_stored_files_id_fk" FOREIGN KEY ("evidence_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_targets" ADD CONSTRAINT "cpd_targets_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_targets" ADD CONSTRAINT "cpd_targets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_sessions" ADD CONSTRAINT "supervision_sessions_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_sessions" ADD CONSTRAINT "supervision_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compliance_items_member_idx" ON "compliance_items" USING btree ("practice_id","user_id","expiry_date");--> statement-breakpoint
CREATE INDEX "compliance_items_reminder_idx" ON "compliance_items" USING btree ("expiry_date") WHERE "compliance_items"."remind" and "compliance_items"."expiry_date" is not null;--> statement-breakpoint
CREATE INDEX "cpd_activities_member_date_idx" ON "cpd_activities" USING btree ("practice_id","user_id","date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "supervision_sessions_member_date_idx" ON "supervision_sessions" USING btree ("practice_id","user_id","date" DESC NULLS LAST,"id" DESC NULLS LAST);