import { ApiError } from '@halcyon/api/client';
import { helpContactBodySchema, type HelpContactBody } from '@halcyon/api/contract';
import { Button, TextArea, TextField } from '@halcyon/design-system';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNEXPECTED_ERROR_MESSAGE } from '../messages';
import { useContractForm, type ContractFormRules } from './useContractForm';

type ContactOutput = (typeof helpContactBodySchema)['_zod']['output'];

/** A page's form on a contract schema: the Contact-us message. */
function ContactForm({
  submit,
  rules = helpContactBodySchema,
}: {
  submit: (values: ContactOutput) => Promise<unknown>;
  rules?: ContractFormRules<HelpContactBody, ContactOutput>;
}) {
  const { field, onSubmit, submitError, conflict, busy } = useContractForm(rules, {
    defaultValues: { subject: '', message: '', replyTo: '' },
    submit,
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Contact us">
      {submitError && <p role="alert">{submitError}</p>}
      {conflict && <p>Changed meanwhile.</p>}
      <TextField label="Subject" {...field('subject')} />
      <TextArea label="Message" {...field('message')} />
      <TextField label="Reply to" type="email" {...field('replyTo')} />
      <Button type="submit" disabled={busy}>
        Send
      </Button>
    </form>
  );
}

async function fillIn() {
  await userEvent.type(screen.getByRole('textbox', { name: 'Subject' }), '  Invoices  ');
  await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'They show USD.');
  await userEvent.type(screen.getByRole('textbox', { name: 'Reply to' }), 'Anna@Example.org');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useContractForm', () => {
  it('given a contract schema, when a field is left empty, then the schema’s message shows beside it once left', async () => {
    render(<ContactForm submit={vi.fn()} />);
    const subject = screen.getByRole('textbox', { name: 'Subject' });
    await userEvent.click(subject);
    expect(screen.queryByText('Enter a subject.')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(await screen.findByText('Enter a subject.')).toBeInTheDocument();
    expect(subject).toHaveAccessibleDescription(/Enter a subject\./);
    // Nothing else was checked yet: the message field was never left.
    expect(screen.queryByText('Enter your message.')).not.toBeInTheDocument();
  });

  it('given invalid values, when sent, then every message shows, the first invalid field has focus and nothing is sent', async () => {
    const submit = vi.fn(() => Promise.resolve());
    render(<ContactForm submit={submit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter a subject.')).toBeInTheDocument();
    expect(screen.getByText('Enter your message.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveFocus();
    expect(submit).not.toHaveBeenCalled();
  });

  it('given valid values, when sent, then submit receives what the schema parsed them to', async () => {
    const submit = vi.fn(() => Promise.resolve());
    render(<ContactForm submit={submit} />);
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(submit).toHaveBeenCalledWith({
        subject: 'Invoices',
        message: 'They show USD.',
        replyTo: 'anna@example.org',
      }),
    );
  });

  it('given the server refuses fields (400), then each message goes beside its field, none above, and the input stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const submit = () =>
      Promise.reject(
        new ApiError(400, 'Please check the request.', { fieldErrors: { replyTo: 'Use another address.' } }),
      );
    render(<ContactForm submit={submit} />);
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const replyTo = screen.getByRole('textbox', { name: 'Reply to' });
    await waitFor(() => expect(replyTo).toHaveAccessibleDescription(/Use another address\./));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('They show USD.');
    // Changing the field takes the server's message away.
    await userEvent.type(replyTo, 'x');
    await waitFor(() => expect(screen.queryByText('Use another address.')).not.toBeInTheDocument());
  });

  it('given a failed save, then its message shows above the form and the input stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const submit = () => Promise.reject(new ApiError(500, 'Failed to fetch /api/help/contact. Status: 500'));
    render(<ContactForm submit={submit} />);
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch /api/help/contact. Status: 500');
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('  Invoices  ');
    expect(screen.queryByText('Changed meanwhile.')).not.toBeInTheDocument();
  });

  it('given a failure that is not an API error, then the unexpected error shows', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<ContactForm submit={() => Promise.reject(new TypeError('boom'))} />);
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(UNEXPECTED_ERROR_MESSAGE);
  });

  it('given the record changed meanwhile (409), then it reports a conflict with the server’s words and keeps the input', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const submit = () => Promise.reject(new ApiError(409, 'This message was changed elsewhere.'));
    render(<ContactForm submit={submit} />);
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This message was changed elsewhere.');
    expect(screen.getByText('Changed meanwhile.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('They show USD.');
  });

  it('given rules loaded on demand, then they load with the first check and give the same messages', async () => {
    const load = vi.fn(() => Promise.resolve(helpContactBodySchema));
    render(<ContactForm submit={vi.fn()} rules={load} />);
    expect(load).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter a subject.')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
