import {
  APPOINTMENT_POLICY_MESSAGES,
  LOCATION_KINDS,
  POLICY_TEXT_MAX,
  SESSION_LOCATION_KIND_LABELS,
  createAppointmentLocationBodySchema,
  type AppointmentLocation,
} from '@halcyon/api/contract';
import { useMutation, useRoute } from '@halcyon/api/swr';
import { FieldRow, RadioGroup, TextArea, TextField } from '@halcyon/design-system';
import { Controller } from 'react-hook-form';
import { useModalForm } from '../../form/useModalForm';
import { useRecordSaved } from '../../form/useRecordSaved';
import { DeleteRecordButton } from '../../ModalShell/DeleteRecordButton';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import { RecordForm } from '../../settings/RecordLoadState';
import type { SetAppointmentLocationModalProps } from '../../types';

type Props = SetAppointmentLocationModalProps;

const KIND_OPTIONS = LOCATION_KINDS.map((value) => ({ value, label: SESSION_LOCATION_KIND_LABELS[value] }));

const INSTRUCTION_HINTS = {
  'in person': 'How to find you: the entrance, parking, step-free access.',
  video: 'How to join: the platform, what to have ready.',
  phone: 'How the call works: who rings whom, which number.',
} as const;

function LocationForm({
  existing,
  defaults,
  onSaved,
  onReload,
}: Pick<Props, 'defaults' | 'onSaved'> & { existing: AppointmentLocation | null; onReload: () => Promise<void> }) {
  const create = useMutation('createAppointmentLocation', { prependTo: ['listAppointmentLocations'] });
  const update = useMutation('updateAppointmentLocation');
  const editing = existing !== null;
  // The fields are the create body's; a change also sends the version it was opened with.
  const { form, field, errorOf, shellProps } = useModalForm(createAppointmentLocationBodySchema, {
    defaultValues: {
      name: existing?.name ?? defaults?.name ?? '',
      kind: existing?.kind ?? defaults?.kind ?? 'in person',
      address: existing?.address ?? '',
      room: existing?.room ?? '',
      videoLink: existing?.videoLink ?? '',
      instructions: existing?.instructions ?? '',
    },
    submit: (body) =>
      editing
        ? update.trigger({ params: { id: existing.id }, body: { ...body, version: existing.version } })
        : create.trigger({ body }),
    onSuccess: useRecordSaved(
      editing,
      { created: APPOINTMENT_POLICY_MESSAGES.locationCreated, updated: APPOINTMENT_POLICY_MESSAGES.locationUpdated },
      onSaved,
    ),
  });
  const kind = form.watch('kind');

  return (
    <ModalShell
      title={editing ? 'Edit location' : 'Add location'}
      description="Where sessions happen: the address and room, a video link, or a phone call, and what the client needs to know."
      submitLabel={editing ? 'Save location' : 'Add location'}
      onReload={onReload}
      extraActions={
        existing && (
          <DeleteRecordButton
            record={existing}
            kind="appointment-location"
            route="deleteAppointmentLocation"
            name={existing.name}
            onDeleted={onSaved}
            disabled={shellProps.busy}
          />
        )
      }
      {...shellProps}
    >
      <ModalFields>
        <TextField
          label="Name"
          hint="As the team and clients see it, e.g. “Practice rooms” or “Video sessions”."
          required
          autoComplete="off"
          maxLength={POLICY_TEXT_MAX.locationName}
          {...field('name')}
        />
        <Controller
          name="kind"
          control={form.control}
          render={({ field: kindField }) => (
            <RadioGroup
              label="Sessions here are"
              required
              orientation="horizontal"
              options={KIND_OPTIONS}
              value={kindField.value}
              onValueChange={kindField.onChange}
              onBlur={kindField.onBlur}
              error={errorOf('kind')}
            />
          )}
        />
        {kind === 'in person' && (
          <FieldRow>
            <TextArea
              label="Address"
              required
              rows={2}
              maxLength={POLICY_TEXT_MAX.address}
              autoComplete="street-address"
              {...field('address')}
            />
            <TextField
              label="Room"
              hint="Optional"
              autoComplete="off"
              maxLength={POLICY_TEXT_MAX.room}
              {...field('room')}
            />
          </FieldRow>
        )}
        {kind === 'video' && (
          <TextField
            label="Video link"
            hint="Optional: a standing meeting room every session here uses. Leave empty when each session has its own link."
            type="url"
            autoComplete="off"
            placeholder="https://"
            {...field('videoLink')}
          />
        )}
        <TextArea
          label="Instructions for the client"
          hint={INSTRUCTION_HINTS[kind]}
          rows={3}
          maxLength={POLICY_TEXT_MAX.instructions}
          {...field('instructions')}
        />
      </ModalFields>
    </ModalShell>
  );
}

/**
 * set-appointment-location (CATALOG.md): a place sessions happen, with its name, kind (in person, video or phone),
 * address and room or video link, and instructions for the client. No `id` adds one; an `id` edits it (and offers
 * delete through delete-item, kind appointment-location). Saved: "Appointment location created." / "updated.".
 */
export function SetAppointmentLocationModal({ id, defaults, onSaved }: Props) {
  const existing = useRoute('getAppointmentLocation', id ? { params: { id } } : null, {
    removeFromListsOn404: ['listAppointmentLocations'],
  });
  return (
    <RecordForm editing={Boolean(id)} record={existing} title="Edit location" what="this location">
      {(record, reload) => <LocationForm existing={record} defaults={defaults} onSaved={onSaved} onReload={reload} />}
    </RecordForm>
  );
}
