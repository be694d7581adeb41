import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ONLINE_PAYMENT_MESSAGES, type PaymentProviderName } from '@halcyon/api/contract';
import { formatMoney } from '@halcyon/api/money';
import type { Platform } from '../../../platform/context';
import type { Db } from '../../../platform/db';
import type { MailMessage } from '../../../platform/mail';
import { badRequest, notFound } from '../../../platform/errors';
import { clients } from '../../clients/schema';
import { NotificationService } from '../../notifications/service';
import { memberships } from '../../users/schema';
import type { OnlinePaymentAccounts } from './account';
import type { InvoiceLedger, PayableDocument } from './ledger';
import { paymentReceiptMail } from './mail';
import { WebhookSignatureError, type PaymentProvider, type ProviderEvent } from './provider';
import { onlineCheckouts, onlinePaymentEvents } from './schema';

type Paid = Extract<ProviderEvent, { kind: 'checkout.paid' }>;

interface Applied {
  outcome: string;
  practiceId?: number | null;
  checkoutId?: number | null;
  /** The payer's receipt, sent once what the event did has committed. */
  receipt?: MailMessage;
}

/** The members told of a client's invoice paid online: the client's therapist, else the practice's Admins. */
async function membersToTell(db: Db, practiceId: number, clientId: number): Promise<number[]> {
  const [client] = await db
    .select({ therapistId: clients.therapistId })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.practiceId, practiceId)))
    .limit(1);
  if (client?.therapistId) return [client.therapistId];
  const admins = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(eq(memberships.practiceId, practiceId), eq(memberships.role, 'Admin'), eq(memberships.status, 'active')),
    );
  return admins.map((a) => a.userId);
}

/**
 * A payment provider's webhooks (and the sandbox's callbacks, which arrive the same way): the signature over the exact
 * body bytes is checked first (400 and nothing recorded when it fails); then the event is claimed by its provider id in
 * `online_payment_events` (unique), in the same transaction as what it does, so a second delivery of the same event (a
 * retry, a replay) finds it taken and does nothing. A paid checkout becomes a payment in the ledger through
 * `recordPayment`, with the provider's event id as idempotency key; the payer is e-mailed a receipt, and the client's
 * therapist is told (by the ledger's "Invoice paid", or here when the payment did not settle the invoice).
 */
export class PaymentWebhooks {
  private readonly db: Db;

  constructor(
    private readonly p: Platform,
    private readonly provider: PaymentProvider,
    private readonly ledger: InvoiceLedger,
    private readonly accounts: OnlinePaymentAccounts,
  ) {
    this.db = p.database.db;
  }

  async receive(
    providerName: PaymentProviderName,
    body: unknown,
    headers: Readonly<Record<string, string | string[] | undefined>>,
    log: FastifyBaseLogger,
  ): Promise<{ received: boolean }> {
    if (providerName !== this.provider.name) throw notFound(ONLINE_PAYMENT_MESSAGES.providerNotConfigured);
    if (!Buffer.isBuffer(body)) throw badRequest(ONLINE_PAYMENT_MESSAGES.signatureRefused);
    let event: ProviderEvent;
    try {
      event = this.provider.verifyWebhook(body, headers);
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error;
      log.warn({ provider: providerName, reason: error.message }, 'payment webhook refused: bad signature');
      throw badRequest(ONLINE_PAYMENT_MESSAGES.signatureRefused);
    }
    if (!event.id) throw badRequest(ONLINE_PAYMENT_MESSAGES.signatureRefused);
    await this.handle(event, log);
    return { received: true };
  }

