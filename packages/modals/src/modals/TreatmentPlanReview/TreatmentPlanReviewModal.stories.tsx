import { createMockClient } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { useModal } from '../../host/context';
import { ModalTestRoot } from '../../test/renderWithModals';
import { PLAN_CLIENT_ID, PLAN_V2, treatmentPlanHandlers } from '../TreatmentPlan/fixtures';
import { TREATMENT_PLAN_REVIEW_RECORDED } from './TreatmentPlanReviewModal';

function Opener() {
  const modal = useModal();
  return (
    <Button
      onClick={() => modal.open('treatment-plan-review', { clientId: PLAN_CLIENT_ID, treatmentPlanId: PLAN_V2.id })}
    >
      Record review…
    </Button>
  );
}

/** The treatment-plan-review modal at the app root, saving through the mock API client. */
function Demo({ latency }: { latency: number }) {
  const [client] = useState(() => createMockClient({ latency, handlers: treatmentPlanHandlers() }));
  return (
    <ModalTestRoot client={client}>
      <Opener />
    </ModalTestRoot>
  );
}

const meta = {
  title: 'Modals/Treatment plan review',
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
    await userEvent.click(canvas.getByRole('button', { name: 'Record review…' }));
    const dialog = within(await body.findByRole('dialog', { name: 'Review treatment plan' }));
    await userEvent.type(await dialog.findByRole('textbox', { name: 'Comment on goal 1' }), 'Fewer attacks');
    await userEvent.click(dialog.getByRole('button', { name: 'Record review' }));
    await expect(await canvas.findByText(TREATMENT_PLAN_REVIEW_RECORDED)).toBeInTheDocument();
  },
};

/** A slow server: the busy state while loading and saving. */
export const Slow: Story = { args: { latency: 800 } };
