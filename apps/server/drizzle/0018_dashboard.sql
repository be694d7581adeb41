ALTER TABLE "client_sessions" ADD COLUMN "note_signed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- `note_signed` mirrors "a signed note exists for this session" (a note is signed once and then locked), so the dashboard's
-- "sessions that still need a note" reads a partial index of the sessions without one instead of the practice's history.
UPDATE "client_sessions" s SET "note_signed" = true
  WHERE EXISTS (SELECT 1 FROM "session_notes" n WHERE n."session_id" = s."id" AND n."status" = 'signed');--> statement-breakpoint
CREATE OR REPLACE FUNCTION client_sessions_note_signed() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."session_id" IS NOT NULL THEN
    UPDATE "client_sessions" s SET "note_signed" = EXISTS (
      SELECT 1 FROM "session_notes" n WHERE n."session_id" = OLD."session_id" AND n."status" = 'signed')
    WHERE s."id" = OLD."session_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."session_id" IS NOT NULL THEN
    UPDATE "client_sessions" s SET "note_signed" = (NEW."status" = 'signed' OR EXISTS (
      SELECT 1 FROM "session_notes" n WHERE n."session_id" = NEW."session_id" AND n."status" = 'signed'))
    WHERE s."id" = NEW."session_id";
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER session_notes_note_signed AFTER INSERT OR UPDATE OF "status", "session_id" OR DELETE ON "session_notes"
  FOR EACH ROW EXECUTE FUNCTION client_sessions_note_signed();
--> statement-breakpoint
CREATE INDEX "clients_practice_high_risk_sort_name_idx" ON "clients" USING btree ("practice_id",lower(coalesce(nullif("last_name", ''), "first_name")),lower("first_name"),"id") WHERE "clients"."risk_level" = 'high';--> statement-breakpoint
CREATE INDEX "client_sessions_practice_starts_id_idx" ON "client_sessions" USING btree ("practice_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "client_sessions_note_due_idx" ON "client_sessions" USING btree ("practice_id","starts_at","id") WHERE "client_sessions"."status" in ('scheduled', 'attended', 'late') and not "client_sessions"."note_signed";--> statement-breakpoint
CREATE INDEX "client_sessions_therapist_note_due_idx" ON "client_sessions" USING btree ("practice_id","therapist_id","starts_at","id") WHERE "client_sessions"."status" in ('scheduled', 'attended', 'late') and not "client_sessions"."note_signed";