DROP INDEX "payment_allocations_invoice_idx";--> statement-breakpoint
CREATE INDEX "invoices_open_client_idx" ON "invoices" USING btree ("practice_id","client_id","currency","id","gross_minor") WHERE "invoices"."kind" = 'invoice' and "invoices"."status" in ('saved', 'sent');--> statement-breakpoint
CREATE INDEX "payment_allocations_invoice_amount_idx" ON "payment_allocations" USING btree ("invoice_id","amount_minor");--> statement-breakpoint
CREATE INDEX "payment_allocations_payment_amount_idx" ON "payment_allocations" USING btree ("payment_id","amount_minor");--> statement-breakpoint
CREATE INDEX "payments_client_currency_idx" ON "payments" USING btree ("practice_id","client_id","currency","id","amount_minor");