  /** Applies an event once: the claim of its id and its effects commit together (a failure lets the provider retry). */
  async handle(event: ProviderEvent, log?: FastifyBaseLogger): Promise<void> {
    const applied = await this.db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(onlinePaymentEvents)
        .values({ provider: this.provider.name, eventId: event.id, type: event.kind, outcome: 'received' })
        .onConflictDoNothing()
        .returning({ id: onlinePaymentEvents.id });
      if (!claimed) return null;
      const result = await this.apply(tx, event);
      await tx
        .update(onlinePaymentEvents)
        .set({
          outcome: result.outcome,
          practiceId: result.practiceId ?? null,
          checkoutId: result.checkoutId ?? null,
        })
        .where(eq(onlinePaymentEvents.id, claimed.id));
      return result;
    });
    // The receipt goes after the commit (a rolled-back payment sends none); a mail failure does not undo the payment.
    if (applied?.receipt) {
      try {
        await this.p.mailer.send(applied.receipt);
      } catch (error) {
        log?.error({ err: error, eventId: event.id }, 'payment receipt could not be sent');
      }
    }
  }

  private async apply(tx: Db, event: ProviderEvent): Promise<Applied> {
    switch (event.kind) {
      case 'checkout.paid':
        return this.paid(tx, event);
      case 'checkout.failed':
      case 'checkout.expired': {
        const checkout = await this.checkout(tx, event.checkoutId);
        if (!checkout) return { outcome: 'unknown checkout' };
        if (event.kind === 'checkout.expired' && checkout.status === 'open') {
          await tx.update(onlineCheckouts).set({ status: 'expired' }).where(eq(onlineCheckouts.id, checkout.id));
        }
        return {
          outcome: event.kind === 'checkout.failed' ? 'payment failed' : 'checkout expired',
          practiceId: checkout.practiceId,
          checkoutId: checkout.id,
        };
      }
      case 'account.updated': {
        const practiceId = await this.accounts.accountUpdated(event.accountId, event.account, tx);
        return { outcome: practiceId === null ? 'unknown account' : 'account updated', practiceId };
      }
      default:
        return { outcome: 'ignored' };
    }
  }

  private async paid(tx: Db, event: Paid): Promise<Applied> {
    const checkout = await this.checkout(tx, event.checkoutId);
    if (!checkout) return { outcome: 'unknown checkout' };
    const at = { practiceId: checkout.practiceId, checkoutId: checkout.id };
    // Another event of the same checkout (completed, then its asynchronous success) already recorded the payment.
    if (checkout.status === 'paid') return { outcome: 'already recorded', ...at };
    const document = await this.ledger.invoiceDocument(tx, checkout.practiceId, checkout.invoiceId);
    if (!document) return { outcome: 'unknown invoice', ...at };
    // What the invoice still owes takes the payment; anything above it (paid another way meanwhile) is the client's credit.
    const allocated =
      event.currency === document.currency ? Math.min(event.amountMinor, Math.max(0, document.outstandingMinor)) : 0;
    const payment = await this.ledger.recordPayment(
      tx,
      checkout.practiceId,
      {
        clientId: document.client.id,
        amountMinor: event.amountMinor,
        currency: event.currency,
        date: event.paidAt.toISOString().slice(0, 10),
        method: 'online',
        reference: event.paymentRef,
        allocations: allocated > 0 ? [{ invoiceId: checkout.invoiceId, amountMinor: allocated }] : [],
      },
      `${this.provider.name}:${event.id}`,
    );
    await tx
      .update(onlineCheckouts)
      .set({ status: 'paid', paymentRef: event.paymentRef, paymentId: payment.id, completedAt: new Date() })
      .where(eq(onlineCheckouts.id, checkout.id));
    // Paid in full: the ledger's "Invoice paid" tells the team. Otherwise (part of it, or all of it became credit
    // because the invoice was paid another way meanwhile) this says what came in, so no payment goes unnoticed.
    if (allocated === 0 || allocated < document.outstandingMinor) {
      await this.notify(tx, checkout.practiceId, document, event.amountMinor, event.currency);
    }
    const to = document.billTo.email;
    const receipt = to
      ? paymentReceiptMail(document, to, {
          amountMinor: event.amountMinor,
          currency: event.currency,
          date: event.paidAt.toISOString().slice(0, 10),
          reference: event.paymentRef,
          allocatedMinor: allocated,
        })
      : undefined;
    return { outcome: 'payment recorded', ...at, receipt };
  }

  private async notify(
    tx: Db,
    practiceId: number,
    document: PayableDocument,
    amountMinor: number,
    currency: string,
  ): Promise<void> {
    const notifications = new NotificationService(tx);
    for (const userId of await membersToTell(tx, practiceId, document.client.id)) {
      await notifications.create({
        practiceId,
        userId,
        title: 'Payment received online',
        content: `${document.billTo.name} paid ${formatMoney(amountMinor, currency)} towards invoice ${document.number ?? ''} online by card.`,
        category: 'info',
        link: `/Billing/${document.invoiceId}`,
      });
    }
  }

  private async checkout(tx: Db, providerCheckoutId: string) {
    const [row] = await tx
      .select()
      .from(onlineCheckouts)
      .where(
        and(
          eq(onlineCheckouts.provider, this.provider.name),
          eq(onlineCheckouts.providerCheckoutId, providerCheckoutId),
        ),
      )
      .limit(1);
    return row;
  }
}
