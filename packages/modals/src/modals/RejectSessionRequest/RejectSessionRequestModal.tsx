import {
  BOOKING_MESSAGES,
  BOOKING_TEXT_MAX,
  rejectRequestBodySchema,
  type SessionRequest,
} from '@halcyon/api/contract';
import { useMutation } from '@halcyon/api/swr';
import { TextArea, useBanners } from '@halcyon/design-system';
import { RequestSummary, SessionRequestModal } from '../../booking/requestShared';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { RejectSessionRequestModalProps } from '../../types';

const TITLE = 'Decline session request';
const DESCRIPTION = 'The reason stays with the team; the message is e-mailed to the requester.';

/** reject-session-request: a reason for the team's record and a message for the requester. */
export function RejectSessionRequestModal({ requestId, onSaved }: RejectSessionRequestModalProps) {
  return (
    <SessionRequestModal requestId={requestId} title={TITLE} description={DESCRIPTION}>
      {(request) => <RejectForm request={request} onSaved={onSaved} />}
    </SessionRequestModal>
  );
}

function RejectForm({
  request,
  onSaved,
}: {
  request: SessionRequest;
  onSaved: RejectSessionRequestModalProps['onSaved'];
}) {
  const { notify } = useBanners();
  const reject = useMutation('rejectSessionRequest');
  const { field, shellProps } = useModalForm(rejectRequestBodySchema, {
    defaultValues: { reason: '', message: '', version: request.version },
    submit: (body) => reject.trigger({ params: { id: request.id }, body }),
    onSuccess: async (saved) => {
      notify({ variant: 'success', message: BOOKING_MESSAGES.requestDeclined });
      if (saved) await onSaved?.(saved);
    },
  });
  return (
    <ModalShell
      title={TITLE}
      description={DESCRIPTION}
      {...shellProps}
      submitLabel="Decline request"
      submitVariant="danger"
      cancelLabel="Keep request"
    >
      <RequestSummary request={request} />
      <ModalFields sensitive>
        <TextArea
          label="Reason"
          required
          rows={2}
          maxLength={BOOKING_TEXT_MAX.reason}
          hint="Kept for the team; not sent."
          {...field('reason')}
        />
        <TextArea
          label="Message to the requester"
          hint="Optional, e.g. where else they could find help."
          rows={4}
          maxLength={BOOKING_TEXT_MAX.message}
          {...field('message')}
        />
      </ModalFields>
    </ModalShell>
  );
}
