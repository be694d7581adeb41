import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button';
import { PageHeader } from './PageHeader';

const meta = {
  title: 'Layout/PageHeader/Features',
  component: PageHeader,
  args: { title: 'Clients' },
} satisfies Meta<typeof PageHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A long title wraps and pushes the actions below it on a narrow screen. */
export const LongTitle: Story = {
  args: {
    title: 'Treatment plan review for a client with a very long name that will not fit on one line',
    description: 'Reviewed every 12 weeks.',
    actions: (
      <>
        <Button>Save review</Button>
        <Button>Print</Button>
      </>
    ),
  },
};

/** Only a title: no description, actions or breadcrumbs. */
export const TitleOnly: Story = {};
