import { BOOKING_MESSAGES } from '@halcyon/api/contract';
import {
  BOOKING_RULES,
  billingClientNames,
  billingSettingsHandlers,
  bookingHandlers,
  createMockClient,
  type MockHandlers,
} from '@halcyon/api/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Opener } from '../../sessions/sessionTesting';
import { renderWithModals } from '../../test/renderWithModals';
import type { ShareBookingLinkModalProps } from '../../types';

async function open(
  props: ShareBookingLinkModalProps = {},
  handlers: MockHandlers = { ...billingSettingsHandlers(), ...bookingHandlers() },
) {
  const client = createMockClient({ handlers });
  renderWithModals(<Opener type="share-booking-link" label="Share" props={props} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Share' }));
  // The dialog shows a loading frame first, then the links (or why there are none).
  await screen.findByText(/Anyone with the link|Turn on online booking/, undefined, { timeout: 5000 });
  const dialog = within(screen.getByRole('dialog', { name: 'Share booking link' }));
  return { client, dialog };
}

describe('share-booking-link', { timeout: 20_000 }, () => {
  it('given the practice’s links, when e-mailed to an address, then the chosen link and address are sent and SPEC.md’s message shows', async () => {
    const onShared = vi.fn();
    const { client, dialog } = await open({ onShared });
    const link = dialog.getByRole('textbox', { name: /^Link/ });
    expect(link).toHaveValue(`${window.location.origin}/Book/calm-minds`);
    // The practice's services marked “Booked online” (Settings > Services).
    expect(await dialog.findByText('Services offered: Couple session, Individual session.')).toBeInTheDocument();
    await expect(screen.getByRole('dialog', { name: 'Share booking link' })).toHaveNoAxeViolations();
    await userEvent.type(dialog.getByRole('textbox', { name: /^Or send to this address/ }), 'friend@visitor.example');
    await userEvent.click(dialog.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText(BOOKING_MESSAGES.bookingLinkShared)).toBeInTheDocument();
    expect(client.mock.callsTo('shareBookingLink')[0]?.input).toMatchObject({
      body: { slug: 'calm-minds', email: 'friend@visitor.example' },
    });
    expect(onShared).toHaveBeenCalled();
  });

  it('given a client chosen by name, then the link is sent to them (their e-mail address) and no address is needed', async () => {
    const { client, dialog } = await open(
      {},
      { ...billingSettingsHandlers(), ...bookingHandlers(), lookupClientNames: billingClientNames },
    );
    await userEvent.type(dialog.getByRole('combobox', { name: /^Send to a client/ }), 'Tom');
    await userEvent.click(await screen.findByRole('option', { name: 'Tom Reid' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText(BOOKING_MESSAGES.bookingLinkShared)).toBeInTheDocument();
    expect(client.mock.callsTo('shareBookingLink')[0]?.input).toMatchObject({
      body: { slug: 'calm-minds', clientId: 8, email: null },
    });
  });

  it('given a therapist, then their link is offered first; given no address, then the contract’s message and nothing sent', async () => {
    const { client, dialog } = await open({ therapistId: 2 });
    expect(dialog.getByRole('textbox', { name: /^Link/ })).toHaveValue(
      `${window.location.origin}/Book/tomas-lindqvist`,
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Send link' }));
    expect(await dialog.findByText('Choose a client or enter an e-mail address.')).toBeInTheDocument();
    expect(client.mock.callsTo('shareBookingLink')).toHaveLength(0);
  });

  it('given online booking off, then the modal says where to turn it on', async () => {
    const { dialog } = await open(
      {},
      { ...bookingHandlers(), getBookingRules: () => ({ ...BOOKING_RULES, enabled: false }) },
    );
    expect(await dialog.findByText(BOOKING_MESSAGES.noBookingLink)).toBeInTheDocument();
  });
});
