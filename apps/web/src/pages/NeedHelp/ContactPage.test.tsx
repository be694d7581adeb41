import { CONTACT_SENT_MESSAGE } from '@halcyon/api/contract';
import { createMockClient } from '@halcyon/api/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ContactPage } from './ContactPage';
import { renderHelpPage } from './renderHelpPage';

const PATH = '/Need-help/Contact-us';

function therapistClient(handler?: Parameters<ReturnType<typeof createMockClient>['mock']['set']>[1]) {
  const client = createMockClient();
  client.mock.fixtures.currentUser = client.mock.fixtures.users.therapist;
  if (handler) client.mock.set('helpContact', handler);
  return client;
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /Subject/ }), 'Invoices show the wrong currency');
  await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Since this morning they show USD.');
}

describe('Need help: contact us', () => {
  it('given a signed-in Therapist, when they send a message, then the server gets it, a banner confirms and the form empties', async () => {
    const user = userEvent.setup();
    const client = therapistClient();
    const { container } = await renderHelpPage(client, { [PATH]: <ContactPage /> }, PATH);
    const replyTo = screen.getByRole('textbox', { name: /Reply to/ });
    expect(replyTo).toHaveValue('tomas@halcyon.test');
    await fillIn(user);
    await expect(container).toHaveNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(CONTACT_SENT_MESSAGE)).toBeInTheDocument();
    expect(CONTACT_SENT_MESSAGE).toBe('Your message has been sent. We will reply by e-mail.');
    expect(client.mock.callsTo('helpContact')).toEqual([
      expect.objectContaining({
        input: {
          body: {
            subject: 'Invoices show the wrong currency',
            message: 'Since this morning they show USD.',
            replyTo: 'tomas@halcyon.test',
          },
        },
      }),
    ]);
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Subject/ })).toHaveValue(''));
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /Reply to/ })).toHaveValue('tomas@halcyon.test');
    expect(screen.queryByText('Enter a subject.')).not.toBeInTheDocument();
  });

  it('given the server fails, when sending, then it says the message was not sent and keeps every word typed', async () => {
    const user = userEvent.setup();
    const client = therapistClient({
      error: { status: 500, message: 'Something went wrong on our side. Please try again.' },
    });
    const { container } = await renderHelpPage(client, { [PATH]: <ContactPage /> }, PATH);
    await fillIn(user);
    const replyTo = screen.getByRole('textbox', { name: /Reply to/ });
    await user.clear(replyTo);
    await user.type(replyTo, 'me@practice.example');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your message was not sent. Something went wrong on our side. Please try again.',
    );
    expect(screen.getByRole('textbox', { name: /Subject/ })).toHaveValue('Invoices show the wrong currency');
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveValue('Since this morning they show USD.');
    expect(replyTo).toHaveValue('me@practice.example');
    expect(screen.queryByText(CONTACT_SENT_MESSAGE)).not.toBeInTheDocument();
    await expect(container).toHaveNoAxeViolations();
  });

  it('given the server rejects a field, then its message shows beside that field and the text stays', async () => {
    const user = userEvent.setup();
    const client = therapistClient({
      error: {
        status: 400,
        message: 'Please check the request.',
        fieldErrors: { replyTo: 'Enter a valid e-mail address.' },
      },
    });
    await renderHelpPage(client, { [PATH]: <ContactPage /> }, PATH);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Reply to/ })).toHaveAccessibleDescription(
      /Enter a valid e-mail address\./,
    );
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveValue('Since this morning they show USD.');
  });

  it('given empty fields, when sending, then each says what is missing and nothing is sent', async () => {
    const user = userEvent.setup();
    const client = therapistClient();
    await renderHelpPage(client, { [PATH]: <ContactPage /> }, PATH);
    await user.clear(screen.getByRole('textbox', { name: /Reply to/ }));
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByText('Enter a subject.')).toBeInTheDocument();
    expect(screen.getByText('Enter your message.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(client.mock.callsTo('helpContact')).toHaveLength(0);
  });
});
