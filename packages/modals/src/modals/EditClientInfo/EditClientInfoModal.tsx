import {
  BILL_TO_KINDS,
  BILL_TO_KIND_LABELS,
  CLIENT_POLICY_HOLDER_RELATIONSHIPS,
  updateClientBillingBodySchema,
  type ClientBilling,
  REMINDER_CONSENT_METHODS,
  updateClientAddressBodySchema,
  updateClientBodySchema,
  updateClientDetailsBodySchema,
  updateClientInsuranceBodySchema,
  updateClientReminderPreferencesBodySchema,
  type ClientAddress,
  type ClientDetail,
  type ClientDetails,
  type ClientInsurance,
  type ClientReminderPreferences,
  dateLimits,
  DATE_RANGES,
} from '@halcyon/api/contract';
import { useClientRoute, useMutation } from '@halcyon/api/swr';
import {
  Checkbox,
  DatePicker,
  FieldRow,
  MoneyField,
  RadioGroup,
  Select,
  Skeleton,
  TextArea,
  TextField,
  useBanners,
} from '@halcyon/design-system';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Controller, useWatch, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { ContractFormSchema } from '../../form/useContractForm';
import { PayerContactSelect } from '../../billing/PayerContactSelect';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { EditClientInfoModalProps } from '../../types';
import { asDateInput, MembersField, ServiceAndFee, TagsField, TherapistSelect } from '../ClientOnboarding/clientFields';
import styles from '../ClientOnboarding/ClientOnboardingModal.module.css';

/** SPEC.md §8, word for word. */
export const CLIENT_DETAILS_UPDATED_MESSAGE = 'Client details updated successfully.';

/** The parts of a client edit-client-info edits, one at a time (CATALOG.md). */
export const EDIT_CLIENT_SECTIONS = [
  'personal',
  'contact',
  'address',
  'emergency',
  'gp',
  'background',
  'insurance',
  'billing',
  'reminders',
] as const;
export type EditClientSection = (typeof EDIT_CLIENT_SECTIONS)[number];
export const EDIT_CLIENT_SECTION_LABELS: Readonly<Record<EditClientSection, string>> = {
  personal: 'Personal details',
  contact: 'Contact',
  address: 'Address',
  emergency: 'Emergency',
  gp: 'GP',
  background: 'Background and referral',
  insurance: 'Insurance',
  billing: 'Billing details',
  reminders: 'Reminder preferences',
};
const SECTION_OPTIONS = EDIT_CLIENT_SECTIONS.map((value) => ({ value, label: EDIT_CLIENT_SECTION_LABELS[value] }));

function toSection(value: string | undefined): EditClientSection {
  return (EDIT_CLIENT_SECTIONS as readonly string[]).includes(value ?? '') ? (value as EditClientSection) : 'personal';
}

const text = (value: string | null | undefined) => value ?? '';
const numberOrNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

// Section schemas: only the fields of one section (plus the version) are sent, so nothing else is overwritten.
const personalSchema = updateClientBodySchema.pick({
  version: true,
  firstName: true,
  lastName: true,
  preferredName: true,
  pronouns: true,
  dateOfBirth: true,
  therapistId: true,
  tags: true,
  memberIds: true,
});
const contactSchema = updateClientBodySchema.pick({ version: true, email: true, phone: true });
const emergencySchema = updateClientDetailsBodySchema.pick({ version: true, emergencyNotes: true });
const gpSchema = updateClientDetailsBodySchema.pick({
  version: true,
  gpName: true,
  gpPractice: true,
  gpPhone: true,
  gpAddress: true,
});
const backgroundSchema = updateClientDetailsBodySchema.pick({
  version: true,
  gender: true,
  occupation: true,
  language: true,
  interpreterNeeded: true,
  accessibilityNeeds: true,
  referralSource: true,
  referralDate: true,
});

