import { z } from 'zod';
import { defineRoutes } from '../route';
import { emailField, idField, messageSchema, requiredTextOf, tokenField } from './common';
import { CONVERSATION_MESSAGES, CONVERSATION_SUBJECT_MAX, MESSAGE_TEXT_MAX } from './messages';

/**
 * The client portal's home (CATALOG.md Clients > Portal and notifications; issue 16: "a client-side page reached from an
 * e-mailed sign-in link"). A client whose portal access is active asks for a sign-in link at /Portal with their e-mail
 * address; the link (/Portal/Home/{token}) works for PORTAL_SIGN_IN_TTL_HOURS and opens one page with everything their
 * practice has for them: upcoming sessions, secure conversations, what waits for them (measures and forms to fill in,
 * documents to sign, invoices to pay) and the documents their practice sent them. Opening an item gives it a fresh link of its own (the one in an earlier
 * e-mail stops working), so each item keeps its own single-use rules. Revoking portal access ends every sign-in link.
 */

export const PORTAL_SIGN_IN_TTL_HOURS = 24;
/** Upcoming sessions and conversations the home lists (the next ones, the latest ones). */
export const PORTAL_HOME_SESSIONS_MAX = 10;
export const PORTAL_HOME_CONVERSATIONS_MAX = 20;
/** Documents the practice sent the client (send-to-client) whose links still work, newest first. */
export const PORTAL_HOME_DOCUMENTS_MAX = 20;

export const PORTAL_HOME_MESSAGES = {
  signInSent: `If that address has portal access with a practice, a sign-in link is on its way to it. It works for ${PORTAL_SIGN_IN_TTL_HOURS} hours.`,
  linkUnknown:
    'This sign-in link is not valid. Check that you copied the whole address from the e-mail, or ask for a new link.',
  linkExpired: 'This sign-in link has expired. Ask for a new one: it takes a moment.',
  accessEnded:
    'Your practice has ended your portal access, so this link no longer works. Contact your practice if you need it again.',
  itemGone: 'This is no longer waiting for you: it was completed, withdrawn or has expired. Reload the page.',
  noPayLink:
    'This invoice cannot be paid online. The way to pay is on the invoice your practice e-mailed you, or ask your practice.',
} as const;

export const PORTAL_ITEM_KINDS = ['conversation', 'measure', 'form', 'signature', 'invoice', 'document'] as const;
export type PortalItemKind = (typeof PORTAL_ITEM_KINDS)[number];

export const portalSessionSchema = z.object({
  id: z.number(),
  startsAt: z.string(),
  endsAt: z.string(),
  serviceName: z.string(),
  therapistName: z.string().nullable(),
  /** In person (with the room or address when known), video or phone, in words. */
  where: z.string(),
});
export type PortalSession = z.infer<typeof portalSessionSchema>;

export const portalConversationItemSchema = z.object({
  id: z.number(),
  subject: z.string(),
  unread: z.number(),
  lastMessageAt: z.string().nullable(),
});
export type PortalConversationItem = z.infer<typeof portalConversationItemSchema>;

/** Something the practice waits for: a measure or form to fill in, a document to sign, an invoice to pay. */
export const portalWaitingItemSchema = z.object({
  kind: z.enum(['measure', 'form', 'signature', 'invoice']),
  id: z.number(),
  title: z.string(),
  /** One line under the title: "Due by 3 December 2026", "£65.00 to pay by 30 November 2026". */
  detail: z.string(),
  sentAt: z.string(),
});
export type PortalWaitingItem = z.infer<typeof portalWaitingItemSchema>;

/** A document the practice sent the client: one download link each, fresh when opened here. */
export const portalDocumentSchema = z.object({
  id: z.number(),
  name: z.string(),
  sharedAt: z.string(),
  availableUntil: z.string(),
});
export type PortalDocument = z.infer<typeof portalDocumentSchema>;

export const portalHomeSchema = z.object({
  practiceName: z.string(),
  clientFirstName: z.string(),
  timeZone: z.string(),
  expiresAt: z.string(),
  sessions: z.array(portalSessionSchema),
  conversations: z.array(portalConversationItemSchema),
  waiting: z.array(portalWaitingItemSchema),
  documents: z.array(portalDocumentSchema),
});
export type PortalHome = z.infer<typeof portalHomeSchema>;

export const portalSignInBodySchema = z.strictObject({ email: emailField });
export type PortalSignInBody = z.input<typeof portalSignInBodySchema>;

export const portalOpenBodySchema = z.strictObject({
  kind: z.enum(PORTAL_ITEM_KINDS, { error: 'Say what to open.' }),
  id: idField('Say which one to open.'),
});
export type PortalOpenBody = z.input<typeof portalOpenBodySchema>;

/** Where the item opens: a page of Halcyon (its own fresh link) or the card payment page. */
export const portalOpenSchema = z.object({ url: z.string() });
export type PortalOpen = z.infer<typeof portalOpenSchema>;

/** A client writes first, from their portal home, to their therapist. */
export const portalStartConversationBodySchema = z.strictObject({
  subject: requiredTextOf(CONVERSATION_SUBJECT_MAX, CONVERSATION_MESSAGES.subject),
  body: requiredTextOf(MESSAGE_TEXT_MAX, CONVERSATION_MESSAGES.empty),
});
export type PortalStartConversationBody = z.input<typeof portalStartConversationBodySchema>;

const homeParams = z.strictObject({ token: tokenField });

export const portalRoutes = defineRoutes({
  requestPortalSignIn: {
    method: 'POST',
    path: '/api/portal/sign-in',
    summary:
      'E-mail a client a sign-in link to their portal home (same answer whether or not the address has portal access)',
    access: 'public',
    body: portalSignInBodySchema,
    response: messageSchema,
  },
  portalHome: {
    method: 'GET',
    path: '/api/portal/home/:token',
    summary: "The client's portal home: upcoming sessions, conversations and what waits for them (no sign-in)",
    access: 'public',
    errors: [410],
    params: homeParams,
    response: portalHomeSchema,
  },
  openPortalItem: {
    method: 'POST',
    path: '/api/portal/home/:token/open',
    summary: "Opens one item of the portal home: a fresh link of the item's own (the earlier e-mailed one stops)",
    access: 'public',
    errors: [404, 409, 410],
    body: portalOpenBodySchema,
    params: homeParams,
    response: portalOpenSchema,
  },
  startPortalConversation: {
    method: 'POST',
    path: '/api/portal/home/:token/conversations',
    summary: 'A client writes to their therapist from their portal home; answers where the new conversation opens',
    access: 'public',
    errors: [410],
    body: portalStartConversationBodySchema,
    params: homeParams,
    response: portalOpenSchema,
  },
});
