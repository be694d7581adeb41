ALTER TABLE "session_requests" ADD COLUMN "service_id" integer;--> statement-breakpoint
ALTER TABLE "session_requests" ADD CONSTRAINT "session_requests_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_rules" DROP COLUMN "services";