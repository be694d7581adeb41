import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
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
