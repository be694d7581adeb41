import {
  allows,
  CLINICAL_ROLES,
  CLIENT_KIND_LABELS,
  CLIENT_KINDS,
  CLIENT_STATUS_LABELS,
  CLIENT_STATUSES,
  createClientBodySchema,
  type ClientDetail,
  type CreateClientBody,
  dateLimits,
  DATE_RANGES,
  intakeFormKey,
  isIntakeUsageContext,
  type IntakeForm,
  type UserDetails,
} from '@halcyon/api/contract';
import { useMutation, useRoute, useUserDetails } from '@halcyon/api/swr';
import { Checkbox, DatePicker, FieldRow, Select, TextField, useBanners } from '@halcyon/design-system';
import { useEffect } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { CheckboxList } from '../../form/CheckboxList';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import { LoadError } from '../../QueryState/QueryState';
import type { ClientOnboardingModalProps } from '../../types';
import { asDateInput, MembersField, ServiceAndFee, TagsField, TherapistSelect } from './clientFields';

/** SPEC.md §8, word for word. */
export const CLIENT_ONBOARDED_MESSAGE = 'Client created and onboarding sent successfully.';
export const CLIENT_SAVED_MESSAGE = 'Client saved successfully.';

type Values = CreateClientBody;
type Parsed = (typeof createClientBodySchema)['_zod']['output'];

const KIND_OPTIONS = CLIENT_KINDS.map((kind) => ({ value: kind, label: CLIENT_KIND_LABELS[kind] }));
const STATUS_OPTIONS = CLIENT_STATUSES.map((status) => ({ value: status, label: CLIENT_STATUS_LABELS[status] }));

/** The therapist a new client starts with: the signed-in user when they see clients (an Admin or a Therapist). */
function signedInTherapistId(user: UserDetails | null | undefined): number | null {
  return user && allows(CLINICAL_ROLES, user.role) ? user.id : null;
}

/** A named type (not `ModalPropsMap[...]`), so the docs page's props table can read it. */
type Props = ClientOnboardingModalProps;

/**
 * client-onboarding (CATALOG.md): a new client's name, preferred name, pronouns, date of birth, e-mail, phone, kind (with
 * member clients for a couple, family or group), status, therapist (the signed-in Admin or Therapist unless changed),
 * tags, usual service (Settings > Services) and agreed fee (its price unless changed); optionally e-mails a portal
 * invitation with the intake forms ticked (the practice's form templates used before therapy starts).
 * Saved: "Client created and onboarding sent successfully." with an invitation, else "Client saved successfully.".
 */
