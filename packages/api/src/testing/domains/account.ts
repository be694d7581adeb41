import type {
  NotificationPreferences,
  PracticeSettings,
  ProfileSettings,
  SecurityDetails,
  Subscription,
} from '../../contract';
import type { MockHandlers } from '../createMockClient';

/** The account settings records (profile, security, notification preferences, practice, subscription). */
export function accountFixtures() {
  const profile: ProfileSettings = {
    id: 1,
    firstName: 'Amara',
    lastName: 'Okafor',
    email: 'amara@halcyon.test',
    title: 'Clinical Director',
    phone: '+44 7700 900123',
    professionalBody: 'BACP',
    registrationNumber: 'BACP-1001',
    photoFileId: null,
    photoUrl: null,
  };
  const security: SecurityDetails = {
    email: 'amara@halcyon.test',
    emailValidated: true,
    pendingEmail: null,
    twoFactorEnabled: false,
    twoFactorRequired: false,
    recoveryCodesLeft: 0,
    passwordChangedAt: '2026-01-02T09:30:00.000Z',
    activeSessions: 2,
  };
  const preferences: NotificationPreferences = {
    sessionRequests: true,
    messages: true,
    signedDocuments: true,
    paidInvoices: true,
    completedMeasures: true,
    expiringCompliance: true,
    failedReminders: true,
  };
  const practice: PracticeSettings = {
    id: 1,
    name: 'Quiet Harbour Therapy',
    addressLine1: '12 Quay Street',
    addressLine2: null,
    city: 'Bristol',
    region: null,
    postcode: 'BS1 4DB',
    country: 'GB',
    contactEmail: 'hello@quietharbour.example',
    contactPhone: null,
    website: null,
    timeZone: 'Europe/London',
    currency: 'GBP',
    taxNumber: null,
    idleTimeoutMinutes: 30,
    requireTwoFactor: false,
    logoUrl: null,
  };
  const subscription: Subscription = {
    planName: 'Practice',
    seatsUsed: 3,
    seatsLimit: 20,
    pendingInvitations: 1,
    clientsCount: 42,
    storageUsedBytes: 1.5 * 1024 ** 3,
    storageLimitBytes: 20 * 1024 ** 3,
  };
  return { profile, security, preferences, practice, subscription };
}

export type AccountFixtures = ReturnType<typeof accountFixtures>;

/** Handlers answering the account settings routes from `fixtures` (changes are kept in them). */
export function accountHandlers(f: AccountFixtures): MockHandlers {
  return {
    getProfileSettings: () => f.profile,
    updateProfileSettings: ({ body }) => Object.assign(f.profile, body),
    getSecurityDetails: () => f.security,
    getNotificationPreferences: () => f.preferences,
    updateNotificationPreferences: ({ body }) => Object.assign(f.preferences, body),
    getPracticeSettings: () => f.practice,
    updatePracticeSettings: ({ body }) => Object.assign(f.practice, body),
    getPracticeLogo: () => ({ logoUrl: null, file: null }),
    getSubscription: () => f.subscription,
  };
}
