import { createMockClient, assessmentFixture } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useModal } from '../../host/context';
import { renderWithModals } from '../../test/renderWithModals';
import type { ModalPropsMap } from '../../types';

function Opener(props: ModalPropsMap['assessment']) {
  const modal = useModal();
  return <Button onClick={() => modal.open('assessment', props)}>Record measure</Button>;
}

function mockClient() {
  return createMockClient({
    handlers: {
      createAssessment: ({ body }) =>
        assessmentFixture({ measure: body.measure, status: body.status, answers: [...body.answers] }),
      updateAssessment: ({ body }) =>
        assessmentFixture({ status: body.status, answers: [...body.answers], version: 2 }),
      singleAssessment: ({ params }) =>
        Number(params.id) === 41
          ? assessmentFixture({ status: 'draft', answers: [1, 1, null, null, null, null, null, null, null, null] })
          : assessmentFixture({ id: 42 }),
    },
  });
}

async function answer(dialog: HTMLElement, question: number, label: string) {
  const group = within(dialog).getByRole('radiogroup', { name: new RegExp(`^${question}\\. `) });
  await userEvent.click(within(group).getByRole('radio', { name: label }));
}

describe('assessment', () => {
  it('given answers being chosen, then the live score and band follow; item 9 above 0 raises a risk note', async () => {
    renderWithModals(<Opener clientId={7} />, { client: mockClient() });
    await userEvent.click(screen.getByRole('button', { name: 'Record measure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a measure' });
    expect(within(dialog).getByTestId('live-score')).toHaveTextContent('Score 0 of 27');
    expect(within(dialog).getByTestId('live-score')).toHaveTextContent('9 questions left');
    for (let q = 1; q <= 8; q += 1) await answer(dialog, q, 'More than half the days');
    await answer(dialog, 9, 'Not at all');
    expect(within(dialog).getByTestId('live-score')).toHaveTextContent('Score 16 of 27');
    expect(within(dialog).getByTestId('live-score')).toHaveTextContent('Moderately severe');
    expect(within(dialog).queryByRole('note')).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('live-score')).not.toHaveTextContent('Review risk');
    await answer(dialog, 9, 'Several days');
    expect(within(dialog).getByTestId('live-score')).toHaveTextContent('Score 17 of 27');
    // The score line that stays in view flags it shortly; the note under it says what and why.
    expect(within(dialog).getByTestId('live-score')).toHaveTextContent('Review risk');
    expect(within(dialog).getByRole('note')).toHaveTextContent(/Item 9/);
  });

  it('given unanswered questions, when submitted, then each is named and nothing is sent; Save as draft saves anyway', async () => {
    const client = mockClient();
    const onSaved = vi.fn();
    renderWithModals(<Opener clientId={7} onSaved={onSaved} />, { client });
    await userEvent.click(screen.getByRole('button', { name: 'Record measure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a measure' });
    await answer(dialog, 1, 'Several days');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Answer question 2.')).toBeInTheDocument();
    expect(within(dialog).getByText('Answer question 9.')).toBeInTheDocument();
    expect(client.mock.callsTo('createAssessment')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText('Assessment saved as draft.')).toBeInTheDocument();
    const [call] = client.mock.callsTo('createAssessment');
    expect(call?.input).toMatchObject({
      params: { clientId: 7 },
      body: { measure: 'phq9', status: 'draft', answers: [1, null, null, null, null, null, null, null, null, null] },
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
  });

  it('given every question answered, when submitted, then "Assessment successfully submitted." and the modal closes', async () => {
    const client = mockClient();
    renderWithModals(<Opener clientId={7} measure="phq9" />, { client });
    await userEvent.click(screen.getByRole('button', { name: 'Record measure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a measure' });
    for (let q = 1; q <= 9; q += 1) await answer(dialog, q, 'Not at all');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Assessment successfully submitted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(client.mock.callsTo('createAssessment')[0]?.input).toMatchObject({ body: { status: 'submitted' } });
  });

  it('given a draft, then it opens with its answers and submitting sends its version to the update route', async () => {
    const client = mockClient();
    renderWithModals(<Opener clientId={7} id={41} />, { client });
    await userEvent.click(screen.getByRole('button', { name: 'Record measure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Continue PHQ-9' });
    expect(within(dialog).getByTestId('live-score')).toHaveTextContent('Score 2 of 27');
    for (let q = 3; q <= 9; q += 1) await answer(dialog, q, 'Not at all');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Assessment successfully submitted.')).toBeInTheDocument();
    expect(client.mock.callsTo('updateAssessment')[0]?.input).toMatchObject({
      params: { id: 41 },
      body: { status: 'submitted', version: 1 },
    });
  });

  it('given a submitted assessment, then it opens read-only with its answers', async () => {
    renderWithModals(<Opener clientId={7} id={42} />, { client: mockClient() });
    await userEvent.click(screen.getByRole('button', { name: 'Record measure' }));
    const dialog = await screen.findByRole('dialog', { name: 'PHQ-9 of 2026-01-15' });
    expect(within(dialog).getByText(/Score 9 of 27/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    await expect(dialog).toHaveNoAxeViolations();
  });

  it('given the C-SSRS, then questions 3 to 5 appear only after a Yes to question 2, and go (unsent) when it turns No', async () => {
    const client = mockClient();
    renderWithModals(<Opener clientId={7} measure="cssrs" />, { client });
    await userEvent.click(screen.getByRole('button', { name: 'Record measure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a measure' });
    expect(within(dialog).getAllByRole('radiogroup')).toHaveLength(3);
    await answer(dialog, 1, 'Yes');
    await answer(dialog, 2, 'Yes');
    expect(within(dialog).getAllByRole('radiogroup')).toHaveLength(6);
    await answer(dialog, 3, 'Yes');
    expect(within(dialog).getByTestId('live-score')).toHaveTextContent('3 questions left');
    await answer(dialog, 4, 'No');
    await answer(dialog, 5, 'No');
    await answer(dialog, 6, 'No');
    expect(within(dialog).getByTestId('live-score')).toHaveTextContent('Moderate risk');
    expect(within(dialog).getByTestId('live-score')).toHaveTextContent('In the clinical range (at or above 2)');
    expect(
      within(dialog)
        .getAllByRole('note')
        .map((note) => note.textContent),
    ).toEqual([expect.stringMatching(/^Question 2 /), expect.stringMatching(/^Question 3 /)]);

    await answer(dialog, 2, 'No');
    expect(within(dialog).queryByRole('radiogroup', { name: /^3\. / })).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('live-score')).toHaveTextContent('Low risk');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Assessment successfully submitted.')).toBeInTheDocument();
    expect(client.mock.callsTo('createAssessment')[0]?.input).toMatchObject({
      body: { measure: 'cssrs', status: 'submitted', answers: [1, 0, null, null, null, 0, null] },
    });
  });

  it('given the ORS, then each rating is a row of 0 to 10 with its ends explained, and a higher total is better', async () => {
    renderWithModals(<Opener clientId={7} measure="ors" />, { client: mockClient() });
    await userEvent.click(screen.getByRole('button', { name: 'Record measure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a measure' });
    const first = within(dialog).getByRole('radiogroup', { name: /^1\. Individually/ });
    expect(first).toHaveAttribute('aria-orientation', 'horizontal');
    expect(within(first).getAllByRole('radio')).toHaveLength(11);
    expect(within(dialog).getAllByText('0: Poorly. 10: Very well.')).toHaveLength(4);
    for (let q = 1; q <= 4; q += 1) await answer(dialog, q, '5');
    expect(within(dialog).getByTestId('live-score')).toHaveTextContent('Score 20 of 40');
    expect(within(dialog).getByTestId('live-score')).toHaveTextContent('In the clinical range (below 25)');
    for (let q = 1; q <= 4; q += 1) await answer(dialog, q, '7');
    expect(within(dialog).getByTestId('live-score')).toHaveTextContent('Non-clinical range');
    expect(within(dialog).getByTestId('live-score')).not.toHaveTextContent('In the clinical range');
  });
});
