import type { Meta, StoryObj } from '@storybook/react-vite';
import { BellOff } from 'lucide-react';
import { EmptyState } from './EmptyState';

const meta = {
  title: 'Design system/EmptyState/Features',
  component: EmptyState,
  args: { title: '' },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Compact, inside a panel: title only with a muted icon (the notifications panel). */
export const TitleOnly: Story = { args: { icon: <BellOff />, title: 'No notifications', headingLevel: 3 } };

/** A long description is kept to a readable measure. */
export const LongDescription: Story = {
  args: {
    title: 'No invoices this month',
    description:
      'Invoices appear here once a session is marked as attended. You can also create one by hand for products, late cancellations or anything else you charge for.',
  },
};
