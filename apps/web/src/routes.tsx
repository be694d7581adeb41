import { ALL_ROLES, CLINICAL_ROLES } from '@halcyon/api/contract';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RequireRole, RequireSession } from './app/guards';
import { documentTitle } from './app/pageTitle';
import { PageLoading } from './app/PageLoading';
import { setPrefetchRoutes } from './app/prefetch';
import { RouterNavigation } from './app/RouterNavigation';

/** A lazily loaded route module: `page(() => import('./pages/X/XPage'), 'XPage')`. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): RouteObject['lazy'] {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

/** SPEC.md §2 Settings pages, in sidebar order, with what each will hold (CATALOG.md). */
export const SETTINGS_PAGES = [
  'Profile-security',
  'Practice',
  'Subscription',
  'Services',
  'Client-billing',
  'Online-payments',
  'Online-payments-return',
  'Online-payments-error',
  'Online-payments-success',
  'Insurance',
  'Appointments',
  'Sync-external-calendar',
  'Template-library',
] as const;

export const NEED_HELP_PAGES = [
  'Frequently-asked-questions',
  'How-to-guides',
  'Resources-hub',
  'Contact-us',
  'Feedback-form',
] as const;

const settingsPages: Record<(typeof SETTINGS_PAGES)[number], RouteObject['lazy']> = {
  'Online-payments': page(() => import('./pages/Settings/OnlinePayments/OnlinePaymentsPage'), 'OnlinePaymentsPage'),
  'Online-payments-return': page(
    () => import('./pages/Settings/OnlinePayments/OnlinePaymentsReturnPage'),
    'OnlinePaymentsReturnPage',
  ),
  'Online-payments-error': page(
    () => import('./pages/Settings/OnlinePayments/OnlinePaymentsErrorPage'),
    'OnlinePaymentsErrorPage',
  ),
  'Online-payments-success': page(
    () => import('./pages/Settings/OnlinePayments/OnlinePaymentsSuccessPage'),
    'OnlinePaymentsSuccessPage',
  ),
  'Profile-security': page(() => import('./pages/Settings/ProfileSecurity/ProfileSecurityPage'), 'ProfileSecurityPage'),
  Practice: page(() => import('./pages/Settings/Practice/PracticePage'), 'PracticePage'),
  Subscription: page(() => import('./pages/Settings/Subscription/SubscriptionPage'), 'SubscriptionPage'),
  Appointments: page(() => import('./pages/Settings/Appointments/AppointmentsPage'), 'AppointmentsPage'),
  Services: page(() => import('./pages/Settings/Services/ServicesPage'), 'ServicesPage'),
  'Client-billing': page(() => import('./pages/Settings/ClientBilling/ClientBillingPage'), 'ClientBillingPage'),
  Insurance: page(() => import('./pages/Settings/Insurance/InsurancePage'), 'InsurancePage'),
  'Sync-external-calendar': page(
    () => import('./pages/Settings/SyncExternalCalendar/SyncExternalCalendarPage'),
    'SyncExternalCalendarPage',
  ),
  'Template-library': page(() => import('./pages/Settings/TemplateLibrary/TemplateLibraryPage'), 'TemplateLibraryPage'),
};

const settingsRoutes: RouteObject[] = SETTINGS_PAGES.map((name) => ({
  path: `/Settings/${name}`,
  lazy: settingsPages[name],
}));

const needHelpPages: Record<(typeof NEED_HELP_PAGES)[number], RouteObject['lazy']> = {
  'Frequently-asked-questions': page(() => import('./pages/NeedHelp/FaqPage'), 'FaqPage'),
  'How-to-guides': page(() => import('./pages/NeedHelp/GuidesPage'), 'GuidesPage'),
  'Resources-hub': page(() => import('./pages/NeedHelp/ResourcesPage'), 'ResourcesPage'),
  'Contact-us': page(() => import('./pages/NeedHelp/ContactPage'), 'ContactPage'),
  'Feedback-form': page(() => import('./pages/NeedHelp/FeedbackPage'), 'FeedbackPage'),
};

