CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"due_date" date,
	"priority" smallint DEFAULT 2 NOT NULL,
	"status" text DEFAULT 'to do' NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"assignee_id" integer,
	"client_id" integer,
	"completed_at" timestamp with time zone,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_practice_status_position_idx" ON "tasks" USING btree ("practice_id","status","position","id");--> statement-breakpoint
CREATE INDEX "tasks_practice_due_idx" ON "tasks" USING btree ("practice_id","due_date","id");--> statement-breakpoint
CREATE INDEX "tasks_practice_priority_idx" ON "tasks" USING btree ("practice_id","priority","due_date","id");--> statement-breakpoint
CREATE INDEX "tasks_practice_assignee_idx" ON "tasks" USING btree ("practice_id","assignee_id","status","due_date");--> statement-breakpoint
CREATE INDEX "tasks_practice_client_idx" ON "tasks" USING btree ("practice_id","client_id");