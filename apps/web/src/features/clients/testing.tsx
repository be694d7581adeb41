import type {
  Client,
  ClientActivityEntry,
  ClientAddress,
  ClientDetail,
  ClientDetails,
  ClientInsurance,
  ClientPortalAccess,
  ClientRelationship,
  ClientReminderPreferences,
  ClientSort,
  ListClientsQuery,
} from '@halcyon/api/contract';
import { createMockClient, MockApiProvider, type MockClient, type MockHandlers } from '@halcyon/api/testing';
import { BannerProvider, BannerRegion, PrivacyProvider } from '@halcyon/design-system';
import { ModalHost, ModalProvider } from '@halcyon/modals';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

const FIRST = ['Jane', 'Omar', 'Aisha', 'Liam', 'Mei', 'Noah', 'Sofia', 'Ethan', 'Zara', 'Lucas'];
const LAST = ['Doe', 'Haddad', 'Khan', 'Murphy', 'Chen', 'Evans', 'Rossi', 'Brown', 'Ali', 'Silva'];
const STATUSES = ['active', 'waitlist', 'enquiry', 'on hold', 'discharged'] as const;

/** A client as the list and the header show it. */
export function makeClient(id: number, overrides: Partial<Client> = {}): Client {
  return {
    id,
    kind: 'individual',
    status: STATUSES[id % STATUSES.length] ?? 'active',
    firstName: FIRST[id % FIRST.length] ?? 'Jane',
    lastName: `${LAST[Math.floor(id / FIRST.length) % LAST.length] ?? 'Doe'}${id > 99 ? ` ${id}` : ''}`,
    preferredName: null,
    pronouns: id % 3 === 0 ? 'she/her' : null,
    dateOfBirth: '1990-04-12',
    email: `client${id}@example.org`,
    phone: null,
    therapistId: id % 2 === 0 ? 2 : 1,
    therapistName: id % 2 === 0 ? 'Tomas Lindqvist' : 'Amara Okafor',
    tags: id % 4 === 0 ? ['EMDR'] : [],
    riskLevel: id % 7 === 0 ? 'high' : 'none',
    riskReviewDue: id % 7 === 0 ? (id % 14 === 0 ? '2026-01-05' : '2026-09-01') : null,
    riskReviewOverdue: id % 14 === 0,
    nextSessionAt: id % 2 === 0 ? '2026-03-02T10:00:00.000Z' : null,
    lastSessionAt: '2026-02-23T10:00:00.000Z',
    balanceMinor: id % 5 === 0 ? 6000 : 0,
    currency: 'GBP',
    memberIds: [],
    createdAt: '2025-06-01T09:00:00.000Z',
    updatedAt: '2026-02-23T10:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

export function toDetail(client: Client): ClientDetail {
  return { ...client, members: [], memberOf: [], portalStatus: 'not invited' };
}

function sortKey(client: Client, field: string): string {
  if (field === 'name') return `${client.lastName} ${client.firstName}`.toLowerCase();
  if (field === 'status') return client.status;
  if (field === 'nextSession') return client.nextSessionAt ?? '9999';
  if (field === 'lastSession') return client.lastSessionAt ?? '0000';
  return client.createdAt;
}

/** What the server does for GET /api/clients, on an in-memory list (search any word, filters, sorts, pages). */
export function listClientsFrom(all: Client[], query: ListClientsQuery = {}) {
  const page = Number(query.page ?? 1);
  const pageSize = Number(query.pageSize ?? 25);
  const words = (query.search ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean);
  const statuses = query.status as string[] | undefined;
  const risks = query.riskLevel as string[] | undefined;
  const kinds = query.kind as string[] | undefined;
  let items = all.filter(
    (client) =>
      words.every((word) =>
        [client.firstName, client.lastName, client.preferredName, client.email].join(' ').toLowerCase().includes(word),
      ) &&
      (!statuses?.length || statuses.includes(client.status)) &&
      (!risks?.length || risks.includes(client.riskLevel)) &&
      (String(query.riskReviewOverdue) !== 'true' || client.riskReviewOverdue) &&
      (!kinds?.length || kinds.includes(client.kind)) &&
      (!query.therapistId || client.therapistId === Number(query.therapistId)) &&
      (!query.tag || client.tags.includes(query.tag)),
  );
  const sort: ClientSort = query.sort ?? 'name';
  const field = sort.replace(/^-/, '');
  const direction = sort.startsWith('-') ? -1 : 1;
  items = [...items].sort((a, b) => direction * sortKey(a, field).localeCompare(sortKey(b, field)) || a.id - b.id);
  return {
    items: items.slice((page - 1) * pageSize, page * pageSize),
    total: items.length,
    totalCapped: false,
    page,
    pageSize,
  };
}

export interface ClientStore {
  clients: Client[];
  details: ClientDetails;
  address: ClientAddress;
  insurance: ClientInsurance;
  reminders: ClientReminderPreferences;
  portal: ClientPortalAccess;
  relationships: ClientRelationship[];
  activity: ClientActivityEntry[];
}

export function clientStore(count = 60): ClientStore {
  const clients = Array.from({ length: count }, (_, index) => makeClient(index + 1));
  return {
    clients,
    details: {
      clientId: 1,
      gender: 'Woman',
      occupation: 'Teacher',
      language: 'English',
      interpreterNeeded: false,
      accessibilityNeeds: null,
      referralSource: 'GP referral',
      referralDate: '2025-05-20',
      gpName: 'Dr Patel',
      gpPractice: 'Harbour Medical Centre',
      gpPhone: '0117 496 0000',
      gpAddress: null,
      emergencyNotes: null,
      version: 1,
      updatedAt: null,
    },
    address: {
      clientId: 1,
      line1: '4 Mill Lane',
      line2: null,
      city: 'Bristol',
      region: null,
      postcode: 'BS1 5AA',
      country: 'United Kingdom',
      version: 1,
      updatedAt: null,
    },
    insurance: {
      clientId: 1,
      insuranceProviderId: null,
      providerName: 'Bupa',
      policyNumber: 'POL-123',
      membershipNumber: null,
      authorisationCode: null,
      policyHolderName: null,
      policyHolderRelationship: null,
      sessionsAuthorised: 8,
      excessMinor: null,
      validFrom: null,
      validUntil: null,
      notes: null,
      version: 1,
      updatedAt: null,
    },
    reminders: {
      clientId: 1,
      emailReminders: true,
      smsReminders: false,
      leadTimeHours: 24,
      consentGiven: true,
      consentMethod: 'written',
      consentRecordedAt: '2025-06-01T09:00:00.000Z',
      consentRecordedById: 1,
      consentRecordedByName: 'Amara Okafor',
      consentNotes: null,
      version: 1,
      updatedAt: null,
    },
    portal: {
      clientId: 1,
      status: 'not invited',
      email: null,
      invitedAt: null,
      invitedByName: null,
      inviteExpiresAt: null,
      activatedAt: null,
      lastSignInAt: null,
      revokedAt: null,
      revokedByName: null,
    },
    relationships: [
      {
        id: 11,
        clientId: 1,
        name: 'Sam Doe',
        relationshipType: 'emergency_contact',
        relationshipDetail: 'Brother',
        organisation: null,
        phone: '07700 900111',
        email: null,
        address: null,
        consentToContact: true,
        notes: null,
        createdAt: '2025-06-01T09:00:00.000Z',
        updatedAt: '2025-06-01T09:00:00.000Z',
        version: 1,
      },
    ],
    activity: [
      {
        id: 5,
        source: 'manual',
        clientId: 1,
        kind: 'call',
        at: '2026-02-20T15:00:00.000Z',
        summary: 'Phoned about moving Thursday',
        body: 'Agreed Friday 10:00 instead.',
        direction: 'outgoing',
        durationMinutes: 5,
        actorId: 1,
        actorName: 'Amara Okafor',
        action: null,
        outcome: null,
      },
    ],
  };
}

/** Mock handlers answering the clients routes from a store (changes are kept in it). */
export function clientHandlers(store: ClientStore): MockHandlers {
  const find = (id: number) => store.clients.find((client) => client.id === Number(id));
  return {
    listClients: ({ query }) => listClientsFrom(store.clients, query),
    lookupClientNames: ({ query }) => ({
      items: listClientsFrom(store.clients, { search: query.search, pageSize: 8 }).items.map((c) => ({
        id: c.id,
        name: [c.firstName, c.lastName].filter(Boolean).join(' '),
      })),
    }),
    getClient: ({ params }) => {
      const client = find(Number(params.id));
      return client ? toDetail(client) : null;
    },
    updateClientStatus: ({ params, body }) => {
      const client = find(Number(params.id));
      if (!client) return null;
      client.status = body.status;
      client.version += 1;
      return toDetail(client);
    },
    getClientDetails: () => store.details,
    getClientAddress: () => store.address,
    getClientInsurance: () => store.insurance,
    getClientNotifications: () => store.reminders,
    getClientPortal: () => store.portal,
    listClientRelationships: () => ({ items: store.relationships }),
    listClientActivity: () => ({ items: store.activity, total: store.activity.length, page: 1, pageSize: 25 }),
    listRiskLog: () => ({ items: [] }),
    listClientSessions: () => ({ items: [], nextCursor: null }),
    getClientSessionSummary: () => ({ total: 0, scheduled: 0, needingSignedNote: 0, upcoming: [], recent: [] }),
    getPracticeSettings: () => null,
  };
}

/** Renders a clients page at `path` (with /Clients and /Clients/:id routes) over a mock client. */
export function renderClientsRoute(
  path: string,
  options: {
    store?: ClientStore;
    handlers?: MockHandlers;
    client?: MockClient;
    latency?: number;
    /** The Privacy switch (off unless set). */
    privacy?: boolean;
  } = {},
) {
  const store = options.store ?? clientStore();
  const client =
    options.client ??
    createMockClient({ latency: options.latency, handlers: { ...clientHandlers(store), ...options.handlers } });
  return { store, client, ...renderWith(client, path, options.privacy ?? false) };
}

function renderWith(client: MockClient, path: string, privacy: boolean) {
  const routes = [
    {
      path: '/Clients',
      lazy: async () => ({ Component: (await import('../../pages/Clients/ClientsPage')).ClientsPage }),
    },
    {
      path: '/Clients/:id',
      lazy: async () => ({ Component: (await import('../../pages/Clients/ClientDetailsPage')).ClientDetailsPage }),
    },
    { path: '/Messages', element: <h1>Messages page</h1> },
    { path: '/Dashboard', element: <h1>Dashboard page</h1> },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <MockApiProvider client={client}>
      <PrivacyProvider enabled={privacy}>
        <BannerProvider>
          <ModalProvider>
            <BannerRegion />
            <RouterProvider router={router} />
            <ModalHost />
          </ModalProvider>
        </BannerProvider>
      </PrivacyProvider>
    </MockApiProvider>,
  );
  return { router, ...view };
}

export type RenderedClients = ReturnType<typeof renderClientsRoute>;
