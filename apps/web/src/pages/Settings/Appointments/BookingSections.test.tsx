import { BOOKING_MESSAGES } from '@halcyon/api/contract';
import { BOOKING_RULES, billingSettingsHandlers, bookingHandlers, SERVICES } from '@halcyon/api/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderSettingsPage } from '../ProfileSecurity/testing';
import { AvailabilitySection } from './AvailabilitySection';
import { OnlineBookingSection } from './OnlineBookingSection';

function renderSections(handlers = { ...billingSettingsHandlers(), ...bookingHandlers() }) {
  return renderSettingsPage(
    <>
      <AvailabilitySection />
      <OnlineBookingSection />
    </>,
    { path: '/Settings/Appointments', handlers },
  );
}

describe('Settings > Appointments: availability and online booking', { timeout: 20_000 }, () => {
  it('given two members’ hours, then each is listed with its days; deleting asks first and says SPEC.md’s sentence', async () => {
    const { container } = renderSections();
    const list = await screen.findByRole('list', { name: 'Weekly hours' });
    expect(within(list).getByText(/Monday 09:00–17:00, Tuesday 09:00–17:00/)).toBeInTheDocument();
    expect(
      within(list).getByText(/Wednesday 12:00–20:00, Saturday 09:00–12:00 · Video · Initial assessment/),
    ).toBeInTheDocument();
    await screen.findByRole('form', { name: 'Online booking' });
    await expect(container).toHaveNoAxeViolations();
    await userEvent.click(within(list).getByRole('button', { name: 'Delete the hours of Tomas Lindqvist' }));
    const confirm = within(await screen.findByRole('alertdialog'));
    await userEvent.click(confirm.getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText(BOOKING_MESSAGES.availabilityDeleted)).toBeInTheDocument();
  });

  it('given the rules, when the notice is changed and saved, then the body carries the version and the saved sentence shows', async () => {
    const { client } = renderSections();
    const form = within(await screen.findByRole('form', { name: 'Online booking' }));
    const notice = form.getByRole('spinbutton', { name: /Minimum notice/ });
    await userEvent.clear(notice);
    await userEvent.type(notice, '48');
    await userEvent.click(form.getByRole('button', { name: 'Save online booking' }));
    expect(await screen.findByText(BOOKING_MESSAGES.rulesSaved)).toBeInTheDocument();
    expect(client.mock.callsTo('updateBookingRules')[0]?.input).toMatchObject({
      body: { minimumNoticeHours: 48, slug: 'calm-minds', version: BOOKING_RULES.version },
    });
    expect(form.getByText(/\/Book\/tomas-lindqvist/)).toBeInTheDocument();
  });

  it('given a bad booking address, then the contract’s message shows beside it and nothing is saved', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client } = renderSections();
    const form = within(await screen.findByRole('form', { name: 'Online booking' }));
    const slug = form.getByRole('textbox', { name: /Booking address/ });
    await userEvent.clear(slug);
    await userEvent.type(slug, 'x');
    await userEvent.click(form.getByRole('button', { name: 'Save online booking' }));
    expect(await form.findByText(/Use 3 to 60 lower-case letters/)).toBeInTheDocument();
    expect(client.mock.callsTo('updateBookingRules')).toHaveLength(0);
  });

  it('given the practice’s services, then the section lists those marked “Booked online” (one source: Settings > Services), or says none is', async () => {
    renderSections();
    const offered = within(await screen.findByRole('list', { name: 'Services offered online' }));
    expect(offered.getByText('Individual session')).toBeInTheDocument();
    expect(offered.getByText('Couple session')).toBeInTheDocument();
    expect(offered.queryByText('Initial assessment')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Settings > Services/ })).toHaveAttribute('href', '/Settings/Services');
  });

  it('given no service marked “Booked online”, then the section says the page takes no requests', async () => {
    renderSections({
      ...billingSettingsHandlers({ services: SERVICES.map((s) => ({ ...s, bookableOnline: false })) }),
      ...bookingHandlers(),
    });
    expect(await screen.findByText(/No session is marked “Booked online” yet/)).toBeInTheDocument();
  });
});
