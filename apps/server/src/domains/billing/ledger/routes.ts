import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BILLING_MESSAGES, type ActivityAction, type ActivityRecord } from '@halcyon/api/contract';
import type { Platform } from '../../../platform/context';
import { requireAuth, type AuthContext } from '../../../platform/auth/guard';
import { registerRoutes } from '../../../platform/http/contract';
import { idempotencyKeyOf, idempotent } from '../../../platform/http/idempotency';
import { conflict, notFound } from '../../../platform/errors';
import { invoiceEvent, invoiceTimeline, lastPaymentReminder } from './events';
import { invoiceRow, outstandingOf, practiceFacts } from './figures';
import {
  createCreditNote,
  createDraft,
  deleteDraft,
  issueInvoice,
  updateDraft,
  voidInvoice,
  type Actor,
} from './invoices';
import { billableItems } from './lines';
import { invoiceMail } from './mail';
import { practiceEmailTemplate } from '../../workspace/templates';
import { createNote, deleteNote, listNotes, noteById, updateNote } from './notes';
import { deletePayment, listPayments, paymentById, paymentDetails, recordPaymentOnce, writePayment } from './payments';
import {
  assertClient,
  billingSummary,
  clientBalance,
  invoiceById,
  invoiceDocument,
  listInvoices,
  paymentProcessing,
  NO_PAY_LINKS,
  type PayLinks,
} from './reads';
import { sendReminderNow } from './reminders';
import { onUndeliveredInvoiceMail, tellIfUndelivered } from './undelivered';

/**
 * The billing ledger's routes (SPEC.md §7, /api/billing-payment/): every role (SPEC.md §6), no clinical content. Each
 * write records one row in the client's activity log, in a therapist's words (contract activity.ts); the payment writes
 * need an Idempotency-Key header and the send and create writes honour one (platform/http/idempotency.ts).
 */
