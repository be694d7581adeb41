import { TEMPLATE_MESSAGES } from '@halcyon/api/contract';
import { createMockClient, templateHandlers } from '@halcyon/api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Opener } from '../../sessions/sessionTesting';
import { renderWithModals } from '../../test/renderWithModals';

vi.setConfig({ testTimeout: 20_000 });

async function open(id?: number) {
  const client = createMockClient({ handlers: templateHandlers() });
  const onSaved = vi.fn();
  renderWithModals(<Opener type="set-form-template" label="Open" props={{ id, onSaved }} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  return { client, onSaved };
}

describe('set-form-template', () => {
  it('given an empty new form, when sent, then each part says what to fix and nothing is sent', async () => {
    const { client } = await open();
    const dialog = await screen.findByRole('dialog', { name: 'New form template' });
    await expect(dialog).toHaveNoAxeViolations();
    const inside = within(dialog);
    await userEvent.click(inside.getByRole('button', { name: 'Create template' }));
    expect(await inside.findByText('Give the template a name.')).toBeInTheDocument();
    expect(inside.getByText('Give the section a title.')).toBeInTheDocument();
    expect(inside.getByText('Write the question.')).toBeInTheDocument();
    expect(client.mock.callsTo('createFormTemplate')).toHaveLength(0);
  });

  it('given a form built with the keyboard, when two questions are reordered and it is saved, then the order is sent and focus follows the moved question', async () => {
    const { client, onSaved } = await open();
    const dialog = await screen.findByRole('dialog', { name: 'New form template' });
    const inside = within(dialog);
    await userEvent.type(inside.getByLabelText(/^Name/), 'Short check-in');
    await userEvent.type(inside.getByLabelText(/^Section title/), 'Today');
    await userEvent.type(inside.getByRole('textbox', { name: /^Question/ }), 'How are you?');
    await userEvent.click(inside.getByRole('button', { name: 'Add question to “Today”' }));
    const questions = inside.getAllByRole('textbox', { name: /^Question/ });
    await userEvent.type(questions[1]!, 'Anything to add?');
    const moveUp = inside.getByRole('button', { name: 'Move up question 2 “Anything to add?”' });
    moveUp.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('Move down question 1 “Anything to add?”'));
    await userEvent.click(inside.getByRole('button', { name: 'Create template' }));
    expect(await screen.findByText(TEMPLATE_MESSAGES.formCreated)).toBeInTheDocument();
    const body = client.mock.callsTo('createFormTemplate')[0]?.input as {
      body: { definition: { sections: { fields: { label: string }[] }[] } };
    };
    expect(body.body.definition.sections[0]!.fields.map((field) => field.label)).toEqual([
      'Anything to add?',
      'How are you?',
    ]);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('given two sections, when the first moves down and the second is removed, then focus stays on the moved section and the rest is left', async () => {
    await open();
    const dialog = await screen.findByRole('dialog', { name: 'New form template' });
    const inside = within(dialog);
    await userEvent.type(inside.getByLabelText(/^Section title/), 'Before');
    await userEvent.click(inside.getByRole('button', { name: 'Add section' }));
    await userEvent.type(inside.getAllByLabelText(/^Section title/)[1]!, 'After');
    const moveDown = inside.getByRole('button', { name: 'Move down section 1 “Before”' });
    moveDown.focus();
    await userEvent.keyboard('{Enter}');
    // At the list's end Move down is off, so the focus goes to its pair.
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('Move up section 2 “Before”'));
    await userEvent.click(inside.getByRole('button', { name: 'Remove section 1 “After”' }));
    expect(inside.getAllByLabelText(/^Section title/).map((field) => (field as HTMLInputElement).value)).toEqual([
      'Before',
    ]);
    expect(inside.getByRole('button', { name: 'Move up section 1 “Before”' })).toBeDisabled();
  });

  it('given a choice question with one answer, then the builder asks for two before saving', async () => {
    const { client } = await open(601);
    const dialog = await screen.findByRole('dialog', { name: 'Edit form template' });
    const inside = within(dialog);
    const answers = await inside.findAllByLabelText(/^Answers/);
    await userEvent.clear(answers[0]!);
    await userEvent.type(answers[0]!, 'In person');
    await userEvent.click(inside.getByRole('button', { name: 'Save template' }));
    expect(await inside.findByText(TEMPLATE_MESSAGES.tooFewOptions)).toBeInTheDocument();
    expect(client.mock.callsTo('updateFormTemplate')).toHaveLength(0);
  });

  it('given an existing template, when Delete is confirmed, then SPEC.md’s deletion message shows', async () => {
    const { client } = await open(602);
    const dialog = await screen.findByRole('dialog', { name: 'Edit form template' });
    await within(dialog).findByDisplayValue('Couples feedback');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Template successfully deleted.')).toBeInTheDocument();
    expect(client.mock.callsTo('deleteFormTemplate')[0]?.input).toMatchObject({ params: { id: 602 } });
  });
});
