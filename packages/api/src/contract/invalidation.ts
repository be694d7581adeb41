import type { RouteName } from './index';
import { routeIndex, type RouteDomain, type RouteEntry } from './routeIndex';

/**
 * Which reads a successful write changes, declared once per domain: a write changes every read (GET route) of its own
 * domain and of the domains listed for it here. The SWR hooks revalidate those reads after each write, so no page or
 * modal keeps a list of its own; a new domain must be added here (the type check says so).
 */
export const WRITES_ALSO_CHANGE = {
  // Practice settings and the logo show in the shell (`getPractice`); a profile is also the member's user and therapist.
  account: ['practice', 'users'],
  // A rule or a price changes the fee a cancellation would cost; nothing else reads the policies.
  appointmentPolicies: [],
  // Services are what the public booking page offers (booking's rules and page list the bookable ones).
  billingSettings: ['booking'],
  // An invoice or a payment changes the client's balance (header, list), the state of the invoice their sessions show,
  // the dashboard's overdue invoices and the accountant's yearly summary.
  billing: ['billingExports', 'clientSessions', 'clients', 'dashboard'],
  // Password, e-mail and 2-step verification changes show in the security details.
  auth: ['account'],
  // An accepted request becomes a session (the client's sessions, the diary and its count, the dashboard's cards).
  booking: ['clientSessions', 'clients', 'dashboard', 'diary'],
  // Exports only read.
  billingExports: [],
  // An event's meeting link is a session's video link (the client's sessions, the dashboard's today card).
  calendarFeeds: ['clientSessions', 'dashboard'],
  // Each write of a client's record adds to their activity log; a document is a file of the client in cloud storage.
  clientDocuments: ['clients', 'storage'],
  // Sessions move a client's next and last session, the diary (its events and count) and the dashboard's cards.
  clientSessions: ['clients', 'dashboard', 'diary'],
  // A client's name and status show on the dashboard's cards.
  clients: ['dashboard'],
  dashboard: [],
  // The diary holds the clients' sessions (a move reschedules one) and the dashboard's today card; an appointment about a
  // client adds to their activity log.
  diary: ['clientSessions', 'clients', 'dashboard'],
  // An expense changes the yearly summary (billingExports).
  expenses: ['billingExports'],
  // Every stored file counts towards the storage used (cloud storage and the subscription's figure).
  files: ['account', 'storage'],
  health: [],
  help: [],
  // CPD hours show on the insights dashboard; an expiring record on the dashboard's compliance card.
  learning: ['dashboard'],
  // A claim is a write of the client's record (their activity log).
  insuranceClaims: ['clients'],
  measures: ['clients'],
  // A message to a client adds to their activity log; it raises the others' unread counts (the dashboard's card).
  messages: ['clients', 'dashboard'],
  notifications: [],
  // Connecting or disconnecting the provider changes only the online-payments settings.
  onlinePayments: [],
  // The client's own portal home: its writes are the client's (a sign-in link, an item opened), read by no member page.
  portal: [],
  practice: ['account'],
  // A risk assessment sets the client's risk level and review date (header, list, dashboard's high-risk card).
  risk: ['clients', 'dashboard'],
  // The storage used shows on the Subscription page too (the same query).
  storage: ['account'],
  // A task about a client adds to their activity log; the member's due tasks show on the dashboard.
  tasks: ['clients', 'dashboard'],
  treatmentPlans: ['clients'],
  // Templates are read only by the template library (and the e-mails the server writes).
  templates: [],
  // Members count towards the subscription's seats.
  users: ['account'],
} as const satisfies { readonly [D in RouteDomain]: readonly RouteDomain[] };

let readsByDomain: ReadonlyMap<RouteDomain, readonly RouteName[]> | undefined;

/** The GET routes of each domain, gathered from the route index on first use. */
function domainReads(): ReadonlyMap<RouteDomain, readonly RouteName[]> {
  if (readsByDomain) return readsByDomain;
  const reads = new Map<RouteDomain, RouteName[]>();
  for (const [name, entry] of Object.entries(routeIndex) as [RouteName, RouteEntry][]) {
    if (entry.method === 'GET') reads.set(entry.domain, [...(reads.get(entry.domain) ?? []), name]);
  }
  readsByDomain = reads;
  return reads;
}

/** The reads a successful call of this write route changes (see WRITES_ALSO_CHANGE); none for a read. */
export function readsChangedBy(name: RouteName): readonly RouteName[] {
  const { domain, method } = routeIndex[name];
  if (method === 'GET') return [];
  const domains: readonly RouteDomain[] = [domain, ...WRITES_ALSO_CHANGE[domain]];
  return domains.flatMap((each) => domainReads().get(each) ?? []);
}
