ALTER TABLE "notifications" ADD COLUMN "severity" text DEFAULT 'info' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "risk_review_due" date;--> statement-breakpoint
ALTER TABLE "risk_assessments" ADD COLUMN "overall_level_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_dedupe_idx" ON "notifications" USING btree ("user_id","dedupe_key") WHERE "notifications"."dedupe_key" is not null;--> statement-breakpoint
CREATE INDEX "clients_practice_risk_review_idx" ON "clients" USING btree ("practice_id","risk_review_due") WHERE "clients"."risk_review_due" is not null;--> statement-breakpoint
UPDATE "clients" SET "risk_review_due" = ra."next_review_date" FROM "risk_assessments" ra WHERE ra."client_id" = "clients"."id" AND ra."version" = (SELECT max(r2."version") FROM "risk_assessments" r2 WHERE r2."client_id" = "clients"."id");
