import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Card } from './Card';

interface CardDemoProps {
  title: string;
  body: string;
  withFooter: boolean;
  asLink: boolean;
}

function CardDemo({ title, body, withFooter, asLink }: CardDemoProps) {
  const content = (
    <>
      <Card.Header>
        <Card.Title>{title}</Card.Title>
      </Card.Header>
      <Card.Body>{body}</Card.Body>
      {withFooter && <Card.Footer>Updated today</Card.Footer>}
    </>
  );
  return (
    <div style={{ maxWidth: '22rem' }}>
      {asLink ? (
        <Card asChild>
          <a href="#appointments">{content}</a>
        </Card>
      ) : (
        <Card>{content}</Card>
      )}
    </div>
  );
}

const meta = {
  title: 'Design system/Card',
  component: CardDemo,
  args: {
    title: 'Upcoming appointments',
    body: '4 sessions today, the next at 10:00.',
    withFooter: true,
    asLink: false,
  },
} satisfies Meta<typeof CardDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { level: 3, name: 'Upcoming appointments' }),
    ).toBeInTheDocument();
  },
};

/** The whole card is one link (Tab reaches it once; Enter follows it). */
export const LinkCard: Story = {
  args: { asLink: true, withFooter: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link')).toHaveAttribute('href', '#appointments');
  },
};
