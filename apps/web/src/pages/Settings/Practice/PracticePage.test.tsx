import { INVITATION_MESSAGES } from '@halcyon/api/contract';
import { accountFixtures, accountHandlers, createMockClient } from '@halcyon/api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { heldUserDetails, renderSettingsPage } from '../ProfileSecurity/testing';
import { PracticePage } from './PracticePage';
import { timeZoneOptions } from '../../../features/forms/places';
import { currencyOptions } from './options';

const PATH = '/Settings/Practice';

function clientAs(role: 'admin' | 'therapist', handlers: Parameters<typeof createMockClient>[0] = {}) {
  const fixtures = accountFixtures();
  const client = createMockClient({
    ...handlers,
    handlers: { ...accountHandlers(fixtures), ...handlers.handlers },
  });
  client.mock.fixtures.currentUser = client.mock.fixtures.users[role];
  return { client, fixtures };
}

// The whole page (team, logo, a time-zone list of every IANA zone) under user-event: slow in happy-dom on busy cores.
describe('Settings/Practice', { timeout: 60_000 }, () => {
  it('given an Admin, when the page opens, then the details are editable and the team has its actions', async () => {
    const { client } = clientAs('admin');
    const { container } = renderSettingsPage(<PracticePage />, { path: PATH, client });
    expect(await screen.findByLabelText(/^Practice name/)).toHaveValue('Quiet Harbour Therapy');
    expect(screen.getByLabelText(/^Practice name/)).not.toHaveAttribute('readonly');
    // The country is chosen from the list: its name shows, its code is what is kept.
    expect(screen.getByRole('combobox', { name: /^Country/ })).toHaveValue('United Kingdom');
    expect(screen.getByRole('button', { name: 'Save practice details' })).toBeInTheDocument();
    expect(await screen.findByText('tomas@halcyon.test')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deactivate Tomas Lindqvist' })).toBeInTheDocument();
    // No one deactivates themselves.
    expect(screen.queryByRole('button', { name: 'Deactivate Amara Okafor' })).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Invite a team member' })).toBeInTheDocument();
    await expect(container).toHaveNoAxeViolations();
  });

  it('given an Admin whose role is still on its way, then nothing says "Only an Admin" and the form waits for it', async () => {
    const { handlers, release } = heldUserDetails();
    const { client } = clientAs('admin', { handlers });
    renderSettingsPage(<PracticePage />, { path: PATH, client });
    expect(await screen.findByLabelText('Loading the practice')).toBeInTheDocument();
    expect(screen.queryByText(/Only an Admin/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Practice name/)).not.toBeInTheDocument();
    release();
    expect(await screen.findByLabelText(/^Practice name/)).not.toHaveAttribute('readonly');
    expect(screen.queryByText(/Only an Admin/)).not.toBeInTheDocument();
  });

  it('given a Therapist, then the details are read-only, nothing can be saved and the team has no actions', async () => {
    const { client } = clientAs('therapist');
    renderSettingsPage(<PracticePage />, { path: PATH, client });
    const name = await screen.findByLabelText(/^Practice name/);
    await waitFor(() => expect(name).toHaveAttribute('readonly'));
    expect(screen.getByText(/Only an Admin can change the practice's details/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save practice details' })).not.toBeInTheDocument();
    expect(await screen.findByText('tomas@halcyon.test')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Deactivate/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Invite a team member' })).not.toBeInTheDocument();
    expect(screen.queryByText('Invitations not yet accepted')).not.toBeInTheDocument();
    expect(client.mock.callsTo('listInvitations')).toHaveLength(0);
  });

  it('given an Admin, when a member is invited by e-mail with a role, then the invitation is sent and a banner confirms', async () => {
    const user = userEvent.setup();
    const { client } = clientAs('admin', {
      handlers: {
        inviteMember: ({ body }) => ({
          id: 9,
          email: body.email.trim().toLowerCase(),
          role: body.role,
          status: 'waiting',
          invitedBy: 'Amara Okafor',
          createdAt: '2026-01-05T09:00:00.000Z',
          expiresAt: '2026-01-12T09:00:00.000Z',
        }),
      },
    });
    renderSettingsPage(<PracticePage />, { path: PATH, client });
    const form = await screen.findByRole('form', { name: 'Invite a team member' });
    const email = within(form).getByLabelText(/^E-mail address/);
    await user.type(email, 'not-an-address');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(client.mock.callsTo('inviteMember')).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'Sam.Reed@Example.org');
    await user.click(within(form).getByRole('combobox', { name: /^Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Assistant' }));
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));

    expect(
      await screen.findByText('Invitation sent to sam.reed@example.org. The link works for 7 days.'),
    ).toBeInTheDocument();
    // The form sends what the contract's schema parsed the address to.
    expect(client.mock.callsTo('inviteMember')[0]?.input).toMatchObject({
      body: { email: 'sam.reed@example.org', role: 'Assistant' },
    });
    // A fresh form for the next invitation.
    await waitFor(() =>
      expect(
        within(screen.getByRole('form', { name: 'Invite a team member' })).getByLabelText(/^E-mail address/),
      ).toHaveValue(''),
    );
  });

  it('given invitations not yet accepted, then the Admin sees each with its state, sends one again and revokes one after confirming', async () => {
    const user = userEvent.setup();
    const { client } = clientAs('admin');
    renderSettingsPage(<PracticePage />, { path: PATH, client });
    const list = await screen.findByRole('list', { name: 'Invitations not yet accepted' });
    expect(within(list).getByText('noor.haddad@example.org')).toBeInTheDocument();
    expect(within(list).getByText('Waiting')).toBeInTheDocument();
    expect(within(list).getByText('Expired')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send again to lee.park@example.org' }));
    expect(await screen.findByText(INVITATION_MESSAGES.sent('lee.park@example.org'))).toBeInTheDocument();
    expect(client.mock.callsTo('resendInvitation')[0]?.input).toMatchObject({ params: { id: 11 } });

    await user.click(screen.getByRole('button', { name: 'Revoke the invitation to noor.haddad@example.org' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke invitation' }));
    expect(await screen.findByText(INVITATION_MESSAGES.revoked('noor.haddad@example.org'))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('noor.haddad@example.org')).not.toBeInTheDocument());
  });

  it('given an Admin, when a member is deactivated after confirming, then the server is told and the banner says so', async () => {
    const user = userEvent.setup();
    const { client } = clientAs('admin', {
      handlers: {
        deactivateMember: ({ params }, { fixtures }) => {
          const member = fixtures.members.find((m) => m.id === Number(params.id))!;
          member.status = 'deactivated';
          return member;
        },
      },
    });
    renderSettingsPage(<PracticePage />, { path: PATH, client });
    await user.click(await screen.findByRole('button', { name: 'Deactivate Tomas Lindqvist' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate Tomas Lindqvist?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(
      await screen.findByText('Tomas Lindqvist has been deactivated and signed out everywhere.'),
    ).toBeInTheDocument();
    expect(client.mock.callsTo('deactivateMember')[0]?.path).toBe('/api/practice/members/2/deactivate');
    expect(await screen.findByText('Deactivated')).toBeInTheDocument();
  });

  it('given the last Admin would lose the role, when the server refuses, then the error banner says why and the role stays', async () => {
    const user = userEvent.setup();
    const { client } = clientAs('admin', {
      handlers: {
        changeMemberRole: {
          error: {
            status: 409,
            message: 'A practice needs at least one active Admin. Make someone else an Admin first.',
          },
        },
      },
    });
    renderSettingsPage(<PracticePage />, { path: PATH, client });
    const role = await screen.findByRole('combobox', { name: 'Role of Tomas Lindqvist' });
    await user.click(role);
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    expect(
      await screen.findByText('A practice needs at least one active Admin. Make someone else an Admin first.'),
    ).toBeInTheDocument();
    expect(client.mock.callsTo('changeMemberRole')[0]?.input).toMatchObject({
      params: { id: 2 },
      body: { role: 'Admin' },
    });
    expect(role).toHaveTextContent('Therapist');
  });

  it('given an Admin saves a too-short idle sign-out, then the contract message shows and nothing is sent; a valid one is saved', async () => {
    const user = userEvent.setup();
    const { client } = clientAs('admin');
    renderSettingsPage(<PracticePage />, { path: PATH, client });
    const idle = await screen.findByLabelText(/^Sign out after inactivity/);
    await user.clear(idle);
    await user.type(idle, '10');
    await user.click(screen.getByRole('button', { name: 'Save practice details' }));
    expect(await screen.findByText('Use at least 15 minutes.')).toBeInTheDocument();
    expect(client.mock.callsTo('updatePracticeSettings')).toHaveLength(0);

    await user.clear(idle);
    await user.type(idle, '45');
    await user.click(screen.getByRole('button', { name: 'Save practice details' }));
    expect(await screen.findByText("The practice's details have been saved.")).toBeInTheDocument();
    expect(client.mock.callsTo('updatePracticeSettings')[0]?.input).toMatchObject({
      body: {
        idleTimeoutMinutes: 45,
        timeZone: 'Europe/London',
        currency: 'GBP',
        name: 'Quiet Harbour Therapy',
        country: 'GB',
      },
    });
  });

  it('given an Admin, when "chicago" is typed in the time zone and its match chosen, then that zone is saved', async () => {
    const user = userEvent.setup();
    const { client } = clientAs('admin');
    renderSettingsPage(<PracticePage />, { path: PATH, client });
    const zone = await screen.findByRole('combobox', { name: /^Time zone/ });
    expect(zone).toHaveValue('Europe/London');
    await user.clear(zone);
    await user.type(zone, 'chicago');
    await user.click(await screen.findByRole('option', { name: 'America/Chicago' }));
    await user.click(screen.getByRole('button', { name: 'Save practice details' }));
    expect(await screen.findByText("The practice's details have been saved.")).toBeInTheDocument();
    expect(client.mock.callsTo('updatePracticeSettings')[0]?.input).toMatchObject({
      body: { timeZone: 'America/Chicago' },
    });
  });

  it('given a practice saved in Asia/Calcutta, then its zone shows as Asia/Kolkata, and typing "kolkata" finds it', async () => {
    const user = userEvent.setup();
    const { client, fixtures } = clientAs('admin');
    fixtures.practice.timeZone = 'Asia/Calcutta';
    renderSettingsPage(<PracticePage />, { path: PATH, client });
    const zone = await screen.findByRole('combobox', { name: /^Time zone/ });
    await waitFor(() => expect(zone).toHaveValue('Asia/Kolkata'));
    await user.clear(zone);
    await user.type(zone, 'kolkata');
    expect(await screen.findByRole('option', { name: 'Asia/Kolkata' })).toBeInTheDocument();
  });

  it('given an Admin, when the country becomes Ireland, then the time zone follows to Europe/Dublin and both are saved', async () => {
    const user = userEvent.setup();
    const { client } = clientAs('admin');
    renderSettingsPage(<PracticePage />, { path: PATH, client });
    const country = await screen.findByRole('combobox', { name: /^Country/ });
    await user.clear(country);
    await user.type(country, 'irel');
    await user.click(await screen.findByRole('option', { name: 'Ireland' }));
    expect(screen.getByRole('combobox', { name: /^Time zone/ })).toHaveValue('Europe/Dublin');
    await user.click(screen.getByRole('button', { name: 'Save practice details' }));
    expect(await screen.findByText("The practice's details have been saved.")).toBeInTheDocument();
    expect(client.mock.callsTo('updatePracticeSettings')[0]?.input).toMatchObject({
      body: { country: 'IE', timeZone: 'Europe/Dublin' },
    });
  });

  it('given an Admin, when a PNG logo is chosen, then it is uploaded and a banner confirms; a PDF is refused before sending', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { client } = clientAs('admin', {
      handlers: {
        uploadPracticeLogo: () => ({
          logoUrl: '/api/files/00000000-0000-4000-8000-0000000000f2',
          file: { id: '00000000-0000-4000-8000-0000000000f2', name: 'logo.png', size: 4, type: 'image/png' },
        }),
      },
    });
    renderSettingsPage(<PracticePage />, { path: PATH, client });
    const input = await screen.findByLabelText('Upload a logo');
    await user.upload(input, new File(['%PDF'], 'logo.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Use a PNG, JPEG or WebP image for the logo.')).toBeInTheDocument();
    expect(client.mock.callsTo('uploadPracticeLogo')).toHaveLength(0);

    await user.upload(input, new File(['\x89PNG'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByText('The logo has been updated.')).toBeInTheDocument();
    const sent = client.mock.callsTo('uploadPracticeLogo')[0]?.input as { body: File };
    expect(sent.body).toBeInstanceOf(File);
    expect(sent.body.name).toBe('logo.png');
  });

  it('lists every time zone and currency the browser knows, the common currencies first', () => {
    const zones = timeZoneOptions('Europe/London').map((o) => o.value);
    expect(zones).toContain('America/Toronto');
    expect(zones).toContain('UTC');
    // By their names of today, not the old spellings the browser still knows them by.
    expect(zones).toEqual(expect.arrayContaining(['Asia/Kolkata', 'Europe/Kyiv', 'Asia/Ho_Chi_Minh']));
    expect(zones).not.toEqual(expect.arrayContaining(['Asia/Calcutta']));
    expect(zones).not.toContain('Europe/Kiev');
    const currencies = currencyOptions('GBP');
    expect(currencies.slice(0, 3).map((o) => o.value)).toEqual(['GBP', 'EUR', 'USD']);
    expect(currencies[0]?.label).toBe('GBP – British Pound');
  });
});
