import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeScrollBox } from '../internal/fakeLayout';
import { Tabs } from './Tabs';

function ClientTabs(props: { value?: string; onValueChange?: (v: string) => void }) {
  return (
    <Tabs.Root defaultValue="overview" {...props}>
      <Tabs.List aria-label="Client record">
        <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
        <Tabs.Trigger value="sessions">Sessions</Tabs.Trigger>
        <Tabs.Trigger value="documents">Documents</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="overview">Overview panel</Tabs.Content>
      <Tabs.Content value="sessions">Sessions panel</Tabs.Content>
      <Tabs.Content value="documents">Documents panel</Tabs.Content>
    </Tabs.Root>
  );
}

describe('Tabs', () => {
  it('given more tabs than fit in one row, then the row scrolls with a button to show more instead of wrapping; pressed, it scrolls forward', async () => {
    const restore = fakeScrollBox({ clientWidth: 300, scrollWidth: 1200 });
    const scrollBy = vi.fn();
    HTMLElement.prototype.scrollBy = scrollBy;
    try {
      render(<ClientTabs />);
      const list = screen.getByRole('tablist', { name: 'Client record' });
      expect(list.parentElement).toHaveAttribute('data-overflow-end');
      // Pointer only: keyboard users move with the arrow keys, so the button is neither a Tab stop nor announced.
      const more = screen.getByLabelText('Show more tabs');
      expect(more).toHaveAttribute('tabindex', '-1');
      expect(screen.queryByLabelText('Show earlier tabs')).not.toBeInTheDocument();
      await userEvent.click(more);
      expect(scrollBy).toHaveBeenCalledWith(expect.objectContaining({ left: 225 }));
    } finally {
      restore();
      delete (HTMLElement.prototype as Partial<HTMLElement>).scrollBy;
    }
  });

  it('given tabs that fit, then there is no scroll button', () => {
    const restore = fakeScrollBox({ clientWidth: 1200, scrollWidth: 1200 });
    try {
      render(<ClientTabs />);
      expect(screen.queryByLabelText('Show more tabs')).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('given uncontrolled tabs, when a tab is clicked, then its panel shows', async () => {
    render(<ClientTabs />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Overview panel');
    await userEvent.click(screen.getByRole('tab', { name: 'Sessions' }));
    expect(screen.getByRole('tab', { name: 'Sessions' })).toHaveAttribute('data-state', 'active');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Sessions panel');
  });

  it('given focus on a tab, when arrow keys, Home and End are pressed, then selection follows', async () => {
    render(<ClientTabs />);
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Sessions panel');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Documents panel');
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Overview panel');
  });

  it('given a controlled value (e.g. from the URL), when a tab is clicked, then onValueChange decides', async () => {
    const onValueChange = vi.fn();
    const { rerender } = render(<ClientTabs value="documents" onValueChange={onValueChange} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Sessions' }));
    expect(onValueChange).toHaveBeenCalledWith('sessions');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Documents panel');
    rerender(<ClientTabs value="sessions" onValueChange={onValueChange} />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Sessions panel');
  });

  it('given a state owner, when tabs change, then the owner sees the new value', async () => {
    function Owner() {
      const [tab, setTab] = useState('overview');
      return (
        <>
          <output>{tab}</output>
          <ClientTabs value={tab} onValueChange={setTab} />
        </>
      );
    }
    render(<Owner />);
    await userEvent.click(screen.getByRole('tab', { name: 'Documents' }));
    expect(screen.getByRole('status')).toHaveTextContent('documents');
  });

  it('given refs and classNames, then every part forwards them', () => {
    const root = createRef<HTMLDivElement>();
    const list = createRef<HTMLDivElement>();
    const trigger = createRef<HTMLButtonElement>();
    const content = createRef<HTMLDivElement>();
    render(
      <Tabs.Root ref={root} className="r" defaultValue="a">
        <Tabs.List ref={list} className="l" aria-label="x">
          <Tabs.Trigger ref={trigger} className="t" value="a">
            A
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content ref={content} className="c" value="a">
          A panel
        </Tabs.Content>
      </Tabs.Root>,
    );
    expect(root.current).toHaveClass('r');
    expect(list.current).toHaveClass('l');
    expect(trigger.current).toHaveClass('t');
    expect(content.current).toHaveClass('c');
  });

  it('has no axe violations', async () => {
    const { container } = render(<ClientTabs />);
    await expect(container).toHaveNoAxeViolations();
  });
});
