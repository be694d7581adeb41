import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Sparkline } from './Sparkline';

describe('Sparkline', () => {
  it('given scores, then is an image named by its label and the values, latest last', () => {
    render(<Sparkline label="PHQ-9 scores" values={[18, 14, 11]} min={0} max={27} />);
    expect(screen.getByRole('img', { name: 'PHQ-9 scores: 18, 14, 11 (latest 11)' })).toBeInTheDocument();
  });

  it('given a range, then draws each value at its height in it and marks the latest with a dot', () => {
    const { container } = render(
      <Sparkline label="Scores" values={[0, 27]} min={0} max={27} width={100} height={30} reference={10} />,
    );
    const points = container.querySelector('polyline')?.getAttribute('points');
    // 3 px of padding: 0 sits at the bottom (y 27), 27 at the top (y 3).
    expect(points).toBe('3.0,27.0 97.0,3.0');
    const dot = container.querySelector('circle');
    expect([dot?.getAttribute('cx'), dot?.getAttribute('cy')]).toEqual(['97', '3']);
    expect(container.querySelector('line')).toHaveAttribute('y1', String(3 + (1 - 10 / 27) * 24));
  });

  it('given one value, then draws only its dot, centred; given none, then says so', () => {
    const { container, rerender } = render(<Sparkline label="Scores" values={[7]} width={50} />);
    expect(container.querySelector('polyline')).toBeNull();
    expect(container.querySelector('circle')).toHaveAttribute('cx', '25');
    rerender(<Sparkline label="Scores" values={[]} />);
    expect(screen.getByRole('img', { name: 'Scores: none yet' })).toBeInTheDocument();
  });

  it('has no axe violations', async () => {
    const { container } = render(<Sparkline label="GAD-7 scores" values={[15, 12, 9]} min={0} max={21} />);
    await expect(container).toHaveNoAxeViolations();
  });
});
