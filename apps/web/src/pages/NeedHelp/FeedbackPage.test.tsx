import { FEEDBACK_SAVED_MESSAGE, type Feedback, type FeedbackList } from '@halcyon/api/contract';
import { createMockClient, type MockClient } from '@halcyon/api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FeedbackPage } from './FeedbackPage';
import { renderHelpPage } from './renderHelpPage';

const PATH = '/Need-help/Feedback-form';

function clientAs(role: 'admin' | 'therapist') {
  const stored: Feedback[] = [
    {
      id: 1,
      rating: 2,
      comment: 'The calendar is slow on Mondays.',
      author: { id: 2, firstName: 'Tomas', lastName: 'Lindqvist' },
      createdAt: '2026-11-20T10:00:00.000Z',
    },
  ];
  const list = (): FeedbackList => ({
    items: [...stored],
    total: stored.length,
    page: 1,
    pageSize: 20,
    averageRating: stored.reduce((sum, f) => sum + f.rating, 0) / stored.length,
  });
  const client = createMockClient({
    handlers: {
      helpFeedback: ({ body }) => {
        const feedback: Feedback = {
          id: stored.length + 1,
          rating: body.rating,
          comment: body.comment ?? '',
          author: { id: 1, firstName: 'Amara', lastName: 'Okafor' },
          createdAt: '2026-11-22T09:00:00.000Z',
        };
        stored.unshift(feedback);
        return feedback;
      },
      helpFeedbackList: list,
      getPracticeSettings: () => ({ timeZone: 'Europe/London' }) as never,
    },
  });
  client.mock.fixtures.currentUser = client.mock.fixtures.users[role];
  return client;
}

const send = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Send feedback' }));

describe('Need help: feedback form', () => {
  it('given a Therapist, when they rate and comment, then it is stored, a confirmation shows and they see no list', async () => {
    const user = userEvent.setup();
    const client = clientAs('therapist');
    const { container } = await renderHelpPage(client, { [PATH]: <FeedbackPage /> }, PATH);
    await user.click(screen.getByRole('radio', { name: '4: Good' }));
    await user.type(screen.getByRole('textbox', { name: /Comment/ }), 'Booking links save me hours.');
    await expect(container).toHaveNoAxeViolations();
    await send(user);

    expect(await screen.findByText(FEEDBACK_SAVED_MESSAGE)).toBeInTheDocument();
    expect(client.mock.callsTo('helpFeedback')).toEqual([
      expect.objectContaining({ input: { body: { rating: 4, comment: 'Booking links save me hours.' } } }),
    ]);
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Comment/ })).toHaveValue(''));
    expect(screen.getByRole('radio', { name: '4: Good' })).not.toBeChecked();
    expect(screen.queryByRole('heading', { name: 'Feedback from your practice' })).not.toBeInTheDocument();
    expect(client.mock.callsTo('helpFeedbackList')).toHaveLength(0);
  });

  it('given no rating, when sent, then it asks for one and sends nothing', async () => {
    const user = userEvent.setup();
    const client = clientAs('therapist');
    await renderHelpPage(client, { [PATH]: <FeedbackPage /> }, PATH);
    await user.type(screen.getByRole('textbox', { name: /Comment/ }), 'No stars from me');
    await send(user);
    expect(screen.getByText('Choose a rating from 1 to 5.')).toBeInTheDocument();
    expect(client.mock.callsTo('helpFeedback')).toHaveLength(0);
    expect(screen.getByRole('textbox', { name: /Comment/ })).toHaveValue('No stars from me');
  });

  it('given the server fails, then it says the feedback was not saved and keeps the rating and comment', async () => {
    const user = userEvent.setup();
    const client: MockClient = clientAs('therapist');
    client.mock.set('helpFeedback', { error: { status: 503, message: 'The service is busy. Please try again.' } });
    await renderHelpPage(client, { [PATH]: <FeedbackPage /> }, PATH);
    await user.click(screen.getByRole('radio', { name: '5: Excellent' }));
    await user.type(screen.getByRole('textbox', { name: /Comment/ }), 'Lovely.');
    await send(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your feedback was not saved.');
    expect(screen.getByRole('radio', { name: '5: Excellent' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /Comment/ })).toHaveValue('Lovely.');
  });

  it("given an Admin, then the practice's feedback is listed below the form, and new feedback joins it at the top", async () => {
    const user = userEvent.setup();
    const client = clientAs('admin');
    const { container } = await renderHelpPage(client, { [PATH]: <FeedbackPage /> }, PATH);
    const section = await screen.findByRole('region', { name: 'Feedback from your practice' });
    const list = await within(section).findByRole('list', { name: 'Feedback, newest first' });
    expect(within(list).getByRole('img', { name: 'Rated 2 out of 5' })).toBeInTheDocument();
    expect(within(list).getByText('The calendar is slow on Mondays.')).toBeInTheDocument();
    expect(within(list).getByText(/^Tomas Lindqvist, /)).toBeInTheDocument();
    expect(within(section).getByText('1 response, average rating 2 out of 5.')).toBeInTheDocument();
    await expect(container).toHaveNoAxeViolations();

    await user.click(screen.getByRole('radio', { name: '5: Excellent' }));
    await send(user);
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));
    expect(within(section).getAllByRole('img')[0]).toHaveAccessibleName('Rated 5 out of 5');
    expect(within(section).getByText('No comment.')).toBeInTheDocument();
    expect(within(section).getByText('2 responses, average rating 3.5 out of 5.')).toBeInTheDocument();
  });
});
