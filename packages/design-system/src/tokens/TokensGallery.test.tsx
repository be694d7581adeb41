import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ColorTokens, ContrastTokens, OtherTokens, ShapeTokens, SpaceTokens, TypeTokens } from './TokensGallery';

describe('TokensGallery', () => {
  it('given the contrast table, then every pair shows a ratio for both themes and none fails', () => {
    const { container } = render(<ContrastTokens />);
    expect(screen.getAllByText(/^\d+\.\d\d:1$/).length).toBeGreaterThan(40);
    expect(container.querySelectorAll('[data-pass="false"]')).toHaveLength(0);
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <main>
        <ColorTokens />
        <SpaceTokens />
        <TypeTokens />
        <ShapeTokens />
        <OtherTokens />
      </main>,
    );
    expect(screen.getByText('breakpoints.sidebar')).toBeInTheDocument();
    await expect(container).toHaveNoAxeViolations();
  });
});
