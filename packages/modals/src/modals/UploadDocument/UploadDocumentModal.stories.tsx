import { createMockClient } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { useModal } from '../../host/context';
import { ModalTestRoot } from '../../test/renderWithModals';
import type { ModalPropsMap } from '../../types';
import { documentHandlers, mockDocument } from './documentMocks';

const client = createMockClient({
  latency: 150,
  handlers: documentHandlers([mockDocument({ tags: ['Consent', 'Letters'] })]),
});

function Opener(props: ModalPropsMap['upload-document']) {
  const modal = useModal();
  return <Button onClick={() => modal.open('upload-document', props)}>Open</Button>;
}

function UploadDocumentDemo(props: ModalPropsMap['upload-document']) {
  return (
    <ModalTestRoot client={client}>
      <Opener {...props} />
    </ModalTestRoot>
  );
}

const meta = {
  title: 'Modals/UploadDocument',
  component: UploadDocumentDemo,
  args: { clientId: 7 },
} satisfies Meta<typeof UploadDocumentDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A PDF dropped, named, tagged with a tag the client already uses, then uploaded: "Document uploaded." */
export const Upload: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open' }));
    const dialog = await body.findByRole('dialog', { name: 'Upload documents' });
    await waitFor(() => expect(dialog).toBeVisible());
    const input = canvasElement.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['%PDF-1.7 consent'], 'Consent form.pdf', { type: 'application/pdf' }));
    await expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Consent form');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Add tag Letters' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload document' }));
    await expect(await body.findByText('Document uploaded.')).toBeVisible();
  },
};

/** Nothing chosen yet: submitting asks for a file. */
export const NoFile: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open' }));
    const dialog = await body.findByRole('dialog', { name: 'Upload documents' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload document' }));
    await expect(await within(dialog).findByText('Choose at least one file to upload.')).toBeVisible();
  },
};