interface SectionProps {
  clientId: number;
  section: EditClientSection;
  onSection: (section: EditClientSection) => void;
  onSaved?: EditClientInfoModalProps['onSaved'];
}

const DESCRIPTION = 'Change what the practice holds about this client. Only this section is saved.';

/** A section's form: the shared frame, the section switcher and the save wiring. */
function useSectionForm<Input extends FieldValues, Output, Result>(
  schema: ContractFormSchema<Input, Output>,
  defaultValues: DefaultValues<Input>,
  save: (values: Output) => Promise<Result>,
  { clientId, onSaved }: Pick<SectionProps, 'clientId' | 'onSaved'>,
) {
  const { notify } = useBanners();
  return useModalForm<Input, Output, Result>(schema, {
    defaultValues,
    submit: save,
    onSuccess: async (result) => {
      notify({ variant: 'success', message: CLIENT_DETAILS_UPDATED_MESSAGE });
      await onSaved?.({ ...(result as object), id: clientId });
    },
  });
}

function SectionShell({
  section,
  onSection,
  dirty,
  children,
  shell,
}: Pick<SectionProps, 'section' | 'onSection'> & {
  dirty: boolean;
  children: ReactNode;
  shell: Omit<Parameters<typeof ModalShell>[0], 'title' | 'description' | 'children'>;
}) {
  return (
    <ModalShell title="Edit client details" description={DESCRIPTION} submitLabel="Save changes" size="lg" {...shell}>
      <ModalFields sensitive>
        <Select
          label="Section"
          hint={dirty ? 'Save or cancel your changes to switch to another section.' : undefined}
          options={SECTION_OPTIONS}
          value={section}
          disabled={dirty}
          onValueChange={(value) => onSection(toSection(value))}
        />
        {children}
      </ModalFields>
    </ModalShell>
  );
}

function LoadingShell({
  section,
  onSection,
  failed,
}: Pick<SectionProps, 'section' | 'onSection'> & { failed: boolean }) {
  return (
    <SectionShell section={section} onSection={onSection} dirty={false} shell={{ cancelLabel: 'Close' }}>
      {failed ? (
        <p role="alert">This part of the client could not be loaded. Close and try again.</p>
      ) : (
        <div aria-busy="true">
          <Skeleton width="70%" />
          <Skeleton width="50%" />
        </div>
      )}
    </SectionShell>
  );
}

// ---- personal and contact (the client record) -------------------------------------------------------------------------

function PersonalForm(props: SectionProps & { client: ClientDetail; reload: () => Promise<void> }) {
  const { client, clientId } = props;
  const update = useMutation('updateClient');
  const { form, shellProps } = useSectionForm(
    personalSchema,
    {
      version: client.version,
      firstName: client.firstName,
      lastName: client.lastName,
      preferredName: text(client.preferredName),
      pronouns: text(client.pronouns),
      dateOfBirth: text(client.dateOfBirth),
      therapistId: client.therapistId,
      tags: client.tags,
      memberIds: client.memberIds,
    },
    (body) => update.trigger({ params: { id: clientId }, body }),
    props,
  );
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const individual = client.kind === 'individual';
  return (
    <SectionShell {...props} dirty={shellProps.dirty} shell={{ ...shellProps, onReload: props.reload }}>
      <FieldRow>
        <TextField
          label={individual ? 'First name' : 'Name'}
          required
          {...register('firstName')}
          error={errors.firstName?.message}
        />
        <TextField label="Last name" required={individual} {...register('lastName')} error={errors.lastName?.message} />
      </FieldRow>
      {individual && (
        <FieldRow>
          <TextField label="Preferred name" {...register('preferredName')} error={errors.preferredName?.message} />
          <TextField label="Pronouns" {...register('pronouns')} error={errors.pronouns?.message} />
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
            <MembersField
              value={field.value}
              onChange={field.onChange}
              known={client.members.map((member) => ({
                id: member.id,
                name: `${member.firstName} ${member.lastName}`.trim(),
              }))}
              error={errors.memberIds?.message}
            />
          )}
        />
      )}
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
      <Controller
        name="tags"
        control={control}
        render={({ field }) => (
          <TagsField value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.tags?.message} />
        )}
      />
    </SectionShell>
  );
}

