import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { Avatar, initialsOf } from './Avatar';

describe('Avatar', () => {
  it('given names, then initials use the first and last word', () => {
    expect(initialsOf('Jane Mary Doe')).toBe('JD');
    expect(initialsOf('cher')).toBe('C');
    expect(initialsOf('  ')).toBe('?');
  });

  it('given no image, then the initials show, named after the person', () => {
    render(<Avatar name="Jane Doe" />);
    expect(screen.getByRole('img', { name: 'Jane Doe' })).toHaveTextContent('JD');
  });

  it('given an image that has not loaded, then the initials show after a short delay', async () => {
    render(<Avatar name="Sam Okafor" src="/missing.png" />);
    expect(await screen.findByRole('img', { name: 'Sam Okafor' })).toHaveTextContent('SO');
  });

  it('given a blank name, then it shows "?" and reads "Unknown person"', () => {
    render(<Avatar name="  " />);
    expect(screen.getByRole('img', { name: 'Unknown person' })).toHaveTextContent('?');
  });

  it('given a ref, className and size, then it forwards them', () => {
    const ref = createRef<HTMLSpanElement>();
    render(<Avatar ref={ref} className="extra" name="Jane Doe" size="lg" />);
    expect(ref.current).toHaveClass('extra');
    expect(ref.current).toHaveAttribute('data-size', 'lg');
  });

  it('has no axe violations', async () => {
    const { container } = render(<Avatar name="Jane Doe" />);
    await expect(container).toHaveNoAxeViolations();
  });
});
