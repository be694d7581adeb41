import { BOOKING_MESSAGES, acceptRequestBodySchema, type SessionRequest, VIDEO_LINK_MAX } from '@halcyon/api/contract';
import { useMutation } from '@halcyon/api/swr';
import { Checkbox, RadioGroup, TextField, useBanners } from '@halcyon/design-system';
import { Controller } from 'react-hook-form';
import { RequestSummary, SessionRequestModal } from '../../booking/requestShared';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import { isClash, useBookAnyway } from '../../scheduling/bookAnyway';
import { LOCATION_OPTIONS, SavedLocationSelect } from '../../scheduling/SavedLocationSelect';
import type { AcceptSessionRequestModalProps } from '../../types';

const TITLE = 'Accept session request';
const DESCRIPTION = 'Accepting books the session in the diary and tells the requester.';

/**
 * accept-session-request: the request's details; confirming books the session through the diary (a new enquiry client
 * if need be). A clash is named, with "Book anyway" where the practice allows double-booking.
 */
export function AcceptSessionRequestModal({ requestId, onSaved }: AcceptSessionRequestModalProps) {
  return (
    <SessionRequestModal requestId={requestId} title={TITLE} description={DESCRIPTION}>
      {(request) => <AcceptForm request={request} onSaved={onSaved} />}
    </SessionRequestModal>
  );
}

function AcceptForm({
  request,
  onSaved,
}: {
  request: SessionRequest;
  onSaved: AcceptSessionRequestModalProps['onSaved'];
}) {
  const { notify } = useBanners();
  const accept = useMutation('acceptSessionRequest');
  const bookAnyway = useBookAnyway();
  const { form, field, shellProps, conflict } = useModalForm(acceptRequestBodySchema, {
    defaultValues: {
      locationKind: 'in person',
      location: '',
      videoLink: '',
      notifyRequester: true,
      version: request.version,
    },
    submit: (body) =>
      accept.trigger({ params: { id: request.id }, body: { ...body, ignoreConflicts: bookAnyway.take() } }),
    onSuccess: async (saved) => {
      notify({ variant: 'success', message: BOOKING_MESSAGES.requestAccepted });
      if (saved) await onSaved?.(saved);
    },
  });
  const locationKind = form.watch('locationKind');
  return (
    <ModalShell
      title={TITLE}
      description={DESCRIPTION}
      {...shellProps}
      errorActions={bookAnyway.action(isClash(conflict, shellProps.error), shellProps.onSubmit)}
      submitLabel="Accept and book"
    >
      <RequestSummary request={request} />
      <ModalFields>
        <SavedLocationSelect
          onPick={(fill) => {
            form.setValue('locationKind', fill.kind, { shouldDirty: true });
            form.setValue('location', fill.location, { shouldDirty: true });
            form.setValue('videoLink', fill.videoLink, { shouldDirty: true });
          }}
        />
        <Controller
          control={form.control}
          name="locationKind"
          render={({ field: kind }) => (
            <RadioGroup
              label="Where"
              orientation="horizontal"
              options={LOCATION_OPTIONS}
              value={kind.value}
              onValueChange={kind.onChange}
              onBlur={kind.onBlur}
            />
          )}
        />
        {locationKind === 'in person' && (
          <TextField label="Room or address" hint="Optional." maxLength={500} {...field('location')} />
        )}
        {locationKind === 'video' && (
          <TextField
            label="Video link"
            hint="Optional. The requester's confirmation carries it."
            type="url"
            inputMode="url"
            placeholder="https://"
            maxLength={VIDEO_LINK_MAX}
            {...field('videoLink')}
          />
        )}
        <Controller
          control={form.control}
          name="notifyRequester"
          render={({ field: notify }) => (
            <Checkbox
              label="E-mail the requester that the session is confirmed"
              checked={notify.value === true}
              onCheckedChange={(checked) => notify.onChange(checked === true)}
              onBlur={notify.onBlur}
            />
          )}
        />
      </ModalFields>
    </ModalShell>
  );
}
