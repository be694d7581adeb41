import { ApiError } from '@halcyon/api/client';
import { FORM_LINK_MESSAGES, type PublicForm } from '@halcyon/api/contract';
import { createMockClient, MockApiProvider, type MockClient } from '@halcyon/api/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { FormPage } from './FormPage';

vi.setConfig({ testTimeout: 15_000 });

let tokenCounter = 0;

function renderPage(client: MockClient) {
  tokenCounter += 1;
  return render(
    <MockApiProvider client={client}>
      <MemoryRouter initialEntries={[`/Form/token-${tokenCounter}`]}>
        <Routes>
          <Route path="/Form/:token" element={<FormPage />} />
        </Routes>
      </MemoryRouter>
    </MockApiProvider>,
  );
}

const FORM: PublicForm = {
  name: 'Getting to know you',
  description: 'A few questions before we meet.',
  practiceName: 'Harbour Counselling',
  expiresAt: '2099-01-01T00:00:00Z',
  definition: {
    sections: [
      {
        key: 'about',
        title: 'About you',
        description: '',
        fields: [
          {
            key: 'hopes',
            type: 'text',
            label: 'What do you hope for?',
            helpText: '',
            required: true,
            options: [],
            scale: null,
          },
          {
            key: 'contact',
            type: 'choice',
            label: 'How may we contact you?',
            helpText: '',
            required: false,
            options: ['E-mail', 'Phone'],
            scale: null,
          },
        ],
      },
    ],
  },
};

const withForm = () =>
  createMockClient({
    handlers: {
      publicForm: () => FORM,
      submitPublicForm: () => ({ detail: FORM_LINK_MESSAGES.thanks }),
    },
  });

describe('FormPage (/Form/{token})', () => {
  it('given a valid link, then the form shows; a required question left empty is named and nothing is sent', async () => {
    const client = withForm();
    const { container } = renderPage(client);
    expect(await screen.findByRole('heading', { name: 'Getting to know you' })).toBeInTheDocument();
    expect(screen.getByText(/Harbour Counselling has asked you to fill in this form/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect(await screen.findByText('Answer this question.')).toBeInTheDocument();
    expect(client.mock.callsTo('submitPublicForm')).toHaveLength(0);
    await expect(container).toHaveNoAxeViolations();
  });

  it('given the answers, when sent, then they go by question and a thank-you shows', async () => {
    const client = withForm();
    renderPage(client);
    await userEvent.type(await screen.findByRole('textbox', { name: /What do you hope for/ }), 'Sleep better');
    await userEvent.click(screen.getByRole('radio', { name: 'Phone' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeInTheDocument();
    expect(screen.getByText(FORM_LINK_MESSAGES.thanks)).toBeInTheDocument();
    expect(client.mock.callsTo('submitPublicForm')[0]?.input).toMatchObject({
      body: { answers: { hopes: 'Sleep better', contact: 'Phone' } },
    });
  });

  it('given a used link, then the page says so plainly', async () => {
    const client = createMockClient({
      handlers: {
        publicForm: () => {
          throw new ApiError(410, FORM_LINK_MESSAGES.linkUsed);
        },
      },
    });
    renderPage(client);
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeInTheDocument();
    expect(screen.getByText(FORM_LINK_MESSAGES.linkUsed)).toBeInTheDocument();
  });

  it('given sending fails, then the reason shows and the answers stay', async () => {
    const client = createMockClient({
      handlers: {
        publicForm: () => FORM,
        submitPublicForm: () => {
          throw new ApiError(410, FORM_LINK_MESSAGES.linkExpired);
        },
      },
    });
    renderPage(client);
    const hopes = await screen.findByRole('textbox', { name: /What do you hope for/ });
    await userEvent.type(hopes, 'Sleep better');
    await userEvent.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect(await screen.findByText(FORM_LINK_MESSAGES.linkExpired)).toBeInTheDocument();
    expect(hopes).toHaveValue('Sleep better');
  });
});
