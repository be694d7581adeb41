CREATE TABLE "client_counts" (
	"practice_id" integer NOT NULL,
	"status" "client_status" NOT NULL,
	"kind" "client_kind" NOT NULL,
	"risk_level" "risk_level" NOT NULL,
	"clients" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "client_counts_practice_id_status_kind_risk_level_pk" PRIMARY KEY("practice_id","status","kind","risk_level")
);
--> statement-breakpoint
DROP INDEX "clients_practice_name_idx";--> statement-breakpoint
DROP INDEX "clients_practice_status_idx";--> statement-breakpoint
DROP INDEX "clients_practice_therapist_idx";--> statement-breakpoint
DROP INDEX "client_sessions_practice_client_starts_idx";--> statement-breakpoint
ALTER TABLE "client_counts" ADD CONSTRAINT "client_counts_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_practice_status_sort_name_idx" ON "clients" USING btree ("practice_id","status",lower(coalesce(nullif("last_name", ''), "first_name")),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "clients_practice_therapist_sort_name_idx" ON "clients" USING btree ("practice_id","therapist_id",lower(coalesce(nullif("last_name", ''), "first_name")),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "client_sessions_practice_client_starts_id_idx" ON "client_sessions" USING btree ("practice_id","client_id","starts_at","id");
--> statement-breakpoint
-- client_counts is kept by these triggers in the transaction that changes a client, so the list's "of N clients" reads a
-- few counter rows instead of counting the practice's clients. A delete only ever lowers an existing row (a practice's
-- cascade may already have removed its counters); a change moves one client between two rows, taken in key order.
CREATE OR REPLACE FUNCTION client_counts_keep() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE client_counts SET clients = clients - 1
      WHERE practice_id = OLD.practice_id AND status = OLD.status AND kind = OLD.kind AND risk_level = OLD.risk_level;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO client_counts AS cc (practice_id, status, kind, risk_level, clients)
      VALUES (NEW.practice_id, NEW.status, NEW.kind, NEW.risk_level, 1)
      ON CONFLICT (practice_id, status, kind, risk_level) DO UPDATE SET clients = cc.clients + 1;
  ELSE
    INSERT INTO client_counts AS cc (practice_id, status, kind, risk_level, clients)
      SELECT * FROM (VALUES (OLD.practice_id, OLD.status, OLD.kind, OLD.risk_level, -1),
                            (NEW.practice_id, NEW.status, NEW.kind, NEW.risk_level, 1)) AS v (p, s, k, r, n)
      ORDER BY p, s, k, r
      ON CONFLICT (practice_id, status, kind, risk_level) DO UPDATE SET clients = cc.clients + excluded.clients;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER clients_count_insert_delete AFTER INSERT OR DELETE ON "clients"
  FOR EACH ROW EXECUTE FUNCTION client_counts_keep();
--> statement-breakpoint
CREATE TRIGGER clients_count_update AFTER UPDATE OF practice_id, status, kind, risk_level ON "clients"
  FOR EACH ROW
  WHEN ((OLD.practice_id, OLD.status, OLD.kind, OLD.risk_level) IS DISTINCT FROM
        (NEW.practice_id, NEW.status, NEW.kind, NEW.risk_level))
  EXECUTE FUNCTION client_counts_keep();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION client_counts_clear() RETURNS trigger AS $$
BEGIN
  DELETE FROM client_counts;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER clients_count_truncate AFTER TRUNCATE ON "clients"
  FOR EACH STATEMENT EXECUTE FUNCTION client_counts_clear();
--> statement-breakpoint
INSERT INTO client_counts (practice_id, status, kind, risk_level, clients)
  SELECT practice_id, status, kind, risk_level, count(*)::int FROM clients GROUP BY 1, 2, 3, 4;
