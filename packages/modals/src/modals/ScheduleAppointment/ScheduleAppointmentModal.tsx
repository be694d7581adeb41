import { ApiError } from '@halcyon/api/client';
import {
  allows,
  CLINICAL_ROLES,
  DIARY_MESSAGES,
  DIARY_TEXT_MAX,
  SESSION_TEXT_MAX,
  VIDEO_LINK_MAX,
  createAppointmentBodySchema,
  scheduleSessionBodySchema,
  updateSessionBodySchema,
  sessionHasStarted,
  type ClientSession,
  type Service,
  type SessionLocationKind,
  dateLimits,
  DATE_RANGES,
} from '@halcyon/api/contract';
import { useApiClient, useMutation, useRoute } from '@halcyon/api/swr';
import {
  Checkbox,
  Combobox,
  DatePicker,
  FieldRow,
  MoneyField,
  NumberField,
  RadioGroup,
  Select,
  Skeleton,
  TextArea,
  TextField,
  TimePicker,
  useBanners,
  type ComboboxOption,
} from '@halcyon/design-system';
import { useEffect } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { dayIn, instantAt, shiftDay, timeIn, todayIn } from '@halcyon/api/time';
import { CHECK_FIELDS, parseBody } from '../../form/parseBody';
import { useModalForm } from '../../form/useModalForm';
import { isClash, useBookAnyway } from '../../scheduling/bookAnyway';
import { ME, memberIdOf, useMemberOptions } from '../../scheduling/members';
import {
  RECURRENCE_FIELDS,
  RecurrenceFields,
  recurrenceDefaults,
  recurrenceOf,
  type RecurrenceFormValues,
} from '../../scheduling/RecurrenceFields';
import { SESSION_NOT_LOADED_MESSAGE } from '../../messages';
import { NO_SERVICE, ServiceField, useSessionServices } from '../../services/ServiceField';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import { LOCATION_OPTIONS, SavedLocationSelect, type LocationFill } from '../../scheduling/SavedLocationSelect';
import { useBookingTimeZone } from '../../scheduling/timeZone';
import { NotifyClientCheckbox } from '../../sessions/NotifyClientCheckbox';
import type { ScheduleAppointmentModalProps } from '../../types';

/** SPEC.md §8, word for word. */
export const SESSION_SCHEDULED = 'Session scheduled and added to your calendar.';
export const APPOINTMENT_SCHEDULED = DIARY_MESSAGES.appointmentScheduled;
export const BLOCKED_TIME_ADDED = DIARY_MESSAGES.blockedTimeAdded;
/** Created or Updated messages for the other record types (SPEC.md §8). */
export const SESSION_RESCHEDULED = 'Session updated.';

/** A named type (not `ModalPropsMap[...]`), so the docs page's props table can read it. */
type Props = ScheduleAppointmentModalProps;
type Kind = 'session' | 'appointment' | 'blocked-time';

export interface ScheduleFormValues extends RecurrenceFormValues {
  kind: Kind;
  client: ComboboxOption | null;
  /** The practice's service chosen (its id), or NO_SERVICE when the practice has none and the name is typed. */
  serviceId: string;
  serviceName: string;
  /** The session's fee in minor units of `currency` (the service's, changeable). */
  priceMinor: number | null;
  currency: string;
  title: string;
  date: string;
  start: string;
  end: string;
  allDay: boolean;
  durationMinutes: number;
  locationKind: SessionLocationKind;
  location: string;
  videoLink: string;
  therapistId: string;
  notes: string;
  sendConfirmation: boolean;
}

const KIND_OPTIONS = [
  { value: 'session', label: 'Session', description: 'With a client' },
  { value: 'appointment', label: 'Appointment', description: 'A meeting that is not a session' },
  { value: 'blocked-time', label: 'Blocked time', description: 'Time you are not available' },
];

/** Where a contract issue lands in the form. */
const FIELD_OF = {
  startsAt: 'date',
  endsAt: 'end',
  serviceName: 'serviceName',
  serviceId: 'serviceId',
  priceMinor: 'priceMinor',
  title: 'title',
  durationMinutes: 'durationMinutes',
  location: 'location',
  videoLink: 'videoLink',
  therapistId: 'therapistId',
  notes: 'notes',
  clientId: 'client',
  ...RECURRENCE_FIELDS,
};

