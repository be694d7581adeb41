import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Stepper, stepStates } from './Stepper';

const steps = [
  { id: 'details', label: 'Client details' },
  { id: 'billing', label: 'Billing' },
  { id: 'consent', label: 'Consent', description: 'Sent by email' },
];

describe('Stepper', () => {
  it('given the current step, then earlier steps are complete and later ones upcoming', () => {
    expect(stepStates(steps, 'billing')).toEqual(['complete', 'current', 'upcoming']);
    render(<Stepper steps={steps} current="billing" aria-label="Onboarding progress" />);
    const nav = screen.getByRole('navigation', { name: 'Onboarding progress' });
    const items = within(nav).getAllByRole('listitem');
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(items[0]).toHaveTextContent('Client details, step 1 of 3, completed');
    expect(items[2]).toHaveTextContent('not started');
  });

  it('given onStepSelect, when a complete step is pressed, then it is selected; upcoming steps are not buttons', async () => {
    const onStepSelect = vi.fn();
    render(<Stepper steps={steps} current="billing" onStepSelect={onStepSelect} />);
    await userEvent.click(screen.getByRole('button', { name: /Client details/ }));
    expect(onStepSelect).toHaveBeenCalledWith('details');
    expect(screen.queryByRole('button', { name: /Consent/ })).not.toBeInTheDocument();
  });

  it('given a ref and className, then forwards both to the nav', () => {
    const ref = createRef<HTMLElement>();
    render(<Stepper ref={ref} className="extra" steps={steps} current="details" />);
    expect(ref.current).toBe(screen.getByRole('navigation', { name: 'Progress' }));
    expect(ref.current?.className).toContain('extra');
  });

  it('has no axe violations', async () => {
    const { container } = render(<Stepper steps={steps} current="consent" onStepSelect={() => undefined} />);
    await expect(container).toHaveNoAxeViolations();
  });
});