function ContactForm(props: SectionProps & { client: ClientDetail; reload: () => Promise<void> }) {
  const { client, clientId } = props;
  const update = useMutation('updateClient');
  const { form, shellProps } = useSectionForm(
    contactSchema,
    { version: client.version, email: text(client.email), phone: text(client.phone) },
    (body) => update.trigger({ params: { id: clientId }, body }),
    props,
  );
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <SectionShell {...props} dirty={shellProps.dirty} shell={{ ...shellProps, onReload: props.reload }}>
      <TextField label="E-mail" type="email" {...register('email')} error={errors.email?.message} />
      <TextField label="Phone" type="tel" {...register('phone')} error={errors.phone?.message} />
    </SectionShell>
  );
}

/**
 * A section's record once loaded: the form is keyed by the record's version and a reload round, so "Load the latest
 * version" (after a stale save) starts it afresh from what the server has now.
 */
function useSectionRecord<T extends { version: number }>(loaded: {
  data: T | null | undefined;
  error: unknown;
  reload: () => Promise<unknown>;
}) {
  const [round, setRound] = useState(0);
  return {
    data: loaded.data,
    failed: loaded.data === null || Boolean(loaded.error),
    formKey: `${loaded.data?.version}-${round}`,
    reload: (): Promise<void> => loaded.reload().then(() => setRound((n) => n + 1)),
  };
}

function ClientRecordSection(props: SectionProps) {
  const client = useSectionRecord(useClientRoute('getClient', props.clientId, (id) => ({ params: { id } })));
  if (!client.data) return <LoadingShell {...props} failed={client.failed} />;
  const Form = props.section === 'contact' ? ContactForm : PersonalForm;
  return <Form key={client.formKey} {...props} client={client.data} reload={client.reload} />;
}

// ---- address ----------------------------------------------------------------------------------------------------------

function AddressForm(props: SectionProps & { address: ClientAddress; reload: () => Promise<void> }) {
  const { address, clientId } = props;
  const update = useMutation('updateClientAddress');
  const { form, shellProps } = useSectionForm(
    updateClientAddressBodySchema,
    {
      version: address.version,
      line1: text(address.line1),
      line2: text(address.line2),
      city: text(address.city),
      region: text(address.region),
      postcode: text(address.postcode),
      country: text(address.country),
    },
    (body) => update.trigger({ params: { id: clientId }, body }),
    props,
  );
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <SectionShell {...props} dirty={shellProps.dirty} shell={{ ...shellProps, onReload: props.reload }}>
      <TextField label="Address line 1" autoComplete="off" {...register('line1')} error={errors.line1?.message} />
      <TextField label="Address line 2" autoComplete="off" {...register('line2')} error={errors.line2?.message} />
      <FieldRow>
        <TextField label="Town or city" autoComplete="off" {...register('city')} error={errors.city?.message} />
        <TextField
          label="County, state or province"
          autoComplete="off"
          {...register('region')}
          error={errors.region?.message}
        />
      </FieldRow>
      <FieldRow>
        <TextField label="Postcode" autoComplete="off" {...register('postcode')} error={errors.postcode?.message} />
        <TextField label="Country" autoComplete="off" {...register('country')} error={errors.country?.message} />
      </FieldRow>
    </SectionShell>
  );
}

function AddressSection(props: SectionProps) {
  const address = useSectionRecord(useClientRoute('getClientAddress', props.clientId, (id) => ({ params: { id } })));
  if (!address.data) return <LoadingShell {...props} failed={address.failed} />;
  return <AddressForm key={address.formKey} {...props} address={address.data} reload={address.reload} />;
}

// ---- details: emergency, GP, background -------------------------------------------------------------------------------

