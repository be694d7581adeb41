import {
  BILLING_MESSAGES,
  creditNoteBodySchema,
  voidInvoiceBodySchema,
  type Invoice,
  type InvoiceLine,
} from '@halcyon/api/contract';
import { formatMoney } from '@halcyon/api/money';
import { useApiClient, useIdempotencyKey, useMutation } from '@halcyon/api/swr';
import { Button, Card, Checkbox, Sensitive, TextArea, useBanners } from '@halcyon/design-system';
import { submitErrorMessage, useContractForm, useModal } from '@halcyon/modals';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { downloadFailedMessage, saveBlob } from '../../app/saveBlob';
import { ClaimInvoiceButton } from './claims/InsuranceClaimsTab';
import { invoiceName, invoicePath } from './format';
import styles from './billing.module.css';

type Panel = 'credit' | 'void' | null;

/** Downloads the invoice's PDF (the document the preview shows) under its number. */
export function useDownloadInvoicePdf() {
  const client = useApiClient();
  const { notify } = useBanners();
  return async (invoice: Pick<Invoice, 'id' | 'number' | 'documentType'>) => {
    try {
      const blob = await client.call('downloadInvoicePdf', { params: { id: invoice.id } });
      saveBlob(blob, `${invoiceName(invoice)}.pdf`);
    } catch (error) {
      notify({ variant: 'error', message: downloadFailedMessage(error) });
    }
  };
}

/**
 * What can be done with an invoice, by its state (CATALOG.md /Billing/{id}): a draft is edited, saved or sent; an issued
 * invoice is sent again, paid (a payment, or marked as paid), reminded, credited or voided; every document downloads as
 * its PDF. Each action says SPEC.md §8's message (or the ledger's) when it is done.
 */
export function InvoiceActions({ invoice }: { invoice: Invoice }) {
  const modal = useModal();
  const navigate = useNavigate();
  const { notify } = useBanners();
  const download = useDownloadInvoicePdf();
  const sendKey = useIdempotencyKey();
  const [panel, setPanel] = useState<Panel>(null);
  const send = useMutation('sendInvoice');
  const save = useMutation('saveInvoice');
  const remind = useMutation('sendPaymentReminder');
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<unknown>, message: string, after?: () => void) => {
    setBusy(true);
    try {
      await action();
      notify({ variant: 'success', message });
      after?.();
    } catch (error) {
      notify({ variant: 'error', message: submitErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const isDraft = invoice.status === 'draft';
  const isVoid = invoice.status === 'void';
  const isCredit = invoice.kind === 'credit_note';
  const owes = !isDraft && !isVoid && !isCredit && invoice.outstandingMinor > 0;
  const creditable =
    !isDraft && !isVoid && !isCredit && invoice.lines.some((line) => line.creditedByInvoiceId === null);
  const name = invoiceName(invoice);

  const sendNow = () =>
    run(
      () => send.trigger({ params: { id: invoice.id }, body: {}, headers: sendKey.headers }),
      BILLING_MESSAGES.invoiceSent,
      sendKey.renew,
    );

  return (
    <div className={styles.actionsArea}>
      <div className={styles.actions} role="group" aria-label="Invoice actions">
        {isDraft && (
          <>
            <Button disabled={busy} onClick={() => void sendNow()}>
              Send
            </Button>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() =>
                void run(() => save.trigger({ params: { id: invoice.id } }), BILLING_MESSAGES.invoiceSaved)
              }
            >
              Save
            </Button>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => modal.open('draft-invoice', { invoiceId: invoice.id })}
            >
              Edit draft
            </Button>
          </>
        )}
        {owes && (
          <>
            <Button
              disabled={busy}
              onClick={() =>
                modal.open('payment', {
                  defaults: {
                    clientId: invoice.clientId,
                    clientName: invoice.clientName,
                    invoiceIds: [invoice.id],
                    amountMinor: invoice.outstandingMinor,
                    currency: invoice.currency,
                  },
                })
              }
            >
              Record payment
            </Button>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => modal.open('mark-invoice-as-paid', { invoiceId: invoice.id })}
            >
              Mark as paid
            </Button>
          </>
        )}
        {!isDraft && !isVoid && !isCredit && (
          <Button variant="secondary" disabled={busy} onClick={() => void sendNow()}>
            {invoice.sentAt ? 'Send again' : 'Send'}
          </Button>
        )}
        {owes && (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              void run(() => remind.trigger({ params: { id: invoice.id }, body: {} }), BILLING_MESSAGES.reminderSent)
            }
          >
            Send reminder
          </Button>
        )}
        {!isDraft && !isVoid && !isCredit && invoice.billTo.kind === 'insurer' && (
          <ClaimInvoiceButton invoiceId={invoice.id} onClaimed={() => void navigate('/Billing?tab=claims')} />
        )}
        <Button variant="secondary" disabled={busy} onClick={() => void download(invoice)}>
          Download PDF
        </Button>
        {creditable && (
          <Button variant="secondary" disabled={busy} onClick={() => setPanel(panel === 'credit' ? null : 'credit')}>
            Issue credit note
          </Button>
        )}
        {!isDraft && !isVoid && !isCredit && invoice.paidMinor === 0 && (
          <Button variant="ghost" disabled={busy} onClick={() => setPanel(panel === 'void' ? null : 'void')}>
            Void
          </Button>
        )}
        {isDraft && (
          <Button
            variant="ghost"
            disabled={busy}
            onClick={() =>
              modal.open('delete-item', {
                kind: 'draft-invoice',
                route: 'deleteDraftInvoice',
                params: { id: invoice.id },
                name,
                clientName: invoice.clientName,
                onDeleted: () => void navigate('/Billing'),
              })
            }
          >
            Delete
          </Button>
        )}
      </div>
      {panel === 'credit' && (
        <CreditNotePanel
          invoice={invoice}
          onClose={() => setPanel(null)}
          onIssued={(id) => void navigate(invoicePath(id))}
        />
      )}
      {panel === 'void' && <VoidPanel invoice={invoice} onClose={() => setPanel(null)} />}
    </div>
  );
}

