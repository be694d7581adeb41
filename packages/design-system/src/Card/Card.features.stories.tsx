import type { Meta, StoryObj } from '@storybook/react-vite';
import { Card } from './Card';

const meta = {
  title: 'Design system/Card/Features',
  component: Card,
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Header with an action button beside the title. */
export const HeaderAction: Story = {
  render: () => (
    <Card style={{ maxWidth: '24rem' }}>
      <Card.Header>
        <Card.Title as="h2">Outstanding invoices</Card.Title>
        <button type="button">View all</button>
      </Card.Header>
      <Card.Body>£1,240.00 across 6 invoices.</Card.Body>
    </Card>
  ),
};

/** Cards in a grid stretch to equal height. */
export const Grid: Story = {
  render: () => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: '1rem' }}>
      {['Clients', 'Sessions this week', 'Unpaid'].map((t, i) => (
        <Card key={t}>
          <Card.Header>
            <Card.Title>{t}</Card.Title>
          </Card.Header>
          <Card.Body>{i === 1 ? 'A longer text that wraps onto several lines in a narrow card.' : '12'}</Card.Body>
        </Card>
      ))}
    </div>
  ),
};