type DetailsFormProps = SectionProps & { details: ClientDetails; reload: () => Promise<void> };

function EmergencyForm(props: DetailsFormProps) {
  const { details, clientId } = props;
  const update = useMutation('updateClientDetails');
  const { form, shellProps } = useSectionForm(
    emergencySchema,
    { version: details.version, emergencyNotes: text(details.emergencyNotes) },
    (body) => update.trigger({ params: { id: clientId }, body }),
    props,
  );
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <SectionShell {...props} dirty={shellProps.dirty} shell={{ ...shellProps, onReload: props.reload }}>
      <p className={styles.section}>Emergency contacts are kept with the client&apos;s contacts (Contacts tab).</p>
      <TextArea
        label="What to do in an emergency"
        hint="Who to call first, medical conditions to know about, anything the client asked for."
        rows={5}
        {...register('emergencyNotes')}
        error={errors.emergencyNotes?.message}
      />
    </SectionShell>
  );
}

function GpForm(props: DetailsFormProps) {
  const { details, clientId } = props;
  const update = useMutation('updateClientDetails');
  const { form, shellProps } = useSectionForm(
    gpSchema,
    {
      version: details.version,
      gpName: text(details.gpName),
      gpPractice: text(details.gpPractice),
      gpPhone: text(details.gpPhone),
      gpAddress: text(details.gpAddress),
    },
    (body) => update.trigger({ params: { id: clientId }, body }),
    props,
  );
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <SectionShell {...props} dirty={shellProps.dirty} shell={{ ...shellProps, onReload: props.reload }}>
      <FieldRow>
        <TextField label="GP's name" autoComplete="off" {...register('gpName')} error={errors.gpName?.message} />
        <TextField
          label="GP practice"
          autoComplete="off"
          {...register('gpPractice')}
          error={errors.gpPractice?.message}
        />
      </FieldRow>
      <TextField
        label="GP's phone"
        type="tel"
        autoComplete="off"
        {...register('gpPhone')}
        error={errors.gpPhone?.message}
      />
      <TextArea label="GP's address" rows={3} {...register('gpAddress')} error={errors.gpAddress?.message} />
    </SectionShell>
  );
}

function BackgroundForm(props: DetailsFormProps) {
  const { details, clientId } = props;
  const update = useMutation('updateClientDetails');
  const { form, shellProps } = useSectionForm(
    backgroundSchema,
    {
      version: details.version,
      gender: text(details.gender),
      occupation: text(details.occupation),
      language: text(details.language),
      interpreterNeeded: details.interpreterNeeded,
      accessibilityNeeds: text(details.accessibilityNeeds),
      referralSource: text(details.referralSource),
      referralDate: text(details.referralDate),
    },
    (body) => update.trigger({ params: { id: clientId }, body }),
    props,
  );
  const {
    register,
    control,
    formState: { errors },
  } = form;
  return (
    <SectionShell {...props} dirty={shellProps.dirty} shell={{ ...shellProps, onReload: props.reload }}>
      <FieldRow>
        <TextField label="Gender" autoComplete="off" {...register('gender')} error={errors.gender?.message} />
        <TextField
          label="Occupation"
          autoComplete="off"
          {...register('occupation')}
          error={errors.occupation?.message}
        />
      </FieldRow>
      <FieldRow>
        <TextField
          label="Preferred language"
          autoComplete="off"
          {...register('language')}
          error={errors.language?.message}
        />
        <Controller
          name="interpreterNeeded"
          control={control}
          render={({ field }) => (
            <Checkbox
              label="Needs an interpreter"
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
            />
          )}
        />
      </FieldRow>
      <TextArea
        label="Accessibility needs"
        rows={3}
        {...register('accessibilityNeeds')}
        error={errors.accessibilityNeeds?.message}
      />
      <FieldRow>
        <TextField
          label="Referred by"
          autoComplete="off"
          {...register('referralSource')}
          error={errors.referralSource?.message}
        />
        <DatePicker
          label="Referral date"
          {...dateLimits(DATE_RANGES.history)}
          {...asDateInput(register('referralDate'))}
          error={errors.referralDate?.message}
        />
      </FieldRow>
    </SectionShell>
  );
}

