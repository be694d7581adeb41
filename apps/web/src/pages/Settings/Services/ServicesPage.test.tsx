import { billingSettingsHandlers, createMockClient, type MockHandlers } from '@halcyon/api/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderSettingsPage } from '../ProfileSecurity/testing';
import { ServicesPage } from './ServicesPage';

function renderPage(handlers: MockHandlers = {}, privacy = false) {
  const client = createMockClient({ handlers: { ...billingSettingsHandlers(), ...handlers } });
  return renderSettingsPage(<ServicesPage />, { path: '/Settings/Services', client, privacy });
}

describe('Settings/Services', { timeout: 30_000 }, () => {
  it('given the practice’s services, then sessions and other services list apart with length, price and tax', async () => {
    const { container } = renderPage();
    const sessions = await screen.findByRole('list', { name: 'Sessions' });
    expect(within(sessions).getAllByRole('listitem')).toHaveLength(3);
    expect(within(sessions).getByText('£75.00, no tax')).toBeInTheDocument();
    expect(within(sessions).getAllByText('Booked online')).toHaveLength(2);
    const others = screen.getByRole('list', { name: 'Other services' });
    expect(within(others).getByText('£120.00 + 20% tax')).toBeInTheDocument();
    await expect(container).toHaveNoAxeViolations();
  });

  it('given Privacy on, then the prices are blurred', async () => {
    renderPage({}, true);
    const price = await screen.findByText('£75.00, no tax');
    expect(price.closest('[data-privacy]')).toHaveAttribute('data-state', 'hidden');
  });

  it('given Add other service, then set-service opens as an other service and the new one lists', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add other service' }));
    await screen.findByLabelText(/^Name/);
    const dialog = screen.getByRole('dialog', { name: 'Add service' });
    expect(within(dialog).queryByLabelText(/^Length/)).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Phone consultation');
    await userEvent.type(within(dialog).getByLabelText(/^Price/), '40');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add service' }));
    const others = screen.getByRole('list', { name: 'Other services' });
    expect(await within(others).findByText('Phone consultation')).toBeInTheDocument();
  });

  it('given the list cannot load, then the failure shows with Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage({ listServices: { error: { status: 500, message: 'Down' } } });
    expect((await screen.findAllByText(/We could not load the services/))[0]).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
  });
});
