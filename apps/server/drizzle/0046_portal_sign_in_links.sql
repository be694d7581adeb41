CREATE TABLE "portal_sign_in_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portal_sign_in_links" ADD CONSTRAINT "portal_sign_in_links_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sign_in_links" ADD CONSTRAINT "portal_sign_in_links_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portal_sign_in_links_token_idx" ON "portal_sign_in_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "portal_sign_in_links_client_idx" ON "portal_sign_in_links" USING btree ("client_id");