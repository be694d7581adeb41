import { createMockClient } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { useModal } from '../../host/context';
import { ModalTestRoot } from '../../test/renderWithModals';
import type { ModalPropsMap } from '../../types';
import { documentHandlers } from '../UploadDocument/documentMocks';

const client = createMockClient({ latency: 150, handlers: documentHandlers() });

function Opener(props: ModalPropsMap['upload-document-template']) {
  const modal = useModal();
  return <Button onClick={() => modal.open('upload-document-template', props)}>Open</Button>;
}

function UploadTemplateDemo(props: ModalPropsMap['upload-document-template']) {
  return (
    <ModalTestRoot client={client}>
      <Opener {...props} />
    </ModalTestRoot>
  );
}

const meta = {
  title: 'Modals/UploadDocumentTemplate',
  component: UploadTemplateDemo,
  args: { defaults: { category: 'Consent' } },
} satisfies Meta<typeof UploadTemplateDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A consent form uploaded as a practice template: "Template uploaded." */
export const Upload: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open' }));
    const dialog = await body.findByRole('dialog', { name: 'Upload a document template' });
    await waitFor(() => expect(dialog).toBeVisible());
    const input = canvasElement.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['%PDF-1.7'], 'Photography consent.pdf', { type: 'application/pdf' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload template' }));
    await expect(await body.findByText('Template uploaded.')).toBeVisible();
  },
};
