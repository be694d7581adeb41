import { createMockClient } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { useModal } from '../../host/context';
import { ModalTestRoot } from '../../test/renderWithModals';
import { RISK_CLIENT_ID, riskHandlers } from '../RiskItem/fixtures';
import { SAFETY_PLAN_UPDATED } from './SafetyPlanModal';

function Opener() {
  const modal = useModal();
  return <Button onClick={() => modal.open('safety-plan', { clientId: RISK_CLIENT_ID })}>Safety plan…</Button>;
}

/** The safety-plan modal at the app root, saving through the mock API client. */
function Demo({ latency }: { latency: number }) {
  const [client] = useState(() => createMockClient({ latency, handlers: riskHandlers() }));
  return (
    <ModalTestRoot client={client}>
      <Opener />
    </ModalTestRoot>
  );
}

const meta = {
  title: 'Modals/Safety plan',
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
    await userEvent.click(canvas.getByRole('button', { name: 'Safety plan…' }));
    const dialog = within(await body.findByRole('dialog', { name: 'Safety plan' }));
    await userEvent.click(await dialog.findByRole('button', { name: 'Add coping strategy' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Coping strategy 2' }), 'Cold water on face');
    await userEvent.click(dialog.getByRole('button', { name: 'Save safety plan' }));
    await expect(await canvas.findByText(SAFETY_PLAN_UPDATED)).toBeInTheDocument();
  },
};

/** A slow server: the busy state while loading and saving. */
export const Slow: Story = { args: { latency: 800 } };
