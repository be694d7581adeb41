ALTER TABLE "appointment_availability" ADD COLUMN "service_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
-- Hours kept the services they offer by name, so a renamed service fell out of them: each name becomes the id of the
-- practice's service of that name (names are unique in a practice, whatever their case); a name no service has any
-- more is dropped, as it matched nothing before either.
UPDATE "appointment_availability" AS a SET "service_ids" = coalesce(
  (SELECT array_agg(s."id" ORDER BY s."id") FROM "services" s
    WHERE s."practice_id" = a."practice_id"
      AND lower(s."name") IN (SELECT lower(n) FROM unnest(a."service_names") AS n)),
  '{}'::integer[]);--> statement-breakpoint
ALTER TABLE "appointment_availability" DROP COLUMN "service_names";
