import type { Invitation, Member, Notification, Practice, Therapist, UserDetails } from '../contract';

/** Default data of the mock client: one user of each role, their practice and a therapist profile per user. */
export interface MockFixtures {
  users: { admin: UserDetails; therapist: UserDetails; assistant: UserDetails };
  /** The signed-in user (`userDetails`); the admin unless set. */
  currentUser: UserDetails;
  practice: Practice;
  therapists: Therapist[];
  members: Member[];
  /** The invitations not yet accepted: one waiting, one expired. */
  invitations: Invitation[];
  /** The signed-in user's notifications, newest first. */
  notifications: Notification[];
  /** The online-payments onboarding status (`not started` unless set). */
  onboardingStatus: string;
}

const admin: UserDetails = {
  id: 1,
  first_name: 'Amara',
  last_name: 'Okafor',
  email: 'amara@halcyon.test',
  role: 'Admin',
};
const therapist: UserDetails = {
  id: 2,
  first_name: 'Tomas',
  last_name: 'Lindqvist',
  email: 'tomas@halcyon.test',
  role: 'Therapist',
};
const assistant: UserDetails = {
  id: 3,
  first_name: 'Priya',
  last_name: 'Shah',
  email: 'priya@halcyon.test',
  role: 'Assistant',
};

/** The user-details shape (SPEC.md §7, snake_case) as the camelCase people of the other calls. */
function personOf({ first_name, last_name, ...user }: UserDetails) {
  return { ...user, firstName: first_name, lastName: last_name };
}

function therapistOf(user: UserDetails, title: string | null): Therapist {
  return {
    ...personOf(user),
    title,
    professionalBody: user.role === 'Assistant' ? null : 'BACP',
    registrationNumber: user.role === 'Assistant' ? null : `REG-${1000 + user.id}`,
    phone: null,
    photoUrl: null,
  };
}

/** Fresh default fixtures (a new object each call, so tests cannot leak changes into each other). */
export function defaultFixtures(): MockFixtures {
  const users = { admin: { ...admin }, therapist: { ...therapist }, assistant: { ...assistant } };
  return {
    users,
    currentUser: users.admin,
    practice: {
      id: 1,
      name: 'Quiet Harbour Therapy',
      idleTimeoutMinutes: 30,
      requireTwoFactor: false,
      logoUrl: null,
      timeZone: 'Europe/London',
      currency: 'GBP',
    },
    therapists: [
      therapistOf(users.admin, 'Clinical Director'),
      therapistOf(users.therapist, 'Counsellor'),
      therapistOf(users.assistant, null),
    ],
    members: [users.admin, users.therapist, users.assistant].map((user) => ({
      ...personOf(user),
      status: 'active' as const,
    })),
    invitations: [
      {
        id: 12,
        email: 'noor.haddad@example.org',
        role: 'Therapist',
        status: 'waiting',
        invitedBy: 'Amara Okafor',
        createdAt: '2026-01-04T09:00:00.000Z',
        expiresAt: '2026-01-11T09:00:00.000Z',
      },
      {
        id: 11,
        email: 'lee.park@example.org',
        role: 'Assistant',
        status: 'expired',
        invitedBy: 'Amara Okafor',
        createdAt: '2025-12-01T09:00:00.000Z',
        expiresAt: '2025-12-08T09:00:00.000Z',
      },
    ],
    notifications: [
      {
        id: 3,
        title: 'Card expiring',
        content: 'The practice card on file expires at the end of the month.',
        category: 'warning',
        severity: 'warning',
        link: null,
        read: false,
        createdAt: '2026-01-05T08:30:00.000Z',
      },
      {
        id: 2,
        title: 'New session request',
        content: 'A client asked for a session on Thursday at 10:00.',
        category: 'info',
        severity: 'info',
        link: null,
        read: false,
        createdAt: '2026-01-04T16:00:00.000Z',
      },
      {
        id: 1,
        title: 'Invoice paid',
        content: 'Invoice INV-0012 was paid.',
        category: 'billing',
        severity: 'info',
        link: null,
        read: true,
        createdAt: '2026-01-03T11:15:00.000Z',
      },
    ],
    onboardingStatus: 'not started',
  };
}
