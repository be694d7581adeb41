import {
  CANCELLED_BY,
  CANCELLED_BY_LABELS,
  SESSION_MESSAGES,
  SESSION_TEXT_MAX,
  cancelSessionBodySchema,
  type ClientSession,
} from '@halcyon/api/contract';
import { useCancellationFee, useMutation, useRoute, usePracticeTimeZone } from '@halcyon/api/swr';
import { Checkbox, RadioGroup, Skeleton, TextArea, useBanners } from '@halcyon/design-system';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { useModalForm } from '../../form/useModalForm';
import { SESSION_NOT_LOADED_MESSAGE } from '../../messages';
import { NotifyClientCheckbox } from '../../sessions/NotifyClientCheckbox';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { CancelSessionModalProps } from '../../types';
import { describeSession } from '../../sessions/sessionShared';
import { CancellationFeeNotice } from '../../sessions/CancellationFeeNotice';

/** SPEC.md §8, word for word (with the em dash). */
export const SESSION_CANCELLED = 'Session cancelled — time slot released.';

type Props = CancelSessionModalProps;

const WHO_OPTIONS = CANCELLED_BY.map((value) => ({ value, label: CANCELLED_BY_LABELS[value] }));

/** cancel-session: who cancelled and why, the late fee, telling the client; the time slot is released. */
export function CancelSessionModal({ sessionId, onSaved }: Props) {
  const session = useRoute('getClientSession', { params: { id: sessionId } });
  const data = session.data;
  if (!data || data.status === 'cancelled') {
    const loadError =
      session.error !== undefined || data === null
        ? SESSION_NOT_LOADED_MESSAGE
        : data?.status === 'cancelled'
          ? SESSION_MESSAGES.alreadyCancelled
          : null;
    return (
      <ModalShell title="Cancel session" description="Cancelling frees the time in the calendar." error={loadError}>
        {!loadError && <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading the session" />}
      </ModalShell>
    );
  }
  return <CancelForm session={data} onSaved={onSaved} />;
}

function CancelForm({ session, onSaved }: { session: ClientSession; onSaved: Props['onSaved'] }) {
  const { notify } = useBanners();
  const timeZone = usePracticeTimeZone();
  const cancel = useMutation('cancelSession');
  // What the practice's cancellation policy charges for cancelling now (shown before saving; the server records it).
  const fee = useCancellationFee(session.id, { kind: 'late cancellation' });
  const { form, shellProps } = useModalForm(cancelSessionBodySchema, {
    defaultValues: {
      cancelledBy: 'client',
      reason: '',
      lateFee: false,
      notifyClient: true,
      version: session.version,
    },
    // The late fee is the client's: never charged when the therapist or the practice cancels.
    submit: (body) =>
      cancel.trigger({
        params: { id: session.id },
        body: { ...body, lateFee: body.cancelledBy === 'client' && body.lateFee },
      }),
    onSuccess: async (saved) => {
      notify({ variant: 'success', message: SESSION_CANCELLED });
      if (saved) await onSaved?.(saved);
    },
  });
  const cancelledBy = form.watch('cancelledBy');
  const feeApplies = typeof fee.data?.feeMinor === 'number' && fee.data.feeMinor > 0;
  // The fee is suggested once the policy says one applies, unless the choice was already made.
  useEffect(() => {
    if (feeApplies && !form.getFieldState('lateFee').isDirty) form.setValue('lateFee', true);
  }, [feeApplies, form]);
  return (
    <ModalShell
      title="Cancel session"
      description={`${describeSession(session, timeZone)}. Cancelling frees the time in the calendar.`}
      {...shellProps}
      submitLabel="Cancel session"
      submitVariant="danger"
      cancelLabel="Keep session"
    >
      <ModalFields sensitive>
        <Controller
          control={form.control}
          name="cancelledBy"
          render={({ field }) => (
            <RadioGroup
              label="Who cancelled?"
              required
              orientation="horizontal"
              options={WHO_OPTIONS}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              error={form.formState.errors.cancelledBy?.message}
            />
          )}
        />
        <TextArea
          label="Reason"
          hint="Kept in the record; it is not sent to the client."
          rows={3}
          maxLength={SESSION_TEXT_MAX.cancelReason}
          error={form.formState.errors.reason?.message}
          {...form.register('reason')}
        />
        {cancelledBy === 'client' && (
          <>
            <CancellationFeeNotice fee={fee} />
            {(feeApplies || fee.error !== undefined) && (
              <Controller
                control={form.control}
                name="lateFee"
                render={({ field }) => (
                  <Checkbox
                    label="Charge the late cancellation fee"
                    hint="It is recorded on the client’s account for their next invoice."
                    checked={field.value === true}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                    onBlur={field.onBlur}
                  />
                )}
              />
            )}
          </>
        )}
        <NotifyClientCheckbox
          control={form.control}
          name="notifyClient"
          label="E-mail the client that the session is cancelled"
        />
      </ModalFields>
    </ModalShell>
  );
}
