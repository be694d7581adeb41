import { and, desc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  ONLINE_PAYMENT_MESSAGES,
  type PayableInvoice,
  type PayableState,
  type SandboxCheckout,
  type SandboxPaid,
} from '@halcyon/api/contract';
import { hashToken, randomToken, type Tokens } from '../../../platform/auth/tokens';
import { publicBaseUrl } from '../../../platform/config';
import type { Platform } from '../../../platform/context';
import type { Db } from '../../../platform/db';
import { HttpError, conflict, notFound } from '../../../platform/errors';
import { activeAccount, providerDown } from './account';
import type { InvoiceLedger, PayableDocument } from './ledger';
import type { PaymentProvider } from './provider';
import { SandboxProvider } from './sandbox';
import { onlineCheckouts, onlinePayLinks } from './schema';

type Log = Parameters<typeof providerDown>[0];

const DAY_MS = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);

/** What the pay page says of an invoice: void, paid (nothing owed), overdue (past its due date) or due. */
export function payableState(document: Pick<PayableDocument, 'status' | 'outstandingMinor' | 'dueDate'>): PayableState {
  if (document.status === 'void') return 'void';
  if (document.outstandingMinor <= 0) return 'paid';
  return document.dueDate < today() ? 'overdue' : 'due';
}

/** The token of a pay link: an HMAC of its id under the server's secret, then the id (base 36). */
function payToken(tokens: Tokens, linkId: number): string {
  return `${tokens.mac(`pay-link:${linkId}`)}${linkId.toString(36)}`;
}

/**
 * The pay-online link of an invoice, for its document (the preview, the PDF) and the e-mails that carry it: null when the
 * practice does not take card payments now. A link is public, unguessable (an HMAC under the server's secret) and
 * expires after the practice's number of days; only its SHA-256 is stored, as for every link of Halcyon. The link made
 * last is shown again while at least half of its life is left, then a new one is made, so reading a document makes no
 * new row each time and an e-mailed link always has time left.
 */
export async function issuePayLink(
  db: Db,
  platform: Pick<Platform, 'config' | 'tokens'>,
  practiceId: number,
  invoiceId: number,
): Promise<string | null> {
  const account = await activeAccount(db, practiceId, platform.config.PAYMENT_PROVIDER);
  if (!account) return null;
  const url = (linkId: number) => `${publicBaseUrl(platform.config)}/Pay/${payToken(platform.tokens, linkId)}`;
  const [current] = await db
    .select({ id: onlinePayLinks.id })
    .from(onlinePayLinks)
    .where(
      and(
        eq(onlinePayLinks.practiceId, practiceId),
        eq(onlinePayLinks.invoiceId, invoiceId),
        gt(onlinePayLinks.expiresAt, new Date(Date.now() + (account.payLinkDays * DAY_MS) / 2)),
      ),
    )
    .orderBy(desc(onlinePayLinks.expiresAt))
    .limit(1);
  if (current) return url(current.id);
  const [made] = await db
    .insert(onlinePayLinks)
    .values({
      practiceId,
      invoiceId,
      // Replaced at once by the hash of the token, which is made from the row's id.
      tokenHash: hashToken(randomToken()),
      expiresAt: new Date(Date.now() + account.payLinkDays * DAY_MS),
    })
    .returning({ id: onlinePayLinks.id });
  await db
    .update(onlinePayLinks)
    .set({ tokenHash: hashToken(payToken(platform.tokens, made!.id)) })
    .where(eq(onlinePayLinks.id, made!.id));
  return url(made!.id);
}

/**
 * The client's side of online payments (no sign-in): the pay link e-mailed with an invoice (a public, unguessable,
 * expiring token, stored hashed like every link of Halcyon: `randomToken` and `hashToken`), the invoice's totals it
 * shows, and the checkout it starts with the provider for the balance. The sandbox's own card page reads and completes
 * its checkouts here too.
 */
export class OnlinePayments {
  private readonly db: Db;

  constructor(
    private readonly p: Platform,
    private readonly provider: PaymentProvider,
    private readonly ledger: InvoiceLedger,
  ) {
    this.db = p.database.db;
  }

  async payable(token: string): Promise<PayableInvoice> {
    const { link, document } = await this.open(token);
    await this.ledger.recordViewed(this.db, link.practiceId, document);
    const state = payableState(document);
    const canPay =
      (state === 'due' || state === 'overdue') &&
      (await activeAccount(this.db, link.practiceId, this.provider.name)) !== null;
    return {
      practiceName: document.practice.name,
      invoiceNumber: document.number ?? '',
      billToName: document.billTo.name,
      issueDate: document.issueDate,
      dueDate: document.dueDate,
      currency: document.currency,
      totalMinor: document.totalMinor,
      paidMinor: document.paidMinor,
      balanceMinor: Math.max(0, document.outstandingMinor),
      state,
      canPay,
    };
  }

