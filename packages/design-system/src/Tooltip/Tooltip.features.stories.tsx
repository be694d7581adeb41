import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent } from 'storybook/test';
import { Tooltip } from './Tooltip';

const meta = {
  title: 'Design system/Tooltip/Features',
  component: Tooltip,
  args: { content: '', children: <span /> },
} satisfies Meta<typeof Tooltip>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Outside any provider a tooltip still works (it makes its own). */
export const WithoutProvider: Story = {
  render: () => (
    <Tooltip content="Export as CSV" delayDuration={0}>
      <button type="button">Export</button>
    </Tooltip>
  ),
  play: async () => {
    await userEvent.tab();
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('Export as CSV');
  },
};

/** A long text wraps inside the maximum width. */
export const LongContent: Story = {
  render: () => (
    <div style={{ padding: '4rem' }}>
      <Tooltip
        open
        content="Sessions marked as did-not-attend are billed according to your practice's cancellation policy."
      >
        <button type="button">DNA</button>
      </Tooltip>
    </div>
  ),
};