export function ledgerRoutes(app: FastifyInstance, platform: Platform, payLinks: PayLinks = NO_PAY_LINKS): void {
  const db = platform.database.db;
  const actorOf = (auth: AuthContext): Actor => ({ practiceId: auth.practiceId, userId: auth.userId });

  /** One activity row of the client's record (the writes record their own: ownActivity below). */
  const activity = (
    request: FastifyRequest,
    entry: {
      action: ActivityAction;
      record: ActivityRecord;
      id: number;
      clientId: number;
      facts?: Record<string, string | number | null>;
    },
  ) =>
    platform.audit.record(request, {
      action: entry.action,
      entity: entry.record,
      entityId: entry.id,
      clientId: entry.clientId,
      ...(entry.facts && { details: entry.facts }),
    });

  onUndeliveredInvoiceMail(platform.mailFailures, db);

  /** E-mails an issued invoice to whoever pays it (after its transaction committed). */
  const mailInvoice = async (auth: AuthContext, invoiceId: number, message: string) => {
    const { practiceId } = auth;
    const document = await invoiceDocument(db, practiceId, invoiceId, { draft: false, payLinks });
    const row = await invoiceRow(db, practiceId, invoiceId);
    if (!row?.bill_to_email) return;
    const own = await practiceEmailTemplate(db, practiceId, 'invoice');
    const mail = invoiceMail(document, row.bill_to_email, message, own);
    const invoice = { practiceId, invoiceId, number: row.number, recipientName: row.bill_to_name };
    await platform.mailer.send(tellIfUndelivered(mail, invoice, 'invoice', auth.userId));
  };

  const invoiceFacts = (invoice: { number: string | null; totalMinor: number; currency: string }) => ({
    number: invoice.number,
    amountMinor: invoice.totalMinor,
    currency: invoice.currency,
  });

  /** The payment's activity row; answers the payment. */
  const paymentActivity = async <
    T extends { id: number; clientId: number; amountMinor: number; currency: string; kind: string },
  >(
    request: FastifyRequest,
    payment: T,
    action: ActivityAction = 'create',
  ): Promise<T> => {
    await activity(request, {
      action,
      record: 'payment',
      id: payment.id,
      clientId: payment.clientId,
      facts: { amountMinor: payment.amountMinor, currency: payment.currency, kind: payment.kind },
    });
    return payment;
  };

  registerRoutes(
    app,
    {
      listInvoices: ({ query }, { request }) => listInvoices(db, requireAuth(request).practiceId, query),
      getInvoice: ({ params }, { request }) => invoiceById(db, requireAuth(request).practiceId, params.id),
      getDraftInvoice: ({ params }, { request }) =>
        invoiceById(db, requireAuth(request).practiceId, params.id, { draft: true }),
      getInvoiceDetails: ({ params }, { request }) =>
        invoiceDocument(db, requireAuth(request).practiceId, params.id, { draft: false, payLinks }),
      getDraftInvoiceDetails: ({ params }, { request }) =>
        invoiceDocument(db, requireAuth(request).practiceId, params.id, { draft: true }),
      listBillableItems: async ({ params }, { request }) => {
        const auth = requireAuth(request);
        await assertClient(db, auth.practiceId, params.clientId);
        const facts = await practiceFacts(db, auth.practiceId);
        return { items: await billableItems(db, auth.practiceId, params.clientId, facts.timeZone, facts.currency) };
      },
      getClientBalance: ({ params }, { request }) =>
        clientBalance(db, requireAuth(request).practiceId, params.clientId),
      getBillingSummary: (_input, { request }) => billingSummary(db, requireAuth(request).practiceId),

      createInvoice: async ({ body }, { request }) => {
        const auth = requireAuth(request);
        const key = idempotencyKeyOf(request, { required: false });
        const { action, message, ...fields } = body;
        const { result, replayed } = await idempotent(
          db,
          { practiceId: auth.practiceId, key, route: 'createInvoice', request: body },
          async (tx) => {
            const id = await createDraft(tx, actorOf(auth), fields);
            if (action !== 'draft') await issueInvoice(tx, actorOf(auth), id, action);
            return invoiceById(tx, auth.practiceId, id);
          },
        );
        if (replayed) return result;
        await activity(request, {
          action: action === 'draft' ? 'create' : action === 'save' ? 'issue' : 'send',
          record: 'invoice',
          id: result.id,
          clientId: result.clientId,
          facts: { ...invoiceFacts(result), to: action === 'send' ? result.billTo.name : null },
        });
        if (action === 'send') await mailInvoice(auth, result.id, message);
        return result;
      },
      updateDraftInvoice: async ({ params, body }, { request }) => {
        const auth = requireAuth(request);
        await updateDraft(db, actorOf(auth), params.id, body);
        const invoice = await invoiceById(db, auth.practiceId, params.id);
        await activity(request, { action: 'update', record: 'invoice', id: invoice.id, clientId: invoice.clientId });
        return invoice;
      },
      deleteDraftInvoice: async ({ params }, { request }) => {
        const auth = requireAuth(request);
        const row = await deleteDraft(db, auth.practiceId, params.id);
        await activity(request, { action: 'delete', record: 'invoice', id: row.id, clientId: row.client_id });
        return { detail: BILLING_MESSAGES.draftInvoiceDeleted };
      },
      saveInvoice: async ({ params }, { request }) => {
        const auth = requireAuth(request);
        await db.transaction((tx) => issueInvoice(tx, actorOf(auth), params.id, 'save'));
        const invoice = await invoiceById(db, auth.practiceId, params.id);
        await activity(request, {
          action: 'issue',
          record: 'invoice',
          id: invoice.id,
          clientId: invoice.clientId,
          facts: invoiceFacts(invoice),
        });
        return invoice;
      },
      sendInvoice: async ({ params, body }, { request }) => {
        const auth = requireAuth(request);
        const key = idempotencyKeyOf(request, { required: false });
        const { result, replayed } = await idempotent(
          db,
          { practiceId: auth.practiceId, key, route: 'sendInvoice', request: { id: params.id, ...body } },
          async (tx) => {
            await issueInvoice(tx, actorOf(auth), params.id, 'send');
            return invoiceById(tx, auth.practiceId, params.id);
          },
        );
        if (replayed) return result;
        await activity(request, {
          action: 'send',
          record: 'invoice',
          id: result.id,
          clientId: result.clientId,
          facts: { ...invoiceFacts(result), to: result.billTo.name },
        });
        await mailInvoice(auth, result.id, body.message);
        return result;
      },
      voidInvoice: async ({ params, body }, { request }) => {
        const auth = requireAuth(request);
        await voidInvoice(db, actorOf(auth), params.id, body.reason);
        const invoice = await invoiceById(db, auth.practiceId, params.id);
        await activity(request, {
          action: 'void',
          record: 'invoice',
          id: invoice.id,
          clientId: invoice.clientId,
          facts: invoiceFacts(invoice),
        });
        return invoice;
      },
      createCreditNote: async ({ params, body }, { request }) => {
        const auth = requireAuth(request);
        const noteId = await createCreditNote(db, actorOf(auth), params.id, body);
        const note = await invoiceById(db, auth.practiceId, noteId);
        await activity(request, {
          action: 'create',
          record: 'credit_note',
          id: note.id,
          clientId: note.clientId,
          facts: invoiceFacts(note),
        });
        return note;
      },
      markInvoiceAsPaid: async ({ params, body }, { request }) => {
        const auth = requireAuth(request);
        if (!(await invoiceRow(db, auth.practiceId, params.id))) throw notFound(BILLING_MESSAGES.invoiceNotFound);
        const key = idempotencyKeyOf(request, { required: true });
        const { result, replayed } = await idempotent(
          db,
          { practiceId: auth.practiceId, key, route: 'markInvoiceAsPaid', request: { id: params.id, ...body } },
          async (tx) => {
            const row = await invoiceRow(tx, auth.practiceId, params.id, { forUpdate: true });
            if (!row) throw notFound(BILLING_MESSAGES.invoiceNotFound);
            const owed = outstandingOf(row);
            if (owed <= 0) throw conflict(BILLING_MESSAGES.nothingOwed);
            return writePayment(tx, auth.practiceId, {
              clientId: row.client_id,
              amountMinor: owed,
              currency: row.currency,
              date: body.date,
              method: body.method,
              reference: body.reference,
              allocations: [{ invoiceId: row.id, amountMinor: owed }],
              actorId: auth.userId,
            });
          },
        );
        return replayed ? result : paymentActivity(request, result);
      },
      sendPaymentReminder: async ({ params, body }, { request }) => {
        const auth = requireAuth(request);
        const reminder = await sendReminderNow(
          db,
          platform.mailer,
          payLinks,
          auth.practiceId,
          auth.userId,
          params.id,
          body.message,
        );
        const row = await invoiceRow(db, auth.practiceId, params.id);
        if (row) {
          await activity(request, {
            action: 'remind',
            record: 'invoice',
            id: row.id,
            clientId: row.client_id,
            facts: { number: row.number, to: row.bill_to_name },
          });
        }
        return reminder;
      },

      listPayments: ({ query }, { request }) => listPayments(db, requireAuth(request).practiceId, query),
      getPayment: ({ params }, { request }) => paymentById(db, requireAuth(request).practiceId, params.id, 'payment'),
      getAdvancePayment: ({ params }, { request }) =>
        paymentById(db, requireAuth(request).practiceId, params.id, 'advance'),
      getPaymentDetails: ({ params }, { request }) =>
        paymentDetails(db, requireAuth(request).practiceId, params.id, 'payment'),
      getAdvancePaymentDetails: ({ params }, { request }) =>
        paymentDetails(db, requireAuth(request).practiceId, params.id, 'advance'),
      recordPayment: async ({ body }, { request }) => {
        const auth = requireAuth(request);
        const key = idempotencyKeyOf(request, { required: true });
        const { result, replayed } = await recordPaymentOnce(
          db,
          auth.practiceId,
          { ...body, kind: 'payment', actorId: auth.userId },
          key,
        );
        return replayed ? result : paymentActivity(request, result);
      },
      recordAdvancePayment: async ({ body }, { request }) => {
        const auth = requireAuth(request);
        const key = idempotencyKeyOf(request, { required: true });
        const { result, replayed } = await recordPaymentOnce(
          db,
          auth.practiceId,
          { ...body, allocations: [], kind: 'advance', actorId: auth.userId },
          key,
        );
        return replayed ? result : paymentActivity(request, result);
      },
      deletePayment: async ({ params }, { request }) => {
        const auth = requireAuth(request);
        await paymentActivity(
          request,
          await deletePayment(db, auth.practiceId, auth.userId, params.id, 'payment'),
          'delete',
        );
        return { detail: BILLING_MESSAGES.paymentDeleted };
      },
      deleteAdvancePayment: async ({ params }, { request }) => {
        const auth = requireAuth(request);
        await paymentActivity(
          request,
          await deletePayment(db, auth.practiceId, auth.userId, params.id, 'advance'),
          'delete',
        );
        return { detail: BILLING_MESSAGES.advancePaymentDeleted };
      },

      listInvoiceTimeline: async ({ params }, { request }) => ({
        items: await invoiceTimeline(db, requireAuth(request).practiceId, params.id),
      }),
      getInvoiceTimelineEvent: ({ params }, { request }) =>
        invoiceEvent(db, requireAuth(request).practiceId, params.id),
      listInvoiceNotes: async ({ params }, { request }) => ({
        items: await listNotes(db, requireAuth(request).practiceId, params.id),
      }),
      getInvoiceNote: ({ params }, { request }) => noteById(db, requireAuth(request).practiceId, params.id),
      createInvoiceNote: ({ params, body }, { request }) => {
        const auth = requireAuth(request);
        return createNote(db, auth.practiceId, auth.userId, params.id, body.text);
      },
      updateInvoiceNote: ({ params, body }, { request }) =>
        updateNote(db, requireAuth(request).practiceId, params.id, body),
      deleteInvoiceNote: async ({ params }, { request }) => {
        await deleteNote(db, requireAuth(request).practiceId, params.id);
        return { detail: BILLING_MESSAGES.noteDeleted };
      },
      getLastPaymentReminder: ({ params }, { request }) =>
        lastPaymentReminder(db, requireAuth(request).practiceId, params.id),
      getInvoicePaymentProcessing: ({ params }, { request }) =>
        paymentProcessing(db, requireAuth(request).practiceId, params.id, payLinks),
    },
    {},
    { ownActivity: true },
  );
}
