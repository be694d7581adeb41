-- A new payment adds its amount to its client's kept balance instead of summing the client's whole ledger again.
-- Recording a payment recomputed every invoice, allocation, credit note and payment of the client (0041, 0042): a cost
-- that grew with each payment the client ever made, and most of what a payment's INSERT cost. A payment just inserted
-- has no allocation yet (an allocation references its payment, so it comes in a later statement, which recomputes as
-- before), so all it adds to its client's balance is minus its amount: a figure of the new rows alone, read from no
-- other row, which no concurrent change can make stale. The upsert locks the balance row like the recompute does, and
-- under READ COMMITTED adds to the row's latest committed figure: after a concurrent recompute, which could not see
-- this uncommitted payment, or before one, which then waits for this commit and sums it. Updates and deletes of
-- payments recompute as before (rare, and a deleted payment's allocations go with it).
CREATE OR REPLACE FUNCTION client_balances_add_payments() RETURNS trigger AS $$
BEGIN
  INSERT INTO client_balances AS b (practice_id, client_id, currency, balance_minor)
    SELECT r.practice_id, r.client_id, r.currency, -sum(r.amount_minor)::int
    FROM new_rows r
    WHERE EXISTS (SELECT 1 FROM clients c WHERE c.id = r.client_id AND c.practice_id = r.practice_id)
    GROUP BY r.practice_id, r.client_id, r.currency
    ORDER BY r.practice_id, r.client_id, r.currency
  ON CONFLICT (practice_id, client_id, currency)
    DO UPDATE SET balance_minor = b.balance_minor + excluded.balance_minor;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- client_balances_keep_payments (0041) keeps the updates and deletes; its INSERT branch is no longer called.
DROP TRIGGER "payments_balance_insert" ON "payments";
--> statement-breakpoint
CREATE TRIGGER payments_balance_insert AFTER INSERT ON "payments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_balances_add_payments();
--> statement-breakpoint
-- A backup leaves the kept balances out and a restore rebuilds them from the ledger it restores (as the diary's busy
-- time): restoring a balance row and then the payments it already counts would count them twice.
COMMENT ON TABLE "client_balances" IS 'Derived: kept by triggers from invoices, payments and payment_allocations. Backups leave it out; a restore rebuilds it.';
--> statement-breakpoint
-- The clients' counters are derived the same way (0016): restoring their rows and then the clients they count failed
-- on the counters' key, so a backup of a practice with clients could not be restored.
COMMENT ON TABLE "client_counts" IS 'Derived: kept by triggers from clients. Backups leave it out; a restore rebuilds it.';
