import { isApiError } from '@halcyon/api/client';
import { BOOKING_MESSAGES, type PublicAmendedRequest } from '@halcyon/api/contract';
import { useApiClient } from '@halcyon/api/swr';
import { formatWhen, localTimeZone } from '@halcyon/api/time';
import { Button } from '@halcyon/design-system';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { PageLoading } from '../../app/PageLoading';
import form from '../../features/public/form.module.css';
import { FormMessage, PublicLayout } from '../../features/public/PublicLayout';
import { useOnce } from '../../features/public/useOnce';

/** Why a proposal link cannot be opened: the server's sentence (used, expired), or that it is not valid. */
function reasonOf(error: unknown): string {
  if (!isApiError(error)) return 'This link could not be opened. Please try again later.';
  return error.status === 404 ? BOOKING_MESSAGES.linkInvalid : error.message;
}

/**
 * /Booking-request/{token}: the time a practice proposed instead of the one requested, from the link in its e-mail;
 * one click books it. A used or expired link says so.
 */
export function AmendedRequestPage() {
  const { token = '' } = useParams();
  const client = useApiClient();
  const loaded = useOnce(`booking-request:${token}`, () => client.call('publicAmendedRequest', { params: { token } }));
  if (loaded.status === 'pending') return <PageLoading label="Opening the proposed time…" />;
  if (loaded.status === 'failed' || !loaded.value) {
    return (
      <PublicLayout title="This link does not work">
        <FormMessage tone="error">
          {loaded.status === 'failed' ? reasonOf(loaded.error) : BOOKING_MESSAGES.linkInvalid}
        </FormMessage>
      </PublicLayout>
    );
  }
  return <Proposal token={token} proposal={loaded.value} />;
}

function Proposal({ token, proposal }: { token: string; proposal: PublicAmendedRequest }) {
  const client = useApiClient();
  const zone = localTimeZone();
  const [state, setState] = useState<{ busy: boolean; done: string | null; error: string | null }>({
    busy: false,
    done: null,
    error: null,
  });
  const accept = async () => {
    setState({ busy: true, done: null, error: null });
    try {
      const answer = await client.call('acceptAmendedRequest', { params: { token } });
      setState({ busy: false, done: answer?.detail ?? BOOKING_MESSAGES.amendedAccepted, error: null });
    } catch (error) {
      setState({ busy: false, done: null, error: reasonOf(error) });
    }
  };
  if (state.done) {
    return (
      <PublicLayout title="Your session is booked">
        <FormMessage tone="success">{state.done}</FormMessage>
      </PublicLayout>
    );
  }
  return (
    <PublicLayout
      title="A new time for your session"
      description={`${proposal.therapistName} at ${proposal.practiceName} proposes another time for your ${proposal.serviceName}.`}
    >
      <div className={form.form}>
        <p>
          <strong>{formatWhen(proposal.startsAt, zone)}</strong> ({zone})
        </p>
        {proposal.message && <p>{proposal.message}</p>}
        {state.error && <FormMessage tone="error">{state.error}</FormMessage>}
        <div className={form.actions}>
          <Button onClick={() => void accept()} loading={state.busy} disabled={state.busy}>
            Accept this time
          </Button>
        </div>
        <p className={form.muted}>If it does not suit you, you can close this page; nothing is booked.</p>
      </div>
    </PublicLayout>
  );
}
