import type { Meta, StoryObj } from '@storybook/react-vite';
import { Spinner } from './Spinner';

const meta = {
  title: 'Design system/Spinner/Features',
  component: Spinner,
} satisfies Meta<typeof Spinner>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Inside a busy region: the region says it is busy, the spinner says what is loading. */
export const InBusyRegion: Story = {
  render: () => (
    <section aria-busy="true" aria-label="Invoices">
      <Spinner label="Loading invoices" showLabel />
    </section>
  ),
};

/** Without a label it still says "Loading". */
export const DefaultLabel: Story = {};
