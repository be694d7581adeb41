import { BUILT_IN_FORM_TEMPLATES, type UserDetails } from '@halcyon/api/contract';
import {
  billingSettingsHandlers,
  createMockClient,
  defaultFixtures,
  clientModalHandlers,
  templateHandlers,
  type MockHandlers,
} from '@halcyon/api/testing';
import { ApiError } from '@halcyon/api/client';
import { Button } from '@halcyon/design-system';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useModal } from '../../host/context';
import { renderWithModals } from '../../test/renderWithModals';
import type { SavedRecord } from '../../types';
import { CLIENT_ONBOARDED_MESSAGE, CLIENT_SAVED_MESSAGE } from './ClientOnboardingModal';

vi.setConfig({ testTimeout: 15_000 });

function Opener({ onSaved, therapistId }: { onSaved: (record: SavedRecord) => void; therapistId?: number }) {
  const modal = useModal();
  return (
    <Button
      onClick={() => modal.open('client-onboarding', { onSaved, defaults: therapistId ? { therapistId } : undefined })}
    >
      Add client
    </Button>
  );
}

async function open({
  signedIn,
  therapistId,
  handlers,
}: { signedIn?: UserDetails; therapistId?: number; handlers?: MockHandlers } = {}) {
  const client = createMockClient({
    handlers: { ...billingSettingsHandlers(), ...templateHandlers(), ...clientModalHandlers(), ...handlers },
    fixtures: signedIn ? { currentUser: signedIn } : undefined,
  });
  const onSaved = vi.fn();
  const view = renderWithModals(<Opener onSaved={onSaved} therapistId={therapistId} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Add client' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add client' });
  return { client, onSaved, dialog, ...view };
}

