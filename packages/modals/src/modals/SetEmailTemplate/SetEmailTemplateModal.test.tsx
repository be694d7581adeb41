import { BUILT_IN_EMAIL_TEMPLATES, TEMPLATE_MESSAGES } from '@halcyon/api/contract';
import { createMockClient, templateHandlers } from '@halcyon/api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Opener } from '../../sessions/sessionTesting';
import { renderWithModals } from '../../test/renderWithModals';
import type { ModalProps } from '../../types';

vi.setConfig({ testTimeout: 20_000 });

async function open(props: ModalProps<'set-email-template'>) {
  const client = createMockClient({ handlers: templateHandlers() });
  const onSaved = vi.fn();
  renderWithModals(<Opener type="set-email-template" label="Open" props={{ ...props, onSaved }} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  return { client, onSaved };
}

describe('set-email-template', () => {
  it('given a new invoice e-mail, then it starts from the built-in text and the preview shows sample data', async () => {
    await open({ defaults: { usageContext: 'invoice' } });
    const dialog = await screen.findByRole('dialog', { name: 'New e-mail template' });
    await expect(dialog).toHaveNoAxeViolations();
    const inside = within(dialog);
    expect(inside.getByLabelText(/^Subject/)).toHaveValue(BUILT_IN_EMAIL_TEMPLATES.invoice.subject);
    expect(inside.getByText('Invoice INV-0042 from Northside Therapy')).toBeInTheDocument();
  });

  it('given a merge field that does not exist and one without a value here, then each is named and nothing is sent', async () => {
    const { client } = await open({ defaults: { usageContext: 'session-reminder' } });
    const dialog = await screen.findByRole('dialog', { name: 'New e-mail template' });
    const inside = within(dialog);
    const body = inside.getByLabelText(/^Body/);
    await userEvent.clear(body);
    await userEvent.type(body, 'Hi {{{{client.fistName}}, invoice {{{{invoice.number}}');
    await userEvent.click(inside.getByRole('button', { name: 'Create template' }));
    expect(await inside.findByText(TEMPLATE_MESSAGES.unknownMergeField('client.fistName'))).toBeInTheDocument();
    expect(client.mock.callsTo('createEmailTemplate')).toHaveLength(0);
  });

  it('given the practice’s reminder, when a merge field is inserted and saved, then the body is sent with it and the version', async () => {
    const { client, onSaved } = await open({ id: 701 });
    const dialog = await screen.findByRole('dialog', { name: 'Edit e-mail template' });
    const inside = within(dialog);
    await inside.findByDisplayValue('See you on {{session.start}}');
    await userEvent.click(inside.getByRole('button', { name: /^Insert \{\{session\.location\}\}/ }));
    expect(inside.getAllByText(/12 Harbour Street, Room 2/).length).toBeGreaterThan(0);
    await userEvent.click(inside.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText(TEMPLATE_MESSAGES.emailUpdated)).toBeInTheDocument();
    expect(client.mock.callsTo('updateEmailTemplate')[0]?.input).toMatchObject({
      params: { id: 701 },
      body: { body: expect.stringMatching(/\{\{session\.location\}\}$/), version: 1 },
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });
});
