import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../ProfileSecurity/shared';
import { renderSettingsPage } from '../ProfileSecurity/testing';
import { SubscriptionPage } from './SubscriptionPage';

const PATH = '/Settings/Subscription';

describe('Settings/Subscription', () => {
  it('given the usage, then the plan name, seats, clients and storage show, and no price anywhere', async () => {
    const { container } = renderSettingsPage(<SubscriptionPage />, { path: PATH });
    expect(await screen.findByText('Practice')).toBeInTheDocument();
    expect(screen.getByText('3 of 20')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Seats used' })).toHaveAttribute('aria-valuenow', '3');
    expect(screen.getByText(/1 invitation is waiting to be accepted/)).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
    expect(screen.getByText('1.5 GB of 20 GB')).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/£|\$|€|price|per month/i);
    // Each figure links to where it is managed (and the page has something to Tab to when it scrolls on a phone).
    expect(screen.getByRole('link', { name: 'See the team' })).toHaveAttribute('href', '/Settings/Practice');
    expect(screen.getByRole('link', { name: 'Open clients' })).toHaveAttribute('href', '/Clients');
    expect(screen.getByRole('link', { name: 'Open cloud storage' })).toHaveAttribute('href', '/Cloud-storage');
    await expect(container).toHaveNoAxeViolations();
  });

  it('given the usage cannot be loaded, then the page says so with a way to try again', async () => {
    renderSettingsPage(<SubscriptionPage />, {
      path: PATH,
      handlers: {
        getSubscription: { error: { status: 500, message: 'Failed to fetch /api/settings/subscription. Status: 500' } },
      },
    });
    expect(await screen.findByText(/We could not load the subscription/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('formats sizes the way the operating system does', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(2 * 1024 * 1024)).toBe('2 MB');
    expect(formatBytes(1.5 * 1024 ** 3)).toBe('1.5 GB');
  });
});
