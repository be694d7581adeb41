import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './Button';

describe('Button', () => {
  it('given a click, when pressed, then calls onClick once', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('given a ref and className, then forwards both and defaults to type="button"', () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <Button ref={ref} className="extra">
        Save
      </Button>,
    );
    expect(ref.current).toBeInstanceOf(HTMLButtonElement);
    expect(ref.current?.className).toContain('extra');
    expect(ref.current?.type).toBe('button');
    expect(ref.current?.dataset.variant).toBe('primary');
  });

  it('given a variant and size, then they are exposed as data attributes', () => {
    render(
      <Button variant="danger" size="sm">
        Delete
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).toHaveAttribute('data-variant', 'danger');
    expect(button).toHaveAttribute('data-size', 'sm');
  });

  it('given loading, when clicked, then it is busy, disabled and does not call onClick', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Save note
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save note' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('data-state', 'loading');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('given icons, then they are hidden from the accessible name', () => {
    render(
      <Button iconStart={<svg data-testid="start" />} iconEnd={<svg data-testid="end" />}>
        Export
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.getByTestId('start').parentElement).toHaveAttribute('aria-hidden', 'true');
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <>
        <Button>Save</Button>
        <Button variant="secondary">Cancel</Button>
        <Button variant="ghost">More</Button>
        <Button variant="danger" loading>
          Delete
        </Button>
      </>,
    );
    await expect(container).toHaveNoAxeViolations();
  });
});
