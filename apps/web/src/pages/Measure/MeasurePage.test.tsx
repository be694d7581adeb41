import { createMockClient, MockApiProvider, type MockClient } from '@halcyon/api/testing';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { MeasurePage } from './MeasurePage';

let tokenCounter = 0;

function renderPage(client: MockClient) {
  tokenCounter += 1;
  return render(
    <MockApiProvider client={client}>
      <MemoryRouter initialEntries={[`/Measure/token-${tokenCounter}`]}>
        <Routes>
          <Route path="/Measure/:token" element={<MeasurePage />} />
        </Routes>
      </MemoryRouter>
    </MockApiProvider>,
  );
}

const gad7 = () =>
  createMockClient({
    handlers: {
      publicMeasure: () => ({
        measure: 'gad7',
        practiceName: 'Harbour Counselling',
        expiresAt: '2099-01-01T00:00:00Z',
      }),
      submitPublicMeasure: () => ({ detail: 'Thank you. Your answers have been sent to your therapist.' }),
    },
  });

describe('MeasurePage (/Measure/{token})', () => {
  it('given a valid link, then the questionnaire shows as radio groups; unanswered questions are named and nothing is sent', async () => {
    const client = gad7();
    const { container } = renderPage(client);
    expect(await screen.findByRole('heading', { name: /GAD-7/ })).toBeInTheDocument();
    expect(screen.getByText(/Harbour Counselling has asked you/)).toBeInTheDocument();
    expect(screen.getAllByRole('radiogroup')).toHaveLength(7);
    await userEvent.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect(await screen.findByText('Please answer the 7 questions marked below.')).toBeInTheDocument();
    expect(screen.getByText('Answer question 1.')).toBeInTheDocument();
    expect(client.mock.callsTo('submitPublicMeasure')).toHaveLength(0);
    await expect(container).toHaveNoAxeViolations();
  });

  it('given every question answered, when sent, then the answers go in order and a thank-you shows', async () => {
    const client = gad7();
    renderPage(client);
    await screen.findByRole('heading', { name: /GAD-7/ });
    const groups = screen.getAllByRole('radiogroup');
    for (const group of groups) await userEvent.click(within(group).getByRole('radio', { name: 'Several days' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeInTheDocument();
    expect(client.mock.callsTo('submitPublicMeasure')[0]?.input).toMatchObject({
      body: { answers: [1, 1, 1, 1, 1, 1, 1] },
    });
  });

  it('given the C-SSRS, then follow-up questions appear after a Yes, and an answer to one no longer asked is not sent', async () => {
    const client = createMockClient({
      handlers: {
        publicMeasure: () => ({
          measure: 'cssrs',
          practiceName: 'Harbour Counselling',
          expiresAt: '2099-01-01T00:00:00Z',
        }),
        submitPublicMeasure: () => ({ detail: 'Thank you.' }),
      },
    });
    renderPage(client);
    await screen.findByRole('heading', { name: /C-SSRS/ });
    const choose = async (question: number, answer: 'Yes' | 'No') =>
      userEvent.click(
        within(screen.getByRole('radiogroup', { name: new RegExp(`^${question}\\. `) })).getByRole('radio', {
          name: answer,
        }),
      );
    expect(screen.getAllByRole('radiogroup')).toHaveLength(3);
    await choose(1, 'No');
    await choose(2, 'Yes');
    await choose(3, 'Yes');
    await choose(6, 'Yes');
    expect(screen.getAllByRole('radiogroup')).toHaveLength(7);
    await userEvent.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect(await screen.findByText('Please answer the 3 questions marked below.')).toBeInTheDocument();
    await choose(2, 'No');
    await choose(7, 'No');
    await userEvent.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeInTheDocument();
    expect(client.mock.callsTo('submitPublicMeasure')[0]?.input).toMatchObject({
      body: { answers: [0, 0, null, null, null, 2, 0] },
    });
  });

  it("given a used or expired link, then the server's sentence shows and no questionnaire", async () => {
    const client = createMockClient({
      handlers: {
        publicMeasure: {
          error: { status: 410, message: 'This link has expired. Please ask your therapist to send you a new one.' },
        },
      },
    });
    renderPage(client);
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This link has expired.');
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });

  it('given an unknown link (404), then it says the link is not valid', async () => {
    renderPage(createMockClient({ handlers: { publicMeasure: () => null } }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid.');
  });
});
