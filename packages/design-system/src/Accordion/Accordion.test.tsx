import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Accordion } from './Accordion';

function Faq(props: { value?: string; onValueChange?: (v: string) => void }) {
  return (
    <Accordion.Root type="single" collapsible {...props}>
      <Accordion.Item value="a">
        <Accordion.Trigger>Billing</Accordion.Trigger>
        <Accordion.Content>Billing answer</Accordion.Content>
      </Accordion.Item>
      <Accordion.Item value="b">
        <Accordion.Trigger level={2}>Privacy</Accordion.Trigger>
        <Accordion.Content>Privacy answer</Accordion.Content>
      </Accordion.Item>
    </Accordion.Root>
  );
}

describe('Accordion', () => {
  it('given closed sections, when a header is clicked twice, then it opens and closes', async () => {
    render(<Faq />);
    const billing = screen.getByRole('button', { name: 'Billing' });
    expect(screen.queryByText('Billing answer')).not.toBeInTheDocument();
    await userEvent.click(billing);
    expect(billing).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Billing' })).toHaveTextContent('Billing answer');
    await userEvent.click(billing);
    expect(billing).toHaveAttribute('aria-expanded', 'false');
  });

  it('given keyboard focus, when ArrowDown then Enter are pressed, then the next section opens', async () => {
    render(<Faq />);
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Privacy' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('Privacy answer')).toBeVisible();
  });

  it('given a heading level, then the header is a heading at that level', () => {
    render(<Faq />);
    expect(screen.getByRole('heading', { level: 3, name: 'Billing' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Privacy' })).toBeInTheDocument();
  });

  it('given a controlled value, when a header is clicked, then onValueChange is called and the owner decides', async () => {
    const onValueChange = vi.fn();
    render(<Faq value="a" onValueChange={onValueChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Privacy' }));
    expect(onValueChange).toHaveBeenCalledWith('b');
    expect(screen.getByRole('button', { name: 'Billing' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('given refs and classNames, then parts forward them', () => {
    const root = createRef<HTMLDivElement>();
    const trigger = createRef<HTMLButtonElement>();
    render(
      <Accordion.Root ref={root} className="r" type="multiple">
        <Accordion.Item value="a" className="i">
          <Accordion.Trigger ref={trigger} className="t">
            A
          </Accordion.Trigger>
          <Accordion.Content>A body</Accordion.Content>
        </Accordion.Item>
      </Accordion.Root>,
    );
    expect(root.current).toHaveClass('r');
    expect(trigger.current).toHaveClass('t');
  });

  it('has no axe violations', async () => {
    const { container } = render(<Faq value="a" />);
    await expect(container).toHaveNoAxeViolations();
  });
});
