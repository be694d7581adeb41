import {
  CLIENT_RELATIONSHIP_TYPE_LABELS,
  CLIENT_RELATIONSHIP_TYPES,
  createClientRelationshipBodySchema,
  type ClientRelationship,
  type ClientRelationshipType,
} from '@halcyon/api/contract';
import { useMutation, useRoute } from '@halcyon/api/swr';
import { Checkbox, FieldRow, Select, Skeleton, TextArea, TextField } from '@halcyon/design-system';
import { Controller } from 'react-hook-form';
import { useModalForm } from '../../form/useModalForm';
import { useRecordSaved } from '../../form/useRecordSaved';
import { DeleteRecordButton } from '../../ModalShell/DeleteRecordButton';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { ClientRelationshipModalProps } from '../../types';

/** The Created / Updated messages of SPEC.md §8 for a client contact. */
export const CLIENT_CONTACT_CREATED_MESSAGE = 'Client contact created.';
export const CLIENT_CONTACT_UPDATED_MESSAGE = 'Client contact updated.';

const TYPE_OPTIONS = CLIENT_RELATIONSHIP_TYPES.map((value) => ({
  value,
  label: CLIENT_RELATIONSHIP_TYPE_LABELS[value],
}));

type Props = ClientRelationshipModalProps;
const text = (value: string | null | undefined) => value ?? '';

/** Finds the contract's relationship type for a caller's default ("GP", "emergency contact", "gp"). */
function toType(value: string | undefined): ClientRelationshipType {
  const key = (value ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s/-]+/g, '_');
  if ((CLIENT_RELATIONSHIP_TYPES as readonly string[]).includes(key)) return key as ClientRelationshipType;
  const byLabel = CLIENT_RELATIONSHIP_TYPES.find(
    (type) => CLIENT_RELATIONSHIP_TYPE_LABELS[type].toLowerCase() === (value ?? '').trim().toLowerCase(),
  );
  return byLabel ?? 'emergency_contact';
}

function RelationshipForm({
  clientId,
  existing,
  defaults,
  onSaved,
}: Pick<Props, 'clientId' | 'defaults' | 'onSaved'> & { existing: ClientRelationship | null }) {
  const create = useMutation('createClientRelationship', { prependTo: ['listClientRelationships'] });
  const update = useMutation('updateClientRelationship');
  const editing = existing !== null;
  // The fields are the create body's; a change also sends the version it was opened with.
  const { form, shellProps } = useModalForm(createClientRelationshipBodySchema, {
    defaultValues: {
      name: existing?.name ?? defaults?.name ?? '',
      relationshipType: existing?.relationshipType ?? toType(defaults?.relationship),
      relationshipDetail: text(existing?.relationshipDetail),
      organisation: text(existing?.organisation),
      phone: text(existing?.phone),
      email: text(existing?.email),
      address: text(existing?.address),
      consentToContact: existing?.consentToContact ?? defaults?.consentToContact ?? false,
      notes: text(existing?.notes),
    },
    submit: (body) =>
      editing
        ? update.trigger({ params: { id: existing.id }, body: { ...body, version: existing.version } })
        : create.trigger({ params: { clientId }, body }),
    onSuccess: useRecordSaved(
      editing,
      { created: CLIENT_CONTACT_CREATED_MESSAGE, updated: CLIENT_CONTACT_UPDATED_MESSAGE },
      onSaved,
    ),
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;

  return (
    <ModalShell
      title={editing ? 'Edit contact' : 'Add contact'}
      description="Someone connected to the client: how to reach them and whether the client consents to contact."
      submitLabel={editing ? 'Save contact' : 'Add contact'}
      size="lg"
      extraActions={
        existing && (
          <DeleteRecordButton
            record={existing}
            kind="client-contact"
            route="deleteClientRelationship"
            name={existing.name}
            onDeleted={onSaved}
            disabled={shellProps.busy}
          />
        )
      }
      {...shellProps}
    >
      <ModalFields sensitive>
        <FieldRow>
          <TextField label="Name" required autoComplete="off" {...register('name')} error={errors.name?.message} />
          <Controller
            name="relationshipType"
            control={control}
            render={({ field }) => (
              <Select
                label="Relationship"
                required
                options={TYPE_OPTIONS}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.relationshipType?.message}
              />
            )}
          />
        </FieldRow>
        <FieldRow>
          <TextField
            label="In the client's words"
            placeholder="e.g. Sister, Family solicitor"
            autoComplete="off"
            {...register('relationshipDetail')}
            error={errors.relationshipDetail?.message}
          />
          <TextField
            label="Organisation"
            autoComplete="off"
            {...register('organisation')}
            error={errors.organisation?.message}
          />
        </FieldRow>
        <FieldRow>
          <TextField label="Phone" type="tel" autoComplete="off" {...register('phone')} error={errors.phone?.message} />
          <TextField
            label="E-mail"
            type="email"
            autoComplete="off"
            {...register('email')}
            error={errors.email?.message}
          />
        </FieldRow>
        <TextArea label="Address" rows={2} {...register('address')} error={errors.address?.message} />
        <Controller
          name="consentToContact"
          control={control}
          render={({ field }) => (
            <Checkbox
              label="The client consents to us contacting this person"
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              error={errors.consentToContact?.message}
            />
          )}
        />
        <TextArea label="Notes" rows={3} {...register('notes')} error={errors.notes?.message} />
      </ModalFields>
    </ModalShell>
  );
}

/**
 * client-relationship (CATALOG.md): a contact of the client (emergency contact, GP, next of kin, parent or guardian,
 * referrer, solicitor...) with name, relationship, contact details and consent to contact. No `id` adds one; an `id`
 * edits it (and offers delete through delete-item, kind client-contact). Saved: "Client contact created." / "updated.".
 */
export function ClientRelationshipModal({ clientId, id, defaults, onSaved }: Props) {
  const existing = useRoute('getClientRelationship', id ? { params: { id } } : null, {
    removeFromListsOn404: ['listClientRelationships'],
  });
  if (id && existing.data === undefined) {
    return (
      <ModalShell title="Edit contact" description="Loading the contact…" busy={!existing.error}>
        {existing.error ? (
          <p role="alert">This contact could not be loaded. Close and try again.</p>
        ) : (
          <Skeleton width="60%" />
        )}
      </ModalShell>
    );
  }
  if (id && existing.data === null) {
    return (
      <ModalShell title="Contact not found" description="This contact no longer exists; it may have been deleted." />
    );
  }
  return (
    <RelationshipForm
      key={existing.data?.version ?? 'new'}
      clientId={clientId}
      existing={existing.data ?? null}
      defaults={defaults}
      onSaved={onSaved}
    />
  );
}
