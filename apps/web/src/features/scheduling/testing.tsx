import {
  bookingHandlers,
  createMockClient,
  diaryHandlers,
  MockApiProvider,
  sessionHandlers,
  type MockClient,
  type MockHandlers,
} from '@halcyon/api/testing';
import { BannerProvider, BannerRegion, PrivacyProvider } from '@halcyon/design-system';
import { ModalHost, ModalProvider } from '@halcyon/modals';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { userStore } from '../../app/userStore';

/**
 * Renders /Appointments or /Schedule at `path` over a mock client answering with the diary's fixtures (and online booking's, for the request inbox) (the week of
 * Monday 12 January 2026, Europe/London), signed in as `role` (the Admin unless set).
 */
export async function renderSchedulingRoute(
  path: string,
  options: { handlers?: MockHandlers; role?: 'admin' | 'therapist' | 'assistant'; privacy?: boolean } = {},
) {
  const client: MockClient = createMockClient({
    handlers: { ...sessionHandlers(), ...bookingHandlers(), ...diaryHandlers(), ...options.handlers },
  });
  client.mock.fixtures.currentUser = client.mock.fixtures.users[options.role ?? 'admin'];
  await userStore.load(client, { force: true });
  const routes = [
    {
      path: '/Appointments',
      lazy: async () => ({ Component: (await import('../../pages/Scheduling/AppointmentsPage')).AppointmentsPage }),
    },
    {
      path: '/Schedule',
      lazy: async () => ({ Component: (await import('../../pages/Scheduling/SchedulePage')).SchedulePage }),
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <MockApiProvider client={client}>
      <PrivacyProvider enabled={options.privacy ?? false}>
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
  return { client, router, ...view };
}

/** The `retrieve-events` reads made so far, as their ranges. */
export function diaryReads(client: MockClient): { startIso: string; endIso: string }[] {
  return client.mock
    .callsTo('retrieveDiaryEvents')
    .map((call) => (call.input as { params: { startIso: string; endIso: string } }).params);
}

/** Whose diary each `retrieve-events` read asked for: `{ therapistId }` for one member's, `{}` for the whole practice's. */
export function diaryQueries(client: MockClient): { therapistId?: number }[] {
  return client.mock
    .callsTo('retrieveDiaryEvents')
    .map((call) => (call.input as { query?: { therapistId?: number } }).query ?? {});
}

/**
 * Matches a diary event's accessible name (its content: `renderDiaryEvent`) without the spaces a name computation puts
 * before a part of the content: the DOM tests' one reads "09:00 –09:50 Morgan Adeyemi , Individual therapy", Chrome
 * "09:00–09:50 Morgan Adeyemi , Individual therapy"; both are "09:00–09:50 Morgan Adeyemi, Individual therapy" here.
 */
export function eventNamed(expected: string | RegExp): (name: string) => boolean {
  return (name) => {
    const read = name.replace(/\s+([–,])/g, '$1');
    return typeof expected === 'string' ? read === expected : expected.test(read);
  };
}