function clientLabel(c: { firstName: string; lastName: string; preferredName?: string | null }) {
  return [c.preferredName || c.firstName, c.lastName].filter(Boolean).join(' ');
}

/**
 * schedule-appointment: a session with a client (service, date and start, duration, in person / video / phone,
 * therapist, recurrence, notes, confirmation e-mail), an appointment, or blocked time; the server warns when the
 * therapist already has something at that time, and "Schedule anyway" keeps it. With `id` it reschedules that session.
 */
export function ScheduleAppointmentModal(props: Props) {
  const existing = useRoute('getClientSession', props.id ? { params: { id: props.id } } : null);
  // The practice's zone (from `/api/practice`, every role may read it) unless the caller passed the diary's.
  const practice = useRoute('getPractice', props.timeZone ? null : undefined);
  const me = useRoute('userDetails');
  const settled = (r: { data: unknown; error: unknown }) => r.data !== undefined || r.error !== undefined;
  const loadError =
    props.id !== undefined && (existing.error !== undefined || existing.data === null)
      ? SESSION_NOT_LOADED_MESSAGE
      : null;
  if (
    loadError ||
    (!props.timeZone && !settled(practice)) ||
    !settled(me) ||
    (props.id !== undefined && !existing.data)
  ) {
    return (
      <ModalShell
        title={props.id !== undefined ? 'Reschedule session' : 'Schedule'}
        description="Times are in the practice’s time zone."
        error={loadError}
      >
        {!loadError && <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading" />}
      </ModalShell>
    );
  }
  return (
    <ScheduleForm
      {...props}
      existing={existing.data ?? undefined}
      meId={me.data?.id}
      clinical={allows(CLINICAL_ROLES, me.data?.role)}
    />
  );
}

function ScheduleForm({
  id,
  kind: initialKind,
  defaults,
  onSaved,
  existing,
  meId,
  clinical,
  timeZone: givenTimeZone,
}: Props & { existing: ClientSession | undefined; meId: number | undefined; clinical: boolean }) {
  const client = useApiClient();
  const { notify } = useBanners();
  // The zone is named in the description: the browser's until the practice's loads.
  const timeZone = useBookingTimeZone(givenTimeZone);
  const schedule = useMutation('scheduleSession');
  const update = useMutation('updateSession');
  const createAppointment = useMutation('createAppointment');
  const bookAnyway = useBookAnyway();
  const fixedClientId = defaults?.clientId;
  const editing = id !== undefined;

  const { form, shellProps, conflict } = useModalForm<ScheduleFormValues, ScheduleFormValues, unknown>(null, {
    defaultValues: withSession(existing, timeZone, meId, {
      kind: initialKind ?? defaults?.kind ?? (clinical ? 'session' : 'appointment'),
      client: null,
      serviceId: NO_SERVICE,
      serviceName: defaults?.serviceName ?? 'Individual session',
      priceMinor: null,
      // The chosen service's; until one is chosen, that of the practice's first service.
      currency: 'GBP',
      title: '',
      date: defaults?.date ?? todayIn(timeZone),
      start: defaults?.start ?? '09:00',
      end: '10:00',
      allDay: false,
      durationMinutes: defaults?.durationMinutes ?? 50,
      locationKind: 'in person',
      location: '',
      videoLink: '',
      therapistId: defaults?.therapistId ? String(defaults.therapistId) : ME,
      ...recurrenceDefaults(defaults?.recurrence),
      notes: defaults?.notes ?? '',
      sendConfirmation: true,
    }),
    submit: async (v) => {
      const ignore = bookAnyway.take();
      const therapistId = memberIdOf(v.therapistId);
      const recurrence = recurrenceOf(v);
      if (v.kind === 'session') {
        const clientId = fixedClientId ?? (v.client ? Number(v.client.value) : undefined);
        if (!clientId && !editing) {
          throw new ApiError(400, CHECK_FIELDS, { fieldErrors: { client: 'Choose the client.' } });
        }
        const fields = {
          serviceId: v.serviceId === NO_SERVICE ? null : Number(v.serviceId),
          serviceName: v.serviceName,
          priceMinor: v.priceMinor,
          startsAt: instantAt(v.date, v.start, timeZone)?.toISOString() ?? '',
          durationMinutes: v.durationMinutes,
          locationKind: v.locationKind,
          location: v.locationKind === 'video' ? '' : v.location,
          videoLink: v.locationKind === 'video' ? v.videoLink : '',
          therapistId,
          notes: v.notes,
          ignoreConflicts: ignore,
        };
        if (editing) {
          const body = parseBody(
            updateSessionBodySchema.safeParse({
              ...fields,
              version: existing?.version ?? 1,
              notifyClient: v.sendConfirmation,
            }),
            FIELD_OF,
          );
          return update.trigger({ params: { id }, body });
        }
        const body = parseBody(
          scheduleSessionBodySchema.safeParse({ ...fields, recurrence, sendConfirmation: v.sendConfirmation }),
          FIELD_OF,
        );
        return schedule.trigger({ params: { clientId: clientId! }, body });
      }
      const startsAt = instantAt(v.date, v.allDay ? '00:00' : v.start, timeZone)?.toISOString() ?? '';
      // An all-day appointment runs to the next day's midnight.
      const endsAt =
        (v.allDay
          ? instantAt(shiftDay(v.date, 1), '00:00', timeZone)
          : instantAt(v.date, v.end, timeZone)
        )?.toISOString() ?? '';
      const body = parseBody(
        createAppointmentBodySchema.safeParse({
          kind: v.kind === 'blocked-time' ? 'blocked time' : 'appointment',
          title: v.title,
          startsAt,
          endsAt,
          allDay: v.allDay,
          recurrence,
          notes: v.notes,
          therapistId,
          clientId: fixedClientId ?? null,
          ignoreConflicts: ignore,
        }),
        FIELD_OF,
      );
      return createAppointment.trigger({ body });
    },
    onSuccess: async (result) => {
      const kind = form.getValues('kind');
      notify({
        variant: 'success',
        message: editing
          ? SESSION_RESCHEDULED
          : kind === 'session'
            ? SESSION_SCHEDULED
            : kind === 'appointment'
              ? APPOINTMENT_SCHEDULED
              : BLOCKED_TIME_ADDED,
      });
      const saved = (result as { items?: { id: number }[] } | { id: number } | null) ?? null;
      const first = saved && 'items' in saved ? saved.items?.[0] : (saved as { id: number } | null);
      if (first) await onSaved?.(first);
    },
  });

  // Rescheduling: fill the form once from the session.

  /** Date and time pickers take ISO strings; register's numeric min/max are not used here. */
  const registerPicker = (name: 'date' | 'start' | 'end' | 'until') => {
    const { min: _min, max: _max, ...rest } = form.register(name);
    return rest;
  };
  const kind = form.watch('kind');
  const allDay = form.watch('allDay');
  // A session entered after it happened gets no confirmation (the server sends none either).
  const startsAt = instantAt(form.watch('date'), form.watch('start'), timeZone);
  const inThePast = startsAt !== null && sessionHasStarted(startsAt);
  const { errors } = form.formState;
  const memberOptions = useMemberOptions({ assistants: kind !== 'session' });
  const title = editing
    ? 'Reschedule session'
    : kind === 'session'
      ? 'Schedule a session'
      : kind === 'appointment'
        ? 'Schedule an appointment'
        : 'Block time';

  return (
    <ModalShell
      title={title}
      description={`Times are in the practice’s time zone (${timeZone}).`}
      size="lg"
      {...shellProps}
      error={shellProps.error}
      errorActions={bookAnyway.action(isClash(conflict, shellProps.error), shellProps.onSubmit, 'Book anyway')}
      submitLabel={editing ? 'Save changes' : kind === 'blocked-time' ? 'Block time' : 'Schedule'}
    >
      <ModalFields sensitive>
        {!editing && (
          <Controller
            control={form.control}
            name="kind"
            render={({ field }) => (
              <RadioGroup
                label="What are you adding?"
                orientation="horizontal"
                // Sessions are booked by the clinical roles; the Assistant books appointments and blocked time.
                options={clinical ? KIND_OPTIONS : KIND_OPTIONS.filter((option) => option.value !== 'session')}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        )}
        {kind === 'session' && !fixedClientId && !editing && (
          <Controller
            control={form.control}
            name="client"
            render={({ field }) => (
              <Combobox
                label="Client"
                required
                placeholder="Type a name…"
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.client?.message}
                loadOptions={async (search) => {
                  const page = await client.call('listClients', { query: { search, pageSize: 10 } });
                  return (page?.items ?? []).map((c) => ({ value: String(c.id), label: clientLabel(c) }));
                }}
              />
            )}
          />
        )}
        {kind === 'session' ? (
          <SessionServiceFields form={form} editing={editing} />
        ) : (
          <TextField
            label="Title"
            required
            maxLength={DIARY_TEXT_MAX.title}
            error={errors.title?.message}
            {...form.register('title')}
          />
        )}
        <FieldRow columnMin="sm">
          <DatePicker
            label="Date"
            {...dateLimits(DATE_RANGES.session)}
            required
            error={errors.date?.message}
            {...registerPicker('date')}
          />
          {!(kind !== 'session' && allDay) && (
            <TimePicker label="Start" required error={errors.start?.message} {...registerPicker('start')} />
          )}
          {kind === 'session' ? (
            <Controller
              control={form.control}
              name="durationMinutes"
              render={({ field }) => (
                <NumberField
                  label="Length"
                  unit="minutes"
                  required
                  min={5}
                  max={600}
                  step={5}
                  value={field.value}
                  onValueChange={(value) => field.onChange(value ?? 0)}
                  onBlur={field.onBlur}
                  error={errors.durationMinutes?.message}
                />
              )}
            />
          ) : (
            !allDay && <TimePicker label="End" required error={errors.end?.message} {...registerPicker('end')} />
          )}
        </FieldRow>
        {kind !== 'session' && (
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
        )}
        {kind === 'session' && (
          <SavedLocationSelect
            onPick={(fill: LocationFill) => {
              form.setValue('locationKind', fill.kind, { shouldDirty: true });
              form.setValue('location', fill.location, { shouldDirty: true });
              form.setValue('videoLink', fill.videoLink, { shouldDirty: true });
            }}
          />
        )}
        {kind === 'session' && (
          <FieldRow columnMin="sm">
            <Controller
              control={form.control}
              name="locationKind"
              render={({ field }) => (
                <RadioGroup
                  label="Where"
                  orientation="horizontal"
                  options={LOCATION_OPTIONS}
                  value={field.value}
                  onValueChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
            {form.watch('locationKind') === 'video' ? (
              <TextField
                key="videoLink"
                label="Video link"
                hint="The client's confirmation e-mail carries it."
                type="url"
                inputMode="url"
                placeholder="https://"
                maxLength={VIDEO_LINK_MAX}
                error={errors.videoLink?.message}
                {...form.register('videoLink')}
              />
            ) : (
              <TextField
                key="location"
                label="Room or address"
                maxLength={SESSION_TEXT_MAX.location}
                error={errors.location?.message}
                {...form.register('location')}
              />
            )}
          </FieldRow>
        )}
        <Controller
          control={form.control}
          name="therapistId"
          render={({ field }) => (
            <Select
              label={kind === 'session' ? 'Therapist' : 'Whose calendar'}
              options={memberOptions}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.therapistId?.message}
            />
          )}
        />
        {!editing && <RecurrenceFields form={form} />}
        <TextArea
          label="Notes"
          rows={2}
          maxLength={SESSION_TEXT_MAX.notes}
          error={errors.notes?.message}
          {...form.register('notes')}
        />
        {kind === 'session' && editing && (
          <NotifyClientCheckbox
            control={form.control}
            name="sendConfirmation"
            label="E-mail the client the new time, if it changes"
          />
        )}
        {kind === 'session' && !editing && (
          <Controller
            control={form.control}
            name="sendConfirmation"
            render={({ field }) => (
              <Checkbox
                label="E-mail the client a confirmation"
                hint={
                  inThePast
                    ? 'Not for a session that has already started: it is recorded without an e-mail.'
                    : 'Sent only when the client has an e-mail address.'
                }
                disabled={inThePast}
                checked={field.value && !inThePast}
                onCheckedChange={(checked) => field.onChange(checked === true)}
              />
            )}
          />
        )}
      </ModalFields>
    </ModalShell>
  );
}

/**
 * The session's service, from the practice's services (Settings > Services) on the shared picker: choosing one fills
 * the length and the fee (both still changeable). A practice with no services yet types the service's name.
 */
function SessionServiceFields({ form, editing }: { form: UseFormReturn<ScheduleFormValues>; editing: boolean }) {
  const services = useSessionServices();
  const items = services.data?.items;
  const { errors } = form.formState;
  const serviceId = form.watch('serviceId');
  // A service named by the opener (or the session rescheduled) is chosen once the list arrives.
  useEffect(() => {
    if (!items || form.getValues('serviceId') !== NO_SERVICE) return;
    const named = form.getValues('serviceName').trim().toLowerCase();
    const match = items.find((s) => s.name.toLowerCase() === named);
    const currency = (match ?? items[0])?.currency;
    if (currency) form.setValue('currency', currency);
    if (match) {
      form.setValue('serviceId', String(match.id));
      // A new session takes the service's price; a session rescheduled keeps its own fee.
      if (!editing) form.setValue('priceMinor', match.priceMinor);
    } else if (!editing && items.length > 0) {
      // A name the practice does not offer is not sent behind an empty picker: the form asks for a choice.
      form.setValue('serviceName', '');
    }
  }, [items, form, editing]);
  const choose = (service: Service | null) => {
    form.setValue('serviceId', service ? String(service.id) : NO_SERVICE, { shouldDirty: true });
    if (!service) return;
    form.setValue('serviceName', service.name, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    if (service.durationMinutes !== null)
      form.setValue('durationMinutes', service.durationMinutes, { shouldDirty: true });
    form.setValue('priceMinor', service.priceMinor, { shouldDirty: true });
    form.setValue('currency', service.currency);
  };
  // No services yet (or they could not be read): the service's name is typed, as the server allows.
  if ((items && items.length === 0) || services.error !== undefined) {
    return (
      <TextField
        label="Service"
        hint="Add your services in Settings > Services to choose them here with their lengths and fees."
        required
        maxLength={SESSION_TEXT_MAX.serviceName}
        error={errors.serviceName?.message}
        {...form.register('serviceName')}
      />
    );
  }
  return (
    <FieldRow columnMin="sm">
      <ServiceField
        required
        value={serviceId}
        onChoose={choose}
        hint={serviceId === NO_SERVICE && editing ? `Booked as “${form.watch('serviceName')}”.` : undefined}
        error={errors.serviceId?.message ?? errors.serviceName?.message}
      />
      <Controller
        control={form.control}
        name="priceMinor"
        render={({ field }) => (
          <MoneyField
            label="Fee"
            hint="The service’s price unless you change it."
            currency={form.watch('currency')}
            name={field.name}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.priceMinor?.message}
          />
        )}
      />
    </FieldRow>
  );
}

function withSession(
  session: ClientSession | undefined,
  timeZone: string,
  meId: number | undefined,
  current: ScheduleFormValues,
): ScheduleFormValues {
  if (!session) return current;
  return {
    ...current,
    kind: 'session',
    serviceName: session.serviceName,
    priceMinor: session.priceMinor,
    date: dayIn(session.startsAt, timeZone),
    start: timeIn(session.startsAt, timeZone),
    durationMinutes: session.durationMinutes,
    locationKind: session.locationKind,
    location: session.location,
    videoLink: session.videoLink ?? '',
    therapistId: session.therapistId && session.therapistId !== meId ? String(session.therapistId) : ME,
    notes: session.notes,
  };
}