function DetailsSection(props: SectionProps) {
  const details = useSectionRecord(useClientRoute('getClientDetails', props.clientId, (id) => ({ params: { id } })));
  if (!details.data) return <LoadingShell {...props} failed={details.failed} />;
  const Form = props.section === 'emergency' ? EmergencyForm : props.section === 'gp' ? GpForm : BackgroundForm;
  return <Form key={details.formKey} {...props} details={details.data} reload={details.reload} />;
}

// ---- insurance --------------------------------------------------------------------------------------------------------

const NONE = 'none';
const HOLDER_OPTIONS = [
  { value: NONE, label: 'Not recorded' },
  ...CLIENT_POLICY_HOLDER_RELATIONSHIPS.map((value) => ({ value, label: value[0]?.toUpperCase() + value.slice(1) })),
];

function InsuranceForm(
  props: SectionProps & { insurance: ClientInsurance; currency: string; reload: () => Promise<void> },
) {
  const { insurance, clientId, currency } = props;
  const update = useMutation('updateClientInsurance');
  const { form, shellProps } = useSectionForm(
    updateClientInsuranceBodySchema,
    {
      version: insurance.version,
      insuranceProviderId: insurance.insuranceProviderId,
      providerName: text(insurance.providerName),
      policyNumber: text(insurance.policyNumber),
      membershipNumber: text(insurance.membershipNumber),
      authorisationCode: text(insurance.authorisationCode),
      policyHolderName: text(insurance.policyHolderName),
      policyHolderRelationship: insurance.policyHolderRelationship,
      sessionsAuthorised: insurance.sessionsAuthorised,
      excessMinor: insurance.excessMinor,
      validFrom: text(insurance.validFrom),
      validUntil: text(insurance.validUntil),
      notes: text(insurance.notes),
    },
    (body) => update.trigger({ params: { id: clientId }, body }),
    props,
  );
  const {
    register,
    control,
    formState: { errors },
  } = form;
  return (
    <SectionShell {...props} dirty={shellProps.dirty} shell={{ ...shellProps, onReload: props.reload }}>
      <TextField
        label="Insurer"
        autoComplete="off"
        {...register('providerName')}
        error={errors.providerName?.message}
      />
      <FieldRow>
        <TextField
          label="Policy number"
          autoComplete="off"
          {...register('policyNumber')}
          error={errors.policyNumber?.message}
        />
        <TextField
          label="Membership number"
          autoComplete="off"
          {...register('membershipNumber')}
          error={errors.membershipNumber?.message}
        />
        <TextField
          label="Authorisation code"
          autoComplete="off"
          {...register('authorisationCode')}
          error={errors.authorisationCode?.message}
        />
      </FieldRow>
      <FieldRow>
        <TextField
          label="Policy holder"
          autoComplete="off"
          {...register('policyHolderName')}
          error={errors.policyHolderName?.message}
        />
        <Controller
          name="policyHolderRelationship"
          control={control}
          render={({ field }) => (
            <Select
              label="Policy holder is"
              options={HOLDER_OPTIONS}
              value={field.value ?? NONE}
              onValueChange={(value) => field.onChange(value === NONE ? null : value)}
              onBlur={field.onBlur}
              error={errors.policyHolderRelationship?.message}
            />
          )}
        />
      </FieldRow>
      <FieldRow>
        <TextField
          label="Sessions authorised"
          type="number"
          min={0}
          inputMode="numeric"
          {...register('sessionsAuthorised', { setValueAs: numberOrNull })}
          error={errors.sessionsAuthorised?.message}
        />
        <Controller
          name="excessMinor"
          control={control}
          render={({ field }) => (
            <MoneyField
              label="Excess per session"
              hint="The part of each session the client pays."
              currency={currency}
              value={field.value ?? null}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.excessMinor?.message}
            />
          )}
        />
      </FieldRow>
      <FieldRow>
        <DatePicker
          label="Valid from"
          {...dateLimits(DATE_RANGES.cover)}
          {...asDateInput(register('validFrom'))}
          error={errors.validFrom?.message}
        />
        <DatePicker
          label="Valid until"
          {...dateLimits(DATE_RANGES.cover)}
          {...asDateInput(register('validUntil'))}
          error={errors.validUntil?.message}
        />
      </FieldRow>
      <TextArea label="Notes" rows={3} {...register('notes')} error={errors.notes?.message} />
    </SectionShell>
  );
}

