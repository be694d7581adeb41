import type { Role } from '@halcyon/api/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { setPrefetchRoutes } from '../app/prefetch';
import { AppSidebar, type AppSidebarProps } from './AppSidebar';

function renderSidebar(role: Role, overrides: Partial<AppSidebarProps> = {}, path = '/Dashboard') {
  const props: AppSidebarProps = {
    role,
    counts: { appointments: 3, messages: 12, notifications: 4 },
    privacy: false,
    onPrivacyChange: vi.fn(),
    onNotifications: vi.fn(),
    onSignOut: vi.fn(),
    open: true,
    onOpenChange: vi.fn(),
    collapsed: false,
    onCollapsedChange: vi.fn(),
    overlay: false,
    ...overrides,
  };
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <AppSidebar {...props} />
    </MemoryRouter>,
  );
  return { ...view, props };
}

describe('AppSidebar (SPEC.md §2, §6)', () => {
  it("given the pointer over an entry or the focus on one, then that page's code starts loading before the click", async () => {
    const clients = vi.fn(() => Promise.resolve({}));
    const billing = vi.fn(() => Promise.resolve({}));
    setPrefetchRoutes([
      { path: '/Clients', lazy: clients },
      { path: '/Billing', lazy: billing },
    ]);
    renderSidebar('Therapist');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await userEvent.hover(within(nav).getByRole('link', { name: 'Clients' }));
    expect(clients).toHaveBeenCalledTimes(1);
    expect(billing).not.toHaveBeenCalled();
    within(nav)
      .getByRole('link', { name: /^Billing/ })
      .focus();
    expect(billing).toHaveBeenCalledTimes(1);
  });

  it('given a Therapist, then every entry shows in the SPEC order with the Settings group last', async () => {
    const { container } = renderSidebar('Therapist');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const top = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(top.slice(0, 9)).toEqual([
      '/Dashboard',
      '/Clients',
      '/Appointments',
      '/Task-Manager',
      '/Learning-development',
      '/Billing',
      '/Cloud-storage',
      '/Messages',
      '/Need-help',
    ]);
    const buttons = within(nav)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(buttons[0]).toMatch(/^Notifications/);
    expect(buttons[1]).toMatch(/^Privacy/);
    expect(buttons[2]).toMatch(/^Sign out/);
    expect(buttons[3]).toMatch(/^Settings/);
    await expect(container).toHaveNoAxeViolations();
  });

  it('given counts, then Appointments, Messages and Notifications show their badges', () => {
    renderSidebar('Admin');
    expect(screen.getByRole('link', { name: /Appointments 3 new/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Messages 12 new/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Notifications 4 new/ })).toBeInTheDocument();
  });

  it('given an Assistant, then only the entries they may open show and there is no Settings group', () => {
    renderSidebar('Assistant');
    const links = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/Dashboard', '/Appointments', '/Billing']);
    expect(screen.queryByRole('button', { name: /Settings/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Notifications/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Sign out/ })).toBeInTheDocument();
  });

  it('given Privacy is off, when it is chosen, then it asks to turn it on; it reads On when on', async () => {
    const user = userEvent.setup();
    const { props, rerender } = renderSidebar('Therapist');
    const privacy = screen.getByRole('button', { name: /Privacy/ });
    expect(privacy).toHaveTextContent('Off');
    await user.click(privacy);
    expect(props.onPrivacyChange).toHaveBeenCalledWith(true);
    rerender(
      <MemoryRouter>
        <AppSidebar {...props} privacy />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: /Privacy/ })).toHaveTextContent('On');
  });

  it('when Notifications or Sign out is chosen, then the shell is told', async () => {
    const user = userEvent.setup();
    const { props } = renderSidebar('Therapist');
    await user.click(screen.getByRole('button', { name: /Notifications/ }));
    expect(props.onNotifications).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: /Sign out/ }));
    expect(props.onSignOut).toHaveBeenCalledTimes(1);
  });

  it('given a Settings page, then the Settings group is open with its four subgroups and the page is current', () => {
    renderSidebar('Admin', {}, '/settings/online-payments');
    for (const heading of ['Account management', 'Billing and payments', 'Scheduling', 'Documents']) {
      expect(screen.getByRole('list', { name: heading })).toBeInTheDocument();
    }
    expect(
      within(screen.getByRole('list', { name: 'Billing and payments' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Services', 'Client-billing', 'Online-payments', 'Insurance']);
    expect(screen.getByRole('link', { name: 'Online-payments' })).toHaveAttribute('aria-current', 'page');
  });

  it('given the sidebar is closed, then no entry is shown', () => {
    renderSidebar('Admin', { open: false });
    expect(screen.queryByRole('link', { name: /Dashboard/ })).not.toBeInTheDocument();
  });
});
