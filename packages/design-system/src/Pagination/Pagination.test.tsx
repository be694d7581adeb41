import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, pageCountOf } from './Pagination';

const btn = (name: string) => screen.getByRole('button', { name });

describe('Pagination', () => {
  it('given page 3 of 12, then it says so and every button moves as named', async () => {
    const onPageChange = vi.fn();
    render(<Pagination defaultPage={3} pageCount={12} onPageChange={onPageChange} />);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent('Page 3 of 12');
    await userEvent.click(btn('Next page'));
    expect(screen.getByText('Page 4 of 12')).toBeInTheDocument();
    await userEvent.click(btn('Last page'));
    expect(screen.getByText('Page 12 of 12')).toBeInTheDocument();
    await userEvent.click(btn('Previous page'));
    expect(screen.getByText('Page 11 of 12')).toBeInTheDocument();
    await userEvent.click(btn('First page'));
    expect(screen.getByText('Page 1 of 12')).toBeInTheDocument();
    expect(onPageChange.mock.calls.map((c) => c[0] as number)).toEqual([4, 12, 11, 1]);
  });

  it('given the first page, then first/previous are unavailable but stay focusable, and do nothing', async () => {
    const onPageChange = vi.fn();
    render(<Pagination pageCount={5} onPageChange={onPageChange} />);
    expect(btn('First page')).toHaveAttribute('aria-disabled', 'true');
    expect(btn('Previous page')).toHaveAttribute('aria-disabled', 'true');
    expect(btn('Next page')).not.toHaveAttribute('aria-disabled');
    await userEvent.click(btn('Previous page'));
    expect(onPageChange).not.toHaveBeenCalled();
    expect(btn('Previous page')).toHaveFocus();
    expect(screen.getByText('Page 1 of 5')).toBeInTheDocument();
  });

  it('given focus on a button, when arrows, Home and End are pressed, then the page follows and focus stays', async () => {
    render(<Pagination defaultPage={5} pageCount={9} />);
    btn('Next page').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByText('Page 6 of 9')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByText('Page 4 of 9')).toBeInTheDocument();
    await userEvent.keyboard('{End}');
    expect(screen.getByText('Page 9 of 9')).toBeInTheDocument();
    expect(btn('Next page')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByText('Page 1 of 9')).toBeInTheDocument();
  });

  it('given a count that is a lower bound, then it says "or more" and the last button names the last page counted', async () => {
    const onPageChange = vi.fn();
    render(<Pagination total={1000} pageSize={25} atLeast onPageChange={onPageChange} />);
    expect(screen.getByRole('navigation')).toHaveTextContent('Page 1 of 40 or more');
    await userEvent.click(btn('Last page counted'));
    expect(onPageChange).toHaveBeenCalledWith(40);
  });

  it('given total and pageSize, then the page count is computed', () => {
    expect(pageCountOf(230, 25)).toBe(10);
    expect(pageCountOf(0, 25)).toBe(1);
    render(<Pagination total={51} pageSize={25} />);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('given a controlled page, then the owner decides; an out-of-range page is clamped', async () => {
    const onPageChange = vi.fn();
    const { rerender } = render(<Pagination page={2} pageCount={4} onPageChange={onPageChange} />);
    await userEvent.click(btn('Next page'));
    expect(onPageChange).toHaveBeenCalledWith(3);
    expect(screen.getByText('Page 2 of 4')).toBeInTheDocument();
    rerender(<Pagination page={9} pageCount={4} onPageChange={onPageChange} />);
    expect(screen.getByText('Page 4 of 4')).toBeInTheDocument();
  });

  it('given a ref, className and label, then it forwards them', () => {
    const ref = createRef<HTMLElement>();
    render(<Pagination ref={ref} className="extra" pageCount={2} label="Invoice pages" />);
    expect(ref.current).toHaveClass('extra');
    expect(screen.getByRole('navigation', { name: 'Invoice pages' })).toBe(ref.current);
  });

  it('has no axe violations', async () => {
    const { container } = render(<Pagination defaultPage={3} pageCount={12} />);
    await expect(container).toHaveNoAxeViolations();
  });
});
