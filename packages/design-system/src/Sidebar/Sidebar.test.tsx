import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ExampleEntries, ExampleFooter } from './examples';
import { Sidebar, type SidebarProps } from './Sidebar';

function renderSidebar(props: Partial<SidebarProps> = {}, current = '/Clients') {
  return render(
    <Sidebar footer={<ExampleFooter notifications={2} onNotifications={props.onClick as () => void} />} {...props}>
      <ExampleEntries current={current} />
    </Sidebar>,
  );
}

describe('Sidebar', () => {
  it('given the current route, then marks only its entry with aria-current="page"', () => {
    renderSidebar();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Clients' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('given a header, then it and the collapse toggle are in the navigation landmark (no content outside one)', () => {
    render(
      <Sidebar header="Quiet Harbour Therapy">
        <Sidebar.Item href="/Dashboard" label="Dashboard" />
      </Sidebar>,
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByText('Quiet Harbour Therapy')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Collapse sidebar' })).toBeInTheDocument();
  });

  it('given counts, then names the entry with its count', () => {
    renderSidebar();
    expect(screen.getByRole('link', { name: 'Appointments 3 new' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications 2 new' })).toBeInTheDocument();
  });

  it('given a button entry, when pressed, then calls its handler (Notifications opens the panel, not a route)', async () => {
    const onNotifications = vi.fn();
    render(
      <Sidebar footer={<ExampleFooter notifications={1} onNotifications={onNotifications} />}>
        <Sidebar.Item href="/Dashboard" label="Dashboard" />
      </Sidebar>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Notifications 1 new' }));
    expect(onNotifications).toHaveBeenCalledTimes(1);
  });

  it('given the Settings group closed, when its button is pressed, then shows the four sub-headed lists', async () => {
    renderSidebar();
    const trigger = screen.getByRole('button', { name: 'Settings' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    for (const heading of ['Account management', 'Billing and payments', 'Scheduling', 'Documents']) {
      expect(screen.getByRole('list', { name: heading })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Sync-external-calendar' })).toHaveAttribute(
      'href',
      '/Settings/Sync-external-calendar',
    );
  });

  it('given an uncontrolled sidebar, when the collapse toggle is pressed, then it shrinks to icons and keeps accessible names', async () => {
    const onCollapsedChange = vi.fn();
    renderSidebar({ onCollapsedChange });
    await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(onCollapsedChange).toHaveBeenCalledWith(true);
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('navigation')).toHaveAttribute('data-collapsed', 'true');
  });

  it('given a collapsed sidebar, when an entry gets keyboard focus, then a tooltip names it', async () => {
    renderSidebar({ defaultCollapsed: true });
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Dashboard');
  });

  it('given a collapsed sidebar, when the Settings group is pressed, then the sidebar expands and the group opens', async () => {
    const onCollapsedChange = vi.fn();
    renderSidebar({ collapsed: true, onCollapsedChange });
    await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(onCollapsedChange).toHaveBeenCalledWith(false);
  });

  it('given a docked sidebar (wide screen), when Tab is pressed on its last control, then focus leaves it for what follows (no keyboard trap)', async () => {
    render(
      <>
        <Sidebar header="Halcyon" footer={<ExampleFooter />}>
          <ExampleEntries />
        </Sidebar>
        <button type="button">Search</button>
      </>,
    );
    const collapse = screen.getByRole('button', { name: 'Collapse sidebar' });
    collapse.focus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Search' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(collapse).toHaveFocus();
  });

  it('given a practice name as the header, when the sidebar is collapsed, then its initials show, named by the whole name, which is not cut', async () => {
    const onCollapsedChange = vi.fn();
    render(
      <Sidebar header="Northside Counselling Collective" onCollapsedChange={onCollapsedChange}>
        <ExampleEntries />
      </Sidebar>,
    );
    expect(screen.getByText('Northside Counselling Collective')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    const initials = screen.getByRole('img', { name: 'Northside Counselling Collective' });
    expect(initials).toHaveTextContent(/^NC$/);
  });

  it('given a renderLink, then renders every link entry through it', () => {
    renderSidebar({
      renderLink: ({ href, children, ...rest }) => (
        <a href={`#${href}`} {...rest}>
          {children}
        </a>
      ),
    });
    expect(screen.getByRole('link', { name: 'Billing' })).toHaveAttribute('href', '#/Billing');
  });

  it('given an overlaying sidebar opened from a menu button, then Tab stays inside; when Escape is pressed, then it closes and focus returns', async () => {
    function Narrow() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open menu
          </button>
          <Sidebar overlay open={open} onOpenChange={setOpen}>
            <ExampleEntries />
          </Sidebar>
        </>
      );
    }
    render(<Narrow />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('navigation')).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  it('given an overlaying sidebar, when a link is chosen, then it closes', async () => {
    const onOpenChange = vi.fn();
    render(
      <Sidebar
        overlay
        defaultOpen
        onOpenChange={onOpenChange}
        renderLink={({ href, children, onClick, ...rest }) => (
          <a
            href={href}
            {...rest}
            onClick={(e) => {
              e.preventDefault();
              onClick?.();
            }}
          >
            {children}
          </a>
        )}
      >
        <ExampleEntries />
      </Sidebar>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Billing' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('given a ref and className, then forwards both to the navigation landmark', () => {
    const ref = createRef<HTMLElement>();
    render(
      <Sidebar ref={ref} className="extra" aria-label="Primary">
        <Sidebar.Item href="/Dashboard" label="Dashboard" />
      </Sidebar>,
    );
    expect(ref.current).toBe(screen.getByRole('navigation', { name: 'Primary' }));
    expect(ref.current?.className).toContain('extra');
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <Sidebar footer={<ExampleFooter />}>
        <ExampleEntries current="/Settings/Practice" />
      </Sidebar>,
    );
    await expect(container).toHaveNoAxeViolations();
  });
});
