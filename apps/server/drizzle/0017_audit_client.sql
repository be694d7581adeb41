ALTER TABLE "audit_log" ADD COLUMN "client_id" integer;--> statement-breakpoint
CREATE INDEX "audit_log_practice_client_idx" ON "audit_log" USING btree ("practice_id","client_id","at");