export function ClientOnboardingModal({ defaults, onSaved }: Props) {
  const signedInTherapist = signedInTherapistId(useUserDetails().data);
  const { notify } = useBanners();
  const create = useMutation('createClient', { prependTo: ['listClients'] });
  const { form, shellProps } = useModalForm<Values, Parsed, ClientDetail | null>(createClientBodySchema, {
    defaultValues: {
      kind: 'individual',
      status: 'active',
      firstName: defaults?.firstName ?? '',
      lastName: defaults?.lastName ?? '',
      preferredName: '',
      pronouns: '',
      dateOfBirth: '',
      email: defaults?.email ?? '',
      phone: '',
      therapistId: defaults?.therapistId ?? signedInTherapist,
      memberIds: [],
      tags: [],
      serviceId: null,
      feeMinor: null,
      sendPortalInvite: false,
      intakeForms: [],
    },
    submit: (body) => create.trigger({ body }),
    onSuccess: async (created) => {
      const invited = form.getValues('sendPortalInvite') === true;
      notify({ variant: 'success', message: invited ? CLIENT_ONBOARDED_MESSAGE : CLIENT_SAVED_MESSAGE });
      if (created) await onSaved?.(created);
    },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  // The signed-in user usually comes from the cache; when it arrives later, it still becomes the default unless the
  // opener named a therapist or one was chosen meanwhile.
  useEffect(() => {
    if (defaults?.therapistId !== undefined || signedInTherapist === null) return;
    if (form.getFieldState('therapistId').isDirty) return;
    form.resetField('therapistId', { defaultValue: signedInTherapist });
  }, [defaults?.therapistId, signedInTherapist, form]);
  const kind = useWatch({ control, name: 'kind' }) ?? 'individual';
  const individual = kind === 'individual';
  const inviting = useWatch({ control, name: 'sendPortalInvite' }) === true;

  return (
    <ModalShell
      title="Add client"
      description="Add a client to the practice. You can send them a portal invitation at the same time."
      submitLabel="Save client"
      size="lg"
      {...shellProps}
    >
      <ModalFields sensitive>
        <Controller
          name="kind"
          control={control}
          render={({ field }) => (
            <Select
              label="Kind"
              hint="Couples, families and groups are clients of their own, made up of individual clients."
              options={KIND_OPTIONS}
              value={field.value ?? 'individual'}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
        <FieldRow>
          <TextField
            label={individual ? 'First name' : 'Name'}
            hint={individual ? undefined : 'For example “The Okafor family”.'}
            required
            autoComplete="off"
            {...register('firstName')}
            error={errors.firstName?.message}
          />
          <TextField
            label="Last name"
            required={individual}
            autoComplete="off"
            {...register('lastName')}
            error={errors.lastName?.message}
          />
        </FieldRow>
        {individual && (
          <FieldRow>
            <TextField
              label="Preferred name"
              autoComplete="off"
              {...register('preferredName')}
              error={errors.preferredName?.message}
            />
            <TextField
              label="Pronouns"
              placeholder="e.g. she/her"
              autoComplete="off"
              {...register('pronouns')}
              error={errors.pronouns?.message}
            />
            <DatePicker
              label="Date of birth"
              {...dateLimits(DATE_RANGES.birth)}
              {...asDateInput(register('dateOfBirth'))}
              error={errors.dateOfBirth?.message}
            />
          </FieldRow>
        )}
        {!individual && (
          <Controller
            name="memberIds"
            control={control}
            render={({ field }) => (
              <MembersField value={field.value} onChange={field.onChange} error={errors.memberIds?.message} />
            )}
          />
        )}
        <FieldRow>
          <TextField
            label="E-mail"
            type="email"
            autoComplete="off"
            {...register('email')}
            error={errors.email?.message}
          />
          <TextField label="Phone" type="tel" autoComplete="off" {...register('phone')} error={errors.phone?.message} />
        </FieldRow>
        <FieldRow>
          <Controller
            name="status"
            control={control}
            render={({ field }) => (
              <Select
                label="Status"
                options={STATUS_OPTIONS}
                value={field.value ?? 'active'}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
          <Controller
            name="therapistId"
            control={control}
            render={({ field }) => (
              <TherapistSelect
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.therapistId?.message}
              />
            )}
          />
        </FieldRow>
        <Controller
          name="tags"
          control={control}
          render={({ field }) => (
            <TagsField
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.tags?.message ?? errors.tags?.[0]?.message}
            />
          )}
        />
        <ServiceAndFee form={form} />
        <Controller
          name="sendPortalInvite"
          control={control}
          render={({ field }) => (
            <Checkbox
              label="Send a portal invitation"
              hint="E-mails the client a link to the client portal, where they fill in intake forms and message you."
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
            />
          )}
        />
        {inviting && (
          <Controller
            name="intakeForms"
            control={control}
            render={({ field }) => (
              <IntakeFormsField
                value={field.value ?? []}
                onChange={field.onChange}
                error={errors.intakeForms?.message}
              />
            )}
          />
        )}
      </ModalFields>
    </ModalShell>
  );
}

/**
 * The forms used before therapy starts (Settings > Template-library), to tick and send: the practice's own, and
 * Halcyon's built-in one of each intake usage context the practice has not replaced with its own.
 */
function IntakeFormsField({
  value,
  onChange,
  error,
}: {
  value: IntakeForm[];
  onChange: (forms: IntakeForm[]) => void;
  error?: string;
}) {
  const library = useRoute('listFormTemplates');
  if (library.error !== undefined) {
    return <LoadError what="the intake forms" error={library.error} onRetry={library.retry} />;
  }
  const choices = (library.data?.items ?? []).flatMap(
    ({ id, name, usageContext, overridden }): { form: IntakeForm; label: string }[] => {
      if (!isIntakeUsageContext(usageContext)) return [];
      if (id !== null) return [{ form: { id }, label: name }];
      if (overridden) return [];
      return [{ form: { builtIn: usageContext }, label: `${name} (built-in)` }];
    },
  );
  const forms = choices.map(({ form, label }) => ({ value: intakeFormKey(form), label }));
  const byKey = new Map(choices.map(({ form }) => [intakeFormKey(form), form]));
  return (
    <CheckboxList
      legend="Intake forms to send"
      hint={
        library.data === undefined
          ? 'Loading your intake forms…'
          : forms.length === 0
            ? 'Add the forms you send before therapy starts in Settings > Template-library to choose them here.'
            : 'Sent with the portal invitation for the client to fill in.'
      }
      options={forms}
      value={value.map(intakeFormKey)}
      onChange={(keys) => onChange(keys.flatMap((key) => byKey.get(key) ?? []))}
      error={error}
    />
  );
}
