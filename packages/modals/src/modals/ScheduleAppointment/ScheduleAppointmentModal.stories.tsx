import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { SESSION_CLIENT_ID } from '../SelectSession/sessionFixtures';
import { SessionModalDemo } from '../SelectSession/sessionTesting';
import { SESSION_SCHEDULED } from './ScheduleAppointmentModal';

function Demo({ latency }: { latency: number }) {
  return (
    <SessionModalDemo
      type="schedule-appointment"
      props={{ kind: 'session', defaults: { clientId: SESSION_CLIENT_ID, date: '2026-03-02', start: '10:00' } }}
      label="Schedule a session…"
      latency={latency}
    />
  );
}

const meta = {
  title: 'Modals/Schedule appointment',
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
    await userEvent.click(canvas.getByRole('button', { name: 'Schedule a session…' }));
    const dialog = within(await body.findByRole('dialog', { name: 'Schedule a session' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Schedule' }));
    await expect(await canvas.findByText(SESSION_SCHEDULED)).toBeInTheDocument();
  },
};

/** A slow server: the loading and busy states. */
export const Slow: Story = { args: { latency: 800 } };
