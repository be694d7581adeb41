CREATE TABLE "client_intake_forms" (
	"practice_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"form_template_id" integer NOT NULL,
	"chosen_by" integer,
	"chosen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "client_intake_forms_client_id_form_template_id_pk" PRIMARY KEY("client_id","form_template_id")
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "default_service_id" integer;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "default_fee_minor" integer;--> statement-breakpoint
ALTER TABLE "client_intake_forms" ADD CONSTRAINT "client_intake_forms_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_intake_forms" ADD CONSTRAINT "client_intake_forms_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_intake_forms" ADD CONSTRAINT "client_intake_forms_form_template_id_form_templates_id_fk" FOREIGN KEY ("form_template_id") REFERENCES "public"."form_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_intake_forms" ADD CONSTRAINT "client_intake_forms_chosen_by_users_id_fk" FOREIGN KEY ("chosen_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_default_service_id_services_id_fk" FOREIGN KEY ("default_service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_default_fee_range" CHECK ("clients"."default_fee_minor" >= 0);