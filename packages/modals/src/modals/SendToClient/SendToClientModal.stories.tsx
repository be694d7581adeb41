import { createMockClient } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { useModal } from '../../host/context';
import { ModalTestRoot } from '../../test/renderWithModals';
import type { ModalPropsMap } from '../../types';
import { documentHandlers, mockDocument } from '../UploadDocument/documentMocks';

const client = createMockClient({
  latency: 150,
  handlers: documentHandlers([mockDocument(), mockDocument({ id: 32, name: 'GP letter' })]),
});

function Opener(props: ModalPropsMap['send-to-client']) {
  const modal = useModal();
  return <Button onClick={() => modal.open('send-to-client', props)}>Open</Button>;
}

function SendToClientDemo(props: ModalPropsMap['send-to-client']) {
  return (
    <ModalTestRoot client={client}>
      <Opener {...props} />
    </ModalTestRoot>
  );
}

/** Opens the modal and waits for its fade-in. */
async function openDialog(canvasElement: HTMLElement) {
  const body = within(canvasElement.ownerDocument.body);
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open' }));
  const dialog = await body.findByRole('dialog', { name: 'Send to client' });
  await waitFor(() => expect(dialog).toBeVisible());
  return { body, dialog };
}

const meta = {
  title: 'Modals/SendToClient',
  component: SendToClientDemo,
  args: { clientId: 7, item: { kind: 'document', id: 31 }, itemName: 'Consent form' },
} satisfies Meta<typeof SendToClientDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A document e-mailed to the client: "Item successfully shared with the client." */
export const ByEmail: Story = {
  play: async ({ canvasElement }) => {
    const { body, dialog } = await openDialog(canvasElement);
    await userEvent.click(within(dialog).getByRole('radio', { name: /E-mail/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await expect(await body.findByText('Item successfully shared with the client.')).toBeVisible();
  },
};

/** Opened without an item: the client's documents are offered. */
export const ChooseDocument: Story = {
  args: { item: undefined, itemName: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await openDialog(canvasElement);
    await expect(await within(dialog).findByRole('combobox', { name: /^Document/ })).toBeVisible();
  },
};

/** Opened without an item, a measure chosen: it is e-mailed with a single-use link to complete it. */
export const ChooseMeasure: Story = {
  args: { item: undefined, itemName: undefined },
  play: async ({ canvasElement }) => {
    const { body, dialog } = await openDialog(canvasElement);
    await userEvent.click(within(dialog).getByRole('radio', { name: /A measure/ }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Measure/ }));
    await userEvent.click(await body.findByRole('option', { name: /PHQ-9/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await expect(await body.findByText('Item successfully shared with the client.')).toBeVisible();
  },
};