function lineLabel(line: InvoiceLine, currency: string): string {
  return `${line.description} (${formatMoney(line.grossMinor, currency)})`;
}

/** Issue a credit note for lines of the invoice not credited yet (all of them unless some are unticked), with a reason. */
function CreditNotePanel({
  invoice,
  onClose,
  onIssued,
}: {
  invoice: Invoice;
  onClose: () => void;
  onIssued: (creditNoteId: number) => void;
}) {
  const { notify } = useBanners();
  const credit = useMutation('createCreditNote');
  const open = invoice.lines.filter((line) => line.creditedByInvoiceId === null);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set(open.map((line) => line.id)));
  const { field, onSubmit, busy, submitError } = useContractForm(creditNoteBodySchema, {
    defaultValues: { reason: '' },
    submit: (body) =>
      credit.trigger({
        params: { id: invoice.id },
        body: { ...body, lineIds: chosen.size === open.length ? [] : [...chosen] },
      }),
    onSuccess: (note) => {
      notify({ variant: 'success', message: BILLING_MESSAGES.creditNoteIssued });
      if (note) onIssued(note.id);
    },
  });
  return (
    <Card className={styles.panel}>
      <Card.Header>
        <Card.Title as="h2">Issue a credit note for {invoiceName(invoice)}</Card.Title>
      </Card.Header>
      <Card.Body>
        <form className={styles.panelForm} onSubmit={(event) => void onSubmit(event)} noValidate>
          {submitError && (
            <p role="alert" className={styles.formError}>
              {submitError}
            </p>
          )}
          <fieldset className={styles.fieldset}>
            <legend>Lines to credit</legend>
            {open.map((line) => (
              <Checkbox
                key={line.id}
                label={<Sensitive focusable={false}>{lineLabel(line, invoice.currency)}</Sensitive>}
                checked={chosen.has(line.id)}
                onCheckedChange={(checked) =>
                  setChosen((current) => {
                    const next = new Set(current);
                    if (checked === true) next.add(line.id);
                    else next.delete(line.id);
                    return next;
                  })
                }
              />
            ))}
          </fieldset>
          <TextArea label="Reason" hint="Printed on the credit note." required rows={2} {...field('reason')} />
          <div className={styles.actions}>
            <Button type="submit" disabled={busy || chosen.size === 0}>
              Issue credit note
            </Button>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
          </div>
        </form>
      </Card.Body>
    </Card>
  );
}

/** Void an issued invoice without payments: it keeps its number and owes nothing. */
function VoidPanel({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const { notify } = useBanners();
  const voidInvoice = useMutation('voidInvoice');
  const { field, onSubmit, busy, submitError } = useContractForm(voidInvoiceBodySchema, {
    defaultValues: { reason: '' },
    submit: (body) => voidInvoice.trigger({ params: { id: invoice.id }, body }),
    onSuccess: () => {
      notify({ variant: 'success', message: BILLING_MESSAGES.invoiceVoided });
      onClose();
    },
  });
  return (
    <Card className={styles.panel}>
      <Card.Header>
        <Card.Title as="h2">Void {invoiceName(invoice)}</Card.Title>
      </Card.Header>
      <Card.Body>
        <form className={styles.panelForm} onSubmit={(event) => void onSubmit(event)} noValidate>
          <p className={styles.muted}>
            A void invoice keeps its number and owes nothing. To undo part of it, issue a credit note instead.
          </p>
          {submitError && (
            <p role="alert" className={styles.formError}>
              {submitError}
            </p>
          )}
          <TextArea label="Reason" required rows={2} {...field('reason')} />
          <div className={styles.actions}>
            <Button type="submit" variant="danger" disabled={busy}>
              Void invoice
            </Button>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
          </div>
        </form>
      </Card.Body>
    </Card>
  );
}
