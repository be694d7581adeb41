import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { CountBadge } from './CountBadge';

const visible = (el: HTMLElement) => el.querySelector('[aria-hidden]')?.textContent;

describe('CountBadge', () => {
  it('given no count, then it shows 0 and says "0 unread"', () => {
    const { container } = render(<CountBadge />);
    expect(visible(container.firstElementChild as HTMLElement)).toBe('0');
    expect(screen.getByText('0 unread')).toBeInTheDocument();
  });

  it('given 3, then it shows 3 and says "3 unread"', () => {
    const { container } = render(<CountBadge count={3} />);
    expect(visible(container.firstElementChild as HTMLElement)).toBe('3');
    expect(container).toHaveTextContent('3 unread');
  });

  it('given more than 99, then it shows 99+ but says the exact number', () => {
    const { container } = render(<CountBadge count={100} />);
    expect(visible(container.firstElementChild as HTMLElement)).toBe('99+');
    expect(screen.getByText('100 unread')).toBeInTheDocument();
  });

  it('given exactly 99, then it shows 99', () => {
    const { container } = render(<CountBadge count={99} />);
    expect(visible(container.firstElementChild as HTMLElement)).toBe('99');
  });

  it('given a negative or non-finite count, then it counts as 0', () => {
    const { container, rerender } = render(<CountBadge count={-2} />);
    expect(visible(container.firstElementChild as HTMLElement)).toBe('0');
    rerender(<CountBadge count={Number.NaN} />);
    expect(visible(container.firstElementChild as HTMLElement)).toBe('0');
  });

  it('given a label word or function, then it is spoken with the count', () => {
    render(
      <>
        <CountBadge count={2} label="new notifications" />
        <CountBadge count={1} label={(n) => `${n} upcoming appointment`} />
      </>,
    );
    expect(screen.getByText('2 new notifications')).toBeInTheDocument();
    expect(screen.getByText('1 upcoming appointment')).toBeInTheDocument();
  });

  it('given hideWhenZero, then nothing renders at 0', () => {
    const { container } = render(<CountBadge count={0} hideWhenZero />);
    expect(container).toBeEmptyDOMElement();
  });

  it('given a ref and className, then it forwards both', () => {
    const ref = createRef<HTMLSpanElement>();
    render(<CountBadge ref={ref} className="extra" count={1} />);
    expect(ref.current).toHaveClass('extra');
    expect(ref.current).toHaveAttribute('data-state', 'active');
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <a href="/Messages">
        Messages <CountBadge count={120} />
      </a>,
    );
    await expect(container).toHaveNoAxeViolations();
  });
});
