import {
  SESSION_NOT_STARTED,
  markAttendanceBodySchema,
  sessionHasStarted,
  type ChargeKind,
  type ClientSession,
  type MarkAttendanceBody,
} from '@halcyon/api/contract';
import { useCancellationFee, useMutation, useRoute, usePracticeTimeZone } from '@halcyon/api/swr';
import { Checkbox, RadioGroup, Skeleton, useBanners } from '@halcyon/design-system';
import { Controller } from 'react-hook-form';
import { useModalForm } from '../../form/useModalForm';
import { SESSION_NOT_LOADED_MESSAGE } from '../../messages';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { MarkAttendanceSessionModalProps } from '../../types';
import { describeSession } from '../../sessions/sessionShared';
import { CancellationFeeNotice } from '../../sessions/CancellationFeeNotice';

/** SPEC.md §8. */
export const ATTENDANCE_UPDATED = 'Attendance updated.';

type Props = MarkAttendanceSessionModalProps;

const OPTIONS = [
  { value: 'attended', label: 'Attended' },
  { value: 'late', label: 'Attended, late', description: 'The client arrived after the start time.' },
  { value: 'did not attend', label: 'Did not attend', description: 'No-show without notice.' },
  {
    value: 'late cancellation',
    label: 'Late cancellation',
    description: 'Cancelled inside the practice’s cancellation window.',
  },
  { value: 'scheduled', label: 'Not marked yet' },
];
const isChargeable = (status: string): status is ChargeKind =>
  status === 'did not attend' || status === 'late cancellation';

/** mark-attendance-session: how the session went; a missed or late-cancelled session can be charged per policy. */
export function MarkAttendanceSessionModal({ sessionId, onSaved }: Props) {
  const session = useRoute('getClientSession', { params: { id: sessionId } });
  const data = session.data;
  // Attendance is marked once the session has started (the server refuses it before, with the same words).
  if (!data || data.status === 'cancelled' || !sessionHasStarted(data.startsAt)) {
    const loadError =
      session.error !== undefined || data === null
        ? SESSION_NOT_LOADED_MESSAGE
        : data?.status === 'cancelled'
          ? 'This session is cancelled, so its attendance cannot be marked.'
          : data
            ? SESSION_NOT_STARTED.attendance
            : null;
    return (
      <ModalShell title="Mark attendance" description="How did the session go?" error={loadError}>
        {!loadError && <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading the session" />}
      </ModalShell>
    );
  }
  return <AttendanceForm session={data} onSaved={onSaved} />;
}

function AttendanceForm({ session, onSaved }: { session: ClientSession; onSaved: Props['onSaved'] }) {
  const { notify } = useBanners();
  const timeZone = usePracticeTimeZone();
  const mark = useMutation('markSessionAttendance');
  const { form, shellProps } = useModalForm(markAttendanceBodySchema, {
    defaultValues: toForm(session),
    submit: (body) => mark.trigger({ params: { id: session.id }, body }),
    onSuccess: async (saved) => {
      notify({ variant: 'success', message: ATTENDANCE_UPDATED });
      if (saved) await onSaved?.(saved);
    },
  });
  const status = form.watch('status');
  const chargeable = isChargeable(status);
  // A late cancellation marked afterwards counts as given at the start (the least notice), as the server charges it.
  const fee = useCancellationFee(
    chargeable ? session.id : null,
    status === 'late cancellation' ? { kind: status, at: session.startsAt } : { kind: 'did not attend' },
  );
  const feeApplies = typeof fee.data?.feeMinor === 'number' && fee.data.feeMinor > 0;
  return (
    <ModalShell
      title="Mark attendance"
      description={describeSession(session, timeZone)}
      {...shellProps}
      submitLabel="Save attendance"
    >
      <ModalFields sensitive>
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => (
            <RadioGroup
              label="Attendance"
              required
              options={OPTIONS}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              error={form.formState.errors.status?.message}
            />
          )}
        />
        {chargeable && (
          <>
            <CancellationFeeNotice fee={fee} />
            {(feeApplies || fee.error !== undefined) && (
              <Controller
                control={form.control}
                name="chargeFee"
                render={({ field }) => (
                  <Checkbox
                    label="Charge the fee per the cancellation policy"
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
      </ModalFields>
    </ModalShell>
  );
}

function toForm(session: ClientSession): MarkAttendanceBody {
  return {
    status: session.status === 'cancelled' ? 'scheduled' : session.status,
    chargeFee: session.chargeFee,
    version: session.version,
  };
}
