import type {
  ClientActivityEntry,
  ClientAddress,
  ClientDetail,
  ClientDetails,
  ClientRelationship,
} from '@halcyon/api/contract';
import type { MockHandlers } from '@halcyon/api/testing';

/** A client as the mock API answers it in the client modals' stories and tests. */
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
    ...overrides,
  };
}

export function mockClientAddress(): ClientAddress {
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
  };
}

export function mockClientDetails(): ClientDetails {
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

/** Handlers for the client routes the client modals call; each write answers what a server would. */
export function clientModalHandlers(): MockHandlers {
  const client = mockClientDetail();
  const address = mockClientAddress();
  const details = mockClientDetails();
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
    deleteClientRelationship: () => ({ detail: 'Client contact was successfully deleted.' }),
    getClientActivity: () => mockActivityEntry(),
    createClientActivity: ({ body }) =>
      mockActivityEntry({ id: 6, kind: body.kind, summary: body.summary, body: body.body ?? null }),
  };
}