function InsuranceSection(props: SectionProps) {
  const insurance = useSectionRecord(
    useClientRoute('getClientInsurance', props.clientId, (id) => ({ params: { id } })),
  );
  const client = useClientRoute('getClient', props.clientId, (id) => ({ params: { id } }));
  if (!insurance.data) return <LoadingShell {...props} failed={insurance.failed} />;
  return (
    <InsuranceForm
      key={insurance.formKey}
      {...props}
      insurance={insurance.data}
      currency={client.data?.currency ?? 'GBP'}
      reload={insurance.reload}
    />
  );
}

// ---- billing details --------------------------------------------------------------------------------------------------

const INVOICE_TO_OPTIONS = BILL_TO_KINDS.map((value) => ({ value, label: BILL_TO_KIND_LABELS[value] }));

function BillingForm(props: SectionProps & { billing: ClientBilling; reload: () => Promise<void> }) {
  const { billing, clientId } = props;
  const update = useMutation('updateClientBilling');
  const { form, shellProps } = useSectionForm(
    updateClientBillingBodySchema,
    {
      version: billing.version,
      invoiceTo: billing.invoiceTo,
      contactId: billing.contactId,
      serviceId: billing.serviceId,
      feeMinor: billing.feeMinor,
      notes: text(billing.notes),
    },
    (body) => update.trigger({ params: { id: clientId }, body }),
    props,
  );
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const invoiceTo = useWatch({ control, name: 'invoiceTo' });
  return (
    <SectionShell {...props} dirty={shellProps.dirty} shell={{ ...shellProps, onReload: props.reload }}>
      <Controller
        name="invoiceTo"
        control={control}
        render={({ field }) => (
          <RadioGroup
            label="Invoices go to"
            hint="A new invoice for this client starts addressed to them; it can still be changed on the invoice."
            options={INVOICE_TO_OPTIONS}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.invoiceTo?.message}
          />
        )}
      />
      {invoiceTo === 'contact' && (
        <Controller
          name="contactId"
          control={control}
          render={({ field }) => (
            <PayerContactSelect
              clientId={clientId}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.contactId?.message}
            />
          )}
        />
      )}
      {invoiceTo === 'insurer' && (
        <p className={styles.section}>
          Invoices go to the insurer chosen under Insurance{billing.insurerId ? '' : ' (none chosen yet)'}.
        </p>
      )}
      <ServiceAndFee form={form} />
      <TextArea
        label="Billing notes"
        hint="For whoever does the billing: how and when they pay, a purchase order to quote."
        rows={3}
        {...register('notes')}
        error={errors.notes?.message}
      />
    </SectionShell>
  );
}

function BillingSection(props: SectionProps) {
  const billing = useSectionRecord(useClientRoute('getClientBilling', props.clientId, (id) => ({ params: { id } })));
  if (!billing.data) return <LoadingShell {...props} failed={billing.failed} />;
  return <BillingForm key={billing.formKey} {...props} billing={billing.data} reload={billing.reload} />;
}

// ---- reminder preferences ---------------------------------------------------------------------------------------------

