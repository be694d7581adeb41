import {
  CLIENT_RISK_LEVEL_LABELS,
  CLIENT_STATUS_LABELS,
  CLIENT_STATUSES,
  type Client,
  type ClientRiskLevel,
  type ClientStatus,
} from '@halcyon/api/contract';
import { isApiError } from '@halcyon/api/client';
import { useMutation } from '@halcyon/api/swr';
import { Badge, Select, useBanners, type BadgeVariant } from '@halcyon/design-system';
import { useState } from 'react';
import { fullName } from './format';
import { usePatchCachedClient } from './useClientCache';

export const STATUS_OPTIONS = CLIENT_STATUSES.map((status) => ({ value: status, label: CLIENT_STATUS_LABELS[status] }));

const RISK_VARIANTS: Readonly<Record<ClientRiskLevel, BadgeVariant>> = {
  none: 'neutral',
  low: 'info',
  medium: 'warning',
  high: 'danger',
};

/** The risk level as a badge whose words carry the meaning ("High risk"); "No risk recorded" for none. */
export function RiskBadge({ level }: { level: ClientRiskLevel }) {
  return (
    <Badge variant={RISK_VARIANTS[level]}>
      {level === 'none' ? 'No risk recorded' : `${CLIENT_RISK_LEVEL_LABELS[level]} risk`}
    </Badge>
  );
}

export { RiskReviewFlag } from './RiskReviewFlag';

const STATUS_VARIANTS: Readonly<Record<ClientStatus, BadgeVariant>> = {
  enquiry: 'info',
  waitlist: 'warning',
  active: 'success',
  'on hold': 'neutral',
  discharged: 'neutral',
  archived: 'neutral',
};

export function StatusBadge({ status }: { status: ClientStatus }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{CLIENT_STATUS_LABELS[status]}</Badge>;
}

function problemText(error: unknown): string {
  if (isApiError(error)) return error.detail ?? error.message;
  return 'The status could not be changed. Please try again.';
}

/**
 * Changes a client's status at once on screen (every cached copy), then on the server; on failure the old status comes
 * back and a banner says why (a 409 says the client changed elsewhere).
 */
export function useChangeClientStatus() {
  const patch = usePatchCachedClient();
  const change = useMutation('updateClientStatus');
  const { notify } = useBanners();
  return async (client: Pick<Client, 'id' | 'status' | 'version' | 'firstName' | 'lastName'>, status: ClientStatus) => {
    if (status === client.status) return;
    const before = client.status;
    await patch(client.id, (item) => ({ ...item, status }));
    try {
      const saved = await change.trigger({ params: { id: client.id }, body: { status, version: client.version } });
      if (!saved) throw new Error('The client was not found.');
      await patch(client.id, (item) => ({ ...item, status: saved.status, version: saved.version }));
      notify({
        variant: 'success',
        message: `${fullName({ firstName: client.firstName, lastName: client.lastName })} is now ${CLIENT_STATUS_LABELS[status].toLowerCase()}.`,
      });
    } catch (error) {
      console.error('Failed to change the client status.', error);
      await patch(client.id, (item) => ({ ...item, status: before }));
      notify({ variant: 'error', message: problemText(error) });
    }
  };
}

/** The status as a select that changes it in place (SPEC.md §4), labelled with the client's name. */
export function ClientStatusSelect({
  client,
  label,
  hideLabel = true,
}: {
  client: Pick<Client, 'id' | 'status' | 'version' | 'firstName' | 'lastName'>;
  label: string;
  hideLabel?: boolean;
}) {
  const changeStatus = useChangeClientStatus();
  const [busy, setBusy] = useState(false);
  return (
    <Select
      label={label}
      hideLabel={hideLabel}
      options={STATUS_OPTIONS}
      value={client.status}
      onValueChange={(value) => {
        // One change at a time: the next one needs the version the first one answers.
        if (busy) return;
        setBusy(true);
        void changeStatus(client, value as ClientStatus).finally(() => setBusy(false));
      }}
    />
  );
}
