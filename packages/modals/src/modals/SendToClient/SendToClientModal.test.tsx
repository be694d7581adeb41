import { createMockClient } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useModal } from '../../host/context';
import { renderWithModals } from '../../test/renderWithModals';
import type { ModalPropsMap } from '../../types';
import { documentHandlers, mockDocument } from '../UploadDocument/documentMocks';
import { ITEM_SHARED_MESSAGE, type FormTemplate } from '@halcyon/api/contract';

vi.setConfig({ testTimeout: 15_000 });

const DEFINITION = {
  sections: [
    {
      key: 'about',
      title: 'About you',
      description: '',
      fields: [
        { key: 'hopes', type: 'text', label: 'Your hopes', helpText: '', required: true, options: [], scale: null },
      ],
    },
  ],
} as const satisfies FormTemplate['definition'];
const template = (over: Partial<FormTemplate>): FormTemplate => ({
  id: null,
  builtIn: true,
  overridden: false,
  name: 'Consent to therapy',
  description: '',
  templateCategory: 'consent',
  usageContext: 'onboarding',
  definition: DEFINITION,
  version: 0,
  updatedAt: null,
  ...over,
});
/** The library: the practice's own intake form (which replaces the built-in one before the first session), built-ins. */
const FORMS: FormTemplate[] = [
  template({
    id: 5,
    builtIn: false,
    name: 'Getting to know you',
    templateCategory: 'intake',
    usageContext: 'before-first-session',
    version: 1,
  }),
  template({}),
  template({
    name: 'Intake questionnaire',
    templateCategory: 'intake',
    usageContext: 'before-first-session',
    overridden: true,
  }),
];

function Opener(props: ModalPropsMap['send-to-client']) {
  const modal = useModal();
  return <Button onClick={() => modal.open('send-to-client', props)}>Share</Button>;
}

async function open(props: Omit<ModalPropsMap['send-to-client'], 'clientId'> = {}) {
  const client = createMockClient({
    handlers: {
      ...documentHandlers([mockDocument(), mockDocument({ id: 32, name: 'GP letter' })]),
      listFormTemplates: () => ({ items: FORMS }),
    },
  });
  const onSent = vi.fn();
  renderWithModals(<Opener clientId={7} onSent={onSent} {...props} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Share' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send to client' });
  return { client, onSent, dialog };
}

describe('send-to-client', () => {
  it('given a document, when sent by e-mail with a message, then it is shared and "Item successfully shared with the client." shows', async () => {
    const { client, onSent, dialog } = await open({ item: { kind: 'document', id: 31 }, itemName: 'Consent form' });
    expect(within(dialog).getByText('Consent form')).toBeInTheDocument();
    await expect(dialog).toHaveNoAxeViolations();
    await userEvent.click(within(dialog).getByRole('radio', { name: /E-mail/ }));
    await userEvent.type(within(dialog).getByLabelText(/^Message/), 'Here it is.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(ITEM_SHARED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(client.mock.callsTo('sendToClient')).toEqual([
      expect.objectContaining({
        path: '/api/clients/send-to-client/7',
        input: {
          params: { clientId: 7 },
          body: { item: { kind: 'document', id: 31 }, channel: 'email', message: 'Here it is.' },
        },
      }),
    ]);
    expect(onSent).toHaveBeenCalledTimes(1);
  });

  it('given no item, then the client documents are offered and one must be chosen', async () => {
    const { client, dialog } = await open();
    const select = await within(dialog).findByRole('combobox', { name: /^Document/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Choose the item to send.')).toBeInTheDocument();
    expect(client.mock.callsTo('sendToClient')).toHaveLength(0);
    expect(select).toBeInTheDocument();
  });

  it('given no item, when a measure is chosen, then it is sent by its code for the client to complete', async () => {
    const { client, dialog } = await open();
    await userEvent.click(within(dialog).getByRole('radio', { name: /A measure/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText(/Choose the measure to send/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Measure/ }));
    await userEvent.click(await screen.findByRole('option', { name: /GAD-7/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(ITEM_SHARED_MESSAGE)).toBeInTheDocument();
    expect(client.mock.callsTo('sendToClient')).toEqual([
      expect.objectContaining({
        input: {
          params: { clientId: 7 },
          body: { item: { kind: 'measure', measure: 'gad7' }, channel: 'portal', message: '' },
        },
      }),
    ]);
  });

  it('given no item, when a form of the library is chosen, then it is sent by its template for the client to fill in', async () => {
    const { client, dialog } = await open();
    await userEvent.click(within(dialog).getByRole('radio', { name: /A form/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Choose the form to send.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Form/ }));
    // A built-in form the practice has replaced with its own is not offered.
    expect(screen.queryByRole('option', { name: /Intake questionnaire/ })).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Consent to therapy (Consent, built-in)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'Getting to know you (Intake)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(ITEM_SHARED_MESSAGE)).toBeInTheDocument();
    expect(client.mock.callsTo('sendToClient')).toEqual([
      expect.objectContaining({
        input: {
          params: { clientId: 7 },
          body: { item: { kind: 'form', form: { id: 5 } }, channel: 'portal', message: '' },
        },
      }),
    ]);
  });

  it('given no item, when a built-in form is chosen, then it is sent by its usage context', async () => {
    const { client, dialog } = await open();
    await userEvent.click(within(dialog).getByRole('radio', { name: /A form/ }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Form/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Consent to therapy (Consent, built-in)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(ITEM_SHARED_MESSAGE)).toBeInTheDocument();
    expect(client.mock.callsTo('sendToClient')[0]?.input).toMatchObject({
      body: { item: { kind: 'form', form: { builtIn: 'onboarding' } } },
    });
  });

  it('given the client has no e-mail address, then the server sentence shows and the dialog stays open', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client, dialog } = await open({ item: { kind: 'invoice', id: 42 }, itemName: 'INV-0042' });
    client.mock.set('sendToClient', {
      error: {
        status: 400,
        message: "This client has no e-mail address. Add one in the client's details, then send again.",
      },
    });
    await userEvent.click(within(dialog).getByRole('radio', { name: /E-mail/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await within(dialog).findByText(
        "This client has no e-mail address. Add one in the client's details, then send again.",
      ),
    ).toBeInTheDocument();
  });
});
