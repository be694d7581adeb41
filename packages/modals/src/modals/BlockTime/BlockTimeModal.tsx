import {
  DATE_RANGES,
  DIARY_MESSAGES,
  DIARY_TEXT_MAX,
  createAppointmentBodySchema,
  dateLimits,
  type Appointment,
} from '@halcyon/api/contract';
import { useMutation, useRoute } from '@halcyon/api/swr';
import { instantAt, shiftDay, todayIn } from '@halcyon/api/time';
import {
  Checkbox,
  DatePicker,
  FieldRow,
  Select,
  Skeleton,
  TextArea,
  TextField,
  TimePicker,
  useBanners,
} from '@halcyon/design-system';
import { Controller } from 'react-hook-form';
import { registerDate } from '../../form/fields';
import { parseBody } from '../../form/parseBody';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import { isClash, useBookAnyway } from '../../scheduling/bookAnyway';
import { memberIdOf, memberValueOf, useMemberOptions } from '../../scheduling/members';
import {
  RECURRENCE_FIELDS,
  RecurrenceFields,
  recurrenceDefaults,
  recurrenceOf,
  type RecurrenceFormValues,
} from '../../scheduling/RecurrenceFields';
import { useBookingTimeZone } from '../../scheduling/timeZone';
import type { BlockTimeModalProps } from '../../types';

/** SPEC.md §8, word for word. */
export const BLOCKED_TIME_ADDED = DIARY_MESSAGES.blockedTimeAdded;

type Props = BlockTimeModalProps;

export interface BlockTimeFormValues extends RecurrenceFormValues {
  title: string;
  allDay: boolean;
  date: string;
  start: string;
  end: string;
  /** The last day of an all-day block (the same day by default). */
  lastDay: string;
  therapistId: string;
  notes: string;
}

/** Where the contract's messages land in the form. */
const FIELD_OF = {
  title: 'title',
  startsAt: 'date',
  endsAt: 'end',
  therapistId: 'therapistId',
  notes: 'notes',
  ...RECURRENCE_FIELDS,
};

/**
 * block-time: time a team member is not available (a title such as "Lunch" or "Training day"; a start and end, or whole
 * days; repeating or not), added to their calendar so nothing is booked over it. A clash with an event already there is
 * refused with the event's name; "Block anyway" only where the practice allows double-booking.
 */
export function BlockTimeModal(props: Props) {
  const me = useRoute('userDetails');
  if (me.data === undefined && me.error === undefined) {
    return (
      <ModalShell title="Block time" description="Time you are not available.">
        <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading" />
      </ModalShell>
    );
  }
  return <BlockTimeForm {...props} meId={me.data?.id} />;
}

function BlockTimeForm({ defaults, onSaved, timeZone: givenTimeZone, meId }: Props & { meId: number | undefined }) {
  const { notify } = useBanners();
  const timeZone = useBookingTimeZone(givenTimeZone);
  const create = useMutation('createAppointment');
  const bookAnyway = useBookAnyway();
  const memberOptions = useMemberOptions({ assistants: true });
  const date = defaults?.date ?? todayIn(timeZone);

  const { form, shellProps, conflict } = useModalForm<
    BlockTimeFormValues,
    BlockTimeFormValues,
    { items: Appointment[] } | null
  >(null, {
    defaultValues: {
      title: defaults?.title ?? '',
      allDay: defaults?.allDay ?? false,
      date,
      start: defaults?.start ?? '12:00',
      end: defaults?.end ?? '13:00',
      lastDay: date,
      therapistId: memberValueOf(defaults?.therapistId, meId),
      notes: '',
      ...recurrenceDefaults(defaults?.recurrence),
    },
    submit: async (v) => {
      const ignoreConflicts = bookAnyway.take();
      const startsAt = instantAt(v.date, v.allDay ? '00:00' : v.start, timeZone)?.toISOString() ?? '';
      const endsAt =
        (v.allDay
          ? instantAt(shiftDay(v.lastDay, 1), '00:00', timeZone)
          : instantAt(v.date, v.end, timeZone)
        )?.toISOString() ?? '';
      const body = parseBody(
        createAppointmentBodySchema.safeParse({
          kind: 'blocked time',
          title: v.title,
          startsAt,
          endsAt,
          allDay: v.allDay,
          recurrence: recurrenceOf(v),
          notes: v.notes,
          therapistId: memberIdOf(v.therapistId),
          ignoreConflicts,
        }),
        { ...FIELD_OF, endsAt: v.allDay ? 'lastDay' : 'end' },
      );
      return create.trigger({ body });
    },
    onSuccess: async (result) => {
      notify({ variant: 'success', message: BLOCKED_TIME_ADDED });
      const first = result?.items[0];
      if (first) await onSaved?.(first);
    },
  });
  const allDay = form.watch('allDay');
  const { errors } = form.formState;
  const clash = isClash(conflict, shellProps.error);

  return (
    <ModalShell
      title="Block time"
      description={`Time you are not available; nothing can be booked over it. Times are in the practice’s time zone (${timeZone}).`}
      size="lg"
      {...shellProps}
      errorActions={bookAnyway.action(clash, shellProps.onSubmit, 'Block anyway')}
      submitLabel="Block time"
    >
      <ModalFields>
        <TextField
          label="Title"
          hint="Why the time is blocked, e.g. Lunch or Training day."
          required
          maxLength={DIARY_TEXT_MAX.title}
          error={errors.title?.message}
          {...form.register('title')}
        />
        <Controller
          control={form.control}
          name="allDay"
          render={({ field }) => (
            <Checkbox
              label="All day"
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
            />
          )}
        />
        <FieldRow columnMin="sm">
          <DatePicker
            label={allDay ? 'First day' : 'Date'}
            {...dateLimits(DATE_RANGES.session)}
            required
            error={errors.date?.message}
            {...registerDate(form.register, 'date')}
          />
          {allDay ? (
            <DatePicker
              label="Last day"
              {...dateLimits(DATE_RANGES.session)}
              required
              error={errors.lastDay?.message}
              {...registerDate(form.register, 'lastDay')}
            />
          ) : (
            <>
              <TimePicker
                label="Start"
                required
                error={errors.start?.message}
                {...registerDate(form.register, 'start')}
              />
              <TimePicker label="End" required error={errors.end?.message} {...registerDate(form.register, 'end')} />
            </>
          )}
        </FieldRow>
        <RecurrenceFields form={form} />
        {memberOptions.length > 1 && (
          <Controller
            control={form.control}
            name="therapistId"
            render={({ field }) => (
              <Select
                label="Whose calendar"
                options={memberOptions}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.therapistId?.message}
              />
            )}
          />
        )}
        <TextArea
          label="Notes"
          rows={2}
          maxLength={DIARY_TEXT_MAX.notes}
          error={errors.notes?.message}
          {...form.register('notes')}
        />
      </ModalFields>
    </ModalShell>
  );
}
