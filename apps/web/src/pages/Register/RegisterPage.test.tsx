import { createMockClient, MockApiProvider, type MockClient } from '@halcyon/api/testing';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RegisterPage } from './RegisterPage';

const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;

/** The browser's language and time zone, which the page starts the practice's country and time zone from. */
function browserIn(language: string, timeZone: string) {
  vi.restoreAllMocks();
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(language);
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolvedOptions.call(this), timeZone };
  });
}

function renderRegister(client: MockClient) {
  return render(
    <MockApiProvider client={client}>
      <MemoryRouter>
        <RegisterPage />
      </MemoryRouter>
    </MockApiProvider>,
  );
}

async function fill(user: ReturnType<typeof userEvent.setup>, accept = true) {
  await user.type(screen.getByLabelText(/First name/), 'Ada');
  await user.type(screen.getByLabelText(/Last name/), 'Lovelace');
  await user.type(screen.getByLabelText(/E-mail/), 'ada@example.org');
  await user.type(screen.getByLabelText(/^Password( \*)?$/), 'quiet harbour lanterns');
  await user.type(screen.getByLabelText(/Practice name/), 'Analytical Counselling');
  if (accept) await user.click(screen.getByRole('checkbox', { name: /accept the terms/ }));
}

vi.setConfig({ testTimeout: 15_000 });

describe('RegisterPage (CATALOG.md /Register)', () => {
  beforeEach(() => browserIn('en-GB', 'Europe/London'));
  afterEach(() => vi.restoreAllMocks());

  it('given a short password, then the contract rule shows as they type and the meter says how strong it is', async () => {
    const user = userEvent.setup();
    const { container } = renderRegister(createMockClient());
    const password = screen.getByLabelText(/^Password( \*)?$/);
    await user.type(password, 'short');
    await user.tab();
    expect(await screen.findByText('Use at least 12 characters.')).toBeInTheDocument();
    expect(screen.getByText(/Password strength: Too short/)).toBeInTheDocument();
    await user.type(password, ' but now long enough');
    expect(screen.queryByText('Use at least 12 characters.')).not.toBeInTheDocument();
    await expect(container).toHaveNoAxeViolations();
  });

  it('given the terms are not accepted, when sending, then it asks for them and nothing is sent', async () => {
    const user = userEvent.setup();
    const client = createMockClient();
    renderRegister(client);
    await fill(user, false);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please accept the terms of service to continue.')).toBeInTheDocument();
    expect(client.mock.callsTo('register')).toHaveLength(0);
  });

  it('given the server refuses the e-mail, then its message shows beside the e-mail field', async () => {
    const user = userEvent.setup();
    const client = createMockClient({
      handlers: {
        register: {
          error: {
            status: 400,
            message: 'Please check the form.',
            fieldErrors: { email: 'Use another address for this practice.' },
          },
        },
      },
    });
    renderRegister(client);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Use another address for this practice.')).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('given everything is valid, then the practice is created and the page says to check the e-mail', async () => {
    const user = userEvent.setup();
    const client = createMockClient({ handlers: { register: () => ({ detail: 'Thank you. We have sent a link.' }) } });
    renderRegister(client);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(client.mock.callsTo('register')[0]?.input).toEqual({
      body: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.org',
        password: 'quiet harbour lanterns',
        practiceName: 'Analytical Counselling',
        country: 'GB',
        timeZone: 'Europe/London',
      },
    });
  });

  describe('country and time zone', () => {
    it('given a browser in Ireland, then the practice starts in Ireland and Europe/Dublin, and both are sent', async () => {
      browserIn('en-IE', 'Europe/Dublin');
      const user = userEvent.setup();
      const client = createMockClient();
      renderRegister(client);
      expect(screen.getByRole('combobox', { name: /^Country/ })).toHaveValue('Ireland');
      expect(screen.getByRole('combobox', { name: /^Time zone/ })).toHaveValue('Europe/Dublin');
      await fill(user);
      await user.click(screen.getByRole('button', { name: 'Create account' }));
      await screen.findByRole('heading', { name: 'Check your e-mail' });
      expect(client.mock.callsTo('register')[0]?.input).toMatchObject({
        body: { country: 'IE', timeZone: 'Europe/Dublin' },
      });
    });

    it('given the practice is elsewhere, when another country and zone are chosen, then those are sent', async () => {
      const user = userEvent.setup();
      const client = createMockClient();
      renderRegister(client);
      await fill(user);
      const country = screen.getByRole('combobox', { name: /^Country/ });
      await user.clear(country);
      await user.type(country, 'cana');
      await user.click(await screen.findByRole('option', { name: 'Canada' }));
      const zone = screen.getByRole('combobox', { name: /^Time zone/ });
      await user.clear(zone);
      await user.type(zone, 'toronto');
      await user.click(await screen.findByRole('option', { name: 'America/Toronto' }));
      await user.click(screen.getByRole('button', { name: 'Create account' }));
      await screen.findByRole('heading', { name: 'Check your e-mail' });
      expect(client.mock.callsTo('register')[0]?.input).toMatchObject({
        body: { country: 'CA', timeZone: 'America/Toronto' },
      });
    });

    it('given a browser elsewhere, when a country with one time zone is chosen, then its zone follows; a country with several leaves the zone to choose', async () => {
      browserIn('en-US', 'America/New_York');
      const user = userEvent.setup();
      renderRegister(createMockClient());
      const country = screen.getByRole('combobox', { name: /^Country/ });
      const zone = screen.getByRole('combobox', { name: /^Time zone/ });
      expect(zone).toHaveValue('America/New York');
      await user.clear(country);
      await user.type(country, 'irel');
      await user.click(await screen.findByRole('option', { name: 'Ireland' }));
      await waitFor(() => expect(zone).toHaveValue('Europe/Dublin'));
      await user.clear(country);
      await user.type(country, 'cana');
      await user.click(await screen.findByRole('option', { name: 'Canada' }));
      expect(zone).toHaveValue('Europe/Dublin');
    });

    it('given a browser language that names no country, then the country must be chosen before anything is sent', async () => {
      browserIn('eo', 'Europe/London');
      const user = userEvent.setup();
      const client = createMockClient();
      const { container } = renderRegister(client);
      expect(screen.getByRole('combobox', { name: /^Country/ })).toHaveValue('');
      await fill(user);
      await user.click(screen.getByRole('button', { name: 'Create account' }));
      expect(await screen.findByText('Choose a country from the list, such as United Kingdom.')).toBeInTheDocument();
      expect(client.mock.callsTo('register')).toHaveLength(0);
      await expect(container).toHaveNoAxeViolations();
    });

    it('given the server refuses the time zone, then its message shows beside the time zone', async () => {
      const user = userEvent.setup();
      const message = 'Choose a time zone from the list, such as Europe/London.';
      const client = createMockClient({
        handlers: {
          register: {
            error: {
              status: 400,
              message: `Please check the request. timeZone: ${message}`,
              fieldErrors: { timeZone: message },
            },
          },
        },
      });
      renderRegister(client);
      await fill(user);
      await user.click(screen.getByRole('button', { name: 'Create account' }));
      expect(
        await screen.findByRole('combobox', { name: /^Time zone/, description: new RegExp(message) }),
      ).toHaveAttribute('aria-invalid', 'true');
    });
  });
});
