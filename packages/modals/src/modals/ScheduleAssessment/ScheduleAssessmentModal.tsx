import {
  ITEM_SHARED_MESSAGE,
  MEASURES,
  MEASURE_CODES,
  MEASURE_LINK_TTL_DAYS,
  SCHEDULE_REPEAT_MAX,
  type MeasureCode,
  dateLimits,
  DATE_RANGES,
} from '@halcyon/api/contract';
import { useMutation, usePracticeTimeZone } from '@halcyon/api/swr';
import { DatePicker, NumberField, RadioGroup, Select, TextField, useBanners } from '@halcyon/design-system';
import { Controller, useWatch } from 'react-hook-form';
import { todayIn } from '@halcyon/api/time';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { ScheduleAssessmentModalProps } from '../../types';

/** The Created message for a scheduled measure (SPEC.md §8: "Created or Updated messages for the other record types"). */
export const SCHEDULE_CREATED_MESSAGE = 'Assessment schedule created.';

type Repeat = 'once' | 'weekly' | 'sessions';

interface Values {
  mode: 'now' | 'schedule';
  measure: MeasureCode;
  startDate: string;
  repeat: Repeat;
  /** Weeks or sessions between sends, as `repeat` says. */
  every: number | null;
  email: string;
}

/**
 * schedule-assessment: send a measure to the client as a single-use link by e-mail, now or on a schedule (a start date,
 * then once, every N weeks, or after every N attended sessions). The client fills it in without signing in; the
 * therapist is notified when it is completed.
 */
export function ScheduleAssessmentModal({
  clientId,
  defaults,
  measure,
  mode = 'schedule',
  clientEmail,
  onSaved,
}: ScheduleAssessmentModalProps) {
  const { notify } = useBanners();
  const today = todayIn(usePracticeTimeZone());
  const schedule = useMutation('createAssessmentSchedule');
  const send = useMutation('sendMeasureLink');
  const { form, shellProps } = useModalForm<Values, Values, { id: number }>(null, {
    defaultValues: {
      mode,
      measure: measure ?? defaults?.measure ?? 'phq9',
      startDate: defaults?.startDate ?? today,
      repeat: 'weekly',
      every: 2,
      email: '',
    },
    submit: async (values) => {
      const email = values.email.trim() || undefined;
      if (values.mode === 'now') {
        await send.trigger({ params: { clientId }, body: { measure: values.measure, email } });
        return { id: clientId };
      }
      const created = await schedule.trigger({
        params: { clientId },
        body: {
          measure: values.measure,
          startDate: values.startDate,
          repeatEveryWeeks: values.repeat === 'weekly' ? values.every : null,
          repeatEverySessions: values.repeat === 'sessions' ? values.every : null,
          email,
        },
      });
      if (!created) throw new Error('The client was not found.');
      return created;
    },
    onSuccess: async (saved) => {
      notify({
        variant: 'success',
        message: form.getValues('mode') === 'now' ? ITEM_SHARED_MESSAGE : SCHEDULE_CREATED_MESSAGE,
      });
      await onSaved?.(saved);
    },
  });
  const chosenMode = useWatch({ control: form.control, name: 'mode' });
  const repeat = useWatch({ control: form.control, name: 'repeat' });
  const unit = repeat === 'sessions' ? 'sessions' : 'weeks';
  const where = clientEmail ? `the client's address (${clientEmail})` : "the client's e-mail address";

  return (
    <ModalShell
      title={chosenMode === 'now' ? 'Send a measure' : 'Schedule a measure'}
      description={`The client gets a single-use link by e-mail, valid for ${MEASURE_LINK_TTL_DAYS} days, and fills the measure in without signing in.`}
      submitLabel={chosenMode === 'now' ? 'Send now' : 'Schedule'}
      {...shellProps}
    >
      <ModalFields sensitive>
        <Controller
          name="mode"
          control={form.control}
          render={({ field }) => (
            <RadioGroup
              label="When"
              orientation="horizontal"
              options={[
                { value: 'now', label: 'Send now' },
                { value: 'schedule', label: 'On a schedule' },
              ]}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
        <Controller
          name="measure"
          control={form.control}
          render={({ field }) => (
            <Select
              label="Measure"
              options={MEASURE_CODES.map((code) => ({ value: code, label: MEASURES[code].title }))}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
        {chosenMode === 'schedule' && (
          <>
            <Controller
              name="startDate"
              control={form.control}
              rules={{ validate: (value) => (value ? true : 'Choose the date of the first send.') }}
              render={({ field, fieldState }) => (
                <DatePicker
                  label="First send"
                  {...dateLimits(DATE_RANGES.upcoming)}
                  hint="A date of today sends the first link at once."
                  min={today}
                  value={field.value}
                  onValueChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  required
                />
              )}
            />
            <Controller
              name="repeat"
              control={form.control}
              render={({ field }) => (
                <RadioGroup
                  label="Repeat"
                  options={[
                    { value: 'once', label: 'Send once' },
                    { value: 'weekly', label: 'Repeat every few weeks' },
                    { value: 'sessions', label: 'Repeat every few sessions' },
                  ]}
                  value={field.value}
                  onValueChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
            {repeat !== 'once' && (
              <Controller
                name="every"
                control={form.control}
                rules={{
                  validate: (value) =>
                    value !== null && Number.isInteger(value) && value >= 1 && value <= SCHEDULE_REPEAT_MAX
                      ? true
                      : `Enter a whole number of ${unit} from 1 to ${SCHEDULE_REPEAT_MAX}.`,
                }}
                render={({ field, fieldState }) => (
                  <NumberField
                    label="Every"
                    unit={unit}
                    hint={
                      repeat === 'sessions'
                        ? 'Counts the sessions the client attends (late included) after each send.'
                        : undefined
                    }
                    min={1}
                    max={SCHEDULE_REPEAT_MAX}
                    step={1}
                    value={field.value ?? ''}
                    onValueChange={field.onChange}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                    required
                  />
                )}
              />
            )}
          </>
        )}
        <Controller
          name="email"
          control={form.control}
          rules={{
            validate: (value) =>
              value.trim() === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim())
                ? true
                : 'Enter a valid e-mail address, or leave it empty.',
          }}
          render={({ field, fieldState }) => (
            <TextField
              label="Send to another address"
              hint={`Leave empty to use ${where}.`}
              type="email"
              autoComplete="off"
              value={field.value}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
      </ModalFields>
    </ModalShell>
  );
}
