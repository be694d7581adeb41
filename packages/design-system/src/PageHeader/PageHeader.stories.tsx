import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from '../Button';
import { PageHeader } from './PageHeader';

const meta = {
  title: 'Layout/PageHeader',
  component: PageHeader,
  args: {
    title: 'Clients',
    description: 'Everyone you work with, their sessions, notes and invoices.',
  },
  argTypes: {
    title: { control: 'text' },
    description: { control: 'text' },
  },
} satisfies Meta<typeof PageHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  },
};

export const WithActions: Story = {
  args: { actions: <Button>Add client</Button> },
};

export const WithBreadcrumbs: Story = {
  args: {
    title: 'Practice',
    description: 'Your practice name, address and time zone.',
    breadcrumbs: [{ label: 'Settings', href: '/Settings/Profile-security' }, { label: 'Practice' }],
  },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Breadcrumb' });
    await expect(within(nav).getByText('Practice')).toHaveAttribute('aria-current', 'page');
  },
};
