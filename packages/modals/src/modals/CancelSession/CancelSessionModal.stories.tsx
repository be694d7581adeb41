import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { SessionModalDemo } from '../SelectSession/sessionTesting';
import { SESSION_CANCELLED } from './CancelSessionModal';

function Demo({ latency }: { latency: number }) {
  return (
    <SessionModalDemo type="cancel-session" props={{ sessionId: 103 }} label="Cancel session…" latency={latency} />
  );
}

const meta = {
  title: 'Modals/Cancel session',
  component: Demo,
  args: { latency: 0 },
  render: (args) => <Demo key={args.latency} {...args} />,
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel session…' }));
    // A loading state first, then the form.
    const reason = await body.findByRole('textbox', { name: /Reason/ }, { timeout: 5000 });
    const dialog = within(body.getByRole('dialog', { name: 'Cancel session' }));
    await userEvent.type(reason, 'Unwell');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel session' }));
    await expect(await canvas.findByText(SESSION_CANCELLED)).toBeInTheDocument();
  },
};

/** A slow server: the loading and busy states. */
export const Slow: Story = { args: { latency: 800 } };