describe('client-onboarding', () => {
  it('given the form, then it holds the CATALOG.md fields and axe finds nothing', async () => {
    const { dialog } = await open();
    for (const label of [
      /^First name/,
      /^Last name/,
      /^Preferred name/,
      /^Pronouns/,
      /^Date of birth/,
      /^E-mail/,
      /^Phone/,
      /^Tags/,
    ]) {
      expect(within(dialog).getByLabelText(label)).toBeInTheDocument();
    }
    for (const name of [/^Kind/, /^Status/, /^Therapist/]) {
      expect(within(dialog).getByRole('combobox', { name })).toBeInTheDocument();
    }
    expect(within(dialog).getByRole('checkbox', { name: 'Send a portal invitation' })).not.toBeChecked();
    await expect(dialog).toHaveNoAxeViolations();
  });

  it('given no name, when saved, then the fields say what to fix and nothing is sent', async () => {
    const { dialog, client } = await open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save client' }));
    expect(await within(dialog).findByText("Enter the client's first name.")).toBeInTheDocument();
    expect(within(dialog).getByText("Enter the client's last name.")).toBeInTheDocument();
    expect(client.mock.callsTo('createClient')).toHaveLength(0);
  });

  it('given a portal invitation without an e-mail, then it asks for the e-mail address', async () => {
    const { dialog, client } = await open();
    await userEvent.type(within(dialog).getByLabelText(/^First name/), 'Jane');
    await userEvent.type(within(dialog).getByLabelText(/^Last name/), 'Doe');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Send a portal invitation' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save client' }));
    expect(
      await within(dialog).findByText("Enter the client's e-mail address to send a portal invitation."),
    ).toBeInTheDocument();
    expect(client.mock.callsTo('createClient')).toHaveLength(0);
  });

  it('given a new client with a portal invitation, when saved, then it is created and SPEC.md’s onboarding message shows', async () => {
    const { dialog, client, onSaved } = await open();
    await userEvent.type(within(dialog).getByLabelText(/^First name/), 'Jane');
    await userEvent.type(within(dialog).getByLabelText(/^Last name/), 'Doe');
    await userEvent.type(within(dialog).getByLabelText(/^E-mail/), 'Jane.Doe@Example.org');
    await userEvent.type(within(dialog).getByLabelText(/^Tags/), 'EMDR, evening');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Send a portal invitation' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save client' }));
    expect(await screen.findByText(CLIENT_ONBOARDED_MESSAGE)).toBeInTheDocument();
    expect(client.mock.callsTo('createClient')[0]?.input).toMatchObject({
      body: {
        firstName: 'Jane',
        lastName: 'Doe',
        email: 'jane.doe@example.org',
        tags: ['EMDR', 'evening'],
        sendPortalInvite: true,
        kind: 'individual',
        status: 'active',
      },
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 42 })));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('given no portal invitation, when saved, then "Client saved successfully." shows', async () => {
    const { dialog } = await open();
    await userEvent.type(within(dialog).getByLabelText(/^First name/), 'Omar');
    await userEvent.type(within(dialog).getByLabelText(/^Last name/), 'Haddad');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save client' }));
    expect(await screen.findByText(CLIENT_SAVED_MESSAGE)).toBeInTheDocument();
  });

  it('given a family, then it needs only a name and takes member clients found by search', async () => {
    const { dialog, client } = await open();
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Kind/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Family' }));
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'The Okafor family');
    await userEvent.type(within(dialog).getByRole('combobox', { name: /^Members/ }), 'Ade');
    await userEvent.click(await screen.findByRole('option', { name: /Ade Okafor/ }));
    expect(within(dialog).getByRole('list', { name: 'Chosen members' })).toHaveTextContent('Ade Okafor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save client' }));
    expect(await screen.findByText(CLIENT_SAVED_MESSAGE)).toBeInTheDocument();
    expect(client.mock.callsTo('createClient')[0]?.input).toMatchObject({
      body: { kind: 'family', firstName: 'The Okafor family', memberIds: [21] },
    });
  });

  describe('the therapist', () => {
    const { users } = defaultFixtures();

    async function saveJaneDoe(dialog: HTMLElement) {
      await userEvent.type(within(dialog).getByLabelText(/^First name/), 'Jane');
      await userEvent.type(within(dialog).getByLabelText(/^Last name/), 'Doe');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save client' }));
      expect(await screen.findByText(CLIENT_SAVED_MESSAGE)).toBeInTheDocument();
    }

    it.each([
      ['a Therapist', users.therapist, 'Tomas Lindqvist'],
      ['an Admin', users.admin, 'Amara Okafor'],
    ])('given %s signed in, then the new client is theirs unless changed', async (_, signedIn, name) => {
      const { dialog, client } = await open({ signedIn });
      await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /^Therapist/ })).toHaveTextContent(name));
      await saveJaneDoe(dialog);
      expect(client.mock.callsTo('createClient')[0]?.input).toMatchObject({ body: { therapistId: signedIn.id } });
    });

    it('given an Assistant signed in, then the new client starts unassigned', async () => {
      const { dialog, client } = await open({ signedIn: users.assistant });
      await waitFor(() =>
        expect(within(dialog).getByRole('combobox', { name: /^Therapist/ })).toHaveTextContent('Unassigned'),
      );
      await saveJaneDoe(dialog);
      expect(client.mock.callsTo('createClient')[0]?.input).toMatchObject({ body: { therapistId: null } });
    });

    it('given the opener names a therapist, then that therapist is chosen, not the signed-in user', async () => {
      const { dialog, client } = await open({ signedIn: users.admin, therapistId: users.therapist.id });
      await waitFor(() =>
        expect(within(dialog).getByRole('combobox', { name: /^Therapist/ })).toHaveTextContent('Tomas Lindqvist'),
      );
      await saveJaneDoe(dialog);
      expect(client.mock.callsTo('createClient')[0]?.input).toMatchObject({
        body: { therapistId: users.therapist.id },
      });
    });

    it('given the signed-in Therapist, when they choose "Unassigned", then the client is saved without a therapist', async () => {
      const { dialog, client } = await open({ signedIn: users.therapist });
      await userEvent.click(within(dialog).getByRole('combobox', { name: /^Therapist/ }));
      await userEvent.click(await screen.findByRole('option', { name: 'Unassigned' }));
      await saveJaneDoe(dialog);
      expect(client.mock.callsTo('createClient')[0]?.input).toMatchObject({ body: { therapistId: null } });
    });
  });

  describe('service, fee and intake forms (CATALOG.md)', () => {
    async function nameJane(dialog: HTMLElement) {
      await userEvent.type(within(dialog).getByLabelText(/^First name/), 'Jane');
      await userEvent.type(within(dialog).getByLabelText(/^Last name/), 'Doe');
      await userEvent.type(within(dialog).getByLabelText(/^E-mail/), 'jane@example.org');
    }

    it('given a service chosen, then the fee takes its price, can be changed, and both are saved', async () => {
      const { dialog, client } = await open();
      await nameJane(dialog);
      expect(within(dialog).getByLabelText(/^Fee/)).toBeDisabled();
      await userEvent.click(within(dialog).getByRole('combobox', { name: /^Service/ }));
      await userEvent.click(await screen.findByRole('option', { name: /^Individual session/ }));
      const fee = within(dialog).getByLabelText(/^Fee/);
      await waitFor(() => expect(fee).toHaveValue('75.00'));
      await userEvent.clear(fee);
      await userEvent.type(fee, '60');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save client' }));
      expect(await screen.findByText(CLIENT_SAVED_MESSAGE)).toBeInTheDocument();
      expect(client.mock.callsTo('createClient')[0]?.input).toMatchObject({
        body: { serviceId: 31, feeMinor: 6_000, intakeForms: [] },
      });
    });

    it('given no service, then no fee is sent', async () => {
      const { dialog, client } = await open();
      await nameJane(dialog);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save client' }));
      expect(await screen.findByText(CLIENT_SAVED_MESSAGE)).toBeInTheDocument();
      expect(client.mock.callsTo('createClient')[0]?.input).toMatchObject({
        body: { serviceId: null, feeMinor: null },
      });
    });

    it('given a portal invitation, then the practice’s intake forms and the built-in ones it has not replaced are offered, and those ticked go with it', async () => {
      const { dialog, client } = await open();
      await nameJane(dialog);
      expect(within(dialog).queryByRole('group', { name: 'Intake forms to send' })).toBeNull();
      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Send a portal invitation' }));
      const forms = await within(dialog).findByRole('group', { name: 'Intake forms to send' });
      // Forms used before therapy starts only: not a form used after sessions.
      expect(within(forms).queryByRole('checkbox', { name: 'Couples feedback' })).toBeNull();
      await userEvent.click(await within(forms).findByRole('checkbox', { name: 'Adult intake' }));
      // The built-in consent form (onboarding), but not the built-in intake form the practice's own replaces.
      const builtIn = `${BUILT_IN_FORM_TEMPLATES.onboarding.name} (built-in)`;
      const replaced = `${BUILT_IN_FORM_TEMPLATES['before-first-session'].name} (built-in)`;
      expect(within(forms).queryByRole('checkbox', { name: replaced })).toBeNull();
      await userEvent.click(within(forms).getByRole('checkbox', { name: builtIn }));
      await expect(dialog).toHaveNoAxeViolations();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save client' }));
      expect(await screen.findByText(CLIENT_ONBOARDED_MESSAGE)).toBeInTheDocument();
      expect(client.mock.callsTo('createClient')[0]?.input).toMatchObject({
        body: { sendPortalInvite: true, intakeForms: [{ id: 601 }, { builtIn: 'onboarding' }] },
      });
    });

    it('given the form library cannot be read, then the intake forms say so with Retry', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const { dialog } = await open({
        handlers: {
          listFormTemplates: () => {
            throw new ApiError(503, 'Service unavailable');
          },
        },
      });
      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Send a portal invitation' }));
      const alert = (await within(dialog).findByText('The intake forms could not be loaded')).closest('[role="alert"]');
      if (!(alert instanceof HTMLElement)) throw new Error('The load error is not an alert.');
      expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    });
  });
});
