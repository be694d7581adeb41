import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { SessionModalDemo } from '../SelectSession/sessionTesting';
import { ATTENDANCE_UPDATED } from './MarkAttendanceSessionModal';

function Demo({ latency }: { latency: number }) {
  return (
    <SessionModalDemo
      type="mark-attendance-session"
      props={{ sessionId: 103 }}
      label="Mark attendance…"
      latency={latency}
    />
  );
}

const meta = {
  title: 'Modals/Mark attendance session',
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
    await userEvent.click(canvas.getByRole('button', { name: 'Mark attendance…' }));
    // A loading state first, then the form.
    await userEvent.click(await body.findByRole('radio', { name: /Did not attend/ }, { timeout: 5000 }));
    const dialog = within(body.getByRole('dialog', { name: 'Mark attendance' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: /Charge the fee/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save attendance' }));
    await expect(await canvas.findByText(ATTENDANCE_UPDATED)).toBeInTheDocument();
  },
};

/** A slow server: the loading and busy states. */
export const Slow: Story = { args: { latency: 800 } };
