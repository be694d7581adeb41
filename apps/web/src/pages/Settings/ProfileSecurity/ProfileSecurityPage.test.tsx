import { ApiError } from '@halcyon/api/client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProfileSecurityPage } from './ProfileSecurityPage';
import { renderSettingsPage } from './testing';

const PATH = '/Settings/Profile-security';
const renderPage = (options: Omit<Parameters<typeof renderSettingsPage>[1], 'path'> = {}) =>
  renderSettingsPage(<ProfileSecurityPage />, { path: PATH, ...options });

describe('Settings/Profile-security', () => {
  it('given a member, when the page opens, then profile, security, devices and preferences show with saved values', async () => {
    const { container } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile and security' })).toBeInTheDocument();
    expect(await screen.findByLabelText(/^First name/)).toHaveValue('Amara');
    expect(screen.getByLabelText(/^Professional body/)).toHaveValue('BACP');
    expect(await screen.findByText('amara@halcyon.test')).toBeInTheDocument();
    expect(screen.getByText('Confirmed')).toBeInTheDocument();
    expect(await screen.findByText('Chrome on macOS')).toBeInTheDocument();
    expect(screen.getByText('This device')).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: /New messages/ })).toBeChecked();
    await expect(container).toHaveNoAxeViolations();
  });

  it('given 2-step verification is off, when it is set up, then the QR code and key show, and after a code the recovery codes show once with copy and download', async () => {
    const user = userEvent.setup();
    const { client } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Set up 2-step verification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up 2-step verification' });
    await user.type(within(dialog).getByLabelText(/^Your password/), 'violet-harbour-lantern-42');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await within(dialog).findByRole('img', { name: /QR code/ })).toBeInTheDocument();
    expect(within(dialog).getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(client.mock.callsTo('twoFactorEnrol')[0]?.input).toMatchObject({
      body: { password: 'violet-harbour-lantern-42' },
    });

    const code = within(dialog).getByLabelText(/^6-digit code/);
    await user.type(code, '12ab');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByText('Enter the 6-digit code your authenticator app shows.')).toBeInTheDocument();
    expect(client.mock.callsTo('twoFactorConfirm')).toHaveLength(0);

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    const codes = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['abcde-fghij', 'klmno-pqrst']);
    expect(within(dialog).getByRole('button', { name: 'Copy codes' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download codes' })).toBeInTheDocument();
    expect(client.mock.callsTo('twoFactorConfirm')[0]?.input).toMatchObject({ body: { code: '123456' } });
    expect(await screen.findByText('2-step verification is on.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'I have saved my codes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('abcde-fghij')).not.toBeInTheDocument();
  });

  it('given a wrong current password, when the password change fails, then the message shows beside the field and every typed value stays', async () => {
    const user = userEvent.setup();
    const { client } = renderPage({
      handlers: {
        changePassword: {
          error: new ApiError(400, 'The password is not correct.', {
            detail: 'The password is not correct.',
            fieldErrors: { currentPassword: 'The password is not correct.' },
          }),
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'Change password' });
    const current = within(form).getByLabelText(/^Current password/);
    const next = within(form).getByLabelText(/^New password/);
    const again = within(form).getByLabelText(/^Repeat the new password/);
    await user.type(current, 'not-my-password');
    await user.type(next, 'copper-valley-sparrow-31');
    await user.type(again, 'copper-valley-sparrow-31');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(current).toHaveAccessibleDescription(/The password is not correct\./));
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveValue('not-my-password');
    expect(next).toHaveValue('copper-valley-sparrow-31');
    expect(again).toHaveValue('copper-valley-sparrow-31');
    expect(await screen.findByRole('alert', { name: '' })).toHaveTextContent('The password is not correct.');
    expect(client.mock.callsTo('changePassword')[0]?.input).toMatchObject({
      body: { currentPassword: 'not-my-password', newPassword: 'copper-valley-sparrow-31' },
    });
  });

  it('given two different new passwords, then the form says so and nothing is sent', async () => {
    const user = userEvent.setup();
    const { client } = renderPage();
    const form = await screen.findByRole('form', { name: 'Change password' });
    await user.type(within(form).getByLabelText(/^Current password/), 'violet-harbour-lantern-42');
    await user.type(within(form).getByLabelText(/^New password/), 'copper-valley-sparrow-31');
    await user.type(within(form).getByLabelText(/^Repeat the new password/), 'copper-valley-sparrow-32');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('The two passwords are not the same.')).toBeInTheDocument();
    expect(client.mock.callsTo('changePassword')).toHaveLength(0);
  });

  it('given a profile change the server refuses, then its field message shows beside the field and the text stays', async () => {
    const user = userEvent.setup();
    renderPage({
      handlers: {
        updateProfileSettings: {
          error: {
            status: 400,
            message: 'Please check the phone number.',
            fieldErrors: { phone: 'That number is not in use.' },
          },
        },
      },
    });
    const phone = await screen.findByLabelText(/^Phone/);
    await user.clear(phone);
    await user.type(phone, '+44 7700 900999');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('That number is not in use.')).toBeInTheDocument();
    expect(phone).toHaveValue('+44 7700 900999');
  });

  it('given a profile with a valid change, then it is saved and a success banner says so', async () => {
    const user = userEvent.setup();
    const { client } = renderPage();
    const title = await screen.findByLabelText(/^Title/);
    await user.clear(title);
    await user.type(title, 'Counselling Psychologist');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(client.mock.callsTo('updateProfileSettings')[0]?.input).toMatchObject({
      body: { title: 'Counselling Psychologist', firstName: 'Amara' },
    });
  });

  it('given a new e-mail address, when asked, then the server sentence says a link was sent', async () => {
    const user = userEvent.setup();
    const { client } = renderPage({
      handlers: {
        changeEmail: ({ body }) => ({
          detail: `We have sent a link to ${body.newEmail}. Your address changes when you open it; until then the old one stays in use.`,
        }),
      },
    });
    const form = await screen.findByRole('form', { name: 'Change e-mail address' });
    await user.type(within(form).getByLabelText(/^New e-mail address/), 'amara.new@example.org');
    await user.type(within(form).getByLabelText(/^Your password/), 'violet-harbour-lantern-42');
    await user.click(within(form).getByRole('button', { name: 'Change e-mail address' }));
    expect((await screen.findAllByText(/We have sent a link to amara.new@example.org/)).length).toBeGreaterThan(0);
    expect(client.mock.callsTo('changeEmail')).toHaveLength(1);
  });

  it('given sign out everywhere is confirmed, then the tokens are cleared and the sign-in screen opens', async () => {
    const user = userEvent.setup();
    const { client, router } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Sign out everywhere?' });
    await user.click(within(confirm).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(client.tokens.get().access_token).toBeNull();
    expect(client.mock.callsTo('signOutEverywhere')).toHaveLength(1);
  });

  it('given notification preferences, when one is turned off and saved, then every event is sent with that one off', async () => {
    const user = userEvent.setup();
    const { client } = renderPage();
    await user.click(await screen.findByRole('switch', { name: /Invoices paid/ }));
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('Your notification preferences have been saved.')).toBeInTheDocument();
    expect(client.mock.callsTo('updateNotificationPreferences')[0]?.input).toMatchObject({
      body: { paidInvoices: false, messages: true, failedReminders: true },
    });
  });
});
