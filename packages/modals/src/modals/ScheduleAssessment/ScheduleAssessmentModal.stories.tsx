import { createMockClient } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { useModal } from '../../host/context';
import { ModalTestRoot } from '../../test/renderWithModals';
import type { ModalPropsMap } from '../../types';

/** A date inside the form's range (today onwards), whatever day the test runs. */
const START = new Date(Date.now() + 180 * 86_400_000).toISOString().slice(0, 10);

const client = createMockClient({
  latency: 150,
  handlers: {
    createAssessmentSchedule: ({ body }) => ({
      id: 3,
      client_id: 7,
      measure: body.measure,
      start_date: body.start_date,
      repeat_every_weeks: body.repeat_every_weeks,
      next_send_on: body.start_date,
      last_sent_at: null,
      active: true,
      send_to: body.email ?? null,
      created_at: '2026-01-15T09:00:00.000Z',
    }),
    sendMeasureLink: () => ({
      detail: 'Item successfully shared with the client.',
      sent_to: 'jane@client.example',
      expires_at: '2026-01-22T09:00:00.000Z',
    }),
  },
});

function Opener(props: ModalPropsMap['schedule-assessment']) {
  const modal = useModal();
  return <Button onClick={() => modal.open('schedule-assessment', props)}>Open</Button>;
}

function ScheduleDemo(props: ModalPropsMap['schedule-assessment']) {
  return (
    <ModalTestRoot client={client}>
      <Opener {...props} />
    </ModalTestRoot>
  );
}

const meta = {
  title: 'Modals/ScheduleAssessment',
  component: ScheduleDemo,
  args: { clientId: 7, clientEmail: 'jane@client.example', defaults: { startDate: START } },
} satisfies Meta<typeof ScheduleDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A PHQ-9 every two weeks from a start date. */
export const Schedule: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open' }));
    const dialog = await body.findByRole('dialog', { name: 'Schedule a measure' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await expect(await body.findByText('Assessment schedule created.')).toBeInTheDocument();
  },
};

/** Sending a link now. */
export const SendNow: Story = {
  args: { mode: 'now' },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open' }));
    await expect(await body.findByRole('dialog', { name: 'Send a measure' })).toBeInTheDocument();
  },
};
