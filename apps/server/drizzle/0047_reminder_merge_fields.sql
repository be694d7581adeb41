-- Reminder rules wrote their words {invoiceNumber}; they now hold the template library's merge fields
-- {{invoice.number}} (one syntax for every e-mail a practice writes). Each old word becomes the merge field with its value.
UPDATE "invoice_reminder_rules" SET
  "subject" = replace(replace(replace(replace(replace(replace("subject", '{clientName}', '{{client.fullName}}'), '{practiceName}', '{{practice.name}}'), '{invoiceNumber}', '{{invoice.number}}'), '{amountDue}', '{{invoice.amount}}'), '{dueDate}', '{{invoice.dueDate}}'), '{payLink}', '{{link.url}}'),
  "body" = replace(replace(replace(replace(replace(replace("body", '{clientName}', '{{client.fullName}}'), '{practiceName}', '{{practice.name}}'), '{invoiceNumber}', '{{invoice.number}}'), '{amountDue}', '{{invoice.amount}}'), '{dueDate}', '{{invoice.dueDate}}'), '{payLink}', '{{link.url}}');
