import { ApiError } from '@halcyon/api/client';
import {
  BOOKING_MESSAGES,
  BOOKING_TEXT_MAX,
  DATE_RANGES,
  dateLimits,
  shiftDate,
  type SessionRequest,
} from '@halcyon/api/contract';
import { useMutation, usePracticeTimeZone } from '@halcyon/api/swr';
import { dayIn, instantAt, localTimeZone, timeIn, todayIn } from '@halcyon/api/time';
import { DatePicker, FieldRow, NumberField, TextArea, TimePicker, useBanners } from '@halcyon/design-system';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { RequestSummary, SessionRequestModal } from '../../booking/requestShared';
import { registerDate } from '../../form/fields';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { AmendSessionRequestModalProps } from '../../types';

const TITLE = 'Propose another time';
const PICK_TIME = 'Choose the new date and time.';
const FUTURE = 'Choose a time in the future.';

interface AmendValues {
  date: string;
  start: string;
  durationMinutes: number;
  message: string;
}

/** amend-session-request: another time with a message; the requester accepts it from the e-mailed link in one click. */
export function AmendSessionRequestModal({ requestId, onSaved }: AmendSessionRequestModalProps) {
  const timeZone = usePracticeTimeZone() ?? localTimeZone();
  const description = `The requester is e-mailed the new time with a link that books it. Times are in the practice’s time zone (${timeZone}).`;
  return (
    <SessionRequestModal requestId={requestId} title={TITLE} description={description}>
      {(request) => <AmendForm request={request} timeZone={timeZone} description={description} onSaved={onSaved} />}
    </SessionRequestModal>
  );
}

function AmendForm({
  request,
  timeZone,
  description,
  onSaved,
}: {
  request: SessionRequest;
  timeZone: string;
  description: string;
  onSaved: AmendSessionRequestModalProps['onSaved'];
}) {
  const { notify } = useBanners();
  const amend = useMutation('amendSessionRequest');
  // The form starts from the time asked for (or last proposed); one already past moves to the same time tomorrow.
  const asked = request.proposedStartsAt ?? request.startsAt;
  const [fromDay] = useState(() =>
    Date.parse(asked) > Date.now() ? dayIn(asked, timeZone) : shiftDate(todayIn(timeZone), { days: 1 }),
  );
  const fromTime = timeIn(asked, timeZone);
  const { form, field, shellProps } = useModalForm<AmendValues, AmendValues, Awaited<ReturnType<typeof amend.trigger>>>(
    null,
    {
      defaultValues: {
        date: fromDay,
        start: fromTime,
        durationMinutes: request.durationMinutes,
        message: '',
      },
      submit: (values) => {
        const start = instantAt(values.date, values.start, timeZone);
        if (!start) throw new ApiError(400, PICK_TIME, { fieldErrors: { date: PICK_TIME } });
        if (start.getTime() <= Date.now()) throw new ApiError(400, FUTURE, { fieldErrors: { start: FUTURE } });
        return amend.trigger({
          params: { id: request.id },
          body: {
            startsAt: start.toISOString(),
            durationMinutes: values.durationMinutes,
            message: values.message,
            version: request.version,
          },
        });
      },
      onSuccess: async (saved) => {
        notify({ variant: 'success', message: BOOKING_MESSAGES.requestAmended });
        if (saved) await onSaved?.(saved);
      },
    },
  );
  const { errors } = form.formState;
  return (
    <ModalShell title={TITLE} description={description} {...shellProps} submitLabel="Send proposal">
      <RequestSummary request={request} />
      <ModalFields sensitive>
        <FieldRow columnMin="sm">
          <DatePicker
            label="New date"
            required
            {...dateLimits(DATE_RANGES.upcoming)}
            error={errors.date?.message}
            {...registerDate(form.register, 'date')}
          />
          <TimePicker label="Start" required error={errors.start?.message} {...registerDate(form.register, 'start')} />
          <Controller
            control={form.control}
            name="durationMinutes"
            render={({ field: length }) => (
              <NumberField
                label="Length"
                unit="minutes"
                required
                min={5}
                max={600}
                step={5}
                value={length.value}
                onValueChange={(value) => length.onChange(value ?? 0)}
                onBlur={length.onBlur}
                error={errors.durationMinutes?.message}
              />
            )}
          />
        </FieldRow>
        <TextArea
          label="Message to the requester"
          hint="Optional, e.g. why this time suits better."
          rows={4}
          maxLength={BOOKING_TEXT_MAX.message}
          {...field('message')}
        />
      </ModalFields>
    </ModalShell>
  );
}
