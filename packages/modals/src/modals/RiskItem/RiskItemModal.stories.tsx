import { createMockClient } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { useModal } from '../../host/context';
import { ModalTestRoot } from '../../test/renderWithModals';
import { RISK_CLIENT_ID, riskHandlers } from './fixtures';
import { RISK_ITEM_CREATED } from './RiskItemModal';

function Opener() {
  const modal = useModal();
  return <Button onClick={() => modal.open('risk-item', { clientId: RISK_CLIENT_ID })}>Add risk item…</Button>;
}

/** The risk-item modal at the app root, saving through the mock API client. */
function Demo({ latency }: { latency: number }) {
  const [client] = useState(() => createMockClient({ latency, handlers: riskHandlers() }));
  return (
    <ModalTestRoot client={client}>
      <Opener />
    </ModalTestRoot>
  );
}

const meta = {
  title: 'Modals/Risk item',
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
    await userEvent.click(canvas.getByRole('button', { name: 'Add risk item…' }));
    const dialog = within(await body.findByRole('dialog', { name: 'Add risk item' }));
    await userEvent.click(dialog.getByRole('radio', { name: 'High' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /Description/ }), 'Said they had a plan');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Action taken' }), 'Crisis team called');
    await userEvent.click(dialog.getByRole('button', { name: 'Add risk item' }));
    await expect(await canvas.findByText(RISK_ITEM_CREATED)).toBeInTheDocument();
  },
};

/** A slow server: the busy state while loading and saving. */
export const Slow: Story = { args: { latency: 800 } };
