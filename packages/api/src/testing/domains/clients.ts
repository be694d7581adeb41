import {
  CLIENT_MESSAGES,
  type Client,
  type ClientActivityEntry,
  type ClientAddress,
  type ClientBilling,
  type ClientDetail,
  type ClientDetails,
  type ClientInsurance,
  type ClientPortalAccess,
  type ClientRelationship,
  type ClientReminderPreferences,
  type ClientSort,
  type ListClientsQuery,
} from '../../contract';
import type { MockHandlers } from '../createMockClient';

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
  return { ...client, members: [], memberOf: [], portalStatus: 'not invited', defaultService: null };
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
    details: mockClientDetails({ clientId: 1, gender: 'Woman', gpPhone: '0117 496 0000' }),
    address: mockClientAddress({ clientId: 1, version: 1, updatedAt: null }),
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
    relationships: [mockRelationship({ clientId: 1 })],
    activity: [mockActivityEntry({ clientId: 1 })],
  };
}

/** Mock handlers answering the clients routes from a store (changes are kept in it). */
export function clientHandlers(store: ClientStore): MockHandlers {
  const find = (id: number) => store.clients.find((client) => client.id === Number(id));
  return {
    listClients: ({ query }) => listClientsFrom(store.clients, query),
    lookupClientNames: ({ query = {} }) => ({
      items: (query.id === undefined
        ? listClientsFrom(store.clients, { search: query.search, pageSize: 8 }).items
        : store.clients.filter((client) => client.id === Number(query.id))
      ).map((c) => ({ id: c.id, name: [c.firstName, c.lastName].filter(Boolean).join(' ') })),
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
    getClientBilling: ({ params }) => mockClientBilling({ clientId: Number(params.id) }),
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

/** One client (id 7) as the client modals' stories and tests meet it. */
export function mockClientDetail(overrides: Partial<ClientDetail> = {}): ClientDetail {
  return {
    id: 7,
    kind: 'individual',
    status: 'active',
    firstName: 'Jane',
    lastName: 'Doe',
    preferredName: 'Jay',
    pronouns: 'she/her',
    dateOfBirth: '1990-04-12',
    email: 'jane.doe@example.org',
    phone: '07700 900123',
    therapistId: 2,
    therapistName: 'Tomas Lindqvist',
    tags: ['EMDR'],
    riskLevel: 'low',
    riskReviewDue: null,
    riskReviewOverdue: false,
    nextSessionAt: '2026-03-02T10:00:00.000Z',
    lastSessionAt: '2026-02-23T10:00:00.000Z',
    balanceMinor: 0,
    currency: 'GBP',
    memberIds: [],
    createdAt: '2025-06-01T09:00:00.000Z',
    updatedAt: '2026-02-23T10:00:00.000Z',
    version: 3,
    members: [],
    memberOf: [],
    portalStatus: 'not invited',
    defaultService: null,
    ...overrides,
  };
}

export function mockClientAddress(overrides: Partial<ClientAddress> = {}): ClientAddress {
  return {
    clientId: 7,
    line1: '4 Mill Lane',
    line2: null,
    city: 'Bristol',
    region: null,
    postcode: 'BS1 5AA',
    country: 'United Kingdom',
    version: 2,
    updatedAt: '2026-01-10T09:00:00.000Z',
    ...overrides,
  };
}

export function mockClientDetails(overrides: Partial<ClientDetails> = {}): ClientDetails {
  return {
    clientId: 7,
    gender: null,
    occupation: 'Teacher',
    language: 'English',
    interpreterNeeded: false,
    accessibilityNeeds: null,
    referralSource: 'GP referral',
    referralDate: '2025-05-20',
    gpName: 'Dr Patel',
    gpPractice: 'Harbour Medical Centre',
    gpPhone: null,
    gpAddress: null,
    emergencyNotes: null,
    version: 1,
    updatedAt: null,
    ...overrides,
  };
}

export function mockRelationship(overrides: Partial<ClientRelationship> = {}): ClientRelationship {
  return {
    id: 11,
    clientId: 7,
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
    ...overrides,
  };
}

export function mockActivityEntry(overrides: Partial<ClientActivityEntry> = {}): ClientActivityEntry {
  return {
    id: 5,
    source: 'manual',
    clientId: 7,
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
    ...overrides,
  };
}

/** A client's billing details as the server answers them (nothing saved yet: invoices go to the client). */
export function mockClientBilling(overrides: Partial<ClientBilling> = {}): ClientBilling {
  return {
    clientId: 7,
    invoiceTo: 'client',
    contactId: null,
    contactName: null,
    insurerId: null,
    insurerName: null,
    serviceId: null,
    feeMinor: null,
    notes: null,
    version: 0,
    updatedAt: null,
    ...overrides,
  };
}

/** Handlers for the client routes the client modals call; each write answers what a server would. */
export function clientModalHandlers(): MockHandlers {
  const client = mockClientDetail();
  const address = mockClientAddress();
  const details = mockClientDetails();
  const billing = mockClientBilling();
  return {
    getClient: () => client,
    listClients: ({ query }) => {
      const search = (query?.search ?? '').toLowerCase();
      const people = [
        mockClientDetail({ id: 21, firstName: 'Ade', lastName: 'Okafor', email: null }),
        mockClientDetail({ id: 22, firstName: 'Bisi', lastName: 'Okafor', email: null }),
      ].filter((person) => `${person.firstName} ${person.lastName}`.toLowerCase().includes(search));
      return { items: people, total: people.length, totalCapped: false, page: 1, pageSize: 10 };
    },
    createClient: ({ body }) =>
      mockClientDetail({
        id: 42,
        firstName: body.firstName,
        lastName: body.lastName ?? '',
        email: body.email ?? null,
        kind: body.kind ?? 'individual',
        version: 1,
      }),
    updateClient: ({ body }) => Object.assign(client, body, { version: client.version + 1 }),
    getClientAddress: () => address,
    updateClientAddress: ({ body }) => Object.assign(address, body, { version: address.version + 1 }),
    getClientDetails: () => details,
    updateClientDetails: ({ body }) => Object.assign(details, body, { version: details.version + 1 }),
    getClientBilling: () => billing,
    updateClientBilling: ({ body }) =>
      Object.assign(billing, body, { contactId: body.contactId ?? null, version: billing.version + 1 }),
    listClientRelationships: () => ({ items: [mockRelationship({ id: 11, name: 'Sam Doe' })] }),
    getClientRelationship: ({ params }) => (Number(params.id) === 11 ? mockRelationship() : null),
    createClientRelationship: ({ body }) =>
      mockRelationship({
        ...body,
        id: 12,
        relationshipDetail: null,
        phone: null,
        email: null,
        address: null,
        notes: null,
      }),
    updateClientRelationship: ({ body }) => mockRelationship({ ...body, relationshipDetail: null, version: 2 }),
    deleteClientRelationship: () => ({ detail: CLIENT_MESSAGES.contactDeleted }),
    getClientActivity: () => mockActivityEntry(),
    createClientActivity: ({ body }) =>
      mockActivityEntry({ id: 6, kind: body.kind, summary: body.summary, body: body.body ?? null }),
  };
}