const CONSENT_OPTIONS = [
  { value: NONE, label: 'Not recorded' },
  ...REMINDER_CONSENT_METHODS.map((value) => ({
    value,
    label: { verbal: 'Verbally', written: 'In writing', 'e-mail': 'By e-mail', portal: 'Through the portal' }[value],
  })),
];

function RemindersForm(props: SectionProps & { prefs: ClientReminderPreferences; reload: () => Promise<void> }) {
  const { prefs, clientId } = props;
  const update = useMutation('updateClientNotifications');
  const { form, shellProps } = useSectionForm(
    updateClientReminderPreferencesBodySchema,
    {
      version: prefs.version,
      emailReminders: prefs.emailReminders,
      smsReminders: prefs.smsReminders,
      leadTimeHours: prefs.leadTimeHours,
      consentGiven: prefs.consentGiven,
      consentMethod: prefs.consentMethod,
      consentNotes: text(prefs.consentNotes),
    },
    (body) => update.trigger({ params: { id: clientId }, body }),
    props,
  );
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const box = (name: 'emailReminders' | 'smsReminders' | 'consentGiven', label: string, hint?: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <Checkbox
          label={label}
          hint={hint}
          checked={field.value === true}
          onCheckedChange={(checked) => field.onChange(checked === true)}
          onBlur={field.onBlur}
          error={errors[name]?.message}
        />
      )}
    />
  );
  return (
    <SectionShell {...props} dirty={shellProps.dirty} shell={{ ...shellProps, onReload: props.reload }}>
      {box('emailReminders', 'E-mail reminders')}
      {box('smsReminders', 'Text message reminders')}
      <TextField
        label="Hours before the session"
        type="number"
        min={1}
        max={168}
        inputMode="numeric"
        {...register('leadTimeHours', { setValueAs: (value: unknown) => Number(value) })}
        error={errors.leadTimeHours?.message}
      />
      <p className={styles.section}>Consent record</p>
      {box('consentGiven', 'The client consents to reminders and contact', 'Needed before any reminder is sent.')}
      <Controller
        name="consentMethod"
        control={control}
        render={({ field }) => (
          <Select
            label="How consent was given"
            options={CONSENT_OPTIONS}
            value={field.value ?? NONE}
            onValueChange={(value) => field.onChange(value === NONE ? null : value)}
            onBlur={field.onBlur}
            error={errors.consentMethod?.message}
          />
        )}
      />
      <TextArea label="Consent notes" rows={3} {...register('consentNotes')} error={errors.consentNotes?.message} />
    </SectionShell>
  );
}

function RemindersSection(props: SectionProps) {
  const prefs = useSectionRecord(
    useClientRoute('getClientNotifications', props.clientId, (id) => ({ params: { id } })),
  );
  if (!prefs.data) return <LoadingShell {...props} failed={prefs.failed} />;
  return <RemindersForm key={prefs.formKey} {...props} prefs={prefs.data} reload={prefs.reload} />;
}

/**
 * edit-client-info (CATALOG.md): the client's personal details, contact, address, emergency notes, GP, background and
 * referral, insurance, billing details and reminder preferences, one section at a time (`section` picks the first). Saving sends the
 * section with the version it loaded: "Client details updated successfully."; a stale version shows the server's
 * reason and keeps what was typed, with a way to load the latest version.
 */
export function EditClientInfoModal({ clientId, section, onSaved }: EditClientInfoModalProps) {
  const [current, setCurrent] = useState<EditClientSection>(() => toSection(section));
  const props: SectionProps = { clientId, section: current, onSection: setCurrent, onSaved };
  switch (current) {
    case 'personal':
    case 'contact':
      return <ClientRecordSection key={current} {...props} />;
    case 'address':
      return <AddressSection {...props} />;
    case 'emergency':
    case 'gp':
    case 'background':
      return <DetailsSection key={current} {...props} />;
    case 'insurance':
      return <InsuranceSection {...props} />;
    case 'billing':
      return <BillingSection {...props} />;
    case 'reminders':
      return <RemindersSection {...props} />;
  }
}