const needHelpRoutes: RouteObject[] = [
  { path: '/Need-help', lazy: page(() => import('./pages/NeedHelp/NeedHelpPage'), 'NeedHelpPage') },
  ...NEED_HELP_PAGES.map((name) => ({ path: `/Need-help/${name}`, lazy: needHelpPages[name] })),
];

/** The one route table of the web app (SPEC.md §2). Matching is case-insensitive (react-router's default). */
export const routeObjects: RouteObject[] = [
  { path: '/', element: <Navigate to="/Login" replace /> },
  // Public routes.
  {
    path: '/Login',
    lazy: async () => {
      const { LoginPage } = await import('./pages/Login/LoginPage');
      return {
        Component: () => (
          <RouterNavigation>
            <LoginPage />
          </RouterNavigation>
        ),
      };
    },
  },
  { path: '/Register', lazy: page(() => import('./pages/Register/RegisterPage'), 'RegisterPage') },
  {
    path: '/Register/Validate-email/:token',
    lazy: page(() => import('./pages/Register/ValidateEmailPage'), 'ValidateEmailPage'),
  },
  {
    path: '/Register/Reset-password/:token',
    lazy: page(() => import('./pages/Password/ResetPasswordPage'), 'ResetPasswordPage'),
  },
  // The server's e-mails also link here (invitation and e-mail change).
  {
    path: '/Register/Accept-invitation/:token',
    lazy: page(() => import('./pages/Register/AcceptInvitationPage'), 'AcceptInvitationPage'),
  },
  {
    path: '/Register/Confirm-email/:token',
    lazy: page(() => import('./pages/Register/ConfirmEmailPage'), 'ConfirmEmailPage'),
  },
  { path: '/Forgot-password', lazy: page(() => import('./pages/Password/ForgotPasswordPage'), 'ForgotPasswordPage') },
  { path: '/Terms-of-service', lazy: page(() => import('./pages/Terms/TermsPage'), 'TermsPage') },
  { path: '/Prepare-console', lazy: page(() => import('./pages/Prepare/PreparePage'), 'PreparePage') },
  // The e-signature link e-mailed to a signer (no sign-in).
  { path: '/Sign/:token', lazy: page(() => import('./pages/Sign/SignPage'), 'SignPage') },
  // A client accepts the portal invitation their practice e-mailed (no sign-in).
  {
    path: '/Portal/Accept-invitation/:token',
    lazy: page(() => import('./pages/Portal/AcceptPortalInvitationPage'), 'AcceptPortalInvitationPage'),
  },
  // A client asks for a sign-in link to their portal home, and opens it from the e-mail (no password).
  { path: '/Portal', lazy: page(() => import('./pages/Portal/PortalSignInPage'), 'PortalSignInPage') },
  { path: '/Portal/Home/:token', lazy: page(() => import('./pages/Portal/PortalHomePage'), 'PortalHomePage') },
  // A client reads and answers their practice's messages from the link each message e-mails them (no sign-in).
  {
    path: '/Portal/Messages/:token',
    lazy: page(() => import('./pages/Portal/PortalMessagesPage'), 'PortalMessagesPage'),
  },
  // A client fills in an outcome measure from the link their therapist e-mailed (no sign-in).
  { path: '/Measure/:token', lazy: page(() => import('./pages/Measure/MeasurePage'), 'MeasurePage') },
  // A client fills in a form of the template library from the link their therapist e-mailed (no sign-in).
  { path: '/Form/:token', lazy: page(() => import('./pages/Form/FormPage'), 'FormPage') },
  // A practice's or a therapist's public booking page (the link share-booking-link sends; no sign-in).
  { path: '/Book/:slug', lazy: page(() => import('./pages/Booking/BookingPage'), 'BookingPage') },
  // A requester accepts the time the practice proposed, from the link in its e-mail (no sign-in).
  {
    path: '/Booking-request/:token',
    lazy: page(() => import('./pages/Booking/AmendedRequestPage'), 'AmendedRequestPage'),
  },
  // The sandbox payment provider's test card page (its checkout of an invoice; no sign-in, no real money).
  {
    path: '/Pay/Sandbox-checkout/:id',
    lazy: page(() => import('./pages/Pay/SandboxCheckoutPage'), 'SandboxCheckoutPage'),
  },
  // A client pays an invoice from the link e-mailed with it (no sign-in).
  { path: '/Pay/:token', lazy: page(() => import('./pages/Pay/PayPage'), 'PayPage') },
  // Authenticated routes, inside the shared layout.
  {
    element: <RequireSession />,
    children: [
      {
        lazy: page(() => import('./shell/ShellLayout'), 'ShellLayout'),
        children: [
          {
            element: <RequireRole roles={ALL_ROLES} />,
            children: [
              { path: '/Dashboard', lazy: page(() => import('./pages/Dashboard/DashboardPage'), 'DashboardPage') },
              { path: '/Dashboard2', lazy: page(() => import('./pages/Dashboard/Dashboard2Page'), 'Dashboard2Page') },
              { path: '/Billing', lazy: page(() => import('./pages/Billing/BillingPage'), 'BillingPage') },
              {
                path: '/Billing/:id',
                lazy: page(() => import('./pages/Billing/InvoiceDetailsPage'), 'InvoiceDetailsPage'),
              },
              {
                path: '/Appointments',
                lazy: page(() => import('./pages/Scheduling/AppointmentsPage'), 'AppointmentsPage'),
              },
              { path: '/Schedule', lazy: page(() => import('./pages/Scheduling/SchedulePage'), 'SchedulePage') },
            ],
          },
          {
            element: <RequireRole roles={CLINICAL_ROLES} />,
            children: [
              { path: '/Clients', lazy: page(() => import('./pages/Clients/ClientsPage'), 'ClientsPage') },
              {
                path: '/Clients/:id',
                lazy: page(() => import('./pages/Clients/ClientDetailsPage'), 'ClientDetailsPage'),
              },
              {
                path: '/Cloud-storage',
                lazy: page(() => import('./pages/CloudStorage/CloudStoragePage'), 'CloudStoragePage'),
              },
              {
                path: '/Task-manager',
                lazy: page(() => import('./pages/TaskManager/TaskManagerPage'), 'TaskManagerPage'),
              },
              {
                path: '/Learning-development',
                lazy: page(() => import('./pages/Learning/LearningPage'), 'LearningPage'),
              },
              { path: '/Messages', lazy: page(() => import('./pages/Messages/MessagesPage'), 'MessagesPage') },
              {
                path: '/Messages/:id',
                lazy: page(() => import('./pages/Messages/ConversationPage'), 'ConversationPage'),
              },
              ...settingsRoutes,
              ...needHelpRoutes,
            ],
          },
        ],
      },
    ],
  },
  { path: '*', lazy: page(() => import('./pages/NotFound/NotFoundPage'), 'NotFoundPage') },
];

/**
 * The app's router. Its one root route shows `PageLoading` while the first page's code loads (the router's initial
 * hydration: without a fallback there is a blank page and a console warning on every full load).
 */
export function createAppRouter(routes: RouteObject[] = routeObjects) {
  const root: RouteObject[] = [{ hydrateFallbackElement: <PageLoading />, children: routes }];
  setPrefetchRoutes(root);
  const router = createBrowserRouter(root);
  // The tab's title follows the page (WCAG 2.4.2), set once each navigation has settled.
  const setTitle = () => {
    if (router.state.navigation.state === 'idle') document.title = documentTitle(router.state.matches);
  };
  setTitle();
  router.subscribe(setTitle);
  return router;
}
