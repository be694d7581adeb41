import {
  BOOKING_MESSAGES,
  BOOKING_TEXT_MAX,
  WEEKDAY_LABELS,
  createAvailabilityBodySchema,
  type Availability,
  type AvailabilityDay,
} from '@halcyon/api/contract';
import { useMutation, usePracticeTimeZone, useRoute } from '@halcyon/api/swr';
import { localTimeZone } from '@halcyon/api/time';
import { Button, Select, Skeleton, TextField, TimePicker } from '@halcyon/design-system';
import { Controller } from 'react-hook-form';
import styles from '../../booking/booking.module.css';
import { CheckboxList } from '../../form/CheckboxList';
import { FieldGroup } from '../../form/FieldGroup';
import { registerDate } from '../../form/fields';
import type { ContractFormOf } from '../../form/useContractForm';
import { useModalForm } from '../../form/useModalForm';
import { useRecordSaved } from '../../form/useRecordSaved';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import { useBookableServices } from '../../services/ServiceField';
import type { SetAppointmentAvailabilityModalProps } from '../../types';
import { useFieldList } from '../../form/useFieldList';

type Props = SetAppointmentAvailabilityModalProps;
type AvailabilityForm = ContractFormOf<typeof createAvailabilityBodySchema>;

/** "Created or Updated messages for the other record types" (SPEC.md §8). */
export const AVAILABILITY_CREATED = 'Availability created.';
export const AVAILABILITY_UPDATED = 'Availability updated.';

const DAY_OPTIONS = WEEKDAY_LABELS.map((label, index) => ({ value: String(index), label }));
const NEW_DAY: AvailabilityDay = { dayIndex: 0, startTime: '09:00', endTime: '17:00' };

/** set-appointment-availability: a member's weekly hours (days and times in the practice's zone), place and services. */
export function SetAppointmentAvailabilityModal(props: Props) {
  const existing = useRoute('getAvailability', props.id === undefined ? null : { params: { id: props.id } });
  if (props.id !== undefined && !existing.data) {
    const error = existing.error !== undefined || existing.data === null ? BOOKING_MESSAGES.availabilityNotFound : null;
    return (
      <ModalShell title="Edit availability" description="Weekly hours." error={error}>
        {!error && <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading the availability" />}
      </ModalShell>
    );
  }
  return <AvailabilityModalForm {...props} existing={existing.data ?? undefined} />;
}

function AvailabilityModalForm({ id, defaults, onSaved, existing }: Props & { existing: Availability | undefined }) {
  const timeZone = usePracticeTimeZone() ?? localTimeZone();
  const me = useRoute('userDetails').data;
  const members = useRoute('listMembers', me?.role === 'Admin' ? {} : null);
  const create = useMutation('createAvailability');
  const update = useMutation('updateAvailability');
  const editing = existing !== undefined;
  const contract = useModalForm(createAvailabilityBodySchema, {
    defaultValues: {
      therapistId: existing?.therapistId ?? defaults?.therapistId ?? null,
      days: existing?.days ?? defaults?.days ?? [NEW_DAY],
      serviceIds: existing?.serviceIds ?? [],
      location: existing?.location ?? defaults?.location ?? '',
    },
    submit: (body) =>
      editing && id !== undefined
        ? update.trigger({ params: { id }, body: { ...body, version: existing.version } })
        : create.trigger({ body }),
    onSuccess: useRecordSaved(editing, { created: AVAILABILITY_CREATED, updated: AVAILABILITY_UPDATED }, onSaved),
  });
  const { form, field, errorOf, shellProps } = contract;
  const memberOptions = (members.data?.items ?? [])
    .filter((m) => m.status === 'active' && m.role !== 'Assistant')
    .map((m) => ({ value: String(m.id), label: `${m.firstName} ${m.lastName}` }));
  const services = useBookableServices();

  return (
    <ModalShell
      title={editing ? 'Edit availability' : 'Add availability'}
      description={`The weekly hours clients can book online and the team books by. Times are in the practice’s time zone (${timeZone}).`}
      size="lg"
      {...shellProps}
      submitLabel={editing ? 'Save changes' : 'Add availability'}
    >
      <ModalFields>
        {me?.role === 'Admin' && memberOptions.length > 0 && (
          <Controller
            control={form.control}
            name="therapistId"
            render={({ field: who }) => (
              <Select
                label="Whose hours"
                placeholder="Me"
                options={memberOptions}
                value={who.value ? String(who.value) : String(me.id)}
                onValueChange={(value) => who.onChange(Number(value))}
                onBlur={who.onBlur}
                error={errorOf('therapistId')}
              />
            )}
          />
        )}
        <DaysField contract={contract} />
        <TextField
          label="Where"
          hint="Optional, e.g. Room 2 or Video."
          maxLength={BOOKING_TEXT_MAX.location}
          {...field('location')}
        />
        {services.length > 0 && (
          <Controller
            control={form.control}
            name="serviceIds"
            render={({ field: chosen }) => (
              <CheckboxList
                legend="Services offered in these hours"
                hint="None ticked: every service offered online."
                options={services.map((service) => ({ value: service.id, label: service.name }))}
                value={chosen.value ?? []}
                onChange={chosen.onChange}
                error={errorOf('serviceIds')}
              />
            )}
          />
        )}
      </ModalFields>
    </ModalShell>
  );
}

/** The hours as rows of day, start and end, with "Add a time" and "Remove". */
function DaysField({ contract: { form, errorOf } }: { contract: AvailabilityForm }) {
  const { fields, append, remove } = useFieldList(form, { name: 'days' });
  return (
    <FieldGroup legend="Days and times" error={errorOf('days')}>
      {fields.map((row, index) => (
        <div key={row.id} className={styles.row}>
          <Controller
            control={form.control}
            name={`days.${index}.dayIndex`}
            render={({ field: day }) => (
              <Select
                label={`Day ${index + 1}`}
                options={DAY_OPTIONS}
                value={String(day.value)}
                onValueChange={(value) => day.onChange(Number(value))}
                onBlur={day.onBlur}
                error={errorOf(`days.${index}.dayIndex`)}
              />
            )}
          />
          <TimePicker
            label={`From (day ${index + 1})`}
            step={300}
            error={errorOf(`days.${index}.startTime`)}
            {...registerDate(form.register, `days.${index}.startTime`)}
          />
          <TimePicker
            label={`To (day ${index + 1})`}
            step={300}
            error={errorOf(`days.${index}.endTime`)}
            {...registerDate(form.register, `days.${index}.endTime`)}
          />
          <Button variant="ghost" size="sm" onClick={() => remove(index)} disabled={fields.length === 1}>
            Remove day {index + 1}
          </Button>
        </div>
      ))}
      <div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => append({ ...NEW_DAY, dayIndex: Math.min(6, fields.length) })}
        >
          Add a time
        </Button>
      </div>
    </FieldGroup>
  );
}
