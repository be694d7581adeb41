import { describe, expect, it } from 'vitest';
import { ROLES, routes, type RouteSpec } from '@halcyon/api/contract';
import { createTestApp } from '../../test/app';
import { UNDECLARED_ROUTE_DETAIL } from './guard';

/**
 * Routes anyone may call without signing in. A new public route is a security decision: add it here on purpose. The
 * token-link routes below are guarded by their single-use, expiring token instead of a session.
 */
const PUBLIC_ROUTES = [
  'getHealth',
  'refresh',
  'logout',
  'register',
  'validateEmail',
  'resendValidation',
  'login',
  'loginTwoFactor',
  'forgotPassword',
  'resetPassword',
  'acceptInvitation',
  'confirmEmailChange',
  'demoAccounts',
  'portalInvitationRetrieve',
  'acceptPortalInvitation',
  'publicMeasure',
  'submitPublicMeasure',
  'publicForm',
  'submitPublicForm',
  'signingDocumentRetrieve',
  'signingFileDownload',
  'submitSignature',
  'sharedDocumentDownload',
  // A member's private calendar feed (.ics), guarded by its revocable token.
  'calendarFeed',
  // The online booking page: its free times (never bookings), a visitor's request (rate limited, with a honeypot), and
  // the one-click acceptance of a proposed time (an expiring token).
  'publicBookingPage',
  'publicBookingSlots',
  'publicBookingRequest',
  'publicAmendedRequest',
  'acceptAmendedRequest',
  // Online card payments: the pay page of an invoice's e-mailed link (an expiring token) and the checkout it starts (rate
  // limited), the sandbox provider's own card page (an unguessable checkout id), and the providers' webhooks (verified by
  // their signature over the body).
  'publicPayableInvoice',
  'publicStartCheckout',
  'sandboxCheckout',
  'sandboxCompleteCheckout',
  'paymentWebhook',
  // A cloud-storage preview (a PDF or an image shown in a frame, which cannot send the bearer token): a link the signed-in
  // member asked for, bound by the server's MAC to one file of their practice, for five minutes.
  'showStoragePreview',
  // Messages: the client's page of an e-mailed link (an expiring token, ended with the portal access), their reply and
  // attachments (rate limited).
  'portalConversation',
  'portalSendMessage',
  'portalUploadAttachment',
  'portalDownloadAttachment',
  // The client portal's home: a sign-in link asked for by e-mail address (same answer for anyone, rate limited), the
  // page it opens (an expiring token, ended with the portal access), an item opened and a conversation started from it.
  'requestPortalSignIn',
  'portalHome',
  'openPortalItem',
  'startPortalConversation',
];

const table = Object.entries(routes) as [string, RouteSpec][];

describe('roles declared by every contract route (SPEC.md §6, QUALITY.md security 9)', () => {
  it('given the contract, then every route declares public, authenticated, or a non-empty list of known roles', () => {
    for (const [name, spec] of table) {
      const { access } = spec;
      if (access === 'public' || access === 'authenticated') continue;
      expect(Array.isArray(access), name).toBe(true);
      expect(access.length, name).toBeGreaterThan(0);
      for (const role of access) expect(ROLES, name).toContain(role);
    }
  });

  it('given the contract, then the only public routes are the sign-in and token-link ones listed on purpose', () => {
    const open = table.filter(([, spec]) => spec.access === 'public').map(([name]) => name);
    expect(open.filter((name) => !PUBLIC_ROUTES.includes(name))).toEqual([]);
  });

  it('given the contract, then every route has a unique method and path under /api/', () => {
    const seen = new Set<string>();
    for (const [name, spec] of table) {
      expect(spec.path.startsWith('/api/'), name).toBe(true);
      const key = `${spec.method} ${spec.path.replace(/:[A-Za-z_]+/g, ':')}`;
      expect(seen.has(key), `${name}: ${key}`).toBe(false);
      seen.add(key);
    }
  });

  it('given every non-public contract route, when called without a token, then 401 with the SPEC message', async () => {
    const t = await createTestApp();
    for (const [name, spec] of table) {
      if (spec.access === 'public' || !t.app.hasRoute({ method: spec.method, url: spec.path })) continue;
      const response = await t.app.inject({ method: spec.method, url: spec.path.replace(/:[A-Za-z_]+/g, '1') });
      expect(response.statusCode, name).toBe(401);
      expect(response.json(), name).toEqual({ detail: 'Session expired. Please log in again.' });
    }
  });

  it('given an /api route registered outside the contract (no access rule), then it is refused, not open', async () => {
    const t = await createTestApp();
    t.app.get('/api/undeclared-self-test', () => Promise.resolve({ secret: 'should not be served' }));
    const response = await t.app.inject({ method: 'GET', url: '/api/undeclared-self-test' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: UNDECLARED_ROUTE_DETAIL });
  });
});
