import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { Card } from './Card';

describe('Card', () => {
  it('given parts, then it renders a heading and the body in order', () => {
    render(
      <Card>
        <Card.Header>
          <Card.Title>Clients</Card.Title>
        </Card.Header>
        <Card.Body>42 active</Card.Body>
        <Card.Footer>Updated today</Card.Footer>
      </Card>,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Clients' })).toBeInTheDocument();
    expect(screen.getByText('42 active')).toBeInTheDocument();
  });

  it('given asChild with a link, then the whole card is one focusable link', async () => {
    render(
      <Card asChild className="extra">
        <a href="/Clients/12">
          <Card.Title as="h2">Jane Doe</Card.Title>
          <Card.Body>Next session Tuesday</Card.Body>
        </a>
      </Card>,
    );
    const link = screen.getByRole('link', { name: /Jane Doe/ });
    expect(link).toHaveAttribute('href', '/Clients/12');
    expect(link).toHaveClass('extra');
    expect(link).toHaveAttribute('data-interactive');
    await userEvent.tab();
    expect(link).toHaveFocus();
  });

  it('given refs and classNames, then every part forwards them', () => {
    const root = createRef<HTMLDivElement>();
    const title = createRef<HTMLHeadingElement>();
    const body = createRef<HTMLDivElement>();
    render(
      <Card ref={root} className="r">
        <Card.Title ref={title} className="t">
          T
        </Card.Title>
        <Card.Body ref={body} className="b">
          B
        </Card.Body>
      </Card>,
    );
    expect(root.current).toHaveClass('r');
    expect(title.current).toHaveClass('t');
    expect(body.current).toHaveClass('b');
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <Card>
        <Card.Header>
          <Card.Title>Clients</Card.Title>
        </Card.Header>
        <Card.Body>42 active</Card.Body>
      </Card>,
    );
    await expect(container).toHaveNoAxeViolations();
  });
});
