import { createMockClient } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { useModal } from '../../host/context';
import { ModalTestRoot } from '../../test/renderWithModals';
import { PLAN_CLIENT_ID, PLAN_V2, treatmentPlanHandlers } from '../TreatmentPlan/fixtures';
import { TREATMENT_PLAN_GOAL_UPDATED } from './TreatmentPlanGoalModal';

function Opener() {
  const modal = useModal();
  return (
    <Button
      onClick={() =>
        modal.open('treatment-plan-goal', { clientId: PLAN_CLIENT_ID, treatmentPlanId: PLAN_V2.id, id: 202 })
      }
    >
      Edit goal…
    </Button>
  );
}

/** The treatment-plan-goal modal at the app root, saving through the mock API client. */
function Demo({ latency }: { latency: number }) {
  const [client] = useState(() => createMockClient({ latency, handlers: treatmentPlanHandlers() }));
  return (
    <ModalTestRoot client={client}>
      <Opener />
    </ModalTestRoot>
  );
}

const meta = {
  title: 'Modals/Treatment plan goal',
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
    await userEvent.click(canvas.getByRole('button', { name: 'Edit goal…' }));
    const dialog = within(await body.findByRole('dialog', { name: 'Edit goal' }));
    await userEvent.click(await dialog.findByRole('button', { name: 'Add objective' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Objective 2' }), 'Two stops alone');
    await userEvent.click(dialog.getByRole('button', { name: 'Save goal' }));
    await expect(await canvas.findByText(TREATMENT_PLAN_GOAL_UPDATED)).toBeInTheDocument();
  },
};

/** A slow server: the busy state while loading and saving. */
export const Slow: Story = { args: { latency: 800 } };
