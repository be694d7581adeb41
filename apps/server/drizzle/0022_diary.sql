-- The diary's exclusion constraint compares an integer (with =) and a time range (with &&) in one GiST index: btree_gist.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "busy_times" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"therapist_id" integer NOT NULL,
	"during" "tstzrange" NOT NULL,
	"source" text NOT NULL,
	"source_id" integer NOT NULL,
	"overlap_allowed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduling_preferences" (
	"practice_id" integer PRIMARY KEY NOT NULL,
	"allow_double_booking" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "double_booked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "client_sessions" ADD COLUMN "double_booked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "busy_times" ADD CONSTRAINT "busy_times_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "busy_times" ADD CONSTRAINT "busy_times_therapist_id_users_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduling_preferences" ADD CONSTRAINT "scheduling_preferences_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "busy_times_source_idx" ON "busy_times" USING btree ("source","source_id");--> statement-breakpoint
CREATE INDEX "busy_times_practice_therapist_during_idx" ON "busy_times" USING gist ("practice_id","therapist_id","during");--> statement-breakpoint
CREATE INDEX "appointments_series_idx" ON "appointments" USING btree ("series_id");--> statement-breakpoint
-- The one diary (issue 14): `busy_times` holds every event that takes a therapist's time, kept by the triggers below from
-- client sessions (scheduled, attended, late) and appointments (appointments and blocked time). Two overlapping rows of
-- one therapist in one practice are refused by the exclusion constraint unless the later one was booked anyway
-- (`overlap_allowed`, where the practice allows double-booking). DEFERRABLE so that moving a whole series can defer the
-- check to the end of its transaction (its events pass over each other's old times on the way).
COMMENT ON TABLE "busy_times" IS 'Derived: kept by triggers from client_sessions and appointments. Backups leave it out; a restore rebuilds it.';--> statement-breakpoint
-- Events that overlap an earlier one of the same therapist before this migration (the application's old check could be
-- overridden) stay, marked as booked anyway: a row overlaps an earlier one when its start is before the latest end of the
-- rows before it.
CREATE TEMPORARY TABLE "busy_backfill" AS
  SELECT b.*, coalesce(max(upper(b."during")) OVER (
      PARTITION BY b."practice_id", b."therapist_id" ORDER BY lower(b."during"), b."source", b."source_id"
      ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) > lower(b."during"), false) AS "overlaps"
  FROM (
    SELECT "practice_id", "therapist_id", tstzrange("starts_at", "ends_at", '[)') AS "during", 'session' AS "source", "id" AS "source_id"
      FROM "client_sessions"
      WHERE "therapist_id" IS NOT NULL AND "status" IN ('scheduled', 'attended', 'late') AND "ends_at" > "starts_at"
    UNION ALL
    SELECT "practice_id", "therapist_id", tstzrange("starts_at", "ends_at", '[)'), 'appointment', "id"
      FROM "appointments"
      WHERE "therapist_id" IS NOT NULL AND "ends_at" > "starts_at"
  ) b;--> statement-breakpoint
UPDATE "client_sessions" s SET "double_booked" = true
  FROM "busy_backfill" b WHERE b."source" = 'session' AND b."source_id" = s."id" AND b."overlaps";--> statement-breakpoint
UPDATE "appointments" a SET "double_booked" = true
  FROM "busy_backfill" b WHERE b."source" = 'appointment' AND b."source_id" = a."id" AND b."overlaps";--> statement-breakpoint
INSERT INTO "busy_times" ("practice_id", "therapist_id", "during", "source", "source_id", "overlap_allowed")
  SELECT "practice_id", "therapist_id", "during", "source", "source_id", "overlaps" FROM "busy_backfill";--> statement-breakpoint
DROP TABLE "busy_backfill";--> statement-breakpoint
ALTER TABLE "busy_times" ADD CONSTRAINT "busy_times_no_overlap"
  EXCLUDE USING gist ("practice_id" WITH =, "therapist_id" WITH =, "during" WITH &&) WHERE (NOT "overlap_allowed")
  DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
-- One function for both sources: which rows hold time, and the event's source name, come from the trigger's arguments.
CREATE OR REPLACE FUNCTION busy_times_sync() RETURNS trigger AS $$
DECLARE
  holds boolean;
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "busy_times" WHERE "source" = TG_ARGV[0] AND "source_id" = OLD."id";
    RETURN NULL;
  END IF;
  holds := NEW."therapist_id" IS NOT NULL AND NEW."ends_at" > NEW."starts_at";
  -- Only a session has a status (a statement naming NEW."status" is parsed only when it runs).
  IF holds AND TG_ARGV[0] = 'session' THEN
    holds := NEW."status" IN ('scheduled', 'attended', 'late');
  END IF;
  IF NOT holds THEN
    DELETE FROM "busy_times" WHERE "source" = TG_ARGV[0] AND "source_id" = NEW."id";
    RETURN NULL;
  END IF;
  INSERT INTO "busy_times" ("practice_id", "therapist_id", "during", "source", "source_id", "overlap_allowed")
    VALUES (NEW."practice_id", NEW."therapist_id", tstzrange(NEW."starts_at", NEW."ends_at", '[)'), TG_ARGV[0], NEW."id",
            NEW."double_booked")
    ON CONFLICT ("source", "source_id") DO UPDATE SET
      "practice_id" = EXCLUDED."practice_id", "therapist_id" = EXCLUDED."therapist_id", "during" = EXCLUDED."during",
      "overlap_allowed" = EXCLUDED."overlap_allowed";
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER client_sessions_busy_times
  AFTER INSERT OR UPDATE OF "therapist_id", "starts_at", "ends_at", "status", "double_booked", "practice_id" OR DELETE
  ON "client_sessions" FOR EACH ROW EXECUTE FUNCTION busy_times_sync('session');
--> statement-breakpoint
CREATE TRIGGER appointments_busy_times
  AFTER INSERT OR UPDATE OF "therapist_id", "starts_at", "ends_at", "double_booked", "practice_id" OR DELETE
  ON "appointments" FOR EACH ROW EXECUTE FUNCTION busy_times_sync('appointment');
