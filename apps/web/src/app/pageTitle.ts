import { APP_NAME, SIGN_IN_TITLE, titled } from './title';

/** Every route path of the route table (SPEC.md §2) and its title. */
export const PAGE_TITLES: Record<string, string> = {
  '/Login': SIGN_IN_TITLE,
  '/Register': 'Create an account',
  '/Register/Validate-email/:token': 'Validate your e-mail',
  '/Register/Reset-password/:token': 'Choose a new password',
  '/Register/Accept-invitation/:token': 'Join your practice',
  '/Register/Confirm-email/:token': 'Confirm your new e-mail',
  '/Forgot-password': 'Forgot password',
  '/Terms-of-service': 'Terms of service',
  '/Prepare-console': 'Getting ready',
  '/Sign/:token': 'Sign a document',
  '/Portal': 'Sign in to your client portal',
  '/Portal/Home/:token': 'Your client portal',
  '/Portal/Accept-invitation/:token': 'Client portal invitation',
  '/Portal/Messages/:token': 'Your messages',
  '/Measure/:token': 'Questionnaire',
  '/Form/:token': 'Form',
  '/Book/:slug': 'Book a session',
  '/Booking-request/:token': 'A new time for your session',
  '/Pay/Sandbox-checkout/:id': 'Test card payment',
  '/Pay/:token': 'Pay an invoice',
  '/Dashboard': 'Dashboard',
  '/Dashboard2': 'Practice insights',
  '/Billing': 'Billing',
  '/Billing/:id': 'Invoice',
  '/Appointments': 'Appointments',
  '/Schedule': 'Schedule',
  '/Clients': 'Clients',
  '/Clients/:id': 'Client record',
  '/Cloud-storage': 'Cloud storage',
  '/Task-manager': 'Task manager',
  '/Learning-development': 'Learning and development',
  '/Messages': 'Messages',
  '/Messages/:id': 'Conversation',
  '/Need-help': 'Need help',
  '*': 'Page not found',
  '/Settings/Profile-security': 'Profile and security',
  '/Settings/Practice': 'Practice settings',
  '/Settings/Subscription': 'Subscription',
  '/Settings/Services': 'Services',
  '/Settings/Client-billing': 'Client billing',
  '/Settings/Online-payments': 'Online payments',
  '/Settings/Online-payments-return': 'Online payments',
  '/Settings/Online-payments-error': 'Online payments',
  '/Settings/Online-payments-success': 'Online payments',
  '/Settings/Insurance': 'Insurance',
  '/Settings/Appointments': 'Appointment settings',
  '/Settings/Sync-external-calendar': 'Sync external calendar',
  '/Settings/Template-library': 'Template library',
  '/Need-help/Frequently-asked-questions': 'Frequently asked questions',
  '/Need-help/How-to-guides': 'How-to guides',
  '/Need-help/Resources-hub': 'Resources hub',
  '/Need-help/Contact-us': 'Contact us',
  '/Need-help/Feedback-form': 'Feedback',
};

/** The document title for the deepest matched route path that has one; the product's name alone otherwise. */
export function documentTitle(matches: readonly { route: { path?: string } }[]): string {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const path = matches[i]?.route.path;
    const title = path === undefined ? undefined : PAGE_TITLES[path];
    if (title) return titled(title);
  }
  return APP_NAME;
}
