import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Link } from './Link';

const meta = {
  title: 'Design system/Link',
  component: Link,
  args: { href: '#clients', children: 'View all clients', variant: 'inline', external: false },
  argTypes: { variant: { control: 'inline-radio', options: ['inline', 'standalone'] } },
} satisfies Meta<typeof Link>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Inline: Story = {
  render: (args) => (
    <p>
      Reminders go out a day before. <Link {...args} />
    </p>
  ),
};

export const Standalone: Story = { args: { variant: 'standalone' } };

/** Opens in a new tab with `rel="noopener noreferrer"`, an icon, and "(opens in a new tab)" for screen readers. */
export const External: Story = {
  args: { href: 'https://example.org', children: 'Help centre', external: true },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Help centre (opens in a new tab)' });
    await expect(link).toHaveAttribute('target', '_blank');
  },
};

/** With a router: `<Link asChild><RouterLink to="/Clients">Clients</RouterLink></Link>` (a plain anchor stands in here). */
export const AsChild: Story = {
  render: () => (
    <Link asChild>
      <a href="#/Clients" data-router-link="">
        Clients
      </a>
    </Link>
  ),
};
