import { ApiError } from '@halcyon/api/client';
import { updatePracticeBodySchema, type UpdatePracticeBody } from '@halcyon/api/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalFields, ModalShell } from '../ModalShell/ModalShell';
import { UNEXPECTED_ERROR_MESSAGE } from '../messages';
import { useModalForm } from './useModalForm';

/** A small form on a contract schema: the practice's name and idle sign-out. */
function PracticeForm({
  submit,
  onSuccess,
  onReload = () => undefined,
}: {
  submit: (values: UpdatePracticeBody) => Promise<unknown>;
  onSuccess?: () => void;
  onReload?: () => Promise<void> | void;
}) {
  const { form, shellProps } = useModalForm(updatePracticeBodySchema, {
    defaultValues: { name: 'Calm Minds', idleTimeoutMinutes: 30 },
    submit,
    onSuccess,
  });
  const { errors } = form.formState;
  return (
    <ModalShell
      title="Practice"
      description="Name and idle sign-out."
      submitLabel="Save"
      onClose={vi.fn()}
      onReload={onReload}
      {...shellProps}
    >
      <ModalFields>
        <label>
          Practice name <input {...form.register('name')} aria-invalid={errors.name ? true : undefined} />
        </label>
        {errors.name && <p>{errors.name.message}</p>}
        <label>
          Idle minutes <input type="number" {...form.register('idleTimeoutMinutes', { valueAsNumber: true })} />
        </label>
        {errors.idleTimeoutMinutes && <p>{errors.idleTimeoutMinutes.message}</p>}
      </ModalFields>
    </ModalShell>
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useModalForm', () => {
  it('given the contract schema, when a value breaks it, then the field shows the schema’s message and nothing is sent', async () => {
    const submit = vi.fn(() => Promise.resolve({}));
    render(<PracticeForm submit={submit} />);
    await userEvent.clear(screen.getByRole('textbox', { name: 'Practice name' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a name.')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });

  it('given valid values, when saved, then submit receives the parsed values and success handling runs', async () => {
    const submit = vi.fn(() => Promise.resolve({ id: 1 }));
    const onSuccess = vi.fn();
    render(<PracticeForm submit={submit} onSuccess={onSuccess} />);
    const name = screen.getByRole('textbox', { name: 'Practice name' });
    await userEvent.clear(name);
    await userEvent.type(name, '  Quiet Harbour  ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ id: 1 }));
    expect(submit).toHaveBeenCalledWith({ name: 'Quiet Harbour', idleTimeoutMinutes: 30 });
  });

  it('given the server answers with field errors, then they land on the fields and its message in the error area', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const submit = vi.fn(() =>
      Promise.reject(
        new ApiError(400, 'Please check the request.', {
          fieldErrors: { idleTimeoutMinutes: 'Use at most 720 minutes (12 hours).', other: 'ignored' },
        }),
      ),
    );
    render(<PracticeForm submit={submit} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Practice name' }), ' North');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please check the request.');
    expect(screen.getByText('Use at most 720 minutes (12 hours).')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Practice name' })).toHaveValue('Calm Minds North');
  });

  it('given a failure that is not an API error, then the unexpected error shows', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<PracticeForm submit={() => Promise.reject(new TypeError('boom'))} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(UNEXPECTED_ERROR_MESSAGE);
  });

  it('given typed changes, then the shell knows the form is dirty', async () => {
    render(<PracticeForm submit={vi.fn()} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Practice name' }), '!');
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog', { name: 'Discard changes?' })).toBeInTheDocument();
  });

  it('given someone else changed the record, when the save answers 409, then the modal offers to copy and reload and keeps the text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const onReload = vi.fn(() => Promise.resolve());
    const submit = () => Promise.reject(new ApiError(409, 'This record was changed by someone else.'));
    render(<PracticeForm submit={submit} onReload={onReload} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Practice name' }), ' East');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This record was changed by someone else.');
    expect(screen.getByRole('textbox', { name: 'Practice name' })).toHaveValue('Calm Minds East');

    await userEvent.click(screen.getByRole('button', { name: 'Copy my text' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('"name": "Calm Minds East"'));
    expect(await screen.findByRole('status')).toHaveTextContent('Your text is copied.');

    await userEvent.click(screen.getByRole('button', { name: 'Reload the newest version' }));
    expect(onReload).toHaveBeenCalled();
    // Reloaded: the refusal and its actions are gone.
    await waitFor(() => expect(screen.getByRole('alert')).toBeEmptyDOMElement());
    expect(screen.queryByRole('button', { name: 'Reload the newest version' })).not.toBeInTheDocument();
  });

  it('given a reload that fails, then it says so beside the actions and the refusal stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const submit = () => Promise.reject(new ApiError(412, 'This record was changed by someone else.'));
    const onReload = () => Promise.reject(new ApiError(503, 'The server is busy. Try again in a moment.'));
    render(<PracticeForm submit={submit} onReload={onReload} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Reload the newest version' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The server is busy. Try again in a moment.');
    expect(screen.getByRole('alert')).toHaveTextContent('This record was changed by someone else.');
  });

  it('given an ordinary failure, then no conflict actions show', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <PracticeForm submit={() => Promise.reject(new ApiError(500, 'Failed to fetch /api/practice. Status: 500'))} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch /api/practice. Status: 500');
    expect(screen.queryByRole('button', { name: 'Reload the newest version' })).not.toBeInTheDocument();
  });
});
