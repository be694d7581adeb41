-- client_balances_refresh (0041) wrote each balance row twice per statement (the locking upsert, then the sum) and even
-- when the balance did not move (a draft's line, an invoice marked sent): every write a dead row version the client
-- list's probes walk until vacuum. Now it creates only the missing rows, locks the rows without writing them
-- (SELECT ... FOR UPDATE, in key order), and then, in a new statement and so a new snapshot under READ COMMITTED, writes
-- only the balances that changed. Same keys, same sums, same order of locks.
CREATE OR REPLACE FUNCTION client_balances_refresh(
  practice_ids integer[], client_ids integer[], currencies text[], invoice_ids integer[], payment_ids integer[]
) RETURNS void AS $$
DECLARE
  key_practices integer[];
  key_clients integer[];
  key_currencies text[];
BEGIN
  SELECT array_agg(k.practice_id ORDER BY k.practice_id, k.client_id, k.currency),
         array_agg(k.client_id ORDER BY k.practice_id, k.client_id, k.currency),
         array_agg(k.currency ORDER BY k.practice_id, k.client_id, k.currency)
    INTO key_practices, key_clients, key_currencies
    FROM (SELECT t.practice_id, t.client_id, t.currency
            FROM unnest(practice_ids, client_ids, currencies) AS t (practice_id, client_id, currency)
          UNION SELECT i.practice_id, i.client_id, i.currency FROM invoices i WHERE i.id = ANY (invoice_ids)
          UNION SELECT p.practice_id, p.client_id, p.currency FROM payments p WHERE p.id = ANY (payment_ids)) k
    WHERE EXISTS (SELECT 1 FROM clients c WHERE c.id = k.client_id AND c.practice_id = k.practice_id);
  IF key_practices IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO client_balances (practice_id, client_id, currency)
    SELECT * FROM unnest(key_practices, key_clients, key_currencies)
    ON CONFLICT (practice_id, client_id, currency) DO NOTHING;
  PERFORM 1 FROM client_balances b
    JOIN unnest(key_practices, key_clients, key_currencies) AS k (practice_id, client_id, currency)
      ON b.practice_id = k.practice_id AND b.client_id = k.client_id AND b.currency = k.currency
    ORDER BY b.practice_id, b.client_id, b.currency
    FOR UPDATE OF b;
  UPDATE client_balances b SET balance_minor = s.balance_minor
    FROM (SELECT k.practice_id, k.client_id, k.currency, (
        coalesce((SELECT sum(i.gross_minor
            - coalesce((SELECT sum(a.amount_minor) FROM payment_allocations a WHERE a.invoice_id = i.id), 0)
            - coalesce((SELECT sum(cn.gross_minor) FROM invoices cn
                WHERE cn.credits_invoice_id = i.id AND cn.status IN ('saved', 'sent')), 0))
          FROM invoices i
          WHERE i.practice_id = k.practice_id AND i.client_id = k.client_id AND i.currency = k.currency
            AND i.kind = 'invoice' AND i.status IN ('saved', 'sent')), 0)
        - coalesce((SELECT sum(p.amount_minor
            - coalesce((SELECT sum(a.amount_minor) FROM payment_allocations a WHERE a.payment_id = p.id), 0))
          FROM payments p
          WHERE p.practice_id = k.practice_id AND p.client_id = k.client_id AND p.currency = k.currency), 0))::int
          AS balance_minor
        FROM unnest(key_practices, key_clients, key_currencies) AS k (practice_id, client_id, currency)) s
    WHERE b.practice_id = s.practice_id AND b.client_id = s.client_id AND b.currency = s.currency
      AND b.balance_minor <> s.balance_minor;
END;
$$ LANGUAGE plpgsql;
