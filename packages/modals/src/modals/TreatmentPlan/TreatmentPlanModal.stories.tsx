import { createMockClient } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { useModal } from '../../host/context';
import { ModalTestRoot } from '../../test/renderWithModals';
import { PLAN_CLIENT_ID, treatmentPlanHandlers } from './fixtures';
import { TREATMENT_PLAN_CREATED } from './TreatmentPlanModal';

function Opener() {
  const modal = useModal();
  return (
    <Button onClick={() => modal.open('treatment-plan', { clientId: PLAN_CLIENT_ID })}>New treatment plan…</Button>
  );
}

/** The treatment-plan modal at the app root, saving through the mock API client. */
function Demo({ latency }: { latency: number }) {
  const [client] = useState(() => createMockClient({ latency, handlers: treatmentPlanHandlers() }));
  return (
    <ModalTestRoot client={client}>
      <Opener />
    </ModalTestRoot>
  );
}

const meta = {
  title: 'Modals/Treatment plan',
  component: Demo,
  args: { latency: 0 },
  render: (args) => <Demo key={args.latency} {...args} />,
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opens, fills in and saves; the SPEC.md §8 message shows as a success banner. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'New treatment plan…' }));
    const dialog = within(await body.findByRole('dialog', { name: 'New treatment plan' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Title' }), 'Low mood and sleep');
    await userEvent.type(dialog.getByRole('textbox', { name: /Goal 1: description/ }), 'Sleep 7 hours a night');
    await userEvent.click(dialog.getByRole('button', { name: 'Add objective' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Objective 1' }), 'No screens after 22:00');
    await userEvent.click(dialog.getByRole('button', { name: 'Create plan' }));
    await expect(await canvas.findByText(TREATMENT_PLAN_CREATED)).toBeInTheDocument();
  },
};

/** A slow server: the busy state while loading and saving. */
export const Slow: Story = { args: { latency: 800 } };
