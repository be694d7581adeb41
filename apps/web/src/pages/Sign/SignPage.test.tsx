import { ApiError } from '@halcyon/api/client';
import { createMockClient, MockApiProvider, type MockClient, type MockHandlers } from '@halcyon/api/testing';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_MESSAGES } from '@halcyon/api/contract';
import { SignPage } from './SignPage';

let tokenCounter = 0;

function renderPage(client: MockClient) {
  tokenCounter += 1;
  return render(
    <MockApiProvider client={client}>
      <MemoryRouter initialEntries={[`/Sign/token-${tokenCounter}`]}>
        <Routes>
          <Route path="/Sign/:token" element={<SignPage />} />
        </Routes>
      </MemoryRouter>
    </MockApiProvider>,
  );
}

const USED =
  'This document has already been signed with this link, so the link no longer works. If you need to sign again, ask the practice for a new link.';

function signing(handlers: MockHandlers = {}) {
  return createMockClient({
    handlers: {
      signingDocumentRetrieve: () => ({
        documentName: 'Consent form',
        practiceName: 'Harbour Counselling',
        signerName: 'Jane Doe',
        message: 'Please sign before our first session.',
        dueDate: '2099-02-01',
        expiresAt: '2099-02-01T23:59:59.999Z',
        fileName: 'consent.pdf',
        fileType: 'application/pdf',
        fileSize: 48_213,
      }),
      signingFileDownload: () => new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
      submitSignature: () => ({
        detail: 'Thank you. "Consent form" is signed, and Harbour Counselling has been told.',
        signedAt: '2026-01-15T09:00:00.000Z',
      }),
      ...handlers,
    },
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('SignPage (/Sign/{token})', () => {
  it('given a valid link, then the document, the message and the due date show, the original downloads, and axe finds nothing', async () => {
    const client = signing();
    const { container } = renderPage(client);
    expect(await screen.findByRole('heading', { name: 'Sign “Consent form”' })).toBeInTheDocument();
    expect(
      screen.getByText('Harbour Counselling asks you, Jane Doe, to read and sign this document.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Please sign before our first session.')).toBeInTheDocument();
    expect(screen.getByText(/Please sign by 1 February 2099/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Draw your signature (optional)' })).toBeInTheDocument();
    await expect(container).toHaveNoAxeViolations();

    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.click(screen.getByRole('button', { name: 'Download to read it' }));
    await waitFor(() => expect(client.mock.callsTo('signingFileDownload')).toHaveLength(1));
  });

  it('given no name and no agreement, when signed, then both say what to do and nothing is sent', async () => {
    const client = signing();
    renderPage(client);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign the document' }));
    expect(await screen.findByText('Type your full name.')).toBeInTheDocument();
    expect(screen.getByText('Tick "I agree" to sign.')).toBeInTheDocument();
    expect(client.mock.callsTo('submitSignature')).toHaveLength(0);
  });

  it('given the typed name and the agreement (no drawing, e.g. with a keyboard), when signed, then it is sent and a thank-you shows', async () => {
    const client = signing();
    renderPage(client);
    await userEvent.type(await screen.findByLabelText(/^Your full name/), 'Jane Doe');
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree to sign this document electronically/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign the document' }));
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeInTheDocument();
    expect(screen.getByText(/"Consent form" is signed/)).toBeInTheDocument();
    expect(client.mock.callsTo('submitSignature')).toEqual([
      expect.objectContaining({
        input: expect.objectContaining({ body: { typedName: 'Jane Doe', drawnSignature: null, agree: true } }),
      }),
    ]);
  });

  it('given a used link, then the server sentence shows; given an unknown link, then it says the link is not valid', async () => {
    renderPage(signing({ signingDocumentRetrieve: { error: new ApiError(410, USED) } }));
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeInTheDocument();
    expect(screen.getByText(USED)).toBeInTheDocument();

    renderPage(signing({ signingDocumentRetrieve: () => null }));
    expect(await screen.findByText(DOCUMENT_MESSAGES.linkInvalid)).toBeInTheDocument();
  });

  it('given the link expires while the page is open, when signed, then the expiry sentence replaces the form', async () => {
    const expired = 'This signing link has expired. Ask the practice to send you a new one.';
    renderPage(signing({ submitSignature: { error: new ApiError(410, expired) } }));
    await userEvent.type(await screen.findByLabelText(/^Your full name/), 'Jane Doe');
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign the document' }));
    expect(await screen.findByText(expired)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign the document' })).not.toBeInTheDocument();
  });
});
