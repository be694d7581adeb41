import { createMockClient } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { useModal } from '../../host/context';
import { ModalTestRoot } from '../../test/renderWithModals';
import type { ModalPropsMap } from '../../types';
import { documentHandlers } from '../UploadDocument/documentMocks';

const client = createMockClient({ latency: 150, handlers: documentHandlers() });

function Opener(props: ModalPropsMap['request-e-signature']) {
  const modal = useModal();
  return <Button onClick={() => modal.open('request-e-signature', props)}>Open</Button>;
}

function RequestSignatureDemo(props: ModalPropsMap['request-e-signature']) {
  return (
    <ModalTestRoot client={client}>
      <Opener {...props} />
    </ModalTestRoot>
  );
}

const meta = {
  title: 'Modals/RequestESignature',
  component: RequestSignatureDemo,
  args: {
    documentId: 31,
    documentName: 'Consent form',
    defaults: { signerName: 'Jane Doe', signerEmail: 'jane@client.example' },
  },
} satisfies Meta<typeof RequestSignatureDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The client asked to sign, with a message: "Signature request sent." */
export const Request: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open' }));
    const dialog = await body.findByRole('dialog', { name: 'Request an e-signature' });
    await waitFor(() => expect(dialog).toBeVisible());
    await userEvent.type(within(dialog).getByLabelText(/^Message/), 'Please sign before our first session.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await expect(await body.findByText('Signature request sent.')).toBeVisible();
  },
};
