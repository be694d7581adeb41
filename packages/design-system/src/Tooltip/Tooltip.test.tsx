import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Tooltip, TooltipProvider } from './Tooltip';

describe('Tooltip', () => {
  it('given a provider, when the trigger gets keyboard focus, then the tooltip describes it; Escape hides it', async () => {
    render(
      <TooltipProvider delayDuration={0}>
        <Tooltip content="Archive this client">
          <button type="button">Archive</button>
        </Tooltip>
      </TooltipProvider>,
    );
    await userEvent.tab();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Archive this client');
    expect(screen.getByRole('button', { name: 'Archive' })).toHaveAccessibleDescription('Archive this client');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('given no provider, when hovered, then it still opens', async () => {
    render(
      <Tooltip content="Copy link" delayDuration={0}>
        <button type="button">Copy</button>
      </Tooltip>,
    );
    await userEvent.hover(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Copy link');
  });

  it('given controlled open, then it shows, forwards ref and className, and reports changes', async () => {
    const onOpenChange = vi.fn();
    const ref = createRef<HTMLDivElement>();
    render(
      <Tooltip ref={ref} className="extra" content="Always visible" open onOpenChange={onOpenChange}>
        <button type="button">Info</button>
      </Tooltip>,
    );
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Always visible');
    expect(ref.current).toHaveClass('extra');
    screen.getByRole('button', { name: 'Info' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <Tooltip content="Archive this client" open>
        <button type="button">Archive</button>
      </Tooltip>,
    );
    await screen.findByRole('tooltip');
    await expect(container).toHaveNoAxeViolations();
  });
});
