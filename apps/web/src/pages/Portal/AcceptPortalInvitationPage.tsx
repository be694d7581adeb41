import {
  PORTAL_INVITATION_MESSAGES,
  acceptPortalInvitationBodySchema,
  type PortalAcceptance,
  type PortalInvitation,
  type PortalInvitationState,
} from '@halcyon/api/contract';
import { isApiError } from '@halcyon/api/client';
import { useApiClient } from '@halcyon/api/swr';
import { Button, Checkbox } from '@halcyon/design-system';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { PageLoading } from '../../app/PageLoading';
import { TextLink } from '../../app/TextLink';
import form from '../../features/public/form.module.css';
import { FormMessage, PublicLayout } from '../../features/public/PublicLayout';
import { useOnce } from '../../features/public/useOnce';

const LOAD_FAILED = 'The invitation could not be loaded. Check your connection and reload the page.';
const SEND_FAILED = 'Your acceptance could not be sent. Check your connection and try again.';

/** The heading of a link that no longer works, by what the server says about it. */
const CLOSED_TITLES: Readonly<Record<Exclude<PortalInvitationState, 'valid'> | 'unknown', string>> = {
  used: 'This invitation was already accepted',
  expired: 'This invitation has expired',
  revoked: 'This invitation was withdrawn',
  unknown: 'This link does not work',
};

interface Closed {
  title: string;
  message: string;
}

const closedFor = (state: keyof typeof CLOSED_TITLES): Closed => ({
  title: CLOSED_TITLES[state],
  message: PORTAL_INVITATION_MESSAGES[state],
});

/** A 410 on accept: the server's sentence, under the heading of the state it names. */
function closedFromError(message: string): Closed {
  const state = (['used', 'expired', 'revoked'] as const).find((s) => PORTAL_INVITATION_MESSAGES[s] === message);
  return { title: CLOSED_TITLES[state ?? 'unknown'], message };
}

/**
 * /Portal/Accept-invitation/{token}: the page a client portal invitation e-mail links to; no sign-in. It names the
 * practice, asks the client to agree to receive documents and forms online, and activates their portal access. The link
 * works once: a used, expired, withdrawn or unknown link shows a sentence that says what to do.
 */
export function AcceptPortalInvitationPage() {
  const { token = '' } = useParams();
  const client = useApiClient();
  const loaded = useOnce<PortalInvitation | null>(`portal-invitation:${token}`, () =>
    client.call('portalInvitationRetrieve', { params: { token } }),
  );
  const [agree, setAgree] = useState(false);
  const [agreeError, setAgreeError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [accepted, setAccepted] = useState<PortalAcceptance | null>(null);
  /** A link found used, expired or withdrawn on accept: the form is replaced by the sentence. */
  const [closed, setClosed] = useState<Closed | null>(null);

  if (loaded.status === 'pending') return <PageLoading label="Loading your invitation…" />;

  if (accepted) {
    return (
      <PublicLayout title="Your portal access is active">
        <FormMessage tone="success">{accepted.detail}</FormMessage>
        <p className={form.muted}>
          <TextLink to="/Portal">Sign in to your portal</TextLink> now, or close this page.
        </p>
      </PublicLayout>
    );
  }

  const invitation = loaded.status === 'done' ? loaded.value : null;
  const shut =
    closed ??
    (loaded.status === 'failed'
      ? { title: CLOSED_TITLES.unknown, message: isApiError(loaded.error) ? loaded.error.message : LOAD_FAILED }
      : !invitation
        ? closedFor('unknown')
        : invitation.state !== 'valid'
          ? closedFor(invitation.state)
          : null);
  if (shut || !invitation) {
    const { title, message } = shut ?? closedFor('unknown');
    return (
      <PublicLayout title={title}>
        <FormMessage tone="error">{message}</FormMessage>
      </PublicLayout>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = acceptPortalInvitationBodySchema.safeParse({ agree });
    if (!parsed.success) {
      setAgreeError(parsed.error.issues[0]?.message);
      return;
    }
    setAgreeError(undefined);
    setSubmitting(true);
    try {
      const answer = await client.call('acceptPortalInvitation', { params: { token }, body: parsed.data });
      if (!answer) setClosed(closedFor('unknown'));
      else setAccepted(answer);
    } catch (error) {
      if (isApiError(error) && error.status === 410) setClosed(closedFromError(error.message));
      else setFormError(isApiError(error) ? error.message : SEND_FAILED);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <PublicLayout
      title={`${invitation.practiceName} has invited you to its client portal`}
      description={`Hello ${invitation.clientFirstName}. Accept the invitation to receive documents and forms from your practice online.`}
    >
      <form
        className={form.form}
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="Accept the invitation"
      >
        {formError && <FormMessage tone="error">{formError}</FormMessage>}
        <Checkbox
          label="I agree to receive documents and forms from my practice online"
          required
          checked={agree}
          onCheckedChange={(checked) => setAgree(checked === true)}
          error={agreeError}
        />
        <Button type="submit" loading={submitting} disabled={submitting}>
          Accept
        </Button>
      </form>
    </PublicLayout>
  );
}