  /** A checkout with the provider for what the invoice owes now: the provider's page, where the card is typed. */
  async startCheckout(token: string, log: Log): Promise<{ url: string }> {
    const { link, document } = await this.open(token);
    const state = payableState(document);
    if (state === 'void') throw conflict(ONLINE_PAYMENT_MESSAGES.invoiceVoid);
    if (state === 'paid') throw conflict(ONLINE_PAYMENT_MESSAGES.nothingOwed);
    const account = await activeAccount(this.db, link.practiceId, this.provider.name);
    if (!account) throw conflict(ONLINE_PAYMENT_MESSAGES.notActive);
    const payPage = `${publicBaseUrl(this.p.config)}/Pay/${token}`;
    const checkout = await this.provider
      .createCheckout({
        accountId: account.accountId,
        reference: `pay-${link.id}-${randomToken().slice(0, 12)}`,
        practiceName: document.practice.name,
        invoiceNumber: document.number ?? '',
        amountMinor: document.outstandingMinor,
        currency: document.currency,
        customerEmail: document.billTo.email,
        successUrl: `${payPage}?checkout=paid`,
        cancelUrl: `${payPage}?checkout=cancelled`,
      })
      .catch((error) => providerDown(log, error));
    await this.db.insert(onlineCheckouts).values({
      practiceId: link.practiceId,
      invoiceId: link.invoiceId,
      payLinkId: link.id,
      provider: this.provider.name,
      providerCheckoutId: checkout.id,
      amountMinor: document.outstandingMinor,
      currency: document.currency,
    });
    return { url: checkout.url };
  }

  async sandboxCheckout(id: string): Promise<SandboxCheckout> {
    const checkout = await this.sandboxRow(id);
    const document = await this.ledger.invoiceDocument(this.db, checkout.practiceId, checkout.invoiceId);
    if (!document) throw notFound(ONLINE_PAYMENT_MESSAGES.checkoutInvalid);
    return {
      practiceName: document.practice.name,
      invoiceNumber: document.number ?? '',
      currency: checkout.currency,
      amountMinor: checkout.amountMinor,
      state: checkout.status === 'paid' ? 'paid' : checkout.status === 'expired' ? 'expired' : 'open',
    };
  }

  /**
   * The sandbox card page's outcome: the sandbox posts its signed callback to the webhook route (through the whole HTTP
   * path, as a provider's delivery arrives) and answers what became of the checkout.
   */
  async sandboxComplete(app: FastifyInstance, id: string, outcome: 'paid' | 'declined'): Promise<SandboxPaid> {
    const checkout = await this.sandboxRow(id);
    if (checkout.status !== 'open' || !(this.provider instanceof SandboxProvider)) {
      throw conflict(ONLINE_PAYMENT_MESSAGES.checkoutClosed);
    }
    const callback = this.provider.callback(checkout, outcome);
    const delivered = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook/sandbox',
      headers: callback.headers,
      payload: callback.body,
    });
    if (delivered.statusCode !== 200) {
      throw new HttpError(503, ONLINE_PAYMENT_MESSAGES.providerDown);
    }
    return outcome === 'paid'
      ? { state: 'paid', detail: ONLINE_PAYMENT_MESSAGES.paid }
      : { state: 'declined', detail: ONLINE_PAYMENT_MESSAGES.declined };
  }

  private async sandboxRow(id: string) {
    const [row] = await this.db
      .select()
      .from(onlineCheckouts)
      .where(and(eq(onlineCheckouts.provider, 'sandbox'), eq(onlineCheckouts.providerCheckoutId, id)))
      .limit(1);
    if (!row || this.provider.name !== 'sandbox') throw notFound(ONLINE_PAYMENT_MESSAGES.checkoutInvalid);
    return row;
  }

  /** The link a token names and its invoice: 404 for no such link (or invoice), 410 once it has expired. */
  private async open(token: string) {
    const [link] = await this.db
      .select()
      .from(onlinePayLinks)
      .where(eq(onlinePayLinks.tokenHash, hashToken(token)))
      .limit(1);
    if (!link) throw notFound(ONLINE_PAYMENT_MESSAGES.linkInvalid);
    if (link.expiresAt <= new Date()) throw new HttpError(410, ONLINE_PAYMENT_MESSAGES.linkExpired);
    const document = await this.ledger.invoiceDocument(this.db, link.practiceId, link.invoiceId);
    if (!document || document.kind !== 'invoice' || document.status === 'draft') {
      throw notFound(ONLINE_PAYMENT_MESSAGES.linkInvalid);
    }
    return { link, document };
  }
}
