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
    first_name: 'Amara',
    last_name: 'Okafor',
    email: 'amara@halcyon.test',
    title: 'Clinical Director',
    phone: '+44 7700 900123',
    professional_body: 'BACP',
    registration_number: 'BACP-1001',
    photo_file_id: null,
    photo_url: null,
  };
  const security: SecurityDetails = {
    email: 'amara@halcyon.test',
    email_validated: true,
    pending_email: null,
    two_factor_enabled: false,
    two_factor_required: false,
    recovery_codes_left: 0,
    password_changed_at: '2026-01-02T09:30:00.000Z',
    active_sessions: 2,
  };
  const preferences: NotificationPreferences = {
    session_requests: true,
    messages: true,
    signed_documents: true,
    paid_invoices: true,
    completed_measures: true,
    expiring_compliance: true,
    failed_reminders: true,
  };
  const practice: PracticeSettings = {
    id: 1,
    name: 'Quiet Harbour Therapy',
    address_line_1: '12 Quay Street',
    address_line_2: null,
    city: 'Bristol',
    region: null,
    postcode: 'BS1 4DB',
    country: 'United Kingdom',
    contact_email: 'hello@quietharbour.example',
    contact_phone: null,
    website: null,
    time_zone: 'Europe/London',
    currency: 'GBP',
    tax_number: null,
    idle_timeout_minutes: 30,
    require_two_factor: false,
    logo_url: null,
  };
  const subscription: Subscription = {
    plan_name: 'Practice',
    seats_used: 3,
    seats_limit: 20,
    pending_invitations: 1,
    clients_count: 42,
    storage_used_bytes: 1.5 * 1024 ** 3,
    storage_limit_bytes: 20 * 1024 ** 3,
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
    getPracticeLogo: () => ({ logo_url: null, file: null }),
    getSubscription: () => f.subscription,
  };
}
