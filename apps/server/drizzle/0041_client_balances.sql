CREATE TABLE "client_balances" (
	"practice_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"currency" text NOT NULL,
	"balance_minor" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "client_balances_practice_id_client_id_currency_pk" PRIMARY KEY("practice_id","client_id","currency")
);
--> statement-breakpoint
ALTER TABLE "client_balances" ADD CONSTRAINT "client_balances_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_balances" ADD CONSTRAINT "client_balances_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- client_balances is kept by these triggers in the transaction that changes the ledger, so the client list reads one row
-- per client instead of summing each client's invoices, allocations, credit notes and payments. Every statement on
-- invoices, payments or payment_allocations recomputes (never adds to) the balance of each client and currency it
-- touched: it first locks the balance rows in key order (creating the missing ones), then, in a new statement and so a
-- new snapshot under READ COMMITTED, sums the ledger. A concurrent transaction on the same client waits for the lock
-- until the first one commits and then sums what it committed, so the last to commit always writes the right figure.
-- The keys are given directly, or as invoices (a credit note's credited invoice, an allocation's invoice) and payments
-- (an allocation's payment) whose client and currency they are; a client that is gone (a cascade) keeps no balance.
CREATE OR REPLACE FUNCTION client_balances_refresh(
  practice_ids integer[], client_ids integer[], currencies text[], invoice_ids integer[], payment_ids integer[]
) RETURNS void AS $$
DECLARE
  locked_practices integer[];
  locked_clients integer[];
  locked_currencies text[];
BEGIN
  WITH locked AS (
    INSERT INTO client_balances AS b (practice_id, client_id, currency)
      SELECT k.practice_id, k.client_id, k.currency
      FROM (SELECT t.practice_id, t.client_id, t.currency
              FROM unnest(practice_ids, client_ids, currencies) AS t (practice_id, client_id, currency)
            UNION SELECT i.practice_id, i.client_id, i.currency FROM invoices i WHERE i.id = ANY (invoice_ids)
            UNION SELECT p.practice_id, p.client_id, p.currency FROM payments p WHERE p.id = ANY (payment_ids)) k
      WHERE EXISTS (SELECT 1 FROM clients c WHERE c.id = k.client_id AND c.practice_id = k.practice_id)
      ORDER BY 1, 2, 3
    ON CONFLICT (practice_id, client_id, currency) DO UPDATE SET balance_minor = b.balance_minor
    RETURNING b.practice_id, b.client_id, b.currency)
  SELECT array_agg(practice_id), array_agg(client_id), array_agg(currency)
    INTO locked_practices, locked_clients, locked_currencies FROM locked;
  UPDATE client_balances b SET balance_minor = (
      coalesce((SELECT sum(i.gross_minor
          - coalesce((SELECT sum(a.amount_minor) FROM payment_allocations a WHERE a.invoice_id = i.id), 0)
          - coalesce((SELECT sum(cn.gross_minor) FROM invoices cn
              WHERE cn.credits_invoice_id = i.id AND cn.status IN ('saved', 'sent')), 0))
        FROM invoices i
        WHERE i.practice_id = b.practice_id AND i.client_id = b.client_id AND i.currency = b.currency
          AND i.kind = 'invoice' AND i.status IN ('saved', 'sent')), 0)
      - coalesce((SELECT sum(p.amount_minor
          - coalesce((SELECT sum(a.amount_minor) FROM payment_allocations a WHERE a.payment_id = p.id), 0))
        FROM payments p
        WHERE p.practice_id = b.practice_id AND p.client_id = b.client_id AND p.currency = b.currency), 0))::int
    FROM unnest(locked_practices, locked_clients, locked_currencies) AS k (practice_id, client_id, currency)
    WHERE b.practice_id = k.practice_id AND b.client_id = k.client_id AND b.currency = k.currency;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- An invoice or credit note moves its own client's balance and the balance of the invoice it credits; a draft moves none.
CREATE OR REPLACE FUNCTION client_balances_keep_invoices() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM client_balances_refresh(array_agg(r.practice_id), array_agg(r.client_id), array_agg(r.currency),
        array_agg(r.credits_invoice_id), NULL)
      FROM new_rows r WHERE r.status <> 'draft';
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM client_balances_refresh(array_agg(r.practice_id), array_agg(r.client_id), array_agg(r.currency),
        array_agg(r.credits_invoice_id), NULL)
      FROM old_rows r WHERE r.status <> 'draft';
  ELSE
    PERFORM client_balances_refresh(array_agg(v.practice_id), array_agg(v.client_id), array_agg(v.currency),
        array_agg(v.credits_invoice_id), NULL)
      FROM old_rows o JOIN new_rows n ON n.id = o.id
        CROSS JOIN LATERAL (VALUES (o.practice_id, o.client_id, o.currency, o.credits_invoice_id),
                                   (n.practice_id, n.client_id, n.currency, n.credits_invoice_id))
          AS v (practice_id, client_id, currency, credits_invoice_id)
      WHERE (o.status <> 'draft' OR n.status <> 'draft')
        AND (o.practice_id, o.client_id, o.kind, o.status, o.currency, o.gross_minor, o.credits_invoice_id)
          IS DISTINCT FROM (n.practice_id, n.client_id, n.kind, n.status, n.currency, n.gross_minor, n.credits_invoice_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION client_balances_keep_payments() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM client_balances_refresh(array_agg(r.practice_id), array_agg(r.client_id), array_agg(r.currency), NULL, NULL)
      FROM new_rows r;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM client_balances_refresh(array_agg(r.practice_id), array_agg(r.client_id), array_agg(r.currency), NULL, NULL)
      FROM old_rows r;
  ELSE
    PERFORM client_balances_refresh(array_agg(v.practice_id), array_agg(v.client_id), array_agg(v.currency), NULL, NULL)
      FROM old_rows o JOIN new_rows n ON n.id = o.id
        CROSS JOIN LATERAL (VALUES (o.practice_id, o.client_id, o.currency), (n.practice_id, n.client_id, n.currency))
          AS v (practice_id, client_id, currency)
      WHERE (o.practice_id, o.client_id, o.currency, o.amount_minor)
        IS DISTINCT FROM (n.practice_id, n.client_id, n.currency, n.amount_minor);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- An allocation moves the balance of its invoice's client (what the invoice owes) and its payment's (the unused credit).
CREATE OR REPLACE FUNCTION client_balances_keep_allocations() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM client_balances_refresh(NULL, NULL, NULL, array_agg(r.invoice_id), array_agg(r.payment_id))
      FROM new_rows r;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM client_balances_refresh(NULL, NULL, NULL, array_agg(r.invoice_id), array_agg(r.payment_id))
      FROM old_rows r;
  ELSE
    PERFORM client_balances_refresh(NULL, NULL, NULL, array_agg(v.invoice_id), array_agg(v.payment_id))
      FROM old_rows o JOIN new_rows n ON n.id = o.id
        CROSS JOIN LATERAL (VALUES (o.invoice_id, o.payment_id), (n.invoice_id, n.payment_id)) AS v (invoice_id, payment_id)
      WHERE (o.invoice_id, o.payment_id, o.amount_minor) IS DISTINCT FROM (n.invoice_id, n.payment_id, n.amount_minor);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER invoices_balance_insert AFTER INSERT ON "invoices" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_balances_keep_invoices();
--> statement-breakpoint
CREATE TRIGGER invoices_balance_update AFTER UPDATE ON "invoices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_balances_keep_invoices();
--> statement-breakpoint
CREATE TRIGGER invoices_balance_delete AFTER DELETE ON "invoices" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_balances_keep_invoices();
--> statement-breakpoint
CREATE TRIGGER payments_balance_insert AFTER INSERT ON "payments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_balances_keep_payments();
--> statement-breakpoint
CREATE TRIGGER payments_balance_update AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_balances_keep_payments();
--> statement-breakpoint
CREATE TRIGGER payments_balance_delete AFTER DELETE ON "payments" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_balances_keep_payments();
--> statement-breakpoint
CREATE TRIGGER payment_allocations_balance_insert AFTER INSERT ON "payment_allocations" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_balances_keep_allocations();
--> statement-breakpoint
CREATE TRIGGER payment_allocations_balance_update AFTER UPDATE ON "payment_allocations"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_balances_keep_allocations();
--> statement-breakpoint
CREATE TRIGGER payment_allocations_balance_delete AFTER DELETE ON "payment_allocations" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_balances_keep_allocations();
--> statement-breakpoint
-- The balances of the ledgers already written: every client and currency with an issued invoice or a payment.
SELECT client_balances_refresh(array_agg(k.practice_id), array_agg(k.client_id), array_agg(k.currency), NULL, NULL)
FROM (SELECT practice_id, client_id, currency FROM invoices WHERE status <> 'draft'
      UNION SELECT practice_id, client_id, currency FROM payments) k;
